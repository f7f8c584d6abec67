/**
 * Column specs and typed cells: the shared vocabulary of all sheet code.
 *
 * Writing: a `FieldColumn<R>` says how one column of a table is filled from a record `R` and how Excel types it;
 * `toRows` turns records into the 2-D grid the Excel layer writes in one assignment.
 * Reading: `parseCell` turns what Excel hands back (numbers, text, booleans, "" for empty, date serials) into
 * the value the API expects, or a message fit for the user. Formula safety is the Excel layer's job; here values
 * are only parsed and typed.
 *
 * CellType, CellValue and ColumnSpec are defined here once; the Excel layer (src/excel/port.ts) imports and
 * re-exports them, since it may import sheets' types and this layer imports nothing but the contract.
 */
import { isCorrectDateSerial, serialToIsoDate, utcDay } from "./excelConventions";

/** How a column's cells are typed and formatted in Excel. */
export type CellType = "text" | "integer" | "number" | "currency" | "date" | "datetime" | "boolean" | "percent";

/**
 * A cell value as the flows hand it over. Dates (type "date"/"datetime") may be "YYYY-MM-DD" /
 * ISO date-time strings or Date objects; the Excel layer turns them into serial numbers with a date format.
 * null/undefined/"" write an empty cell. Text is always written as text (never a formula).
 */
export type CellValue = string | number | boolean | Date | null | undefined;

export interface ColumnSpec {
  /** Stable identifier the flows use (API field name or `calc.<id>.<input>`). */
  key: string;
  /** Header text shown in the table. Unique within a table. */
  header: string;
  type: CellType;
  /** Column width in points; default from type and header length. */
  width?: number;
  /** Override the type's default number format (Excel format code). */
  numberFormat?: string;
}

/**
 * The one Excel number format of every money column (type "currency"): imports, input sheets, pay runs, journals
 * and reports alike. Euro with thousands separators and two decimals, a leading minus for negatives; the symbol
 * is quoted so it is a literal whatever the user's locale (see docs/sheets.md).
 */
export const MONEY_FORMAT = '"€"#,##0.00;-"€"#,##0.00';

/**
 * The column type of a calculation input: as its sample value says (a number when none was seen), and money
 * ("currency") for an amount input, so amount columns share MONEY_FORMAT; hours, rates and percentages stay numbers.
 */
export function inputCellType(inputName: string, sampleType: CellType): CellType {
  return sampleType === "number" && /(^|[_\s])amount$/i.test(inputName) ? "currency" : sampleType;
}

/** A column filled from a record. */
export interface FieldColumn<R> extends ColumnSpec {
  value: (record: R) => CellValue;
}

export function column<R>(
  key: string,
  header: string,
  type: CellType,
  value: (record: R) => CellValue,
  extra: Pick<ColumnSpec, "width" | "numberFormat"> = {},
): FieldColumn<R> {
  return { key, header, type, value, ...extra };
}

/** R's declared keys (a loose schema's `[key: string]: unknown` left out). */
type DeclaredKey<R> = keyof { [K in keyof R as string extends K ? never : K]: R[K] };
/** The keys of R whose values go into a cell as they are (not objects or lists). */
export type ScalarKey<R> = { [K in DeclaredKey<R>]-?: R[K] extends CellValue ? K : never }[DeclaredKey<R>] & string;

/** A column filled with the record's field of the same name: the column key is the API field name. */
export function field<R>(
  key: ScalarKey<R>,
  header: string,
  type: CellType,
  extra: Pick<ColumnSpec, "width" | "numberFormat"> = {},
): FieldColumn<R> {
  return column<R>(key, header, type, (record) => record[key] as CellValue, extra);
}

/** The plain specs (no accessor functions) the Excel layer takes. */
export function specsOf(columns: readonly ColumnSpec[]): ColumnSpec[] {
  return columns.map(({ key, header, type, width, numberFormat }) => {
    const spec: ColumnSpec = { key, header, type };
    if (width !== undefined) spec.width = width;
    if (numberFormat !== undefined) spec.numberFormat = numberFormat;
    return spec;
  });
}

/** Records to a grid, one row per record, cells in column order. Missing values become null (empty cell). */
export function toRows<R>(columns: readonly FieldColumn<R>[], records: readonly R[]): CellValue[][] {
  return records.map((record) => columns.map((c) => c.value(record) ?? null));
}

/** Header text to its 0-based position (first occurrence), for reading a table back. */
export function headerIndex(headers: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = String(h).trim();
    if (!index.has(key)) index.set(key, i);
  });
  return index;
}

// ---------------------------------------------------------------------------------------------------------
// Parsing cells read back from Excel
// ---------------------------------------------------------------------------------------------------------

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** Empty cell: Excel returns "" for it; whitespace-only text counts as empty too. */
export function isBlank(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

/** Show a cell in a message without letting a long paste flood it. */
export function describeCell(cell: unknown): string {
  const text = typeof cell === "string" ? cell : String(cell);
  return `"${text.length > 40 ? `${text.slice(0, 37)}...` : text}"`;
}

// Plain numbers ("1234.5", "-3", ".5") or grouped with commas ("1,234.50"), optional leading currency sign.
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const CURRENCY_SIGNS = /^[€£$]\s*/;

/**
 * A number: Excel numbers pass; text such as "1,234.50", "€1,234.50", "(12.00)" (accounting negative) or
 * "12%" (percent, as 0.12) is accepted, since pasted figures often arrive as text. Blank is null.
 */
export function parseNumber(cell: unknown): Parsed<number | null> {
  if (isBlank(cell)) return ok(null);
  if (typeof cell === "number") return Number.isFinite(cell) ? ok(cell) : fail("is not a finite number");
  if (typeof cell === "boolean") return fail(`${describeCell(cell)} is not a number`);
  let text = String(cell).trim();
  let sign = 1;
  let scale = 1;
  const accountingNegative = /^\((.*)\)$/.exec(text);
  if (accountingNegative) {
    sign = -1;
    text = accountingNegative[1].trim();
  }
  if (text.startsWith("-") && CURRENCY_SIGNS.test(text.slice(1))) {
    sign = -sign;
    text = text.slice(1);
  }
  text = text.replace(CURRENCY_SIGNS, "");
  if (text.endsWith("%")) {
    scale = 0.01;
    text = text.slice(0, -1).trim();
  }
  if (!PLAIN_NUMBER.test(text) && !GROUPED_NUMBER.test(text)) return fail(`${describeCell(cell)} is not a number`);
  const value = Number(text.replace(/,/g, "")) * sign * scale;
  return Number.isFinite(value) ? ok(value) : fail(`${describeCell(cell)} is not a number`);
}

export function parseInteger(cell: unknown): Parsed<number | null> {
  const n = parseNumber(cell);
  if (!n.ok || n.value === null) return n;
  return Number.isInteger(n.value) ? n : fail(`${describeCell(cell)} is not a whole number`);
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/;
/** Day first, as written in Ireland and the UK: 31/01/2025, 31-01-2025, 31.01.2025. */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

function isoFromParts(y: number, m: number, d: number): string | null {
  const ms = utcDay(y, m, d);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/**
 * A date as "YYYY-MM-DD". Accepts Excel date serials (how a date cell reads back), ISO dates and date-times
 * (date part), day-first dates (31/01/2025) and Date objects (their local calendar date). Blank is null.
 */
export function parseDate(cell: unknown): Parsed<string | null> {
  if (isBlank(cell)) return ok(null);
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return fail("is not a valid date");
    return ok(isoFromParts(cell.getFullYear(), cell.getMonth() + 1, cell.getDate()) as string);
  }
  if (typeof cell === "number") {
    // Serials before March 1900 are typos in payroll data, not dates.
    const iso = isCorrectDateSerial(cell) ? serialToIsoDate(cell) : null;
    return iso === null ? fail(`${describeCell(cell)} is not a date`) : ok(iso);
  }
  if (typeof cell !== "string") return fail(`${describeCell(cell)} is not a date`);
  const text = cell.trim();
  let m = ISO_DATE.exec(text);
  if (m) {
    const iso = isoFromParts(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso ? ok(iso) : fail(`${describeCell(cell)} is not a real calendar date`);
  }
  m = ISO_DATE_TIME.exec(text);
  if (m) return parseDate(m[1]);
  m = DAY_FIRST.exec(text);
  if (m) {
    const iso = isoFromParts(Number(m[3]), Number(m[2]), Number(m[1]));
    return iso ? ok(iso) : fail(`${describeCell(cell)} is not a real calendar date (day/month/year)`);
  }
  return fail(`${describeCell(cell)} is not a date (use YYYY-MM-DD or DD/MM/YYYY)`);
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

/** TRUE/FALSE cells, 1/0, and the words true/false/yes/no/y/n in any case. Blank is null. */
export function parseBoolean(cell: unknown): Parsed<boolean | null> {
  if (isBlank(cell)) return ok(null);
  if (typeof cell === "boolean") return ok(cell);
  if (cell === 1 || cell === 0) return ok(cell === 1);
  const word = String(cell).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return ok(true);
  if (FALSE_WORDS.has(word)) return ok(false);
  return fail(`${describeCell(cell)} is not TRUE or FALSE`);
}

/** Text as written; a number or boolean typed into a text column becomes its text. Blank is null. */
export function parseText(cell: unknown): Parsed<string | null> {
  if (isBlank(cell)) return ok(null);
  if (typeof cell === "string") return ok(cell);
  if (typeof cell === "number" || typeof cell === "boolean") return ok(String(cell));
  return fail(`${describeCell(cell)} is not text`);
}

/** The API value of a cell for a column type. Blank is null; date-times keep their ISO text as read. */
export function parseCell(type: CellType, cell: unknown): Parsed<string | number | boolean | null> {
  switch (type) {
    case "text":
      return parseText(cell);
    case "integer":
      return parseInteger(cell);
    case "number":
    case "currency":
    case "percent":
      return parseNumber(cell);
    case "date":
      return parseDate(cell);
    case "datetime":
      return typeof cell === "number" ? parseDate(cell) : parseText(cell);
    case "boolean":
      return parseBoolean(cell);
  }
}

/** The column type that suits an API value (used when the type is only known from a sample value). */
export function typeOfValue(value: unknown): CellType {
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string" && ISO_DATE.test(value) && isoFromParts(...isoParts(value)) !== null) return "date";
  return "text";
}

function isoParts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split("-").map(Number);
  return [y, m, d];
}
