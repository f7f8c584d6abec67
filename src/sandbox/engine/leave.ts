/**
 * Leave: accrual per period, days taken, balance and liability. Days are kept to two decimals (computed in
 * hundredths of a day, so balances are exact sums); money is in integer cents.
 */
import { divRound, roundCents } from "./money";
import { periodEndDate, type WavePeriods } from "./periods";

export type LeavePolicy =
  /** e.g. 8% of hours worked, converted to days at `hours_per_day`. */
  | { basis: "percent_of_hours"; percent: number; hours_per_day: number }
  /** e.g. 21 days a year, spread evenly over the year's periods. */
  | { basis: "days_per_year"; days: number }
  /** Taken as needed (sick leave): no accrual. */
  | { basis: "none" };

/**
 * Irish sick leave is not earned as you work: statutory sick leave (Sick Leave Act 2022; 5 days a year in 2025)
 * is a yearly cap on paid sick days, not a balance that builds up, unlike annual leave (Organisation of Working
 * Time Act 1997). So it accrues nothing, and its balance is minus the days taken.
 */
export const SICK_LEAVE_POLICY: LeavePolicy = { basis: "none" };

export const HOURS_PER_DAY = 8;

function hundredths(days: number): number {
  return roundCents(days * 100);
}

function days(h: number): number {
  return h / 100;
}

export interface AccrualContext {
  periods_per_year: number;
  /** Hours worked in the period (percent_of_hours). */
  hours_worked?: number;
  /**
   * The period's position in the leave year (1 = first period ending in the year). When given, days_per_year
   * accrual is spread so that the year's periods add up to the entitlement exactly.
   */
  period_index?: number;
}

/** Days accrued in one period. */
export function leaveAccrualDays(policy: LeavePolicy, ctx: AccrualContext): number {
  switch (policy.basis) {
    case "none":
      return 0;
    case "percent_of_hours":
      return days(hundredths(((ctx.hours_worked ?? 0) * policy.percent) / 100 / policy.hours_per_day));
    case "days_per_year": {
      const n = ctx.periods_per_year;
      const k = ctx.period_index;
      if (k === undefined) return days(hundredths(policy.days / n));
      if (k < 1 || k > n) return 0;
      return days(hundredths((policy.days * k) / n) - hundredths((policy.days * (k - 1)) / n));
    }
  }
}

/**
 * The position of a wave's period in its calendar (leave) year: 1 for the first period ending in the year.
 * Weekly waves have a 53rd period in some years; it accrues nothing under days_per_year.
 */
export function periodIndexInYear(wave: WavePeriods, offset: number): number {
  const year = periodEndDate(wave, offset).slice(0, 4);
  let k = 1;
  while (periodEndDate(wave, offset - k).slice(0, 4) === year) k++;
  return k;
}

/** Days taken by a list of leave days (hours null = a full day). */
export function leaveDaysTaken(leaveDays: readonly { hours: number | null }[], hoursPerDay = HOURS_PER_DAY): number {
  let total = 0;
  for (const d of leaveDays) total += d.hours === null ? 100 : hundredths(d.hours / hoursPerDay);
  return days(total);
}

/** A day's pay: the period's gross pay annualised, over working days in a year (weeks × days per week). */
export function dailyRateCents(periodGrossCents: number, periodsPerYear: number, workingDaysPerWeek = 5): number {
  if (workingDaysPerWeek <= 0) return 0;
  return divRound(periodGrossCents * periodsPerYear, 52 * workingDaysPerWeek);
}

/** Leave liability: days of balance × daily rate (a negative balance owes nothing). */
export function leaveLiabilityCents(balanceDays: number, dailyRate: number): number {
  return balanceDays <= 0 ? 0 : divRound(hundredths(balanceDays) * dailyRate, 100);
}
