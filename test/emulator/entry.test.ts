/** What Excel makes of typed day-first dates and times (the preview's host is en-IE), in both date systems. */
import { parseEntry } from "../../src/emulator/entry";

describe("typed dates and times", () => {
  it("reads d/m/yyyy day first, with Excel's date format, and refuses days that do not exist", () => {
    expect(parseEntry("01/01/2026", undefined)).toEqual({ value: 46023, numberFormat: "dd/mm/yyyy" });
    expect(parseEntry("1/1/2026", undefined, "1904")).toEqual({ value: 46023 - 1462, numberFormat: "dd/mm/yyyy" });
    expect(parseEntry("31/12/29", undefined).value).toBe(47483); // 2029: two-digit years 00-29 are 20xx
    expect(parseEntry("30/02/2026", undefined)).toEqual({ value: "30/02/2026" });
    expect(parseEntry("13/13/2026", undefined)).toEqual({ value: "13/13/2026" });
    // A cell already formatted keeps its format.
    expect(parseEntry("25/11/2026", "d mmm yyyy")).toEqual({ value: 46351, numberFormat: undefined });
  });

  it("reads h:mm, h:mm:ss and AM/PM as a fraction of a day, the same in both systems", () => {
    expect(parseEntry("9:30", undefined)).toEqual({ value: 9.5 / 24, numberFormat: "h:mm" });
    expect(parseEntry("9:30", undefined, "1904")).toEqual({ value: 9.5 / 24, numberFormat: "h:mm" });
    expect(parseEntry("17:45:30", undefined).numberFormat).toBe("h:mm:ss");
    expect(parseEntry("5:45 PM", undefined)).toEqual({ value: 17.75 / 24, numberFormat: "h:mm AM/PM" });
    expect(parseEntry("12:00 am", undefined).value).toBe(0);
    expect(parseEntry("24:00", undefined)).toEqual({ value: "24:00" });
    expect(parseEntry("9:75", undefined)).toEqual({ value: "9:75" });
  });
});
