/**
 * Report amounts: the document's samples send money as currency-formatted text ("€1,234.56"); with humanize off
 * they may be plain numbers or numeric strings. Every form becomes a number (or null), or is reported as unreadable
 * so the caller can keep the original text visible rather than lose it. Number reading is the shared parseNumber.
 */
import { parseNumber } from "./columns";

export type AmountParse = { ok: true; value: number | null } | { ok: false; text: string };

/**
 * "€1,234.56" → 1234.56; "-€1,234.56", "€-1,234.56", "(€1,234.56)" and "€1,234.56-" → -1234.56; numbers pass;
 * null, undefined, "" and a lone "-" (an empty amount) → null. Anything else → { ok: false } with the text.
 */
export function parseAmount(input: unknown): AmountParse {
  if (input === null || input === undefined) return { ok: true, value: null };
  if (typeof input !== "string" && typeof input !== "number") return { ok: false, text: JSON.stringify(input) };
  let text = String(input)
    .trim()
    .replace(/[\s\u00a0]/g, "");
  if (text === "" || text === "-" || text === "—") return { ok: true, value: null };
  // A trailing minus (some accounting styles) and "€-5" are read as a leading minus.
  let sign = 1;
  if (text.endsWith("-")) {
    sign = -1;
    text = text.slice(0, -1);
  }
  text = text.replace(/^([€£$])-/, "-$1");
  if (text.endsWith("%")) return { ok: false, text: String(input) };
  const parsed = parseNumber(text);
  if (!parsed.ok || parsed.value === null) return { ok: false, text: String(input) };
  return { ok: true, value: sign * parsed.value || 0 };
}

/** True when a value is text that carries a currency symbol, i.e. the service humanized it. */
export function looksLikeCurrency(input: unknown): boolean {
  return typeof input === "string" && /[€$£]/.test(input) && parseAmount(input).ok;
}

/** Report amounts use the one money format of every sheet (columns.ts). */
export { MONEY_FORMAT as EURO_NUMBER_FORMAT } from "./columns";
