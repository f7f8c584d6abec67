/**
 * How Excel reads a string entered into a cell (typed by a person or assigned to Range.values):
 * text-formatted ("@") cells keep the text; a leading apostrophe forces text; "=" starts a formula;
 * numbers, percentages, TRUE/FALSE, ISO dates, day-first dates (d/m/yyyy, as Windows' regional settings for
 * Ireland and the UK read them; the preview's host is en-IE) and times (h:mm, h:mm:ss, with AM/PM) are converted,
 * the last two with the format Excel gives them; other strings that start with
 * "+", "-" or "@" are read as formulas too (Excel prefixes "="), which is why the Excel layer must
 * format text cells as "@" before writing service text.
 */
import type { Scalar } from "./values";
import { type DateSystem, isoDateToSerial, PHANTOM_LEAP_DAY_SERIAL } from "../xl/excelConventions";

export interface Entry {
  value: Scalar | null;
  formula?: string;
  /** Number format Excel applies as a side effect (only when the cell's format is General). */
  numberFormat?: string;
}

const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$/;

export function isGeneral(format: string | undefined): boolean {
  return format === undefined || format === "" || format === "General";
}

function parseNumber(text: string): number | null {
  if (!NUMBER.test(text) || !/\d/.test(text)) return null;
  const n = Number(text.replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
}

/** An ISO date Excel reads as a date: before 1900 stays text; typed 1900-02-29 is Excel's phantom leap day. */
function isoDateSerial(text: string, system: DateSystem): number | null {
  return text === "1900-02-29" && system === "1900" ? PHANTOM_LEAP_DAY_SERIAL : isoDateToSerial(text, system);
}

/** d/m/yyyy (or d/m/yy: 00-29 is 20xx, 30-99 19xx, Excel's two-digit-year rule) as an ISO date, if it is a real day. */
function dayFirstDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(text);
  if (!m) return null;
  const year = m[3].length === 2 ? (Number(m[3]) < 30 ? 2000 : 1900) + Number(m[3]) : Number(m[3]);
  const iso = `${year}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A time of day typed as h:mm[:ss] [AM|PM]: its fraction of a day and the format Excel applies. */
function timeEntry(text: string): { value: number; numberFormat: string } | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])[Mm])?$/.exec(text);
  if (!m) return null;
  let h = Number(m[1]);
  const [min, sec] = [Number(m[2]), Number(m[3] ?? 0)];
  if (min > 59 || sec > 59 || (m[4] ? h < 1 || h > 12 : h > 23)) return null;
  if (m[4]) h = (h % 12) + (m[4].toUpperCase() === "P" ? 12 : 0);
  const format = (m[3] ? "h:mm:ss" : "h:mm") + (m[4] ? " AM/PM" : "");
  return { value: (h * 3600 + min * 60 + sec) / 86400, numberFormat: format };
}

/** Read a string as Excel would when it is entered into a cell with the given number format. */
export function parseEntry(text: string, format: string | undefined, system: DateSystem = "1900"): Entry {
  if (format === "@") return { value: text === "" ? null : text };
  if (text === "") return { value: null };
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (text.startsWith("=") && text.length > 1) return { value: null, formula: text };
  const trimmed = text.trim();
  const n = parseNumber(trimmed);
  if (n !== null) return { value: n };
  if (/%$/.test(trimmed)) {
    const p = parseNumber(trimmed.slice(0, -1).trim());
    if (p !== null) return { value: p / 100, numberFormat: isGeneral(format) ? "0%" : undefined };
  }
  const currency = /^([€$£])\s?(-?[\d,]*\.?\d+)$/.exec(trimmed);
  if (currency) {
    const c = parseNumber(currency[2]);
    if (c !== null) return { value: c, numberFormat: isGeneral(format) ? `${currency[1]}#,##0.00` : undefined };
  }
  const upper = trimmed.toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return { value: upper === "TRUE" };
  const serial = isoDateSerial(trimmed, system);
  if (serial !== null) return { value: serial, numberFormat: isGeneral(format) ? "yyyy-mm-dd" : undefined };
  const dayFirst = dayFirstDate(trimmed);
  const daySerial = dayFirst === null ? null : isoDateSerial(dayFirst, system);
  if (daySerial !== null) return { value: daySerial, numberFormat: isGeneral(format) ? "dd/mm/yyyy" : undefined };
  const time = timeEntry(trimmed);
  if (time) return { value: time.value, numberFormat: isGeneral(format) ? time.numberFormat : undefined };
  if (/^[+\-@]/.test(text) && text.length > 1) return { value: null, formula: `=${text}` };
  return { value: text };
}
