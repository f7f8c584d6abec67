/**
 * Flow values -> what the Excel layer assigns to Range.values and Range.numberFormat, cell by cell.
 *
 * Every string goes out with the text format "@" in the same 2-D assignment as its value (format first),
 * so Excel stores it verbatim and never reads it as a formula, number or date. Everything that should be a
 * number (amounts, dates as serials, booleans) is converted here, so Excel never parses a string for us,
 * whatever the user's locale.
 */
import {
  convertSerial,
  dateNumberFormat,
  type DateSystem,
  dateToSerial,
  isCorrectDateSerial,
  isoDateToSerial,
  MAX_CELL_TEXT,
} from "../xl/excelConventions";
import { MONEY_FORMAT } from "../xl/columns";
import { officeDisplayLanguage } from "./officeHost";
import { type CellType, type CellValue, WorkbookError } from "./port";

/** A value Range.values accepts. */
export type Raw = string | number | boolean;

export const TEXT = "@";
export const GENERAL = "General";

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

const asText = (s: string): [Raw, string] => [s, TEXT];

/** A serial Excel can show as a date in this column, else null (pre-March-1900 moments and years past 9999 stay text). */
function dateSerial(serial: number, type: "date" | "datetime", system: DateSystem): number | null {
  if (!isCorrectDateSerial(serial, system)) return null;
  return type === "date" ? Math.floor(serial) : serial;
}

/** Where Office gives no display language (outside Office, before Office.onReady): the pane's own default. */
const HOME_LOCALE = "en-IE";

/**
 * Default Excel number format per column type. "@" makes the cells text, so typed text is never a formula.
 * "number" is General: a code such as "#,##0.###" shows whole numbers with a trailing point ("1,234.").
 * Dates follow Office's display language as the pane's dates do: "dd/mm/yyyy" under en-IE.
 */
export function defaultNumberFormat(type: CellType, locale = officeDisplayLanguage() ?? HOME_LOCALE): string {
  switch (type) {
    case "text":
      return "@";
    case "integer":
      return "0";
    case "number":
      return "General";
    case "currency":
      return MONEY_FORMAT;
    case "date":
      return dateNumberFormat(locale);
    case "datetime":
      return dateNumberFormat(locale, true);
    case "percent":
      return "0.00%";
    case "boolean":
      return "General";
  }
}

/**
 * A flow value -> [value Excel stores, number format], by column type. Strings always get "@". Dates become serials
 * of the workbook's date system; a number in a date column is taken as a 1900-system serial (what the port speaks).
 */
export function toExcelCell(value: CellValue, type: CellType, numberFormat?: string, system: DateSystem = "1900"): [Raw, string] {
  const fmt = numberFormat ?? defaultNumberFormat(type);
  if (value === null || value === undefined || value === "") return ["", fmt];
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ["", fmt];
    const kind = type === "date" ? "date" : "datetime";
    const serial = dateSerial(dateToSerial(value, system), kind, system);
    if (serial === null) return asText(value.toISOString());
    return [serial, type === "date" || type === "datetime" ? fmt : defaultNumberFormat("datetime")];
  }
  switch (type) {
    case "text":
      return asText(typeof value === "string" ? value : String(value));
    case "boolean":
      if (typeof value === "boolean") return [value, GENERAL];
      if (typeof value === "string" && /^(true|false)$/i.test(value.trim()))
        return [value.trim().toLowerCase() === "true", GENERAL];
      return typeof value === "number" ? [value, GENERAL] : asText(value);
    case "date":
    case "datetime": {
      if (typeof value === "number") return Number.isFinite(value) ? [convertSerial(value, "1900", system), fmt] : ["", fmt];
      if (typeof value === "boolean") return asText(String(value));
      const t = value.trim();
      // Jan-Feb 1900 keep Excel's own serials (1-59); anything Excel cannot show as a date stays text.
      const day = isoDateToSerial(t, system);
      if (day !== null) return [day, fmt];
      if (ISO_DATE_TIME.test(t)) {
        const d = new Date(t);
        if (!Number.isNaN(d.getTime())) {
          const serial =
            type === "date" ? isoDateToSerial(t.slice(0, 10), system) : dateSerial(dateToSerial(d, system), "datetime", system);
          if (serial !== null) return [serial, fmt];
        }
      }
      return asText(value);
    }
    default: {
      // integer, number, currency, percent
      if (typeof value === "number") return Number.isFinite(value) ? [value, fmt] : ["", fmt];
      if (typeof value === "boolean") return asText(String(value));
      const t = value.trim().replace(/(\d),(?=\d{3}\b)/g, "$1");
      if (PLAIN_NUMBER.test(t)) return [Number(t), fmt];
      return asText(value);
    }
  }
}

/** A value of unknown type (hidden tables, snapshots): strings as text, numbers and booleans as they are. */
export function toRawCell(value: CellValue): [Raw, string] {
  if (value === null || value === undefined) return ["", TEXT];
  if (typeof value === "string") return [value, TEXT];
  if (typeof value === "number") return Number.isFinite(value) ? [value, GENERAL] : ["", TEXT];
  if (typeof value === "boolean") return [value, GENERAL];
  return toExcelCell(value, "datetime");
}

/** Estimated bytes of one cell in a request: the JSON of its value and of its format, quotes and commas included. */
export function cellBytes(v: Raw, f: string): number {
  const s = typeof v === "string" ? v : String(v);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? (c === 0x22 || c === 0x5c || c < 0x20 ? 2 : 1) : c < 0x800 ? 2 : 3;
  }
  return n + f.length + 6;
}

/**
 * Refuse, before anything is written, a text longer than a cell can hold. `where(i, k)` names the cell for
 * the message (e.g. 'row 12, column "Message"'); cells from column `width` on are not written, so not checked.
 * Checked up front so a refused write changes nothing.
 */
export function checkCellTexts(
  rows: readonly (readonly CellValue[])[],
  where: (row: number, col: number) => string,
  width = Infinity,
): void {
  rows.forEach((row, i) =>
    row.forEach((v, k) => {
      if (k < width && typeof v === "string" && v.length > MAX_CELL_TEXT)
        throw new WorkbookError(
          `The text for ${where(i, k)} has ${v.length.toLocaleString("en-US")} characters; an Excel cell holds at most ${MAX_CELL_TEXT.toLocaleString("en-US")}. Nothing was written.`,
          "InvalidArgument",
        );
    }),
  );
}
