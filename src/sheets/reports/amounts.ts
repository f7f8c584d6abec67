/**
 * Report amounts: the document's samples send money as currency-formatted text ("€1,234.56"); with humanize off
 * they may be plain numbers or numeric strings. Every form becomes a number (or null), or is reported as unreadable
 * so the caller can keep the original text visible rather than lose it.
 */

export type AmountParse = { ok: true; value: number | null } | { ok: false; text: string };

/** Currency symbols and codes the service may put around an amount. */
const CURRENCY = /[€$£]|\b(?:EUR|USD|GBP)\b/gi;
/** What is left after removing the symbol: digits with optional thousands separators and decimals. */
const NUMBER = /^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$|^\.\d+$/;

/**
 * "€1,234.56" → 1234.56; "-€1,234.56", "€-1,234.56", "(€1,234.56)" and "€1,234.56-" → -1234.56;
 * numbers pass; null, undefined, "" and "-" (an empty amount) → null. Anything else → { ok: false }.
 */
export function parseAmount(input: unknown): AmountParse {
  if (input === null || input === undefined) return { ok: true, value: null };
  if (typeof input === "number") return Number.isFinite(input) ? { ok: true, value: input } : { ok: false, text: String(input) };
  if (typeof input !== "string") return { ok: false, text: JSON.stringify(input) };
  let text = input.trim().replace(/[\s\u00a0]/g, "");
  if (text === "" || text === "-" || text === "—") return { ok: true, value: null };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  // At most one currency symbol or code ("€€5" is not an amount).
  if ((text.match(CURRENCY) ?? []).length > 1) return { ok: false, text: input };
  text = text.replace(CURRENCY, "");
  // The minus may sit before or after the symbol, or trail the number (some accounting styles).
  if (text.startsWith("-") || text.startsWith("−")) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.endsWith("-")) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.startsWith("+")) {
    text = text.slice(1);
  }
  if (!NUMBER.test(text)) return { ok: false, text: input };
  const value = Number(text.replace(/,/g, ""));
  if (!Number.isFinite(value)) return { ok: false, text: input };
  return { ok: true, value: negative ? -value || 0 : value };
}

/** True when a value is text that carries a currency symbol, i.e. the service humanized it. */
export function looksLikeCurrency(input: unknown): boolean {
  return typeof input === "string" && /[€$£]/.test(input) && parseAmount(input).ok;
}

/** Euro amounts in Excel: two decimals, thousands separators, a leading minus for negatives. */
export const EURO_NUMBER_FORMAT = '"€"#,##0.00;-"€"#,##0.00';
