/**
 * Appends grow the table whatever the AutoCorrect option "Include new rows and columns in table" (issue 26, risky
 * 3): with the option off, Excel leaves rows written under a table outside it (office-js #6745), and the preview
 * does the same. Table.resize where ExcelApi 1.13 is supported, Table.rows.add of blank rows otherwise or when
 * something lies below the table. Each test fails against the layer that relied on Excel's auto-expansion.
 */
import type { ColumnSpec, WorkbookPort } from "../../src/excel";
import type { PreviewWorkbookOptions, WorkbookModel } from "../../src/emulator";
import { previewPort } from "../support/previewExcel";

let wb: WorkbookModel;
let port: WorkbookPort;
function setup(model: PreviewWorkbookOptions = {}) {
  ({ wb, port } = previewPort(model));
}

const columns: ColumnSpec[] = [
  { key: "when", header: "When", type: "text" },
  { key: "sheet", header: "Sheet", type: "text" },
  { key: "cells", header: "Cells", type: "integer" },
];
const log = (rows: (string | number)[][]) =>
  port.appendRows({ sheetName: "Push log", tableName: "PushLog", columns, rows, subtitle: "One line per push" });
const tableRect = () => {
  const t = wb.findTable("PushLog")!;
  return { r: t.r, rows: t.rows, cols: t.cols };
};

describe.each([
  ["ExcelApi 1.13 (Table.resize)", "1.17"],
  ["ExcelApi 1.12 (Table.rows.add)", "1.12"],
])("AutoCorrect 'Include new rows' off, host %s", (_name, host) => {
  beforeEach(() => setup({ autoCorrectTables: false, requirements: { host } }));

  test("appended lines land inside the table, and read back whole", async () => {
    await log([["09:00", "Pay A", 3]]); // the table is created with its first line
    await log([
      ["10:00", "Pay B", 4],
      ["10:05", "Pay C", 5],
    ]);
    await log([["11:00", "Pay D", 6]]);
    // Header on row 3, four lines below it.
    expect(tableRect()).toEqual({ r: 2, rows: 5, cols: 3 });
    const read = await port.readTable("Push log");
    expect(read?.rows.map((r) => r[1])).toEqual(["Pay A", "Pay B", "Pay C", "Pay D"]);
    expect(wb.getSheet("Push log").formatAt(4, 2)).toBe(wb.getSheet("Push log").formatAt(3, 2));
  });

  test("with a person's note below the table, it moves down and is never overwritten", async () => {
    await log([["09:00", "Pay A", 3]]);
    const sheet = wb.getSheet("Push log");
    sheet.enter(6, 0, "Checked by Aoife"); // A7, two rows under the table's last line (A4)
    await log([
      ["10:00", "Pay B", 4],
      ["10:05", "Pay C", 5],
    ]);
    expect(tableRect()).toEqual({ r: 2, rows: 4, cols: 3 });
    expect(sheet.valueAt(4, 1)).toBe("Pay B");
    expect(sheet.valueAt(8, 0)).toBe("Checked by Aoife");
  });
});

test("the option off in the preview: a write under the table does not grow it (as in Excel)", async () => {
  setup({ autoCorrectTables: false });
  await log([["09:00", "Pay A", 3]]);
  await Excel.run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Push log").getRange("A5:C5").values = [["10:00", "Pay B", 4]];
    await ctx.sync();
  });
  expect(tableRect().rows).toBe(2);
  wb.editCell(wb.getSheet("Push log"), 5, 0, "typed");
  expect(tableRect().rows).toBe(2);
});

test("with the option on (Excel's default), appending costs no more requests than writing under the table did", async () => {
  setup();
  await log([["09:00", "Pay A", 3]]);
  const before = wb.syncLog.length;
  await log([["10:00", "Pay B", 4]]);
  // find the table, describe it, one block written, the check that the table covers it (with the resize)
  expect(wb.syncLog.length - before).toBe(4);
  expect(tableRect().rows).toBe(3);
});
