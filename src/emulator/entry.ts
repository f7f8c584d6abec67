/**
 * How Excel reads a string entered into a cell (typed by a person or assigned to Range.values):
 * text-formatted ("@") cells keep the text; a leading apostrophe forces text; "=" starts a formula;
 * numbers, percentages, TRUE/FALSE and ISO dates are converted; other strings that start with
 * "+", "-" or "@" are read as formulas too (Excel prefixes "="), which is why the Excel layer must
 * format text cells as "@" before writing service text.
 */
import type { Scalar } from "./values";
import { type DateSystem, isoDateToSerial, PHANTOM_LEAP_DAY_SERIAL } from "../sheets/excelConventions";

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
  if (/^[+\-@]/.test(text) && text.length > 1) return { value: null, formula: `=${text}` };
  return { value: text };
}
