/** Currency text for humanized reports: "€1,234.56". */
import { fromCents } from "./money";

const EURO = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

/** Integer cents to "€1,234.56". */
export function humanizeCents(cents: number): string {
  return EURO.format(fromCents(cents));
}
