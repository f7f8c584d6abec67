/** Date helpers the engine's period arithmetic does not already provide. */
import { addDays as engineAddDays, dayNumber as engineDayNumber, daysInMonth } from "../engine";

/*
 * Memoised day numbers and date strings: demo generation does date arithmetic for every payslip and leave day of
 * 30,000 employees over a few thousand distinct dates, and the engine's exact conversions allocate a Date each time.
 */
const toDay = new Map<string, number>();
const toDate = new Map<number, string>();

export function dayNumber(date: string): number {
  let n = toDay.get(date);
  if (n === undefined) {
    n = engineDayNumber(date);
    toDay.set(date, n);
  }
  return n;
}

export function dateOfDay(day: number): string {
  let s = toDate.get(day);
  if (s === undefined) {
    s = engineAddDays("1970-01-01", day);
    toDate.set(day, s);
  }
  return s;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** A timestamp with an explicit UTC offset for a date (noon UTC, so it reads as that day around Ireland). */
export function dateTime(date: string, hour = 12): string {
  return `${date}T${String(hour).padStart(2, "0")}:00:00Z`;
}

/** The same day `months` months later, clamped to the month's last day (2026-01-31 + 1 = 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = (((m % 12) + 12) % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
