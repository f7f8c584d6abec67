/**
 * Pure helpers for Excel cell values: date serials, default number formats, and sheet/table name rules.
 * No Excel.* here, so the flows and tests can use them anywhere.
 */
import type { CellType } from "./port";

const MS_PER_DAY = 86_400_000;
/**
 * Excel's 1900 date system: serial 1 is 1900-01-01 and serial 60 is 1900-02-29, a day that never existed
 * (Lotus 1-2-3's leap-year bug, kept for compatibility). From 1900-03-01 (serial 61) on, serials count days
 * from 1899-12-30; before it, from 1899-12-31. Dates before 1900 have no serial at all.
 */
const EPOCH_UTC = Date.UTC(1899, 11, 30);
const EARLY_EPOCH_UTC = Date.UTC(1899, 11, 31);
const FIRST_DAY_UTC = Date.UTC(1900, 0, 1);
const MARCH_1900_UTC = Date.UTC(1900, 2, 1);
/** Serial of 1900-03-01, the first date Excel counts correctly. */
export const FIRST_CORRECT_SERIAL = 61;
/** Serial of the non-existent 1900-02-29. */
export const PHANTOM_LEAP_DAY_SERIAL = 60;
/** Serial of 9999-12-31, Excel's last date. */
export const MAX_DATE_SERIAL = 2_958_465;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "YYYY-MM-DD" -> Excel serial number, or null when the text is not a real calendar date or has no serial
 * (before 1900-01-01). January and February 1900 get Excel's own serials (1-59), not the day counts.
 */
export function isoDateToSerial(text: string): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  if (ms < FIRST_DAY_UTC) return null;
  return Math.round((ms - (ms < MARCH_1900_UTC ? EARLY_EPOCH_UTC : EPOCH_UTC)) / MS_PER_DAY);
}

/**
 * Excel serial (date part) -> "YYYY-MM-DD" for serials 1..59 and 61..2958465; null for 60 (1900-02-29,
 * which Excel shows but which is not a date), for serials below 1 and past 9999-12-31.
 */
export function serialToIsoDate(serial: number): string | null {
  const day = Math.floor(serial);
  if (!Number.isFinite(day) || day < 1 || day > MAX_DATE_SERIAL || day === PHANTOM_LEAP_DAY_SERIAL) return null;
  const ms = (day < PHANTOM_LEAP_DAY_SERIAL ? EARLY_EPOCH_UTC : EPOCH_UTC) + day * MS_PER_DAY;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A Date -> serial of its local wall-clock time (Excel has no time zones; users read local time).
 * Exact from 1900-03-01 (serial 61) on; callers keep earlier moments as text (see toExcelCell).
 */
export function dateToSerial(date: Date): number {
  const localAsUtc = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return (localAsUtc - EPOCH_UTC) / MS_PER_DAY;
}

/** Serial -> Date at that local wall-clock time (exact from serial 61, 1900-03-01, on). */
export function serialToDate(serial: number): Date {
  const utc = new Date(EPOCH_UTC + Math.round(serial * MS_PER_DAY));
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
    utc.getUTCMilliseconds(),
  );
}

/**
 * A value read from a date column back to "YYYY-MM-DD": serials convert; text that already is an
 * ISO date is kept; anything else returns null (the caller reports it as invalid).
 */
export function cellToIsoDate(value: unknown): string | null {
  if (typeof value === "number") return serialToIsoDate(value);
  if (typeof value === "string") {
    // Text such as a pre-1900 date is kept as written when it is a real calendar date.
    const t = value.trim();
    const m = ISO_DATE.exec(t);
    if (!m) return null;
    const back = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return back.toISOString().slice(0, 10) === t ? t : null;
  }
  return null;
}

/**
 * Default Excel number format per column type. "@" makes the cells text, so typed text is never a formula.
 * "number" is General: a code such as "#,##0.###" shows whole numbers with a trailing point ("1,234.").
 */
export function defaultNumberFormat(type: CellType): string {
  switch (type) {
    case "text":
      return "@";
    case "integer":
      return "0";
    case "number":
      return "General";
    case "currency":
      return "#,##0.00";
    case "date":
      return "yyyy-mm-dd";
    case "datetime":
      return "yyyy-mm-dd hh:mm";
    case "percent":
      return "0.00%";
    case "boolean":
      return "General";
  }
}

export const MAX_SHEET_NAME = 31;
const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]]/;

/** Why a worksheet name is not allowed in Excel, or null when it is fine. */
export function sheetNameProblem(name: string): string | null {
  if (name.trim() === "") return "A sheet name cannot be blank.";
  if (name.length > MAX_SHEET_NAME) return `A sheet name can have at most ${MAX_SHEET_NAME} characters.`;
  if (SHEET_NAME_FORBIDDEN.test(name)) return "A sheet name cannot contain : \\ / ? * [ or ].";
  if (name.startsWith("'") || name.endsWith("'")) return "A sheet name cannot start or end with an apostrophe.";
  if (name.toLowerCase() === "history") return '"History" is reserved by Excel.';
  return null;
}

/** Turn any text into a valid sheet name (forbidden characters replaced, trimmed to 31 characters). */
export function safeSheetName(base: string): string {
  let name = base
    .replace(/[:\\/?*[\]]/g, "-")
    .replace(/^'+|'+$/g, "")
    .trim();
  if (name === "") name = "Sheet";
  if (name.toLowerCase() === "history") name = "History data";
  return name.slice(0, MAX_SHEET_NAME).trim();
}

/**
 * Turn any text into a valid Excel table name: letters, digits, "_" and "."; starts with a letter or "_";
 * not a cell reference like "A1" or "R1C1"; at most 255 characters.
 */
export function safeTableName(base: string): string {
  let name = base.replace(/[^A-Za-z0-9_.]/g, "_");
  if (!/^[A-Za-z_]/.test(name)) name = `T_${name}`;
  if (/^[A-Za-z]{1,3}\d+$/.test(name) || /^[rRcC]$/.test(name) || /^[rR]\d*[cC]\d*$/.test(name)) name = `T_${name}`;
  return name.slice(0, 255);
}

/** 0-based column index -> letters ("A", "Z", "AA"). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Column letters -> 0-based index. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
