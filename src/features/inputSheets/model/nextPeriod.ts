/**
 * Next period: which period an input sheet's next one is, and the values carried into it. Pure (the flow,
 * ../flows/nextPeriod, reads and builds).
 */
import type { InputValue } from "../../../contract";
import type { CellType } from "../../../xl/columns";
import type { PeriodOption } from "../../../ui/sheets/periods";
import { normalise, sameValue } from "./inputSheetModel";

/**
 * The period after `after` that is still open: the oldest later period with payslips not all finalised (as the New
 * input sheet section offers first). null when there is none yet (the sheet's period is the newest open one).
 */
export function nextOpenPeriod(periods: readonly PeriodOption[], after: string): PeriodOption | null {
  const open = periods.filter((p) => p.date > after && p.finalised < p.payslips);
  return open.reduce<PeriodOption | null>((oldest, p) => (oldest === null || p.date < oldest.date ? p : oldest), null);
}

/** A cell to set in the new sheet (its table's data row, the input's header and type). */
export interface CarriedValue {
  rowIndex: number;
  header: string;
  type: CellType;
  value: InputValue;
}

/**
 * The values of one input sheet carried into another of the same inputs, as pending changes: for each employee on
 * both (matched by Employee ID; the first row of an employee counts), each non-blank input value the new sheet does
 * not already hold. Rows of employees only on one sheet carry nothing. Used by Next period's "Copy values as
 * pending changes"; a rebuild can carry a sheet's pending changes the same way.
 */
export function carryValues(
  from: readonly { employeeId: number | null; values: Readonly<Record<string, InputValue>> }[],
  to: {
    rows: readonly { rowIndex: number; employeeId: number | null; values: Readonly<Record<string, InputValue>> }[];
    inputs: readonly { key: string; header: string; type: CellType }[];
  },
): CarriedValue[] {
  const source = new Map<number, Readonly<Record<string, InputValue>>>();
  for (const r of from) if (r.employeeId !== null && !source.has(r.employeeId)) source.set(r.employeeId, r.values);
  const carried: CarriedValue[] = [];
  const done = new Set<number>();
  for (const row of to.rows) {
    const values = row.employeeId === null || done.has(row.employeeId) ? undefined : source.get(row.employeeId);
    if (!values) continue;
    done.add(row.employeeId!);
    for (const input of to.inputs) {
      const value = normalise(input.type, values[input.key]);
      if (value === null || sameValue(value, normalise(input.type, row.values[input.key]))) continue;
      carried.push({ rowIndex: row.rowIndex, header: input.header, type: input.type, value });
    }
  }
  return carried;
}
