/**
 * Money as integer cents. Every amount the engine computes is an integer number of cents, so sums are exact
 * and a payslip's totals equal the sum of its items. Euros appear only at the edges (inputs and wire output).
 */

/** Removes binary floating-point noise (1.005 * 100 = 100.49999999999999) before rounding. */
function denoise(x: number): number {
  return Number(x.toPrecision(12));
}

/** Rounds a (possibly fractional) number of cents to whole cents, half away from zero. */
export function roundCents(cents: number): number {
  const clean = denoise(cents);
  return Math.sign(clean) * Math.round(Math.abs(clean)) || 0;
}

/** Euros (as entered or stored) to integer cents. */
export function toCents(euros: number): number {
  return roundCents(euros * 100);
}

/** Integer cents to euros (a number with at most two decimals). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Integer cents to the wire's amount string, e.g. 123456 -> "1234.56", -5 -> "-0.05". */
export function amountString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** `rate` (e.g. 0.2 for 20%) of an amount in cents, rounded to the cent. */
export function percentOf(cents: number, rate: number): number {
  return roundCents(cents * rate);
}

export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
