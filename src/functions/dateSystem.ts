/**
 * The date system the PAYROLL functions read serial dates in. Excel hands a date cell to a custom function as a
 * bare serial, and the same serial is another day in a 1904 workbook (Excel for Mac's old default). The workbook
 * is asked once per runtime, and only when a serial first arrives (text dates need no answer); a workbook cannot
 * change its date system while the add-in runs. If the question fails, serials are read as 1900 dates, as before.
 */
import { readWorkbookDateSystem } from "../excel/dateSystem";
import type { DateSystem } from "../sheets/excelConventions";
import type { CellArg } from "./args";

let known: DateSystem | null = null;
let asked: Promise<DateSystem> | null = null;
let reader: () => Promise<DateSystem> = () => readWorkbookDateSystem();

/**
 * The workbook's date system when any of the arguments is a serial ("1900", unused, otherwise). A value once
 * known, so a formula waits (and its batch is delayed) only for the first answer: all formulas of that first
 * recalculation wait for the same one and so still go in one batch.
 */
export function dateSystemFor(...args: CellArg[]): DateSystem | Promise<DateSystem> {
  if (known !== null || !args.some((a) => typeof a === "number")) return known ?? "1900";
  asked ??= reader()
    .catch((): DateSystem => "1900")
    .then((system) => (known = system));
  return asked;
}

/** Tests: ask again, through `read` when given. */
export function resetDateSystem(read?: () => Promise<DateSystem>): void {
  known = null;
  asked = null;
  reader = read ?? (() => readWorkbookDateSystem());
}
