/** Pay runs and an employee's payslips (list form) as sheet rows. */
import type { Employee, PaymentRun, PayslipListItem } from "../../../contract";
import type { ColumnSpec } from "../../../xl/columns";
import { col, type Grid, PAYSLIP_STATE_COLUMNS, recordRows, TIMESTAMP_COLUMNS } from "../../../ui/sheets/grid";

export const PAY_RUN_COLUMNS: ColumnSpec[] = [
  col("id", "Pay run ID", "integer"),
  col("wave_id", "Wave ID", "integer"),
  col("wave", "Wave", "text", { width: 140 }),
  col("period_offset", "Period offset", "integer"),
  col("period_end_date", "Period end date", "date"),
  col("status", "Status", "text", { width: 150 }),
  col("special", "Special", "boolean"),
  col("total", "Total", "currency"),
  col("posted_to_accounting_system", "Posted to accounting", "boolean"),
  ...TIMESTAMP_COLUMNS,
];

/**
 * What the employees' recent payslips (the last 12 each) say about the pay runs: a run is Open while one of its
 * payslips is not finalised, and the periods whose open payslips have no pay run yet (the service lists a run
 * once it exists; the sandbox only at finalisation) are listed too, so the sheet shows the open period.
 */
export interface PayRunStates {
  openRunIds: ReadonlySet<number>;
  /** Open payslips without a pay run, one entry per wave, period end and kind (regular or once-off). */
  openPeriods: readonly { wave_id: number; period_end_date: string; special: boolean; total: number | null; payslips: number }[];
}

export function payRunStates(employees: readonly Pick<Employee, "wave_id" | "recent_payslips">[]): PayRunStates {
  const openRunIds = new Set<number>();
  const periods = new Map<string, PayRunStates["openPeriods"][number] & { dirty: boolean }>();
  for (const e of employees) {
    for (const { payslip: p } of e.recent_payslips ?? []) {
      if (p.finalised) continue;
      if (p.payment_run_id != null) {
        openRunIds.add(p.payment_run_id);
        continue;
      }
      if (e.wave_id == null) continue;
      const key = `${e.wave_id}|${p.date}|${p.special}`;
      const period = periods.get(key) ?? {
        wave_id: e.wave_id,
        period_end_date: p.date,
        special: p.special,
        total: 0,
        payslips: 0,
        dirty: false,
      };
      period.payslips += 1;
      period.dirty ||= p.dirty || p.nett_pay == null;
      period.total = (period.total ?? 0) + (p.nett_pay ?? 0);
      periods.set(key, period);
    }
  }
  // A payslip being recalculated has no reliable nett pay yet, so neither has its period's total.
  const openPeriods = [...periods.values()].map(({ dirty, ...p }) => ({
    ...p,
    total: dirty ? null : Math.round((p.total ?? 0) * 100) / 100,
  }));
  return { openRunIds, openPeriods };
}

/**
 * Most recent period first; the wave's name (from the waves list) beside its ID; a Status column (Open or
 * Finalised) when the runs' payslip states are known, with the open periods that have no pay run yet.
 */
export function payRunsGrid(runs: readonly PaymentRun[], waveNames: ReadonlyMap<number, string>, states?: PayRunStates): Grid {
  const listed = runs.map((r) => ({
    ...r,
    wave: waveNames.get(r.wave_id) ?? null,
    status: states ? (states.openRunIds.has(r.id) ? "Open" : "Finalised") : null,
  }));
  const open = (states?.openPeriods ?? []).map((p) => ({
    ...p,
    id: null,
    period_offset: null,
    wave: waveNames.get(p.wave_id) ?? null,
    status: `Open: no pay run yet (${p.payslips} payslip${p.payslips === 1 ? "" : "s"})`,
    posted_to_accounting_system: false,
  }));
  const sorted = [...open, ...listed].sort(
    (a, b) => b.period_end_date.localeCompare(a.period_end_date) || (b.id ?? Infinity) - (a.id ?? Infinity),
  );
  return { columns: PAY_RUN_COLUMNS, rows: recordRows(PAY_RUN_COLUMNS, sorted) };
}

/**
 * How a pay run is shown in a picker: "31/03/2024 · Monthly · €12,345.67 (special) · posted to accounting", the
 * last part "not posted" until the service says the run was posted to the accounting system.
 */
export function payRunLabel(run: PaymentRun, waveName: string | undefined, formatDate: (iso: string) => string): string {
  const total = run.total.toLocaleString("en-IE", { style: "currency", currency: "EUR" });
  return (
    [formatDate(run.period_end_date), waveName, total].filter(Boolean).join(" · ") +
    (run.special ? " (special)" : "") +
    (run.posted_to_accounting_system ? " · posted to accounting" : " · not posted")
  );
}

export const PAYSLIP_LIST_COLUMNS: ColumnSpec[] = [
  col("id", "Payslip ID", "integer"),
  col("date", "Date", "date"),
  ...PAYSLIP_STATE_COLUMNS,
  col("nett_pay", "Nett pay", "currency"),
  col("ss_released", "Self-service released", "boolean"),
  col("payment_run_id", "Pay run ID", "integer"),
];

export function payslipListGrid(payslips: readonly PayslipListItem[]): Grid {
  const sorted = [...payslips].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  return {
    columns: PAYSLIP_LIST_COLUMNS,
    // A payslip being recalculated has no reliable nett pay yet.
    rows: recordRows(
      PAYSLIP_LIST_COLUMNS,
      sorted.map((p) => ({ ...p, nett_pay: p.dirty ? null : p.nett_pay })),
    ),
  };
}
