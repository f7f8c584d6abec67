import { faker } from "@faker-js/faker";
import {
  addDays,
  dayNumber,
  daysInMonth,
  isLeapYear,
  normaliseFirstEndDate,
  periodContaining,
  periodEndDate,
  periodStartDate,
  periodsPerYear,
  waveLengths,
  type Frequency,
  type WavePeriods,
} from "../../src/sandbox/engine";
import { periodOffsetsBetween } from "../support/periods";

function normalised(frequency: Frequency, date: string, lastDay?: number): { wave: WavePeriods; offset: number } {
  const n = normaliseFirstEndDate(frequency, date, lastDay);
  if (!n.ok) throw new Error(n.error);
  return { wave: { frequency, first_end_date: n.first_end_date }, offset: n.first_period_offset };
}

describe("calendar", () => {
  test("leap years and month lengths", () => {
    expect([1900, 2000, 2023, 2024, 2100].map(isLeapYear)).toEqual([false, true, false, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
  });

  test("dayNumber refuses what is not a real date", () => {
    for (const bad of ["2025-02-29", "2025-13-01", "2025-1-01", "20250101", "2024-04-31"]) {
      expect(() => dayNumber(bad)).toThrow(RangeError);
    }
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2001-01-01", -1)).toBe("2000-12-31");
  });
});

describe("frequencies", () => {
  test("periods per year and lengths round-trip", () => {
    expect(["weekly", "fortnightly", "monthly"].map((f) => waveLengths(f as Frequency))).toEqual([
      { length_months: 0, length_weeks: 1 },
      { length_months: 0, length_weeks: 2 },
      { length_months: 1, length_weeks: 0 },
    ]);
    expect(["weekly", "fortnightly", "monthly"].map((f) => periodsPerYear(f as Frequency))).toEqual([52, 26, 12]);
  });
});

describe("weekly and fortnightly normalisation", () => {
  test("weekly: same weekday in 1–7 January 2001, offset in weeks", () => {
    // 2025-03-07 is a Friday; 5 January 2001 is a Friday.
    expect(normaliseFirstEndDate("weekly", "2025-03-07")).toEqual({
      ok: true,
      first_end_date: "2001-01-05",
      first_period_offset: 1261,
    });
    expect(normaliseFirstEndDate("weekly", "2001-01-01")).toEqual({
      ok: true,
      first_end_date: "2001-01-01",
      first_period_offset: 0,
    });
    // Sunday 31 December 2000 is the week before Sunday 7 January 2001.
    expect(normaliseFirstEndDate("weekly", "2000-12-31")).toEqual({
      ok: true,
      first_end_date: "2001-01-07",
      first_period_offset: -1,
    });
  });

  test("fortnightly keeps fortnight parity: dates a week apart normalise a week apart", () => {
    const a = normaliseFirstEndDate("fortnightly", "2025-03-07");
    const b = normaliseFirstEndDate("fortnightly", "2025-03-14");
    expect(a).toEqual({ ok: true, first_end_date: "2001-01-12", first_period_offset: 630 });
    expect(b).toEqual({ ok: true, first_end_date: "2001-01-05", first_period_offset: 631 });
  });

  test("the date given is the period end at first_period_offset, for random dates 1990–2060", () => {
    faker.seed(2001);
    for (let i = 0; i < 500; i++) {
      const date = faker.date.between({ from: "1990-01-01T00:00:00Z", to: "2060-12-31T00:00:00Z" }).toISOString().slice(0, 10);
      for (const f of ["weekly", "fortnightly"] as const) {
        const { wave, offset } = normalised(f, date);
        expect(wave.first_end_date.slice(0, 8)).toBe("2001-01-");
        expect(Number(wave.first_end_date.slice(8))).toBeLessThanOrEqual(f === "weekly" ? 7 : 14);
        expect(periodEndDate(wave, offset)).toBe(date);
        expect(periodContaining(wave, date)).toMatchObject({ offset, end_date: date });
        expect(periodContaining(wave, addDays(date, 1)).end_date).not.toBe(addDays(date, 1));
      }
    }
  });
});

describe("monthly normalisation", () => {
  test("normalises to 2001-01-<last_day_of_month>; offset in months", () => {
    expect(normaliseFirstEndDate("monthly", "2025-03-25", 25)).toEqual({
      ok: true,
      first_end_date: "2001-01-25",
      first_period_offset: 290,
    });
    expect(normaliseFirstEndDate("monthly", "2000-12-31", 31)).toEqual({
      ok: true,
      first_end_date: "2001-01-31",
      first_period_offset: -1,
    });
  });

  test("last_day_of_month 29–31 clamps to short months, leap years included", () => {
    const w31 = normalised("monthly", "2025-02-28", 31);
    expect(w31.wave.first_end_date).toBe("2001-01-31");
    const ends = [0, 1, 2, 3, 4].map((k) => periodEndDate(w31.wave, w31.offset + k));
    expect(ends).toEqual(["2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2025-06-30"]);
    const w29 = normalised("monthly", "2023-02-28", 29);
    expect(periodEndDate(w29.wave, w29.offset + 12)).toBe("2024-02-29");
    expect(periodEndDate(w29.wave, w29.offset + 13)).toBe("2024-03-29");
    const w30 = normalised("monthly", "2100-02-28", 30);
    expect(w30.wave.first_end_date).toBe("2001-01-30");
    expect(periodEndDate(w30.wave, w30.offset - 1200)).toBe("2000-02-29");
  });

  test("refuses a missing or out-of-range last_day_of_month, and a date that is not a period end", () => {
    expect(normaliseFirstEndDate("monthly", "2025-03-31")).toEqual({
      ok: false,
      error: "last_day_of_month is required for a monthly frequency",
    });
    expect(normaliseFirstEndDate("monthly", "2025-03-31", 32)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/1 to 31/),
    });
    expect(normaliseFirstEndDate("monthly", "2025-02-15", 31)).toEqual({
      ok: false,
      error: "first_end_date 2025-02-15 is not a period end for last_day_of_month 31: expected 2025-02-28",
    });
    expect(normaliseFirstEndDate("weekly", "2025-02-30")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/YYYY-MM-DD/),
    });
  });
});

describe("periods", () => {
  const waves: WavePeriods[] = [
    normalised("weekly", "2025-01-03").wave,
    normalised("fortnightly", "2025-01-10").wave,
    normalised("monthly", "2025-01-31", 31).wave,
    normalised("monthly", "2025-01-15", 15).wave,
  ];

  test.each(waves.map((w) => [`${w.frequency} ${w.first_end_date}`, w]))(
    "%s: periods are contiguous and contain their dates",
    (_, wave) => {
      faker.seed(7);
      for (let i = 0; i < 300; i++) {
        const date = faker.date.between({ from: "1995-01-01T00:00:00Z", to: "2040-12-31T00:00:00Z" }).toISOString().slice(0, 10);
        const p = periodContaining(wave, date);
        expect(dayNumber(p.start_date)).toBeLessThanOrEqual(dayNumber(date));
        expect(dayNumber(date)).toBeLessThanOrEqual(dayNumber(p.end_date));
        expect(periodStartDate(wave, p.offset + 1)).toBe(addDays(p.end_date, 1));
        expect(periodContaining(wave, p.start_date).offset).toBe(p.offset);
        expect(periodContaining(wave, p.end_date).offset).toBe(p.offset);
      }
    },
  );

  test("monthly 31st: February 2024 runs 1–29 February; a period end is found by its date", () => {
    const wave = waves[2];
    expect(periodContaining(wave, "2024-02-15")).toEqual({ offset: 277, start_date: "2024-02-01", end_date: "2024-02-29" });
    expect(periodContaining(wave, "2024-02-29").end_date).toBe("2024-02-29");
  });

  test("monthly 15th: a period runs from the 16th to the 15th", () => {
    expect(periodContaining(waves[3], "2025-03-20")).toMatchObject({ start_date: "2025-03-16", end_date: "2025-04-15" });
  });

  test("period ends within a range", () => {
    const weekly = waves[0];
    const offsets = periodOffsetsBetween(weekly, "2025-01-01", "2025-12-31");
    expect(offsets).toHaveLength(52);
    expect(periodEndDate(weekly, offsets[0])).toBe("2025-01-03");
    expect(periodEndDate(weekly, offsets[51])).toBe("2025-12-26");
    expect(periodOffsetsBetween(waves[2], "2024-01-01", "2024-12-31").map((k) => periodEndDate(waves[2], k).slice(5))).toEqual([
      "01-31",
      "02-29",
      "03-31",
      "04-30",
      "05-31",
      "06-30",
      "07-31",
      "08-31",
      "09-30",
      "10-31",
      "11-30",
      "12-31",
    ]);
  });

  test("a non-integer offset is refused", () => {
    expect(() => periodEndDate(waves[0], 1.5)).toThrow(RangeError);
  });
});
