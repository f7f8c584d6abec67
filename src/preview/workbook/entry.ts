/**
 * How Excel reads a string entered into a cell (typed by a person or assigned to Range.values):
 * text-formatted ("@") cells keep the text; a leading apostrophe forces text; "=" starts a formula;
 * numbers, percentages, TRUE/FALSE and ISO dates are converted; other strings that start with
 * "+", "-" or "@" are read as formulas too (Excel prefixes "="), which is why the Excel layer must
 * format text cells as "@" before writing service text.
 */
import type { Scalar } from "./model";
import { EPOCH_UTC, MS_PER_DAY } from "./numberFormat";

/** Serials 1-59 (January and February 1900) count from 1899-12-31; Excel has no dates before 1900. */
const EARLY_EPOCH_UTC = Date.UTC(1899, 11, 31);
const MARCH_1900_UTC = Date.UTC(1900, 2, 1);

export interface Entry {
  value: Scalar | null;
  formula?: string;
  /** Number format Excel applies as a side effect (only when the cell's format is General). */
  numberFormat?: string;
}

const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isGeneral(format: string | undefined): boolean {
  return format === undefined || format === "" || format === "General";
}

function parseNumber(text: string): number | null {
  if (!NUMBER.test(text) || !/\d/.test(text)) return null;
  const n = Number(text.replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
}

function isoDateSerial(text: string): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  if (text === "1900-02-29") return 60; // Excel's phantom leap day (Lotus 1-2-3 compatibility)
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  if (ms < EARLY_EPOCH_UTC + MS_PER_DAY) return null; // before 1900-01-01: stays text
  return Math.round((ms - (ms < MARCH_1900_UTC ? EARLY_EPOCH_UTC : EPOCH_UTC)) / MS_PER_DAY);
}

/** Read a string as Excel would when it is entered into a cell with the given number format. */
export function parseEntry(text: string, format: string | undefined): Entry {
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
  const serial = isoDateSerial(trimmed);
  if (serial !== null) return { value: serial, numberFormat: isGeneral(format) ? "yyyy-mm-dd" : undefined };
  if (/^[+\-@]/.test(text) && text.length > 1) return { value: null, formula: `=${text}` };
  return { value: text };
}
