/**
 * The pay calendar of the Month-end overview: for a wave's open period, the pay date, the notification date and the
 * finalisation deadline, from the wave's own fields, and where the deadline stands today. Pure: today is an argument
 * (the flow reads it from its clock), dates are `YYYY-MM-DD` strings, arithmetic in UTC days so no time zone moves a
 * date.
 *
 * Where the API document is silent (docs/month-end.md, "The pay calendar"):
 * - `payslip_payment_day` of a monthly wave is a day of the month, in the month the period ends, a day past that
 *   month's last day falling on its last day (31 in February is 28/02 or 29/02); of a weekly or fortnightly wave it is
 *   a weekday (1 Monday … 7 Sunday, 0 also Sunday), the last one on or before the period's end. Not set: the pay date
 *   is the period's end date, the date the payslips carry.
 * - `finalisation_days_before` and `notification_days_before` count working days (Monday to Friday, not an Irish
 *   public holiday) back from the pay date: a bureau cannot finalise or send a bank file on a bank holiday.
 */
import type { Wave } from "../../../contract";
import type { CellValue, ColumnSpec } from "../../../xl/columns";

export type CalendarFields = Pick<
  Wave,
  "length_months" | "finalisation_days_before" | "notification_days_before" | "payslip_payment_day"
>;

export interface WaveCalendar {
  payDate: string;
  /** Null when the wave's field is not set. */
  notificationDate: string | null;
  finalisationDeadline: string | null;
  /** "Due today", "Due in 3 days", "Overdue by 2 days", "Finalised", "Deadline not set". */
  deadline: string;
  /** Days from today to the deadline (negative: overdue); null when finalised or not set. */
  daysLeft: number | null;
  /** Not finalised, and the deadline is on or before this week's Sunday (overdue included). */
  dueThisWeek: boolean;
}

export const NOT_SET = "not set";
const DAY = 86_400_000;

const toDays = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY;
const fromDays = (days: number) => new Date(days * DAY).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday. */
const weekday = (days: number) => new Date(days * DAY).getUTCDay();
const lastDayOfMonth = (year: number, month1: number) => new Date(Date.UTC(year, month1, 0)).getUTCDate();
const iso = (year: number, month1: number, day: number) => fromDays(Date.UTC(year, month1 - 1, day) / DAY);

/** The local calendar date of a moment: the accountant's today. */
export function localIsoDate(at: Date): string {
  return iso(at.getFullYear(), at.getMonth() + 1, at.getDate());
}

/** Easter Sunday (Gregorian; the anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** The n-th Monday of a month (n = -1: the last). */
function monday(year: number, month1: number, n: number): number {
  if (n > 0) {
    const first = Date.UTC(year, month1 - 1, 1) / DAY;
    return first + ((8 - weekday(first)) % 7) + 7 * (n - 1);
  }
  const last = Date.UTC(year, month1, 0) / DAY;
  return last - ((weekday(last) + 6) % 7);
}

const holidayCache = new Map<number, Set<number>>();

/**
 * Ireland's public holidays of a year, as days: the fixed dates, Easter Monday, St Brigid's Day (first Monday of
 * February, or 1 February when that is a Friday), the May, June and August Mondays, the last Monday of October. A
 * fixed-date holiday on a Saturday or Sunday gives the next weekday that is not already a holiday instead, as Irish
 * employers and banks observe it.
 */
export function irishPublicHolidays(year: number): Set<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<number>();
  const brigid = Date.UTC(year, 1, 1) / DAY;
  days.add(toDays(easterSunday(year)) + 1);
  if (year >= 2023) days.add(weekday(brigid) === 5 ? brigid : monday(year, 2, 1));
  days.add(monday(year, 5, 1));
  days.add(monday(year, 6, 1));
  days.add(monday(year, 8, 1));
  days.add(monday(year, 10, -1));
  const weekend = (day: number) => weekday(day) === 0 || weekday(day) === 6;
  const fixed = [
    [1, 1],
    [3, 17],
    [12, 25],
    [12, 26],
  ].map(([m, d]) => Date.UTC(year, m - 1, d) / DAY);
  // Weekday holidays first, so a weekend one's substitute skips them (Christmas 2022 on a Sunday: Tuesday 27th).
  for (const day of fixed) if (!weekend(day)) days.add(day);
  for (const day of fixed.filter(weekend)) {
    let next = day;
    while (weekend(next) || days.has(next)) next++;
    days.add(next);
  }
  holidayCache.set(year, days);
  return days;
}

export function isWorkingDay(days: number): boolean {
  const w = weekday(days);
  return w !== 0 && w !== 6 && !irishPublicHolidays(new Date(days * DAY).getUTCFullYear()).has(days);
}

/** The date `n` working days before `date` (n = 0: the date itself). */
export function workingDaysBefore(date: string, n: number): string {
  let days = toDays(date);
  for (let left = n; left > 0;) {
    days--;
    if (isWorkingDay(days)) left--;
  }
  return fromDays(days);
}

/** The pay date of the period ending `periodEnd`: the wave's payment day when set and valid, else the period's end. */
export function payDate(wave: Pick<CalendarFields, "length_months" | "payslip_payment_day">, periodEnd: string): string {
  const day = wave.payslip_payment_day;
  if (day === null || day === undefined || !Number.isInteger(day)) return periodEnd;
  const [year, month] = [+periodEnd.slice(0, 4), +periodEnd.slice(5, 7)];
  if (wave.length_months > 0)
    return day >= 1 && day <= 31 ? iso(year, month, Math.min(day, lastDayOfMonth(year, month))) : periodEnd;
  if (day < 0 || day > 7) return periodEnd;
  const end = toDays(periodEnd);
  return fromDays(end - ((weekday(end) - (day % 7) + 7) % 7));
}

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** Where a deadline stands today. */
export function deadlineStatus(
  deadline: string | null,
  today: string,
  finalised: boolean,
): Pick<WaveCalendar, "deadline" | "daysLeft"> {
  if (finalised) return { deadline: "Finalised", daysLeft: null };
  if (!deadline) return { deadline: "Deadline not set", daysLeft: null };
  const left = toDays(deadline) - toDays(today);
  const deadlineText = left === 0 ? "Due today" : left > 0 ? `Due in ${days(left)}` : `Overdue by ${days(-left)}`;
  return { deadline: deadlineText, daysLeft: left };
}

/** The Sunday ending the week (Monday to Sunday) of `today`. */
export const weekEnd = (today: string) => fromDays(toDays(today) + ((7 - weekday(toDays(today))) % 7));

/** The calendar of one wave's open period. `finalised`: every payslip of the period is finalised. */
export function waveCalendar(wave: CalendarFields, periodEnd: string, finalised: boolean, today: string): WaveCalendar {
  const pay = payDate(wave, periodEnd);
  const back = (n: number | null) =>
    n === null || n === undefined || !Number.isInteger(n) || n < 0 ? null : workingDaysBefore(pay, n);
  const finalisationDeadline = back(wave.finalisation_days_before);
  const status = deadlineStatus(finalisationDeadline, today, finalised);
  return {
    payDate: pay,
    notificationDate: back(wave.notification_days_before),
    finalisationDeadline,
    ...status,
    dueThisWeek: !finalised && finalisationDeadline !== null && finalisationDeadline <= weekEnd(today),
  };
}

interface CalendarSource {
  clientId: number;
  waveId: number;
  payslipDate: string;
  payslips: number;
  finalised: number;
  calendar?: WaveCalendar;
}

/** Each overview row with its open period's calendar, from its wave (matched by client and wave). */
export function withCalendar<R extends CalendarSource>(
  rows: readonly R[],
  waves: readonly (CalendarFields & Pick<Wave, "id" | "client_id">)[],
  today: string,
): R[] {
  return rows.map((row) => {
    const wave = waves.find((w) => w.id === row.waveId && w.client_id === row.clientId);
    const finalised = row.payslips > 0 && row.finalised === row.payslips;
    return wave ? { ...row, calendar: waveCalendar(wave, row.payslipDate, finalised, today) } : row;
  });
}

/** Row orders the accountant can choose; kept in the document setting with the nett pay limit. */
export const OVERVIEW_ORDERS = ["client", "deadline"] as const;
export type OverviewOrder = (typeof OVERVIEW_ORDERS)[number];

/**
 * Rows by finalisation deadline: the nearest (overdue first) on top, then rows without a deadline, then finalised
 * periods; the clients' order among equals. Stable, so the same deadlines keep their order from refresh to refresh.
 */
export function byDeadline<R extends { calendar?: WaveCalendar }>(rows: readonly R[]): R[] {
  const rank = (c?: WaveCalendar) => (c?.deadline === "Finalised" ? 2 : c?.finalisationDeadline ? 0 : 1);
  return rows
    .map((row, i) => ({ row, i }))
    .sort(
      (a, b) =>
        rank(a.row.calendar) - rank(b.row.calendar) ||
        (a.row.calendar?.finalisationDeadline ?? "").localeCompare(b.row.calendar?.finalisationDeadline ?? "") ||
        a.i - b.i,
    )
    .map((x) => x.row);
}

/** The calendar's columns in the overview table, after Payslip date. Dates not set are the words "not set". */
export const CALENDAR_COLUMNS: ColumnSpec[] = [
  { key: "pay_date", header: "Pay date", type: "date" },
  { key: "notification_date", header: "Notification date", type: "date" },
  { key: "finalisation_deadline", header: "Finalisation deadline", type: "date" },
  { key: "deadline", header: "Deadline", type: "text" },
];

/** The column the chart shows when it shows what is due this week: the row's nett pay, blank when not due. */
export const DUE_THIS_WEEK_COLUMN: ColumnSpec = { key: "due_this_week", header: "Nett pay due this week", type: "currency" };

export function calendarCells(c: WaveCalendar): CellValue[] {
  return [c.payDate, c.notificationDate ?? NOT_SET, c.finalisationDeadline ?? NOT_SET, c.deadline];
}
