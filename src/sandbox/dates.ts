/** Date helpers the engine's period arithmetic does not already provide. */
import { addDays, dayNumber, daysInMonth } from "./engine";

export { addDays, dayNumber };

/** A timestamp with an explicit UTC offset for a date (noon UTC, so it reads as that day around Ireland). */
export function dateTime(date: string, hour = 12): string {
  return `${date}T${String(hour).padStart(2, "0")}:00:00Z`;
}

/** The same day `months` months later, clamped to the month's last day (2026-01-31 + 1 = 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12 + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function diffDays(a: string, b: string): number {
  return dayNumber(a) - dayNumber(b);
}
