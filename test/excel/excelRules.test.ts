/**
 * The Excel layer under the preview's stricter rules (issue G): requirement sets checked before use, very hidden
 * sheets, tables extended by writing under them, request sizes as Excel on the web counts them, cell-edit mode,
 * protected sheets, checked number formats and the 1904 date system. Each test fails against the layer as it was
 * before these rules.
 */
import type { ColumnSpec, WorkbookPort } from "../../src/excel";
import { defaultNumberFormat } from "../../src/excel/cellValues";
import { CELL_EDIT_MESSAGE, onCellEditWait } from "../../src/excel/cellEdit";
import type { OfficeWorkbookOptions } from "../../src/excel/officeWorkbook";
import { isoDateToSerial } from "../../src/xl/excelConventions";
import { MONEY_FORMAT } from "../../src/xl/columns";
import type { PreviewWorkbookOptions, WorkbookModel } from "../../src/emulator";
import { numberFormatProblem } from "../../src/emulator/numberFormat";
import { failureOf, previewPort } from "../support/previewExcel";

let wb: WorkbookModel;
let port: WorkbookPort;

function setup(model: PreviewWorkbookOptions = {}, opts: OfficeWorkbookOptions = {}) {
  ({ wb, port } = previewPort(model, opts));
}
beforeEach(() => setup());

const columns: ColumnSpec[] = [
  { key: "id", header: "Employee ID", type: "integer" },
  { key: "name", header: "Name", type: "text" },
  { key: "paid", header: "Paid on", type: "date" },
  { key: "amount", header: "Amount", type: "currency" },
];
const rows = [
  [1, "Aoife", "2025-01-31", 1234.5],
  [2, "Brian", "2025-02-28", 99],
];
const importSheet = (sheetName = "Pay", activate?: boolean) =>
  port.writeTable({ sheetName, tableName: sheetName, columns, rows, activate });

async function onSheet(sheetName: string, fn: (ws: Excel.Worksheet) => void): Promise<void> {
  await (Excel.run as (b: (ctx: Excel.RequestContext) => Promise<void>) => Promise<void>)(async (ctx) => {
    fn(ctx.workbook.worksheets.getItem(sheetName));
    await ctx.sync();
  });
}

describe("requirement sets", () => {
  test("a selection of several blocks is read with getSelectedRanges only after isSetSupported said 1.9", async () => {
    await importSheet();
    const sheet = wb.getSheet("Pay");
    const twoBlocks = () =>
      wb.selectAreas(sheet, [
        { r: 3, c: 0, rows: 1, cols: 1 },
        { r: 4, c: 0, rows: 1, cols: 1 },
      ]);
    twoBlocks();
    await expect(port.selectedRowIndexes("Pay")).resolves.toEqual([0, 1]);

    setup({ requirements: { host: "1.8" } });
    await importSheet();
    wb.selectAreas(wb.getSheet("Pay"), [
      { r: 3, c: 0, rows: 1, cols: 1 },
      { r: 4, c: 0, rows: 1, cols: 1 },
    ]);
    const e = await failureOf(port.selectedRowIndexes("Pay"));
    expect(e.message).toMatch(/Select the rows as one block/);
    expect(e.code).not.toBe("ApiNotFound");
  });

  test("the layer's whole round of operations runs on a host at exactly the manifest's level", async () => {
    setup({ requirements: { host: "1.7" } });
    await importSheet();
    await port.writeColumnValues("Pay", "Amount", [{ rowIndex: 0, value: 5 }]);
    await port.appendRows({ sheetName: "Log", tableName: "Log", columns, rows });
    await port.appendRows({ sheetName: "Log", tableName: "Log", columns, rows });
    await port.writeHiddenTable("_snap", ["a"], [[1]]);
    await port.readHiddenTable("_snap");
    await port.deleteSheet("_snap");
    await port.setSetting("k", 1);
    await expect(port.readTable("Pay")).resolves.toMatchObject({ rowCount: 2 });
    expect(wb.syncLog.filter((s) => !s.ok)).toEqual([]);
  });
});

describe("very hidden sheets", () => {
  test("a snapshot sheet (very hidden) is deleted: made Hidden first", async () => {
    await port.writeHiddenTable("_snap", ["a"], [[1]]);
    expect(wb.getSheet("_snap").visibility).toBe("VeryHidden");
    await expect(port.deleteSheet("_snap")).resolves.toBe(true);
    expect(wb.findSheet("_snap")).toBeUndefined();
  });

  test("re-importing over a sheet someone hid shows it before unfreezing its panes", async () => {
    await importSheet();
    await onSheet("Pay", (ws) => (ws.visibility = "Hidden"));
    await importSheet();
    const sheet = wb.getSheet("Pay");
    expect(sheet.visibility).toBe("Visible");
    expect(sheet.frozenRows).toBe(3);
  });

  test("panes are frozen only on a sheet the write activates", async () => {
    await importSheet("Shown");
    await importSheet("Quiet", false);
    expect(wb.getSheet("Shown").frozenRows).toBe(3);
    expect(wb.getSheet("Quiet").frozenRows).toBe(0);
    expect(wb.activeSheet.name).toBe("Shown");
  });
});

describe("appending rows", () => {
  const log = (r: (string | number)[][]) => port.appendRows({ sheetName: "Log", tableName: "Log", columns, rows: r });

  test("rows are written under the data body and Excel's auto-expansion takes them into the table", async () => {
    await log(rows);
    await log([[3, "Ciara", "2025-03-31", 7]]);
    const before = wb.syncLog.length;
    await log([[4, "Dara", "2025-04-30", 8]]);
    const t = wb.findTable("Log")!;
    expect(t.rows).toBe(1 + 4);
    expect(wb.getSheet("Log").valueAt(t.r + 4, t.c + 1)).toBe("Dara");
    // find, describe, write, check: no rows.add request
    expect(wb.syncLog.length - before).toBe(4);
  });

  test("with something below the table, rows.add inserts the rows so nothing is overwritten", async () => {
    await log(rows);
    const t = wb.findTable("Log")!;
    const noteRow = t.r + t.rows + 2;
    await onSheet("Log", (ws) => (ws.getRangeByIndexes(noteRow, 0, 1, 1).values = [["note"]]));
    await log([
      [3, "Ciara", "2025-03-31", 7],
      [4, "Dara", "2025-04-30", 8],
      [5, "Eoin", "2025-05-31", 9],
    ]);
    expect(t.rows).toBe(1 + 5);
    const sheet = wb.getSheet("Log");
    expect(sheet.valueAt(t.r + 5, t.c + 1)).toBe("Eoin");
    expect(sheet.valueAt(noteRow + 3, 0)).toBe("note");
  });
});

describe("request sizes", () => {
  test("a sparse write to 10,000 rows goes out in requests Excel on the web accepts, none refused", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => [i, `N${i}`, null, null]);
    await port.writeTable({ sheetName: "Big", tableName: "Big", columns, rows: many });
    const updates = Array.from({ length: 10_000 }, (_, i) => ({ rowIndex: i * 2, value: 1000 + i }));
    const from = wb.syncLog.length;
    await port.writeColumnValues("Big", "Amount", updates, "currency");
    const syncs = wb.syncLog.slice(from);
    expect(syncs.filter((s) => !s.ok)).toEqual([]);
    expect(syncs.filter((s) => s.requestBytes > 1_000_000).length).toBeGreaterThanOrEqual(2);
    expect(wb.getSheet("Big").valueAt(3 + 2 * 9_999, 3)).toBe(1000 + 9_999);
  });
});

describe("cell-edit mode", () => {
  test("after the wait the layer reports it, and again when the batch goes on", async () => {
    const seen: boolean[] = [];
    const heard: boolean[] = [];
    const stop = onCellEditWait((w) => heard.push(w));
    setup({}, { cellEditWaitMs: 30, onCellEditWait: (w) => seen.push(w) });
    wb.beginCellEdit();
    const saving = port.setSetting("k", 1);
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 10)); // the 30 ms wait, however long load makes it
    expect(seen).toEqual([true]);
    wb.endCellEdit();
    await saving;
    expect(seen).toEqual([true, false]);
    expect(heard).toEqual([true, false]);
    expect(wb.settings.get("k")).toBe(1);
    stop();
    expect(CELL_EDIT_MESSAGE).toBe("Finish editing the cell (Enter or Esc) to continue");
  });

  test("a batch that is not held up reports nothing", async () => {
    const seen: boolean[] = [];
    setup({}, { cellEditWaitMs: 1, onCellEditWait: (w) => seen.push(w) });
    await importSheet();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
  });
});

describe("protected sheets", () => {
  beforeEach(async () => {
    await importSheet();
    await onSheet("Pay", (ws) => ws.protection.protect());
  });

  test("writes are refused up front with the sheet's name, and nothing changes", async () => {
    const attempts = [
      port.writeColumnValues("Pay", "Amount", [{ rowIndex: 0, value: 5 }]),
      port.annotateRows("Pay", []),
      port.writeTable({ sheetName: "Pay", tableName: "Pay", columns, rows: [] }),
      port.appendRows({ sheetName: "Pay", tableName: "Pay", columns, rows }),
    ];
    for (const attempt of attempts) {
      const e = await failureOf(attempt);
      expect(e.code).toBe("AccessDenied");
      expect(e.message).toMatch(/Sheet "Pay" is protected.*Unprotect/);
    }
    expect(wb.findTable("Pay")!.rows).toBe(3);
    expect(wb.getSheet("Pay").valueAt(3, 3)).toBe(1234.5);
    expect(wb.syncLog.filter((s) => s.code === "AccessDenied")).toEqual([]);
  });

  test("reading still works", async () => {
    await expect(port.readTable("Pay")).resolves.toMatchObject({ rowCount: 2 });
  });
});

describe("number formats", () => {
  test("every format the layer and the sheets write is one Excel accepts", () => {
    const types = ["text", "integer", "number", "currency", "date", "datetime", "percent", "boolean"] as const;
    for (const t of types) expect(numberFormatProblem(defaultNumberFormat(t))).toBeNull();
    expect(numberFormatProblem(MONEY_FORMAT)).toBeNull();
  });

  test("a column's invalid format is refused by Excel and reported", async () => {
    const bad: ColumnSpec[] = [{ key: "a", header: "A", type: "number", numberFormat: "0.00 EUR" }];
    const e = await failureOf(port.writeTable({ sheetName: "Bad", tableName: "Bad", columns: bad, rows: [[1]] }));
    expect(e.code).toBe("InvalidArgument");
    expect(e.message).toMatch(/Could not write sheet "Bad".*0\.00 EUR/);
  });
});

describe("the 1904 date system", () => {
  beforeEach(() => setup({ dateSystem: "1904" }));

  test("dates are written as the 1904 system's serials and show the same day", async () => {
    await importSheet();
    const sheet = wb.getSheet("Pay");
    expect(sheet.valueAt(3, 2)).toBe(isoDateToSerial("2025-01-31", "1904"));
    expect(sheet.textAt(3, 2)).toBe("31/01/2025"); // shown in Office's display language (en-IE here)
    await port.writeColumnValues("Pay", "Paid on", [{ rowIndex: 1, value: "2025-03-01" }], "date");
    expect(sheet.textAt(4, 2)).toBe("01/03/2025");
    await port.appendRows({ sheetName: "Pay", tableName: "Pay", columns, rows: [[3, "C", "2025-04-30", 1]] });
    expect(sheet.textAt(5, 2)).toBe("30/04/2025");
  });

  test("reads give the 1900-system serials the port speaks, for date cells only", async () => {
    await importSheet();
    const data = await port.readTable("Pay");
    expect(data!.rows[0]).toEqual([1, "Aoife", isoDateToSerial("2025-01-31"), 1234.5]);
  });
});
