/** Pay runs and an employee's payslips (list form) as sheet rows. */
import type { PaymentRun, PayslipListItem } from "../contract";
import type { ColumnSpec } from "./columns";
import { col, type Grid, PAYSLIP_STATE_COLUMNS, recordRows, TIMESTAMP_COLUMNS } from "./grid";

export const PAY_RUN_COLUMNS: ColumnSpec[] = [
  col("id", "Pay run ID", "integer"),
  col("wave_id", "Wave ID", "integer"),
  col("wave", "Wave", "text", { width: 140 }),
  col("period_offset", "Period offset", "integer"),
  col("period_end_date", "Period end date", "date"),
  col("special", "Special", "boolean"),
  col("total", "Total", "currency"),
  col("posted_to_accounting_system", "Posted to accounting", "boolean"),
  ...TIMESTAMP_COLUMNS,
];

/** Most recent period first; the wave's name (from the waves list) beside its ID. */
export function payRunsGrid(runs: readonly PaymentRun[], waveNames: ReadonlyMap<number, string>): Grid {
  const sorted = [...runs].sort((a, b) => b.period_end_date.localeCompare(a.period_end_date) || b.id - a.id);
  return {
    columns: PAY_RUN_COLUMNS,
    rows: recordRows(
      PAY_RUN_COLUMNS,
      sorted.map((r) => ({ ...r, wave: waveNames.get(r.wave_id) ?? null })),
    ),
  };
}

/** How a pay run is shown in a picker: "2024-03-31 · Monthly · €12,345.67 (special)". */
export function payRunLabel(run: PaymentRun, waveName: string | undefined, formatDate: (iso: string) => string): string {
  const total = run.total.toLocaleString("en-IE", { style: "currency", currency: "EUR" });
  return [formatDate(run.period_end_date), waveName, total].filter(Boolean).join(" · ") + (run.special ? " (special)" : "");
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
