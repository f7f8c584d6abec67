/** Number-format display and Excel's reading of typed entries, which the grid and Range.values rely on. */
import { formatValue, parseEntry } from "../../src/emulator";

describe("formatValue", () => {
  test.each([
    [1234.5, "General", "1234.5"],
    [0.1 + 0.2, "General", "0.3"],
    [123456789012, "General", "1.23457E+11"],
    [-1234.5, "#,##0.00", "-1,234.50"],
    [1234.5, "#,##0.00;(#,##0.00)", "1,234.50"],
    [-1234.5, "#,##0.00;(#,##0.00)", "(1,234.50)"],
    [0, '#,##0.00;-#,##0.00;"-"', "-"],
    [42, "0", "42"],
    [7, "000", "007"],
    [1.5, "#,##0.######", "1.5"],
    [0.125, "0.00%", "12.50%"],
    [99.5, "€#,##0.00", "€99.50"],
    [45322, "yyyy-mm-dd", "2024-01-31"],
    [45322, "dd/mm/yyyy", "31/01/2024"],
    [45322.75, "yyyy-mm-dd hh:mm", "2024-01-31 18:00"],
    [45322.75, "h:mm AM/PM", "6:00 PM"],
    [45322, "d mmm yyyy", "31 Jan 2024"],
    [45322, "dddd", "Wednesday"],
    [45322, "ddd d mmmm yy", "Wed 31 January 24"],
    [45322, "m/d/yyyy", "1/31/2024"],
    [45322 + (9 * 3600 + 5 * 60 + 7) / 86400, "m:ss", "5:07"], // m before seconds is minutes
    [45322 + (9 * 3600 + 5 * 60 + 7) / 86400, "h:m", "9:5"], // m after an hour is minutes
    [45322.25, '"at" hh\\h', "at 06h"],
    [60, "yyyy-mm-dd", "1900-02-29"], // Excel's phantom leap day
  ])("%p in %p shows %p", (value, format, text) => {
    expect(formatValue(value, format)).toBe(text);
  });

  test("text, booleans and empty cells", () => {
    expect(formatValue("=x", "@")).toBe("=x");
    expect(formatValue(true, "General")).toBe("TRUE");
    expect(formatValue(null, "0.00")).toBe("");
  });
});

describe("parseEntry", () => {
  test.each([
    ["42", "General", { value: 42 }],
    ["-5", "General", { value: -5 }],
    ["1,234.5", "General", { value: 1234.5 }],
    ["12%", "General", { value: 0.12, numberFormat: "0%" }],
    ["€1,200.50", "General", { value: 1200.5, numberFormat: "€#,##0.00" }],
    ["true", "General", { value: true }],
    ["2024-02-29", "General", { value: 45351, numberFormat: "yyyy-mm-dd" }],
    ["2024-02-30", "General", { value: "2024-02-30" }],
    ["'=1+1", "General", { value: "=1+1" }],
    ["=1+1", "General", { value: null, formula: "=1+1" }],
    ["+353 1 234", "General", { value: null, formula: "=+353 1 234" }],
    ["-5 days", "General", { value: null, formula: "=-5 days" }],
    ["@home", "General", { value: null, formula: "=@home" }],
    ["=1+1", "@", { value: "=1+1" }],
    ["007", "@", { value: "007" }],
    ["hello", "General", { value: "hello" }],
    ["", "General", { value: null }],
  ])("%p typed into a %p cell", (text, format, entry) => {
    expect(parseEntry(text, format)).toEqual(entry);
  });
});
