/**
 * The PAYROLL functions' logic, independent of the host: read the arguments, find the client, and get the figure
 * from the per-connection cache or the current batch (./figures). Errors are FormulaError (#N/A or #VALUE! with a
 * message); functions.ts turns them into Excel's error values. Arguments are `unknown`: Excel may pass data types
 * and one-cell ranges, which ./args reads to plain values first.
 */
import { isoDateToSerial, type DateSystem } from "../xl/excelConventions";
import {
  parseAccountsArg,
  parseClientIdArg,
  parseDateArg,
  parseEmployeeArg,
  parseLeaveTypeArg,
  parseNameArg,
  parsePeriodArgs,
  plainArg,
} from "./args";
import { functionsConnection } from "./connection";
import { dateSystemFor, workbookDateSystem } from "./dateSystem";
import { NOT_CONNECTED, notAvailable } from "./errors";
import { figure, type FigureValue } from "./figures";

/**
 * The client a formula is about: its client_id argument, else the client the workbook's formulas are linked to
 * (a document setting the pane reads and hands over), never the pane's current choice.
 */
function targetClient(clientId: unknown): number {
  const id = parseClientIdArg(clientId);
  const c = functionsConnection();
  if (!c) throw notAvailable(NOT_CONNECTED);
  const target = id ?? c.clientId;
  if (target === null) throw notAvailable("Choose a client in the Payroll pane to link this workbook's formulas (or give client_id)");
  return target;
}

/** The period start..end in the workbook's date system (asked only when a date is a serial). */
async function period(start: unknown, end: unknown): Promise<{ start: string; end: string }> {
  const s = plainArg(start, "start_date", "date");
  const e = plainArg(end, "end_date", "date");
  const system = dateSystemFor(s, e);
  return parsePeriodArgs(s, e, typeof system === "string" ? system : await system);
}

/** The sum of an account's amounts on payslips dated start..end (inclusive), for one employee or all. */
export async function amountFormula(
  account: unknown,
  start: unknown,
  end: unknown,
  employee?: unknown,
  clientId?: unknown,
): Promise<number> {
  const name = parseNameArg(account, "account", "basic_salary");
  const dates = await period(start, end);
  const number = parseEmployeeArg(employee, { required: false });
  const client = targetClient(clientId);
  return (await figure({ kind: "amount", clientId: client, account: name, ...dates, employee: number })) as number;
}

/** The balance of a leave type (name or ID) for an employee at a date. */
export async function leaveFormula(employee: unknown, leaveType: unknown, date: unknown, clientId?: unknown): Promise<number> {
  const number = parseEmployeeArg(employee, { required: true })!;
  const type = parseLeaveTypeArg(leaveType);
  const d = plainArg(date, "date", "date");
  const system = dateSystemFor(d);
  const at = parseDateArg(d, "date", typeof system === "string" ? system : await system);
  const client = targetClient(clientId);
  return (await figure({ kind: "leave", clientId: client, employee: number, leaveType: type, date: at })) as number;
}

/** A field of an employee's record: a field name, a dotted part, "wave", or a custom field ID. */
export async function employeeFormula(employee: unknown, field: unknown, clientId?: unknown): Promise<FigureValue> {
  const number = parseEmployeeArg(employee, { required: true })!;
  const name = parseNameArg(field, "field", "first_name");
  const client = targetClient(clientId);
  return figure({ kind: "employee", clientId: client, employee: number, field: name });
}

/** A number with the format Excel shows it in (Excel.FormattedNumberCellValue, ExcelApi 1.16). */
export interface FormattedNumber {
  type: "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

export type TransactionsCell = number | string | FormattedNumber;

/** The date format of TRANSACTIONS' Date column: unambiguous in every locale. */
export const TRANSACTION_DATE_FORMAT = "yyyy-mm-dd";

/**
 * Whether the host supports an ExcelApi set, by Office.context.requirements; false outside Office (unit tests, and
 * any host that cannot say), so a data type is returned only where Office confirms it.
 */
function officeSupports(version: string): boolean {
  type Requirements = { isSetSupported(name: string, minVersion?: string): boolean };
  const requirements = (globalThis as { Office?: { context?: { requirements?: Requirements } } }).Office?.context?.requirements;
  try {
    return requirements?.isSetSupported("ExcelApi", version) === true;
  } catch {
    return false;
  }
}

/**
 * transaction_history as a table: a header row, then one row per payslip (of one employee, or all). The Date column
 * holds serials of the workbook's date system, so the spilled column can be formatted, filtered and summed as dates;
 * where ExcelApi 1.16 is supported each is a FormattedNumber carrying the date format, so it shows as a date without
 * the user formatting the spill (elsewhere a bare serial).
 */
export async function transactionsFormula(
  accounts: unknown,
  start: unknown,
  end: unknown,
  employee?: unknown,
  clientId?: unknown,
): Promise<TransactionsCell[][]> {
  const names = parseAccountsArg(accounts);
  const dates = await period(start, end);
  const number = parseEmployeeArg(employee, { required: false });
  const client = targetClient(clientId);
  const table = (await figure({ kind: "transactions", clientId: client, accounts: names, ...dates, employee: number })) as (
    number | string
  )[][];
  const found = workbookDateSystem();
  return withSerialDates(table, typeof found === "string" ? found : await found, officeSupports("1.16"));
}

/** The table with its Date column (the second) as serials, formatted where allowed; a date the service wrote otherwise stays text. */
function withSerialDates(table: (number | string)[][], system: DateSystem, formatted: boolean): TransactionsCell[][] {
  return table.map((row, i) => {
    if (i === 0 || typeof row[1] !== "string") return row;
    const serial = isoDateToSerial(row[1].slice(0, 10), system);
    if (serial === null) return row;
    const date: TransactionsCell = formatted
      ? { type: "FormattedNumber", basicValue: serial, numberFormat: TRANSACTION_DATE_FORMAT }
      : serial;
    return [row[0], date, ...row.slice(2)];
  });
}
