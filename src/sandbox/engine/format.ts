/** Currency text for humanized reports: "€1,234.56", and back. */
import { fromCents, toCents } from "./money";

const EURO = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

/** Euros to "€1,234.56" ("-€12.50" for negatives). */
export function humanizeMoney(euros: number): string {
  return EURO.format(fromCents(toCents(euros)));
}

/** Integer cents to "€1,234.56". */
export function humanizeCents(cents: number): string {
  return EURO.format(fromCents(cents));
}

const MONEY_TEXT = /^([-−+]?)\s*€?\s*([-−+]?)\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses currency text ("€1,234.56", "-€12.50", "1234.5", "(€12.50)") to euros, or null when it is not money.
 * Group separators must be well placed ("1,23" is not money).
 */
export function parseMoney(text: string): number | null {
  let s = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const m = MONEY_TEXT.exec(s);
  if (!m || (m[1] && m[2])) return null;
  const sign = m[1] || m[2];
  if (sign === "-" || sign === "−") negative = !negative;
  const cents = Number(m[3].replace(/,/g, "")) * 100 + Number((m[4] ?? "0").padEnd(2, "0"));
  return fromCents(negative ? -cents : cents) || 0;
}
