/**
 * Wave (payment frequency) period arithmetic.
 *
 * A wave's first_end_date is stored normalised to January 2001, and every period is numbered by its offset
 * from that normalised date (offset 0 ends on it):
 * - weekly: the date in 1–7 January 2001 on the same weekday (1 January 2001 is a Monday);
 * - fortnightly: the date in 1–14 January 2001 a whole number of fortnights away (same weekday and parity);
 * - monthly: 2001-01-<last_day_of_month>. January has 31 days, so the normalised date itself records the
 *   wave's last_day_of_month; months shorter than that end on their own last day.
 * first_period_offset is the offset of the first_end_date given at creation. Dates before 2001 have
 * negative offsets. See docs/payroll-rules.md.
 */
export type Frequency = "weekly" | "fortnightly" | "monthly";

export const NORMALISED_YEAR = 2001;
const MS_PER_DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A wave as the period arithmetic needs it. `first_end_date` is the normalised date. */
export interface WavePeriods {
  frequency: Frequency;
  first_end_date: string;
}

export interface Period {
  offset: number;
  /** First day of the period (the day after the previous period's end). */
  start_date: string;
  end_date: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers (UTC day numbers; no time zones, no clock)

/** Days since 1970-01-01 for a YYYY-MM-DD date; throws RangeError for anything that is not a real date. */
export function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(y, mo - 1, d) / MS_PER_DAY;
}

export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function isDate(date: string): boolean {
  try {
    dayNumber(date);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** month is 1–12. */
export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function parts(date: string): { y: number; m: number; d: number } {
  dayNumber(date);
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

function ymd(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Frequencies

export function periodsPerYear(frequency: Frequency): 52 | 26 | 12 {
  return frequency === "weekly" ? 52 : frequency === "fortnightly" ? 26 : 12;
}

/** The full wave form's length_months / length_weeks. */
export function waveLengths(frequency: Frequency): { length_months: number; length_weeks: number } {
  if (frequency === "monthly") return { length_months: 1, length_weeks: 0 };
  return { length_months: 0, length_weeks: frequency === "weekly" ? 1 : 2 };
}

/** The simplified form's `frequency` text. */
export function frequencyText(frequency: Frequency): string {
  return frequency === "weekly" ? "Weekly" : frequency === "fortnightly" ? "Fortnightly" : "Monthly";
}

function weeksPerPeriod(frequency: Frequency): number {
  return frequency === "weekly" ? 1 : 2;
}

// ---------------------------------------------------------------------------------------------------------------
// Normalisation

export type Normalised = { ok: true; first_end_date: string; first_period_offset: number } | { ok: false; error: string };

/** The date a monthly period ends in a given month: last_day_of_month, or the month's last day if shorter. */
export function monthlyEndDate(year: number, month: number, lastDay: number): string {
  return ymd(year, month, Math.min(lastDay, daysInMonth(year, month)));
}

/**
 * Normalises a first_end_date (or interim_first_end_date) given at wave creation. Monthly waves need
 * last_day_of_month (1–31), and the date must be that day of its month (or the month's last day when the
 * month is shorter).
 */
export function normaliseFirstEndDate(frequency: Frequency, firstEndDate: string, lastDay?: number | null): Normalised {
  if (!isDate(firstEndDate))
    return { ok: false, error: `first_end_date must be a YYYY-MM-DD date (got ${JSON.stringify(firstEndDate)})` };
  if (frequency !== "monthly") {
    const base = dayNumber(ymd(NORMALISED_YEAR, 1, 1));
    const step = 7 * weeksPerPeriod(frequency);
    const given = dayNumber(firstEndDate);
    const first = base + mod(given - base, step);
    return { ok: true, first_end_date: fromDayNumber(first), first_period_offset: (given - first) / step };
  }
  if (lastDay === undefined || lastDay === null)
    return { ok: false, error: "last_day_of_month is required for a monthly frequency" };
  if (!Number.isInteger(lastDay) || lastDay < 1 || lastDay > 31) {
    return { ok: false, error: `last_day_of_month must be a whole number from 1 to 31 (got ${lastDay})` };
  }
  const { y, m, d } = parts(firstEndDate);
  const expected = monthlyEndDate(y, m, lastDay);
  if (d !== parts(expected).d) {
    return {
      ok: false,
      error: `first_end_date ${firstEndDate} is not a period end for last_day_of_month ${lastDay}: expected ${expected}`,
    };
  }
  return {
    ok: true,
    first_end_date: ymd(NORMALISED_YEAR, 1, lastDay),
    first_period_offset: (y - NORMALISED_YEAR) * 12 + (m - 1),
  };
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

// ---------------------------------------------------------------------------------------------------------------
// Offsets and dates

/** The end date of the period with this offset. */
export function periodEndDate(wave: WavePeriods, offset: number): string {
  if (!Number.isInteger(offset)) throw new RangeError(`Period offset must be an integer (got ${offset})`);
  if (wave.frequency === "monthly") {
    const months = NORMALISED_YEAR * 12 + offset;
    return monthlyEndDate(Math.floor(months / 12), mod(months, 12) + 1, parts(wave.first_end_date).d);
  }
  return addDays(wave.first_end_date, offset * 7 * weeksPerPeriod(wave.frequency));
}

/** The first day of the period with this offset. */
export function periodStartDate(wave: WavePeriods, offset: number): string {
  return addDays(periodEndDate(wave, offset - 1), 1);
}

/** The period that contains `date` (periods run from the day after the previous end to their end date). */
export function periodContaining(wave: WavePeriods, date: string): Period {
  let offset: number;
  if (wave.frequency === "monthly") {
    const { y, m } = parts(date);
    offset = (y - NORMALISED_YEAR) * 12 + (m - 1);
    if (dayNumber(date) > dayNumber(periodEndDate(wave, offset))) offset += 1;
  } else {
    const step = 7 * weeksPerPeriod(wave.frequency);
    offset = Math.ceil((dayNumber(date) - dayNumber(wave.first_end_date)) / step) || 0;
  }
  return { offset, start_date: periodStartDate(wave, offset), end_date: periodEndDate(wave, offset) };
}
