/**
 * Reading the arguments Excel passes to the PAYROLL functions. Excel gives numbers, text, booleans, and null for
 * an omitted or blank argument; a date arrives as a serial number (the cell holds a date) or as text. A data type
 * (formatted number, entity) or a one-cell range is first turned into its plain value (./cellData). Each reader
 * returns the value the service wants or throws a FormulaError naming the argument.
 */
import { type DateSystem, isoDateToSerial, serialToIsoDate } from "../xl/excelConventions";
import { plainArg, type CellArg } from "./cellData";
import { invalidValue } from "./errors";

export { plainArg, type CellArg } from "./cellData";

export const isBlank = (v: CellArg): v is null | undefined | "" =>
  v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/**
 * "YYYY-MM-DD" text or an Excel date serial (a time of day is dropped) -> "YYYY-MM-DD". A serial counts days in
 * the workbook's date system: the same cell date is 1,462 less in a 1904 workbook.
 */
export function parseDateArg(arg: unknown, name: string, system: DateSystem = "1900"): string {
  const v = plainArg(arg, name, "date");
  if (isBlank(v)) throw invalidValue(`${name} is required: a date, or text such as "2026-01-31"`);
  if (typeof v === "number") {
    // A bare fraction of a day is a time (h:mm) or a short duration, never a day of 1900 or 1904.
    if (v >= 0 && v < 1) throw invalidValue(`${name}: ${v} is a time of day, not a date`);
    const iso = serialToIsoDate(v, system);
    if (iso === null) throw invalidValue(`${name}: ${v} is not an Excel date`);
    return iso;
  }
  if (typeof v === "string") {
    const text = v.trim();
    if (isoDateToSerial(text) !== null) return text;
    throw invalidValue(`${name}: "${text}" is not a date; write it as YYYY-MM-DD (e.g. "2026-01-31") or use a date cell`);
  }
  throw invalidValue(`${name} must be a date, not TRUE or FALSE`);
}

/** A start and end date in order. */
export function parsePeriodArgs(start: unknown, end: unknown, system: DateSystem = "1900"): { start: string; end: string } {
  const s = parseDateArg(start, "start_date", system);
  const e = parseDateArg(end, "end_date", system);
  if (s > e) throw invalidValue(`end_date (${e}) is before start_date (${s})`);
  return { start: s, end: e };
}

/** The employee number as text (a number such as 1001 reads as "1001"); null when blank (all employees). */
export function parseEmployeeArg(arg: unknown, { required }: { required: boolean }): string | null {
  const v = plainArg(arg, "employee", "employee");
  if (isBlank(v)) {
    if (required) throw invalidValue("employee is required: the employee number");
    return null;
  }
  if (typeof v === "number") {
    if (!Number.isInteger(v) || v < 0) throw invalidValue(`employee: ${v} is not an employee number`);
    return String(v);
  }
  if (typeof v === "string") return v.trim();
  throw invalidValue("employee must be an employee number, not TRUE or FALSE");
}

/** Non-blank text such as an account name or a field name. */
export function parseNameArg(arg: unknown, name: string, example: string): string {
  const v = plainArg(arg, name, "text");
  if (isBlank(v)) throw invalidValue(`${name} is required, e.g. "${example}"`);
  if (typeof v === "boolean") throw invalidValue(`${name} must be text such as "${example}", not TRUE or FALSE`);
  return String(v).trim();
}

/** A client ID, or null when blank (the client the workbook's formulas are linked to). */
export function parseClientIdArg(arg: unknown): number | null {
  const v = plainArg(arg, "client_id", "client");
  if (isBlank(v)) return null;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n <= 0) throw invalidValue(`client_id: ${String(v)} is not a client ID`);
  return n;
}

/** A leave type by name (text) or by ID (a whole number, or digits as text). */
export function parseLeaveTypeArg(arg: unknown): { id: number } | { name: string } {
  const v = plainArg(arg, "leave_type", "text");
  if (isBlank(v)) throw invalidValue('leave_type is required: its name (e.g. "Annual Leave") or its ID');
  if (typeof v === "number") {
    if (!Number.isInteger(v) || v <= 0) throw invalidValue(`leave_type: ${v} is not a leave type ID`);
    return { id: v };
  }
  if (typeof v === "boolean") throw invalidValue("leave_type must be a name or an ID, not TRUE or FALSE");
  const text = v.trim();
  return /^\d+$/.test(text) ? { id: Number(text) } : { name: text };
}

/** Account names from text ("basic_salary, nett_pay") or a range of cells holding them; at least one. */
export function parseAccountsArg(v: unknown): string[] {
  const cells = (Array.isArray(v) ? (v as unknown[]).flat() : [v]).map((c) => plainArg(c, "accounts", "text"));
  const names = cells.flatMap((c) => (isBlank(c) || typeof c === "boolean" ? [] : String(c).split(","))).map((n) => n.trim());
  const accounts = [...new Set(names.filter((n) => n !== ""))];
  if (accounts.length === 0)
    throw invalidValue('accounts is required: account names, e.g. "basic_salary, nett_pay", or a range holding them');
  return accounts;
}
