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
  const cents = euros * 100;
  const near = Math.round(cents);
  return Math.abs(cents - near) < 1e-6 ? near || 0 : roundCents(cents);
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

/**
 * Integer division rounded half away from zero. Exact for integers up to 2^53: a true half (k + 0.5) is
 * representable, and any other quotient is further from it than the floating-point error.
 */
export function divRound(numerator: number, denominator: number): number {
  const q = Math.abs(numerator) / Math.abs(denominator);
  const sign = Math.sign(numerator) * Math.sign(denominator);
  return sign * Math.round(q) || 0;
}

/**
 * `rate` (e.g. 0.2 for 20%, 0.1125 for 11.25%) of an amount in cents, rounded to the cent. Rates are taken to
 * four decimals (a percentage input with two decimals), so the product is an exact integer.
 */
export function percentOf(cents: number, rate: number): number {
  return divRound(cents * Math.round(rate * 10_000), 10_000);
}

/**
 * hours × rate × multiplier in cents, computed exactly on integers: hours and multiplier to 2 decimals, rate
 * to 4 decimals (the catalogue's limits), then rounded once to the cent.
 */
export function hoursTimesRateCents(hours: number, rate: number, multiplier = 1): number {
  const product = Math.round(hours * 100) * Math.round(rate * 10_000) * Math.round(multiplier * 100);
  return divRound(product, 1_000_000);
}

export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
