import {
  dailyRateCents,
  leaveAccrualDays,
  leaveDaysTaken,
  leaveLiabilityCents,
  normaliseFirstEndDate,
  periodIndexInYear,
  type WavePeriods,
} from "../../src/sandbox/engine";
import { periodOffsetsBetween } from "../support/periods";

const annual = { basis: "days_per_year" as const, days: 21 };

function wave(frequency: "weekly" | "fortnightly" | "monthly", date: string, lastDay?: number): WavePeriods {
  const n = normaliseFirstEndDate(frequency, date, lastDay);
  if (!n.ok) throw new Error(n.error);
  return { frequency, first_end_date: n.first_end_date };
}

describe("accrual", () => {
  test("21 days a year: without a position, a rounded share per period", () => {
    expect(leaveAccrualDays(annual, { periods_per_year: 12 })).toBe(1.75);
    expect(leaveAccrualDays(annual, { periods_per_year: 52 })).toBe(0.4);
  });

  test.each([
    ["weekly", wave("weekly", "2025-01-03"), 52],
    ["fortnightly", wave("fortnightly", "2025-01-10"), 26],
    ["monthly", wave("monthly", "2025-01-31", 31), 12],
  ] as const)("%s: a year's accruals add up to exactly 21 days", (_, w, ppy) => {
    const offsets = periodOffsetsBetween(w, "2025-01-01", "2025-12-31");
    let hundredths = 0;
    for (const k of offsets)
      hundredths += Math.round(leaveAccrualDays(annual, { periods_per_year: ppy, period_index: periodIndexInYear(w, k) }) * 100);
    expect(hundredths).toBe(2100);
  });

  test("a weekly wave's 53rd period in a year accrues nothing", () => {
    // 2026 starts on a Thursday, so it has 53 Thursdays.
    const w = wave("weekly", "2026-01-01");
    const offsets = periodOffsetsBetween(w, "2026-01-01", "2026-12-31");
    expect(offsets).toHaveLength(53);
    expect(periodIndexInYear(w, offsets[52])).toBe(53);
    expect(leaveAccrualDays(annual, { periods_per_year: 52, period_index: 53 })).toBe(0);
  });

  test("8% of hours worked, in days of 8 hours; sick leave does not accrue", () => {
    const pct = { basis: "percent_of_hours" as const, percent: 8, hours_per_day: 8 };
    expect(leaveAccrualDays(pct, { periods_per_year: 52, hours_worked: 40 })).toBe(0.4);
    expect(leaveAccrualDays(pct, { periods_per_year: 52, hours_worked: 37.5 })).toBe(0.38); // 3 h = 0.375 days
    expect(leaveAccrualDays(pct, { periods_per_year: 52 })).toBe(0);
  });
});

describe("taken, balance and liability", () => {
  test("hours null is a full day; hours are eighths of a day", () => {
    expect(leaveDaysTaken([{ hours: null }, { hours: 4 }, { hours: 2 }])).toBe(1.75);
    expect(leaveDaysTaken([])).toBe(0);
  });

  test("daily rate and liability", () => {
    // €3,000 a month = €36,000 a year over 260 working days = €138.4615…
    expect(dailyRateCents(300000, 12)).toBe(13846);
    expect(leaveLiabilityCents(10.5, 13846)).toBe(145383); // 10.5 × 138.46 = 1,453.83
    expect(leaveLiabilityCents(-2, 13846)).toBe(0);
    expect(dailyRateCents(100000, 52, 4)).toBe(25000);
  });
});
