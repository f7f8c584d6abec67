import {
  columnIndex,
  columnLetter,
  dateToSerial,
  isCorrectDateSerial,
  isoDateToSerial,
  quoteSheetName,
  safeSheetName,
  safeTableName,
  serialDayUtc,
  serialToIsoDate,
  sheetNameProblem,
  tableNameProblem,
} from "../../src/xl/excelConventions";

describe("date serials (1900 system)", () => {
  it.each([
    ["1900-01-01", 1],
    ["1900-01-15", 15],
    ["1900-02-28", 59],
    ["1900-03-01", 61],
    ["2025-01-31", 45688],
    ["9999-12-31", 2_958_465],
  ])("%s is serial %d and back", (iso, serial) => {
    expect(isoDateToSerial(iso)).toBe(serial);
    expect(serialToIsoDate(serial)).toBe(iso);
    expect(serialToIsoDate(serial + 0.75)).toBe(iso); // the time part is dropped
  });

  it("has no date for the phantom 1900-02-29 (serial 60), before 1900 or after 9999", () => {
    expect(isoDateToSerial("1900-02-29")).toBeNull();
    expect(isoDateToSerial("1899-12-31")).toBeNull();
    expect(isoDateToSerial("2025-02-30")).toBeNull();
    expect(isoDateToSerial("2025-1-5")).toBeNull();
    expect([60, 0, -1, 2_958_466, NaN].map((s) => serialToIsoDate(s))).toEqual([null, null, null, null, null]);
  });

  it("counts a Date's local wall-clock time, and knows which serials it counts correctly", () => {
    expect(dateToSerial(new Date(2025, 0, 31, 18))).toBe(45688.75);
    expect([60, 61, 2_958_465.5, 2_958_466].map((s) => isCorrectDateSerial(s))).toEqual([false, true, true, false]);
    expect(new Date(serialDayUtc(61)).toISOString().slice(0, 10)).toBe("1900-03-01");
    expect(new Date(serialDayUtc(59)).toISOString().slice(0, 10)).toBe("1900-02-28");
  });
});

describe("column letters", () => {
  it.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16_383, "XFD"],
  ])("%d is %s and back", (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
    expect(columnIndex(letters)).toBe(index);
    expect(columnIndex(letters.toLowerCase())).toBe(index);
  });
});

describe("sheet names", () => {
  it.each([
    ["", /blank/],
    ["x".repeat(32), /at most 31/],
    ["a/b", /cannot contain/],
    ["'quoted", /apostrophe/],
    ["HISTORY", /reserved/],
  ])("refuses %j", (name, message) => {
    expect(sheetNameProblem(name)).toMatch(message);
  });

  it("accepts 31 characters, spaces and inner apostrophes", () => {
    expect(sheetNameProblem("x".repeat(31))).toBeNull();
    expect(sheetNameProblem("Pay runs (O'Brien)")).toBeNull();
  });

  it("makes any text a name Excel accepts", () => {
    for (const base of ["a:b/c?d*[e]", "'x'", "   ", "History", "y".repeat(40)]) {
      const name = safeSheetName(base);
      expect(sheetNameProblem(name)).toBeNull();
    }
    expect(safeSheetName("a:b/c")).toBe("a-b-c");
  });

  it("quotes a sheet name in an address only when it must", () => {
    expect(quoteSheetName("Data_1")).toBe("Data_1");
    expect(quoteSheetName("Pay runs")).toBe("'Pay runs'");
    expect(quoteSheetName("O'Brien")).toBe("'O''Brien'");
  });
});

describe("table names", () => {
  it.each(["1abc", "A1", "xfd100", "R", "r1c1", "R2C", "has space", "x".repeat(256)])("refuses %j", (name) => {
    expect(tableNameProblem(name)).not.toBeNull();
  });

  it.each(["Inputs_12", "_t", "\\x", "Report.Data", "ABCD1"])("accepts %j", (name) => {
    expect(tableNameProblem(name)).toBeNull();
  });

  it("makes any text a name Excel accepts", () => {
    for (const base of ["Report_Pay runs (2 clients)", "2025", "A1", "R1C1", "é", "z".repeat(300)]) {
      expect(tableNameProblem(safeTableName(base))).toBeNull();
    }
    expect(safeTableName("A1")).toBe("T_A1");
  });
});
