/**
 * A sheet's worth of data as the pure layer hands it to the flows: column specs (./columns) plus rows of
 * cell values, and small helpers the record-to-grid mappings of pay runs, leave, service periods, employees,
 * calculations and Regular Hours share.
 */
import type { CellType, CellValue, ColumnSpec } from "../../xl/columns";

export type GridCell = CellValue;

export interface Grid {
  columns: ColumnSpec[];
  rows: CellValue[][];
}

export const col = (
  key: string,
  header: string,
  type: CellType,
  extra: Pick<ColumnSpec, "width" | "numberFormat"> = {},
): ColumnSpec => ({
  key,
  header,
  type,
  ...extra,
});

/** Who a row is about: the employee's ID, number and name, on every sheet whose rows are about employees. */
export const EMPLOYEE_COLUMNS: readonly ColumnSpec[] = [
  col("employee_id", "Employee ID", "integer"),
  col("employee_number", "Employee number", "text"),
  col("employee_name", "Employee name", "text", { width: 160 }),
];

/** What happened to a row when it was sent (see rowOutcomes): the last two columns of every editable sheet. */
export const STATUS_COLUMNS: readonly ColumnSpec[] = [
  col("status", "Status", "text"),
  col("message", "Message", "text", { width: 280 }),
];

/** When the service created and last changed a record. */
export const TIMESTAMP_COLUMNS: readonly ColumnSpec[] = [
  col("created_at", "Created", "datetime"),
  col("updated_at", "Updated", "datetime"),
];

/** A payslip's state, in the payslip list and the payslip data sheet ("dirty": the service is recalculating it). */
export const PAYSLIP_STATE_COLUMNS: readonly ColumnSpec[] = [
  col("special", "Special", "boolean"),
  col("finalised", "Finalised", "boolean"),
  col("dirty", "Recalculating", "boolean"),
];

/**
 * One row per record, each cell the record's field named by the column's key (the API field name), null when
 * absent. Computed cells (a wave's name, a formatted list) are added to the record by the caller.
 */
export function recordRows(columns: readonly ColumnSpec[], records: readonly object[]): GridCell[][] {
  return records.map((record) => columns.map((c) => ((record as Record<string, GridCell>)[c.key] ?? null) as GridCell));
}

/** Headers must be unique within an Excel table: a repeated header gets " (2)", " (3)"... */
export function uniqueHeaders(columns: readonly ColumnSpec[]): ColumnSpec[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const lower = c.header.toLowerCase();
    const n = (seen.get(lower) ?? 0) + 1;
    seen.set(lower, n);
    return n === 1 ? c : { ...c, header: `${c.header} (${n})` };
  });
}

/** Position of each known column (by key) in a table read back, matching headers case- and space-insensitively. */
export function columnPositions(headers: readonly string[], columns: readonly ColumnSpec[]): Map<string, number> {
  const norm = (s: string) => String(s).trim().replace(/\s+/g, " ").toLowerCase();
  const byHeader = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!byHeader.has(norm(h))) byHeader.set(norm(h), i);
  });
  const out = new Map<string, number>();
  for (const c of columns) {
    const i = byHeader.get(norm(c.header));
    if (i !== undefined) out.set(c.key, i);
  }
  return out;
}

const numberCollator = new Intl.Collator("en", { numeric: true });

/** The order of a payroll register: by number, numerically ("9" before "10"), then by ID. */
export function compareEmployees(a: { id: number; number?: string | null }, b: { id: number; number?: string | null }): number {
  return numberCollator.compare(a.number ?? "", b.number ?? "") || a.id - b.id;
}

/** Employees in payroll-register order (see compareEmployees); every sheet listing employees uses it. */
export function sortEmployees<E extends { id: number; number?: string | null }>(employees: readonly E[]): E[] {
  return [...employees].sort(compareEmployees);
}

/** Round to cents: money sums must not show binary noise (0.1 + 0.2). */
export function roundMoney(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/** Today's date in the user's own calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}
