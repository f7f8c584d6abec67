/**
 * Simplified Irish payroll rules (see docs/payroll-rules.md). Annual figures are divided by the periods per
 * year and rounded to the cent; everything is computed per period ("week 1" basis, no cumulation).
 */
import { divRound, percentOf } from "./money";
import type { PrsiClass } from "./types";

/** Annual figures, in euros. */
export const ANNUAL = {
  /** Single person's standard-rate cut-off. */
  standardRateCutOff: 44_000,
  /** Personal credit + employee (PAYE) credit. */
  taxCredits: 4_000,
  /** Annual income at or below which USC is not charged. */
  uscExemption: 13_000,
} as const;

export const PAYE_STANDARD_RATE = 0.2;
export const PAYE_HIGHER_RATE = 0.4;

/** USC bands: the upper bound of each band (annual euros, Infinity for the last) and its rate. */
export const USC_BANDS: readonly { upTo: number; rate: number }[] = [
  { upTo: 12_012, rate: 0.005 },
  { upTo: 27_382, rate: 0.02 },
  { upTo: 70_044, rate: 0.03 },
  { upTo: Infinity, rate: 0.08 },
];

/** PRSI thresholds, in euros a week (class S: a year). */
export const PRSI_THRESHOLDS = {
  /** Class A employee PRSI is not charged at or below this weekly pay. */
  employeeWeekly: 352,
  /** Class A employer PRSI is at the higher rate above this weekly pay. */
  employerHigherWeekly: 527,
  /** Class S is not charged at or below this annual pay. */
  classSAnnual: 5_000,
} as const;

export const PRSI_RATES = {
  a: { employee: 0.042, employerLower: 0.089, employerHigher: 0.1125 },
  j: { employee: 0, employerLower: 0.005, employerHigher: 0.005 },
  s: { employee: 0.04, employerLower: 0, employerHigher: 0 },
  m: { employee: 0, employerLower: 0, employerHigher: 0 },
} as const;

/** A whole-euro annual figure as cents per period. */
export function perPeriodCents(annualEuros: number, periodsPerYear: number): number {
  return divRound(annualEuros * 100, periodsPerYear);
}

/** A whole-euro weekly figure as cents per period (52 weeks a year). */
export function weeklyToPeriodCents(weeklyEuros: number, periodsPerYear: number): number {
  return divRound(weeklyEuros * 52 * 100, periodsPerYear);
}

/** PAYE: 20% up to the cut-off, 40% above, minus tax credits, never below zero. */
export function payeCents(taxableCents: number, periodsPerYear: number): number {
  if (taxableCents <= 0) return 0;
  const cutOff = perPeriodCents(ANNUAL.standardRateCutOff, periodsPerYear);
  const credits = perPeriodCents(ANNUAL.taxCredits, periodsPerYear);
  const standard = percentOf(Math.min(taxableCents, cutOff), PAYE_STANDARD_RATE);
  const higher = percentOf(Math.max(0, taxableCents - cutOff), PAYE_HIGHER_RATE);
  return Math.max(0, standard + higher - credits);
}

/** USC on gross pay by band; nothing when the annualised pay is within the exemption. */
export function uscCents(grossCents: number, periodsPerYear: number): number {
  if (grossCents <= perPeriodCents(ANNUAL.uscExemption, periodsPerYear)) return 0;
  let total = 0;
  let lower = 0;
  for (const band of USC_BANDS) {
    const upper = band.upTo === Infinity ? Infinity : perPeriodCents(band.upTo, periodsPerYear);
    const inBand = Math.min(grossCents, upper) - lower;
    if (inBand > 0) total += percentOf(inBand, band.rate);
    if (grossCents <= upper) break;
    lower = upper;
  }
  return total;
}

export interface PrsiFacts {
  prsiClass: PrsiClass;
  prsiExempt: boolean;
  director: boolean;
}

/**
 * The class that applies: a proprietary director recorded on class A pays class S (no employer PRSI);
 * everything else keeps its class.
 */
export function effectivePrsiClass(facts: PrsiFacts): PrsiClass {
  return facts.director && facts.prsiClass === "a" ? "s" : facts.prsiClass;
}

/** Employee PRSI: class rate on all reckonable pay once pay is above the class threshold. */
export function prsiEmployeeCents(reckonableCents: number, periodsPerYear: number, facts: PrsiFacts): number {
  if (facts.prsiExempt || reckonableCents <= 0) return 0;
  const cls = effectivePrsiClass(facts);
  const threshold =
    cls === "a"
      ? weeklyToPeriodCents(PRSI_THRESHOLDS.employeeWeekly, periodsPerYear)
      : cls === "s"
        ? perPeriodCents(PRSI_THRESHOLDS.classSAnnual, periodsPerYear)
        : 0;
  if (reckonableCents <= threshold) return 0;
  return percentOf(reckonableCents, PRSI_RATES[cls].employee);
}

/** Employer PRSI: class A at the higher rate above the weekly threshold, otherwise the lower rate. */
export function prsiEmployerCents(reckonableCents: number, periodsPerYear: number, facts: PrsiFacts): number {
  if (facts.prsiExempt || reckonableCents <= 0) return 0;
  const rates = PRSI_RATES[effectivePrsiClass(facts)];
  const higher = reckonableCents > weeklyToPeriodCents(PRSI_THRESHOLDS.employerHigherWeekly, periodsPerYear);
  return percentOf(reckonableCents, higher ? rates.employerHigher : rates.employerLower);
}
