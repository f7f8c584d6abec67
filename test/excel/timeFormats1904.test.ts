/**
 * Time and duration cells (h:mm, [h]:mm, mm:ss) in a 1904-system workbook: the Excel layer reads them as the
 * fractions of a day they hold, never as 1904 dates moved by 1,462 days; date cells next to them still are.
 */
import { createOfficeWorkbook, type ColumnSpec } from "../../src/excel";
import { toPortSerials } from "../../src/excel/dateSystem";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { isDateNumberFormat, isoDateToSerial, isTimeOnlyNumberFormat } from "../../src/xl/excelConventions";

const columns: ColumnSpec[] = [
  { key: "paid", header: "Paid on", type: "date" },
  { key: "start", header: "Start", type: "number", numberFormat: "h:mm" },
  { key: "hours", header: "Hours", type: "number", numberFormat: "[h]:mm" },
  { key: "lap", header: "Lap", type: "number", numberFormat: "mm:ss" },
  { key: "stamp", header: "Stamp", type: "number", numberFormat: "yyyy-mm-dd h:mm" },
];

test("in a 1904 workbook, reads move date cells to 1900 serials and leave time and duration cells alone", async () => {
  const wb = installPreviewExcel(globalThis, new WorkbookModel({ dateSystem: "1904" }));
  const port = createOfficeWorkbook({ now: () => new Date(2025, 0, 15, 9, 5) });
  const stamp1904 = isoDateToSerial("2025-01-31", "1904")! + 0.5;
  await port.writeTable({
    sheetName: "Times",
    tableName: "Times",
    columns,
    rows: [["2025-01-31", 0.375, 1.5, 0.00125, stamp1904]],
  });
  const sheet = wb.getSheet("Times");
  expect(sheet.textAt(3, 1)).toBe("9:00");
  const data = await port.readTable("Times");
  expect(data!.rows[0]).toEqual([isoDateToSerial("2025-01-31"), 0.375, 1.5, 0.00125, isoDateToSerial("2025-01-31")! + 0.5]);
});

test("toPortSerials converts calendar formats only", () => {
  const values = [[100, 0.5, 1.25, 0.01, 100.5, 100]];
  toPortSerials(values, [["yyyy-mm-dd", "h:mm", "[h]:mm", "mm:ss", "d/m/yyyy h:mm", "0.00"]]);
  expect(values).toEqual([[1562, 0.5, 1.25, 0.01, 1562.5, 100]]);
});

test("isTimeOnlyNumberFormat: times and durations, not dates, date-times or numbers", () => {
  for (const f of ["h:mm", "[h]:mm", "mm:ss", "h:mm AM/PM", "[mm]:ss", "hh:mm:ss.00", "[$-409]h:mm:ss AM/PM;@"]) {
    expect([f, isDateNumberFormat(f), isTimeOnlyNumberFormat(f)]).toEqual([f, true, true]);
  }
  for (const f of ["yyyy-mm-dd", "d/m/yyyy h:mm", "mmm-yy", "m/d/yy", "mm", "General", "0.00", "#,##0.00"]) {
    expect([f, isTimeOnlyNumberFormat(f)]).toEqual([f, false]);
  }
});
