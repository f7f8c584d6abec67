/**
 * Next period: which period an input sheet's next one is, and the values carried into it. Pure (the flow,
 * ../flows/nextPeriod, reads and builds).
 */
import type { InputValue } from "../../../contract";
import type { CellType } from "../../../xl/columns";
import type { PeriodOption } from "../../../ui/sheets/periods";
import { normalise, sameValue } from "./inputSheetModel";
import { type ShowDate, itemLabel, showAmount } from "./unsentWork";
import type { ChangeKind } from "./changeKind";

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
 * not already hold. Rows of employees only on one sheet carry nothing. `only`: the input keys to carry (all when
 * left out). Used by Next period's "Copy these values as pending changes"; a rebuild can carry a sheet's pending
 * changes the same way.
 */
export function carryValues(
  from: readonly { employeeId: number | null; values: Readonly<Record<string, InputValue>> }[],
  to: {
    rows: readonly { rowIndex: number; employeeId: number | null; values: Readonly<Record<string, InputValue>> }[];
    inputs: readonly { key: string; header: string; type: CellType }[];
  },
  only?: ReadonlySet<string>,
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
      if (only && !only.has(input.key)) continue;
      const value = normalise(input.type, values[input.key]);
      if (value === null || sameValue(value, normalise(input.type, row.values[input.key]))) continue;
      carried.push({ rowIndex: row.rowIndex, header: input.header, type: input.type, value });
    }
  }
  return carried;
}

/** An input of the sheet as Next period weighs it: how its changes last (./changeKind), and whether its item is a one-off. */
export interface CarryInput {
  key: string;
  header: string;
  type: CellType;
  kind: ChangeKind;
  /** A bonus, commission or overtime: comes and goes, so not carried unless ticked (push check's one-off items). */
  oneOff: boolean;
}

/** One line of "Copy these values as pending changes": an input with values on the sheet. */
export interface CarryLine {
  key: string;
  /** The item as the accountant reads it ("Bonus"). */
  label: string;
  type: CellType;
  /** Employees with a value (the first row of each, as carryValues reads them). */
  employees: number;
  /** Their sum (null for inputs that are not numbers). */
  total: number | null;
  /** Ticked unless chosen otherwise: recurring items are, one-offs are not. */
  ticked: boolean;
}

export interface CarryChoices {
  /** The "This payslip only" inputs with values, in the sheet's order. */
  lines: CarryLine[];
  /** Labels of the "From this period on" inputs: their values already stand, so they carry by themselves. */
  standing: string[];
}

const SUMMED = new Set<CellType>(["number", "currency", "integer", "percent"]);

/**
 * What Next period would copy from a sheet, by input, before anything is built: from the sheet's rows only (no
 * request). A "From this period on" input is not listed (its pushed values are the employees' standing values, which
 * the next period starts from); a "This payslip only" input with no value on the sheet is not listed either.
 */
export function carryChoices(
  rows: readonly { employeeId: number | null; values: Readonly<Record<string, InputValue>> }[],
  inputs: readonly CarryInput[],
): CarryChoices {
  const first = new Map<number, Readonly<Record<string, InputValue>>>();
  for (const r of rows) if (r.employeeId !== null && !first.has(r.employeeId)) first.set(r.employeeId, r.values);
  const lines: CarryLine[] = [];
  for (const input of inputs) {
    if (input.kind === "standing") continue;
    const values = [...first.values()].map((v) => normalise(input.type, v[input.key])).filter((v) => v !== null && v !== "");
    if (values.length === 0) continue;
    const total = SUMMED.has(input.type) ? values.reduce<number>((sum, v) => sum + (typeof v === "number" ? v : 0), 0) : null;
    lines.push({
      key: input.key,
      label: itemLabel(input.header),
      type: input.type,
      employees: values.length,
      total: total === null ? null : Math.round(total * 1e6) / 1e6,
      ticked: !input.oneOff,
    });
  }
  const standing = inputs.filter((i) => i.kind === "standing").map((i) => itemLabel(i.header));
  return { lines, standing };
}

/** "Bonus: 3 employees, €1,250.00"; "Department: 2 employees" for an input that is not a number. */
export function describeCarryLine(line: CarryLine): string {
  const employees = `${line.employees} employee${line.employees === 1 ? "" : "s"}`;
  return `${line.label}: ${employees}${line.total === null ? "" : `, ${showAmount(line.total, line.type)}`}`;
}

/** "Basic salary carries by itself: it was pushed from 25/11/2026 on." (empty when every input is payslip-only). */
export function describeStanding(labels: readonly string[], payslipDate: string, formatDate: ShowDate): string {
  if (labels.length === 0) return "";
  const names = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
  const [verb, pushed] = labels.length === 1 ? ["carries by itself", "it was"] : ["carry by themselves", "they were"];
  return `${names} ${verb}: ${pushed} pushed from ${formatDate(payslipDate)} on.`;
}
