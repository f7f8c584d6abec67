/**
 * Excel's cell conventions, defined once: date serials (with the 1900 leap-year rule), column letters, and the
 * rules for sheet and table names. Pure (no Office.js, no fetch), so sheets, the Excel layer, the preview and
 * the panels all use this one copy.
 */

// ---------------------------------------------------------------------------------------------------------
// Date serials
// ---------------------------------------------------------------------------------------------------------

/**
 * A workbook's date system: Excel's default "1900", or "1904" (serial 0 is 1904-01-01, no phantom leap day), which
 * a workbook gets from File > Options > Advanced ("Use 1904 date system") and which old Mac workbooks have.
 */
export type DateSystem = "1900" | "1904";

const MS_PER_DAY = 86_400_000;

interface DateSystemRules {
  /** Day 0 for the serials from `firstCorrectSerial` on. */
  epochUtc: number;
  /** Day 0 for the serials before `firstCorrectSerial` (the days before a phantom leap day). */
  earlyEpochUtc: number;
  /** The first serial that is a date, and the one from which serials count days correctly. */
  firstSerial: number;
  firstCorrectSerial: number;
  /** A serial Excel shows as a date that never existed, or null. */
  phantomSerial: number | null;
  maxSerial: number;
}

/**
 * Excel's 1900 date system: serial 1 is 1900-01-01 and serial 60 is 1900-02-29, a day that never existed
 * (Lotus 1-2-3's leap-year bug, kept for compatibility). From 1900-03-01 (serial 61) on, serials count days
 * from 1899-12-30; before it, from 1899-12-31. Dates before 1900 have no serial at all.
 */
const SYSTEMS: Record<DateSystem, DateSystemRules> = {
  "1900": {
    epochUtc: Date.UTC(1899, 11, 30),
    earlyEpochUtc: Date.UTC(1899, 11, 31),
    firstSerial: 1,
    firstCorrectSerial: 61,
    phantomSerial: 60,
    maxSerial: 2_958_465,
  },
  "1904": {
    epochUtc: Date.UTC(1904, 0, 1),
    earlyEpochUtc: Date.UTC(1904, 0, 1),
    firstSerial: 0,
    firstCorrectSerial: 0,
    phantomSerial: null,
    maxSerial: 2_957_003,
  },
};

/** Days between the systems' serials for the same date (1904-01-01 is 1462 in the 1900 system, 0 in the 1904). */
export const DATE_1904_OFFSET = 1462;

/** A serial of one date system as the same moment's serial in the other. */
export function convertSerial(serial: number, from: DateSystem, to: DateSystem): number {
  if (from === to) return serial;
  return from === "1904" ? serial + DATE_1904_OFFSET : serial - DATE_1904_OFFSET;
}

/**
 * Serial of 1900-03-01, the first date the 1900 system counts correctly.
 * @internal Used by the emulator (the preview, not in a production build).
 */
export const FIRST_CORRECT_SERIAL = SYSTEMS["1900"].firstCorrectSerial;
/**
 * Serial of the non-existent 1900-02-29.
 * @internal Used by the emulator (the preview, not in a production build).
 */
export const PHANTOM_LEAP_DAY_SERIAL = 60;
/**
 * Serial of 9999-12-31, Excel's last date.
 * @internal Used by the emulator (the preview, not in a production build).
 */
export const MAX_DATE_SERIAL = SYSTEMS["1900"].maxSerial;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC midnight of a calendar date, or null when y-m-d is not a real date (2025-02-30). */
export function utcDay(y: number, m: number, d: number): number | null {
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

/**
 * UTC midnight of a whole serial's day. Exact from the first correct serial on, and for the early serials
 * (1-59); meaningless for the phantom day, which callers treat themselves.
 */
export function serialDayUtc(day: number, system: DateSystem = "1900"): number {
  const s = SYSTEMS[system];
  return (day < s.firstCorrectSerial ? s.earlyEpochUtc : s.epochUtc) + day * MS_PER_DAY;
}

/**
 * "YYYY-MM-DD" -> Excel serial number, or null when the text is not a real calendar date or has no serial
 * (before 1900-01-01). January and February 1900 get Excel's own serials (1-59), not the day counts.
 */
export function isoDateToSerial(text: string, system: DateSystem = "1900"): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const ms = utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
  const s = SYSTEMS[system];
  if (ms === null || ms < serialDayUtc(s.firstSerial, system)) return null;
  const early = ms < serialDayUtc(s.firstCorrectSerial, system);
  return Math.round((ms - (early ? s.earlyEpochUtc : s.epochUtc)) / MS_PER_DAY);
}

/**
 * Excel serial (date part) -> "YYYY-MM-DD" for serials 1..59 and 61..2958465; null for 60 (1900-02-29,
 * which Excel shows but which is not a date), for serials below 1 and past 9999-12-31.
 */
export function serialToIsoDate(serial: number, system: DateSystem = "1900"): string | null {
  const s = SYSTEMS[system];
  const day = Math.floor(serial);
  if (!Number.isFinite(day) || day < s.firstSerial || day > s.maxSerial || day === s.phantomSerial) return null;
  return new Date(serialDayUtc(day, system)).toISOString().slice(0, 10);
}

/**
 * A Date -> serial of its local wall-clock time (Excel has no time zones; users read local time).
 * Exact from the first correct serial (1900-03-01) on; callers keep earlier moments as text.
 */
export function dateToSerial(date: Date, system: DateSystem = "1900"): number {
  const localAsUtc = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return (localAsUtc - SYSTEMS[system].epochUtc) / MS_PER_DAY;
}

/** Whether a serial can be shown as a date or date-time that Excel counts correctly (March 1900, or 1904, to 9999). */
export function isCorrectDateSerial(serial: number, system: DateSystem = "1900"): boolean {
  const s = SYSTEMS[system];
  return Number.isFinite(serial) && serial >= s.firstCorrectSerial && serial < s.maxSerial + 1;
}

/**
 * The number format of date cells in a display language's order, as the pane shows dates: "dd/mm/yyyy" (en-IE),
 * "mm/dd/yyyy" (en-US), "dd.mm.yyyy" (de-DE); with `time`, " hh:mm" after it. An unknown tag gives en-IE's.
 */
export function dateNumberFormat(locale: string, time = false): string {
  let code = dateCodes.get(locale);
  if (code === undefined) dateCodes.set(locale, (code = dateCodeOf(locale)));
  return time ? `${code} hh:mm` : code;
}

/** Formats worked out so far, by language tag: a table write asks once per cell. */
const dateCodes = new Map<string, string>();

function dateCodeOf(locale: string): string {
  const token: Record<string, string> = { day: "dd", month: "mm", year: "yyyy" };
  let code = "dd/mm/yyyy";
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    }).formatToParts(Date.UTC(2025, 0, 31));
    const order = parts.filter((p) => p.type in token).map((p) => token[p.type]);
    const separator = parts.find((p) => p.type === "literal")?.value.trim() ?? "";
    if (order.length === 3) code = order.join([".", "-"].includes(separator) ? separator : "/");
  } catch {
    // not a language tag Intl knows: the add-in's home format
  }
  return code;
}

/**
 * Whether an Excel number format code shows a date or time (quoted text, escapes, [colour]/[$-locale] blocks and
 * AM/PM aside: y, d, h or s, or an m without digit placeholders).
 */
export function isDateNumberFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\\./g, "")
    .replace(/AM\/PM/gi, "");
  if (/^general$/i.test(bare.trim())) return false;
  return /[ydhs]/i.test(bare) || (/m/i.test(bare) && !/[0#?]/.test(bare));
}

/**
 * Whether a date-or-time format shows only a time of day or a duration (h:mm, [h]:mm, mm:ss, h:mm AM/PM): no year,
 * day or month. Such a cell holds a fraction of a day (or, for a duration, days as a count), not a calendar date,
 * so it is never moved between date systems nor read as a day. An m is minutes right after an h or right before an
 * s (Excel's rule); [h], [m] and [s] are elapsed-time codes.
 */
export function isTimeOnlyNumberFormat(code: string): boolean {
  // The first section decides (positive numbers); a date-time format has a calendar part there.
  const first = code.split(";")[0];
  const bare = first
    .replace(/"[^"]*"/g, "")
    .replace(/\[(h+|m+|s+)\]/gi, "h") // elapsed time: a time part whatever its unit
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\\./g, "")
    .replace(/AM\/PM|A\/P/gi, "");
  if (!isDateNumberFormat(bare)) return false;
  const tokens = (bare.match(/y+|m+|d+|h+|s+/gi) ?? []).map((t) => t[0].toLowerCase());
  return tokens.every((t, i) => {
    if (t === "h" || t === "s") return true;
    if (t !== "m") return false; // y or d: a calendar part
    return tokens[i - 1] === "h" || tokens[i + 1] === "s";
  });
}

// ---------------------------------------------------------------------------------------------------------
// Grid limits and column letters
// ---------------------------------------------------------------------------------------------------------

/** Characters one cell can hold. */
export const MAX_CELL_TEXT = 32_767;

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

/** Column letters (any case) -> 0-based index. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

// ---------------------------------------------------------------------------------------------------------
// Sheet and table names
// ---------------------------------------------------------------------------------------------------------

export const MAX_SHEET_NAME = 31;
export const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]]/;

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
    .replace(new RegExp(SHEET_NAME_FORBIDDEN.source, "g"), "-")
    .replace(/^'+|'+$/g, "")
    .trim();
  if (name === "") name = "Sheet";
  if (name.toLowerCase() === "history") name = "History data";
  return name.slice(0, MAX_SHEET_NAME).trim();
}

/** Sheet name as Excel writes it in an address: quoted when it has anything but letters, digits, _ and . */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

const MAX_TABLE_NAME = 255;
/** "A1", "R1C1", "R", "C" and the like: a table name may not read as a cell reference. */
const looksLikeReference = (name: string) =>
  /^[A-Za-z]{1,3}\d+$/.test(name) || /^[RrCc]$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name);

/**
 * Why a table name is not allowed in Excel, or null: letters, digits, "_", "." and "\"; starting with a letter,
 * "_" or "\"; not a cell reference; at most 255 characters.
 * @internal Used by the emulator (the preview, not in a production build).
 */
export function tableNameProblem(name: string): string | null {
  if (!/^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(name) || name.length > MAX_TABLE_NAME)
    return `The table name "${name}" is not valid.`;
  if (looksLikeReference(name)) return `The table name "${name}" looks like a cell reference.`;
  return null;
}

/** Turn any text into a valid Excel table name ("_" for other characters, "T_" before what cannot start one). */
export function safeTableName(base: string): string {
  let name = base.replace(/[^A-Za-z0-9_.]/g, "_");
  if (!/^[A-Za-z_]/.test(name) || looksLikeReference(name)) name = `T_${name}`;
  return name.slice(0, MAX_TABLE_NAME);
}
