/* The pay calendar's date arithmetic: pay dates from the payment day (month ends, a day past the month's last, leap
 * years, weekdays), working days back over weekends and Irish public holidays, missing fields, and the status
 * against a fixed today. */
import {
  byDeadline,
  calendarCells,
  deadlineStatus,
  easterSunday,
  irishPublicHolidays,
  localIsoDate,
  payDate,
  waveCalendar,
  weekEnd,
  withCalendar,
  workingDaysBefore,
  type CalendarFields,
} from "../../../src/features/monthEnd/model/calendar";
import { OVERVIEW_COLUMNS, overviewGrid, overviewRows } from "../../../src/features/monthEnd/model/monthEnd";
import { nameSome, notesNowBesideOtherRows } from "../../../src/features/monthEnd/model/notesBeside";
import { employee, payslip, wave } from "../../support/fixtures";

const monthly = (fields: Partial<CalendarFields> = {}): CalendarFields => ({
  length_months: 1,
  finalisation_days_before: null,
  notification_days_before: null,
  payslip_payment_day: null,
  ...fields,
});
const weekly = (fields: Partial<CalendarFields> = {}): CalendarFields => ({ ...monthly(fields), length_months: 0 });
const isoDays = (year: number) =>
  [...irishPublicHolidays(year)].map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)).sort();

describe("pay date", () => {
  it("is the period's end date when the payment day is not set", () => {
    expect(payDate(monthly(), "2026-11-30")).toBe("2026-11-30");
    expect(payDate(weekly(), "2026-11-20")).toBe("2026-11-20");
  });

  it("is the payment day in the month the period ends; a day past the month's last day falls on its last day", () => {
    expect(payDate(monthly({ payslip_payment_day: 25 }), "2026-11-30")).toBe("2026-11-25");
    expect(payDate(monthly({ payslip_payment_day: 31 }), "2026-11-30")).toBe("2026-11-30");
    expect(payDate(monthly({ payslip_payment_day: 31 }), "2026-04-30")).toBe("2026-04-30");
    // February: 28 days in 2027, 29 in the leap year 2028; 2100 is not a leap year.
    expect(payDate(monthly({ payslip_payment_day: 30 }), "2027-02-28")).toBe("2027-02-28");
    expect(payDate(monthly({ payslip_payment_day: 30 }), "2028-02-29")).toBe("2028-02-29");
    expect(payDate(monthly({ payslip_payment_day: 31 }), "2100-02-28")).toBe("2100-02-28");
    // A period ending on the 25th, paid on the 28th: later in the same month.
    expect(payDate(monthly({ payslip_payment_day: 28 }), "2026-11-25")).toBe("2026-11-28");
  });

  it("of a weekly wave is the payment weekday on or before the period's end (1 Monday … 7 Sunday, 0 Sunday too)", () => {
    // 20/11/2026 is a Friday.
    expect(payDate(weekly({ payslip_payment_day: 5 }), "2026-11-20")).toBe("2026-11-20");
    expect(payDate(weekly({ payslip_payment_day: 3 }), "2026-11-20")).toBe("2026-11-18");
    expect(payDate(weekly({ payslip_payment_day: 6 }), "2026-11-20")).toBe("2026-11-14");
    expect(payDate(weekly({ payslip_payment_day: 7 }), "2026-11-20")).toBe("2026-11-15");
    expect(payDate(weekly({ payslip_payment_day: 0 }), "2026-11-20")).toBe("2026-11-15");
    // Across a year end.
    expect(payDate(weekly({ payslip_payment_day: 4 }), "2027-01-01")).toBe("2026-12-31");
  });

  it("ignores a payment day out of range: the period's end", () => {
    expect(payDate(monthly({ payslip_payment_day: 0 }), "2026-11-30")).toBe("2026-11-30");
    expect(payDate(monthly({ payslip_payment_day: 32 }), "2026-11-30")).toBe("2026-11-30");
    expect(payDate(weekly({ payslip_payment_day: 8 }), "2026-11-20")).toBe("2026-11-20");
  });
});

describe("working days and Irish public holidays", () => {
  it("knows Easter Sunday", () => {
    expect(["2024", "2025", "2026", "2027", "2038"].map((y) => easterSunday(+y))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });

  it("lists the year's public holidays, a weekend holiday moved to the next free weekday", () => {
    expect(isoDays(2026)).toEqual([
      "2026-01-01",
      "2026-02-02", // St Brigid's Day: first Monday of February (1/2/2026 is a Sunday)
      "2026-03-17",
      "2026-04-06", // Easter Monday
      "2026-05-04",
      "2026-06-01",
      "2026-08-03",
      "2026-10-26",
      "2026-12-25",
      "2026-12-28", // St Stephen's Day is a Saturday
    ]);
    // 25 and 26 December 2027 are a Saturday and a Sunday: the Monday and the Tuesday.
    expect(isoDays(2027).slice(-2)).toEqual(["2027-12-27", "2027-12-28"]);
    // Christmas 2022 was a Sunday and St Stephen's Day the Monday: Christmas moved to the Tuesday.
    expect(isoDays(2022).slice(-2)).toEqual(["2022-12-26", "2022-12-27"]);
    // New Year's Day 2022 was a Saturday: Monday 3 January.
    expect(isoDays(2022)[0]).toBe("2022-01-03");
    // 1 February 2030 is a Friday: St Brigid's Day is that Friday.
    expect(isoDays(2030)).toContain("2030-02-01");
  });

  it("counts working days back over weekends and holidays", () => {
    expect(workingDaysBefore("2026-11-25", 0)).toBe("2026-11-25");
    expect(workingDaysBefore("2026-11-25", 2)).toBe("2026-11-23");
    // Monday 30/11/2026 less one working day: Friday 27/11.
    expect(workingDaysBefore("2026-11-30", 1)).toBe("2026-11-27");
    // A Sunday pay date less one: the Friday before.
    expect(workingDaysBefore("2026-11-29", 1)).toBe("2026-11-27");
    // Tuesday 29/12/2026 less two: over St Stephen's (Mon 28), the weekend and Christmas (Fri 25): Wed 23/12.
    expect(workingDaysBefore("2026-12-29", 2)).toBe("2026-12-23");
    // Across a leap day: 1/3/2028 is a Wednesday, 29/2/2028 a Tuesday.
    expect(workingDaysBefore("2028-03-01", 1)).toBe("2028-02-29");
    expect(workingDaysBefore("2028-03-01", 2)).toBe("2028-02-28");
  });
});

describe("the calendar of a wave's open period", () => {
  const wave25 = monthly({ payslip_payment_day: 25, finalisation_days_before: 3, notification_days_before: 5 });

  it("gives the pay date, the notification date and the deadline, in working days before the pay date", () => {
    // Wednesday 25/11/2026: three working days before is Friday 20/11, five is Wednesday 18/11.
    expect(waveCalendar(wave25, "2026-11-30", false, "2026-11-17")).toEqual({
      payDate: "2026-11-25",
      notificationDate: "2026-11-18",
      finalisationDeadline: "2026-11-20",
      deadline: "Due in 3 days",
      daysLeft: 3,
      dueThisWeek: true,
    });
  });

  it("says Due today, Due in 1 day, Overdue by N days, and Finalised, against a fixed today", () => {
    const status = (today: string, finalised = false) => waveCalendar(wave25, "2026-11-30", finalised, today).deadline;
    expect(status("2026-11-20")).toBe("Due today");
    expect(status("2026-11-19")).toBe("Due in 1 day");
    expect(status("2026-11-21")).toBe("Overdue by 1 day");
    expect(status("2026-11-23")).toBe("Overdue by 3 days");
    expect(status("2026-11-23", true)).toBe("Finalised");
    expect(deadlineStatus("2026-12-01", "2026-11-01", false)).toEqual({ deadline: "Due in 30 days", daysLeft: 30 });
  });

  it("says not set for each missing field; the pay date is then the period's end", () => {
    const c = waveCalendar(monthly(), "2026-11-30", false, "2026-11-17");
    expect(c).toMatchObject({ payDate: "2026-11-30", notificationDate: null, finalisationDeadline: null });
    expect(c.deadline).toBe("Deadline not set");
    expect(c.dueThisWeek).toBe(false);
    expect(calendarCells(c)).toEqual(["2026-11-30", "not set", "not set", "Deadline not set"]);
    // Notification set, finalisation not.
    expect(calendarCells(waveCalendar(monthly({ notification_days_before: 1 }), "2026-11-30", false, "2026-11-17"))).toEqual([
      "2026-11-30",
      "2026-11-27",
      "not set",
      "Deadline not set",
    ]);
  });

  it("is due this week when the deadline is on or before this week's Sunday and the period is not finalised", () => {
    expect(weekEnd("2026-11-23")).toBe("2026-11-29");
    expect(weekEnd("2026-11-29")).toBe("2026-11-29");
    const due = (today: string, finalised = false) => waveCalendar(wave25, "2026-11-30", finalised, today).dueThisWeek;
    expect(due("2026-11-16")).toBe(true); // Monday of the deadline's week
    expect(due("2026-11-09")).toBe(false); // the week before
    expect(due("2026-11-24")).toBe(true); // overdue is still due
    expect(due("2026-11-24", true)).toBe(false);
  });

  it("takes today as the local date of the clock's moment", () => {
    expect(localIsoDate(new Date(2026, 1, 28, 23, 59))).toBe("2026-02-28");
    expect(localIsoDate(new Date(2028, 1, 29, 0, 1))).toBe("2028-02-29");
  });
});

describe("in the overview", () => {
  const w = (id: number, fields: Partial<CalendarFields>) => ({ ...wave(id, `Wave ${id}`), ...fields });
  const emp = (id: number, waveId: number, date: string, finalised: boolean) =>
    employee(id, { wave_id: waveId, recent_payslips: [payslip(id * 10, date, { finalised })] });

  it("fills the calendar columns and orders rows by deadline, finalised last, rows without a deadline before them", () => {
    const lists = {
      client: { id: 1, name: "Liffey Engineering Ltd" },
      waves: [
        w(11, { payslip_payment_day: 25, finalisation_days_before: 1 }),
        w(12, { finalisation_days_before: 2 }),
        w(13, {}),
        w(14, { finalisation_days_before: 1 }),
      ],
      employees: [
        emp(1, 11, "2026-11-30", false),
        emp(2, 12, "2026-11-20", false),
        emp(3, 13, "2026-11-30", false),
        emp(4, 14, "2026-11-30", true),
      ],
    };
    const rows = withCalendar(overviewRows([lists], []), lists.waves, "2026-11-20");
    expect(rows.map((r) => [r.waveId, r.calendar?.finalisationDeadline, r.calendar?.deadline])).toEqual([
      [11, "2026-11-24", "Due in 4 days"],
      [12, "2026-11-18", "Overdue by 2 days"],
      [13, null, "Deadline not set"],
      [14, "2026-11-27", "Finalised"],
    ]);
    expect(byDeadline(rows).map((r) => r.waveId)).toEqual([12, 11, 13, 14]);

    const grid = overviewGrid(rows);
    const at = (key: string) => OVERVIEW_COLUMNS.findIndex((c) => c.key === key);
    expect(grid.every((r) => r.length === OVERVIEW_COLUMNS.length)).toBe(true);
    expect(
      grid.map((r) => [r[at("pay_date")], r[at("finalisation_deadline")], r[at("deadline")], r[at("due_this_week")]]),
    ).toEqual([
      ["2026-11-25", "2026-11-24", "Due in 4 days", null], // next week (today is Friday 20/11)
      ["2026-11-20", "2026-11-18", "Overdue by 2 days", 1000],
      ["2026-11-30", "not set", "Deadline not set", null],
      ["2026-11-30", "2026-11-27", "Finalised", null],
    ]);
  });
});

describe("notes beside rows that moved", () => {
  // Title, stamp, header, then rows from sheet row 4; the table is 3 columns wide here, a note in column E.
  const used = {
    address: "A1:E6",
    values: [
      ["Month-end overview", "", "", "", ""],
      ["Last refreshed", "", "", "", ""],
      ["Client", "Client ID", "Wave ID", "", ""],
      ["A", 1, 11, "", "Chase timesheets"],
      ["A", 1, 12, "", ""],
      ["B", 2, 21, "", "Call Monday"],
    ],
  };
  const before = { keys: ["1/11", "1/12", "2/21"], ownColumns: 3 };

  it("names the sheet rows whose client and wave changed and that have a note right of the table", () => {
    expect(notesNowBesideOtherRows(before, used, 3, ["1/11", "1/12", "2/21"])).toEqual([]);
    expect(notesNowBesideOtherRows(before, used, 3, ["1/12", "1/11", "2/21"])).toEqual([4]);
    expect(notesNowBesideOtherRows(before, used, 3, ["2/21", "1/11", "1/12"])).toEqual([4, 6]);
    // A row gone from the end: its note is beside no row now.
    expect(notesNowBesideOtherRows(before, used, 3, ["1/11", "1/12"])).toEqual([6]);
    expect(notesNowBesideOtherRows(before, null, 3, ["1/12", "1/11"])).toEqual([]);
    // A used range starting at column B: its first column is B.
    const shifted = { address: "B1:E6", values: used.values.map((r) => r.slice(1)) };
    expect(notesNowBesideOtherRows(before, shifted, 3, ["1/12", "1/11", "2/21"])).toEqual([4]);
  });

  it("names a few cells and counts the rest", () => {
    expect(nameSome(["V4", "W5"])).toBe("V4, W5");
    expect(nameSome(["A", "B", "C", "D", "E", "F", "G"])).toBe("A, B, C, D, E and 2 more");
  });
});
