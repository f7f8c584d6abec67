/**
 * Useful defaults for report parameters, and the variance period. Pure: "today" is always passed in.
 *
 * - The Irish tax year is the calendar year, so "the current tax year" is 1 January to 31 December of today's year.
 * - "The last period" of a wave is the period of its latest regular pay run (once-off runs only when there is no
 *   regular one), and the variance report's `period_offset` is that run's own `period_offset`: it is computed from
 *   the chosen pay run, never typed.
 */
import type { PaymentRun, Wave } from "../../../contract";

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

/** The period after a wave's last pay run: open (payslips not finalised), so the service lists no run for it. */
export interface OpenPeriod {
  waveId: number;
  periodOffset: number;
  endDate: string;
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The open period of a wave: the one after its latest regular pay run (offset + 1). Its end date is that run's end
 * moved on by the wave's length: weeks as days; months keeping the day of month the wave's runs end on (the
 * largest seen, so a February end of the 28th does not make March end on the 28th), capped at the month's last day.
 * Null without a regular run, or for a wave whose length the list does not give.
 */
export function openPeriod(
  wave: Pick<Wave, "id"> & Partial<Pick<Wave, "length_months" | "length_weeks">>,
  runs: readonly PaymentRun[],
): OpenPeriod | null {
  const regular = paymentRunsOfWave(runs, wave.id).filter((r) => !r.special);
  const last = regular[0];
  if (!last) return null;
  const [y, m, d] = last.period_end_date.split("-").map(Number);
  let endDate: string;
  if ((wave.length_weeks ?? 0) > 0) {
    const next = new Date(Date.UTC(y, m - 1, d + 7 * wave.length_weeks!));
    endDate = next.toISOString().slice(0, 10);
  } else if ((wave.length_months ?? 0) > 0) {
    const day = Math.max(...regular.slice(0, 12).map((r) => Number(r.period_end_date.slice(8, 10))));
    const months = y * 12 + (m - 1) + wave.length_months!;
    const ny = Math.floor(months / 12);
    const nm = (months % 12) + 1;
    endDate = `${String(ny).padStart(4, "0")}-${String(nm).padStart(2, "0")}-${String(Math.min(day, daysIn(ny, nm))).padStart(2, "0")}`;
  } else return null;
  return { waveId: wave.id, periodOffset: last.period_offset + 1, endDate };
}
