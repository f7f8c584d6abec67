/**
 * Useful defaults for report parameters, and the variance period. Pure: "today" is always passed in.
 *
 * - The Irish tax year is the calendar year, so "the current tax year" is 1 January to 31 December of today's year.
 * - "The last period" of a wave is the period of its latest regular pay run (once-off runs only when there is no
 *   regular one), and the variance report's `period_offset` is that run's own `period_offset`: it is computed from
 *   the chosen pay run, never typed.
 */
import type { PaymentRun, Wave } from "../../contract";

export interface DateRange {
  start: string;
  end: string;
}

/** A Date → "YYYY-MM-DD" of its local calendar day (the user's day, not UTC's). */
export function localIsoDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, "0");
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** The Irish tax year containing `today`: the calendar year. */
export function currentTaxYear(today: Date): DateRange {
  const y = today.getFullYear();
  return { start: `${y}-01-01`, end: `${y}-12-31` };
}

/** The wave's pay runs, latest period first; regular runs before once-off runs of the same period. */
export function paymentRunsOfWave(runs: readonly PaymentRun[], waveId: number): PaymentRun[] {
  return runs
    .filter((r) => r.wave_id === waveId)
    .sort((a, b) => b.period_end_date.localeCompare(a.period_end_date) || Number(a.special) - Number(b.special) || b.id - a.id);
}

/** The wave's last period: its latest regular pay run, else its latest once-off run, else null. */
export function lastPaymentRun(runs: readonly PaymentRun[], waveId: number): PaymentRun | null {
  const ofWave = paymentRunsOfWave(runs, waveId);
  return ofWave.find((r) => !r.special) ?? ofWave[0] ?? null;
}

/**
 * The variance report's `period_offset` for a chosen pay run. The pay run carries the offset of its period from
 * the wave's normalised first_end_date, which is exactly what the report asks for.
 */
export function varianceOffset(run: PaymentRun, wave?: Pick<Wave, "id">): number {
  if (wave && run.wave_id !== wave.id) {
    throw new Error(`Pay run ${run.id} belongs to another pay frequency than the one chosen.`);
  }
  return run.period_offset;
}

/** The latest regular period end over some waves' pay runs (for "balances at" dates); null without runs. */
export function lastPeriodEnd(runs: readonly PaymentRun[], waveIds?: readonly number[] | null): string | null {
  let latest: string | null = null;
  for (const r of runs) {
    if (r.special || (waveIds && !waveIds.includes(r.wave_id))) continue;
    if (latest === null || r.period_end_date > latest) latest = r.period_end_date;
  }
  return latest;
}

/** Whole calendar months touched by a date range (at least 1); used to size a request. */
export function monthsInRange(start: string, end: string): number {
  const [sy, sm] = start.split("-").map(Number);
  const [ey, em] = end.split("-").map(Number);
  if (![sy, sm, ey, em].every(Number.isFinite)) return 1;
  return Math.max(1, (ey - sy) * 12 + (em - sm) + 1);
}
