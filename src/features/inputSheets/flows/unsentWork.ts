/**
 * A sheet's work the service does not hold (model/unsentWork), read from the workbook, and carried into another sheet
 * as pending changes. Reading is one table read and the snapshot and row states (no request); whether the period is
 * finalised comes from the employees with their recent payslips, which the caller has read (or the pane's reads hold).
 * Carrying is one table read and one column write per input; nothing is sent.
 */
import type { Calculation, Employee, InputValue } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { wavePeriods } from "../../../ui/sheets/periods";
import { INPUT_SHEET_HEADERS } from "../model/inputSheet";
import { type InputSheetMeta, InputSheetError } from "../model/inputSheetModel";
import {
  type EmployeeValue,
  type LeftBehind,
  type ShowDate,
  type UnsentValue,
  describeUnsentOfFinalised,
  describeUnsentOfOpen,
  payslipOnlyValues,
  unsentValues,
} from "../model/unsentWork";
import type { FlowContext } from "../../../ui/flows/common";
import { readInputSheetMeta } from "./inputs";
import { readPending, readSheetBasis } from "./pending";

/** The sheet's pending, Held and Failed values, in table order. */
export async function readUnsent(
  workbook: WorkbookPort,
  sheetName: string,
): Promise<{ meta: InputSheetMeta; values: UnsentValue[] }> {
  const basis = await readSheetBasis(workbook, sheetName);
  const read = await readPending(workbook, sheetName, basis);
  return { meta: basis.meta, values: unsentValues(read.changes, read.statuses) };
}

/** Every payslip of the sheet's wave and period is finalised in the service (or the sheet was built so). */
export function periodFinalised(
  meta: Pick<InputSheetMeta, "waveId" | "payslipDate" | "finalised">,
  employees: readonly Employee[],
): boolean {
  if (meta.finalised) return true;
  const period = wavePeriods(employees, meta.waveId).find((p) => p.date === meta.payslipDate);
  return period !== undefined && period.payslips > 0 && period.finalised === period.payslips;
}

/**
 * Writes the values into the sheet's rows of the same employees (the first row of each), where they are pending
 * changes: shaded and counted by the watch, not sent. Values of employees or inputs not on the sheet are left out and counted.
 */
export async function carryIntoSheet(
  workbook: WorkbookPort,
  sheetName: string,
  values: readonly EmployeeValue[],
): Promise<{ values: number; rows: number; notOnSheet: number }> {
  const meta = await readInputSheetMeta(workbook, sheetName);
  const table = await workbook.readTable(sheetName);
  if (!meta || !table) throw new InputSheetError(`"${sheetName}" has no table any more: nothing was carried.`);
  const idAt = table.columns.indexOf(INPUT_SHEET_HEADERS.employeeId);
  const rowOf = new Map<number, number>();
  table.rows.forEach((row, rowIndex) => {
    const id = Number(row[idAt]);
    if (Number.isInteger(id) && !rowOf.has(id)) rowOf.set(id, rowIndex);
  });
  const byHeader = new Map<
    string,
    { type: EmployeeValue["type"]; cells: { rowIndex: number; value: EmployeeValue["value"] }[] }
  >();
  let notOnSheet = 0;
  const rows = new Set<number>();
  // By the input's key: the header there is the one that sheet was built with.
  const headerOf = new Map(meta.inputs.map((i) => [i.key, i.header]));
  for (const v of values) {
    const rowIndex = rowOf.get(v.employeeId);
    const header = headerOf.get(v.key);
    if (rowIndex === undefined || header === undefined || !table.columns.includes(header)) {
      notOnSheet++;
      continue;
    }
    const column = byHeader.get(header) ?? { type: v.type, cells: [] };
    column.cells.push({ rowIndex, value: v.value });
    byHeader.set(header, column);
    rows.add(rowIndex);
  }
  for (const [header, { type, cells }] of byHeader) await workbook.writeColumnValues(sheetName, header, cells, type);
  return { values: values.length - notOnSheet, rows: rows.size, notOnSheet };
}

/**
 * The previous sheet's unsent values (read before the build) and its payslip-only values (from the lists Next period
 * read): a value of an employee and input that is both unsent and payslip-only is named once, as unsent.
 */
export async function leftBehindBy(
  workbook: WorkbookPort,
  args: {
    previous: InputSheetMeta;
    unsent: UnsentValue[];
    builtSheet: string;
    employees: readonly Employee[];
    calculations: readonly Calculation[];
  },
): Promise<LeftBehind> {
  const fresh = await workbook.readTable(args.builtSheet);
  const meta = await readInputSheetMeta(workbook, args.builtSheet);
  const named = new Set(args.unsent.map((v) => `${v.employeeId}|${v.key}`));
  const next =
    fresh && meta
      ? fresh.rows.map((row) => {
          const at = (h: string) => fresh.columns.indexOf(h);
          const id = Number(row[at(INPUT_SHEET_HEADERS.employeeId)]);
          return {
            employeeId: Number.isInteger(id) ? id : null,
            name: String(row[at(INPUT_SHEET_HEADERS.name)] ?? ""),
            values: Object.fromEntries(meta.inputs.map((i) => [i.key, (row[at(i.header)] ?? null) as InputValue])),
          };
        })
      : [];
  const payslipOnly = payslipOnlyValues({
    previousDate: args.previous.payslipDate,
    employees: args.employees,
    calculations: args.calculations,
    next,
    inputs: meta?.inputs ?? [],
  }).filter((v) => !named.has(`${v.employeeId}|${v.key}`));
  return {
    payslipDate: args.previous.payslipDate,
    finalised: periodFinalised(args.previous, args.employees),
    unsent: args.unsent,
    payslipOnly,
  };
}

/**
 * The client's employees with their recent payslips as the pane already holds them (its shared reads, while fresh):
 * no request, so a Push all costs what it did; null when they are not held (the sheet's metadata then decides).
 */
export function employeesHeld(ctx: FlowContext): (clientId: number) => Promise<readonly Employee[] | null> {
  return async (clientId) =>
    ctx.reads?.isFresh("employeesWithPayslips", clientId)
      ? ctx.reads.read("employeesWithPayslips", clientId, { signal: ctx.signal })
      : null;
}

/**
 * Why a sheet must not be pushed: its period is finalised and it holds unsent values (a push would fail on every row).
 * Named in words, with the way on (Next period carries them); null when the sheet may be pushed. Finalised: the
 * sheet's metadata says so (built so, or a reconcile found it so), or the employee list the pane holds does. No request.
 */
export async function finalisedUnsentReason(
  workbook: WorkbookPort,
  sheetName: string,
  employeesOf: (clientId: number) => Promise<readonly Employee[] | null>,
  formatDate: ShowDate,
): Promise<string | null> {
  const { meta, values } = await readUnsent(workbook, sheetName);
  if (values.length === 0) return null;
  if (!meta.finalised) {
    const employees = await employeesOf(meta.clientId);
    if (!employees || !periodFinalised(meta, employees)) return null;
  }
  return `Not pushed: ${describeUnsentOfFinalised(meta.payslipDate, values, formatDate)} Choose the sheet and press Next period to carry ${values.length === 1 ? "it" : "them"} into the next period as pending changes.`;
}

/** What the sheet still holds unsent after a push of an open period, in words ("" when nothing; model/unsentWork). */
export async function unsentAfterPush(workbook: WorkbookPort, sheetName: string, formatDate: ShowDate): Promise<string> {
  const { meta, values } = await readUnsent(workbook, sheetName);
  return describeUnsentOfOpen(meta.payslipDate, values, formatDate);
}
