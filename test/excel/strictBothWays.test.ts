/**
 * The Excel layer over the stricter preview (issue M): workbook structure protection said as such, every read of
 * the selection refusing several blocks in the same words, selectCell on a hidden sheet, a table name equal to a
 * defined name, and a protected sheet refused only where Excel refuses. Each test fails against the layer before.
 */
import type { ColumnSpec, WorkbookPort } from "../../src/excel";
import type { PreviewWorkbookOptions, WorkbookModel } from "../../src/emulator";
import { failureOf, previewPort } from "../support/previewExcel";

let wb: WorkbookModel;
let port: WorkbookPort;
function setup(model: PreviewWorkbookOptions = {}) {
  ({ wb, port } = previewPort(model));
}
beforeEach(() => setup());

const columns: ColumnSpec[] = [
  { key: "id", header: "Employee ID", type: "integer" },
  { key: "name", header: "Name", type: "text" },
  { key: "amount", header: "Amount", type: "currency" },
];
const rows = [
  [1, "Aoife", 1234.5],
  [2, "Brian", 99],
];
const importSheet = (sheetName = "Pay", tableName = sheetName) => port.writeTable({ sheetName, tableName, columns, rows });

const batch = (fn: (ctx: Excel.RequestContext) => void) =>
  (Excel.run as (b: (ctx: Excel.RequestContext) => Promise<void>) => Promise<void>)(async (ctx) => {
    fn(ctx);
    await ctx.sync();
  });

describe("workbook structure protection", () => {
  const protectWorkbook = () => batch((ctx) => ctx.workbook.protection.protect());
  const sayStructure = (e: { code?: string; message: string }) => {
    expect(e.message).toMatch(/workbook's structure is protected.*Review > Protect Workbook/);
    expect(e.message).not.toMatch(/Unprotect Sheet/);
    expect(e.code).toBe("AccessDenied");
  };

  test("adding a sheet, a snapshot sheet, or deleting one is refused in the words of Review > Protect Workbook", async () => {
    await importSheet();
    await port.writeHiddenTable("_snap", ["a"], [[1]]);
    await protectWorkbook();
    sayStructure(await failureOf(importSheet("Leave")));
    sayStructure(await failureOf(port.writeHiddenTable("_snap2", ["a"], [[1]])));
    sayStructure(await failureOf(port.deleteSheet("Pay")));
    expect(wb.sheets.map((s) => s.name)).toEqual(["Sheet1", "Pay", "_snap"]);
  });

  test("what changes no sheet still works: a re-import, a snapshot rewritten, values written", async () => {
    await importSheet();
    await port.writeHiddenTable("_snap", ["a"], [[1]]);
    await protectWorkbook();
    await importSheet();
    await port.writeHiddenTable("_snap", ["a"], [[2]]);
    await port.writeColumnValues("Pay", "Amount", [{ rowIndex: 0, value: 5 }]);
    expect(wb.getSheet("Pay").valueAt(3, 2)).toBe(5);
  });

  test("a hidden sheet re-imported would be shown: refused", async () => {
    await importSheet();
    await importSheet("Other");
    await batch((ctx) => (ctx.workbook.worksheets.getItem("Pay").visibility = "Hidden"));
    await protectWorkbook();
    sayStructure(await failureOf(importSheet()));
  });
});

describe("selections of several blocks", () => {
  const twoBlocks = () =>
    wb.selectAreas(wb.getSheet("Pay"), [
      { r: 3, c: 0, rows: 1, cols: 1 },
      { r: 4, c: 2, rows: 1, cols: 1 },
    ]);

  test("readValues of a selection of several blocks says to select one block", async () => {
    await importSheet();
    twoBlocks();
    const e = await failureOf(port.readValues());
    expect(e.message).toBe("Select the rows as one block of cells on the sheet, then try again.");
  });

  test("selectedCells on a host without ExcelApi 1.9 says the same", async () => {
    setup({ requirements: { host: "1.8" } });
    await importSheet();
    twoBlocks();
    const e = await failureOf(port.selectedCells("Pay"));
    expect(e.message).toBe("Select the rows as one block of cells on the sheet, then try again.");
    wb.select(wb.getSheet("Pay"), { r: 3, c: 1, rows: 2, cols: 1 });
    await expect(port.selectedCells("Pay")).resolves.toEqual([
      { rowIndex: 0, column: "Name" },
      { rowIndex: 1, column: "Name" },
    ]);
  });

  test("selectCell on a hidden sheet says so, as activateSheet does", async () => {
    await importSheet();
    await importSheet("Other");
    await batch((ctx) => (ctx.workbook.worksheets.getItem("Pay").visibility = "Hidden"));
    const e = await failureOf(port.selectCell("Pay", { rowIndex: 0, column: "Name" }));
    expect(e.message).toBe('Sheet "Pay" is hidden and cannot be shown.');
    expect(e.message).toBe((await failureOf(port.activateSheet("Pay"))).message);
  });
});

describe("defined names", () => {
  test("a table name equal to a defined name is refused before the sheet changes", async () => {
    await batch((ctx) => void ctx.workbook.names.add("Pay", "=0.2"));
    const e = await failureOf(importSheet());
    expect(e.code).toBe("ItemAlreadyExists");
    expect(e.message).toMatch(/"Pay" is already a defined name.*Name Manager/);
    expect(wb.findSheet("Pay")).toBeUndefined();
  });
});

describe("a protected sheet is refused only where Excel refuses", () => {
  const unlockAmountsAndProtect = (options?: Excel.WorksheetProtectionOptions) =>
    batch((ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Pay");
      ws.getRange("C4:C5").format.protection.locked = false;
      ws.protection.protect(options);
    });

  test("values go into unlocked cells of a protected sheet", async () => {
    await importSheet();
    await unlockAmountsAndProtect();
    await port.writeColumnValues("Pay", "Amount", [{ rowIndex: 1, value: 250 }]);
    expect(wb.getSheet("Pay").valueAt(4, 2)).toBe(250);
  });

  test("locked cells are refused, saying which column and how to unlock", async () => {
    await importSheet();
    await unlockAmountsAndProtect();
    const e = await failureOf(port.writeColumnValues("Pay", "Name", [{ rowIndex: 0, value: "Cara" }]));
    expect(e.code).toBe("AccessDenied");
    expect(e.message).toMatch(/Sheet "Pay" is protected and cells of column "Name" are locked.*Review > Unprotect Sheet/);
    expect(wb.getSheet("Pay").valueAt(3, 1)).toBe("Aoife");
  });

  test("a number format the cells lack needs Format cells allowed", async () => {
    await importSheet();
    await unlockAmountsAndProtect();
    const e = await failureOf(port.writeColumnValues("Pay", "Amount", [{ rowIndex: 0, value: "n/a" }], "text"));
    expect(e.message).toMatch(/without "Format cells" allowed/);
    await batch((ctx) => ctx.workbook.worksheets.getItem("Pay").protection.unprotect());
    await batch((ctx) => ctx.workbook.worksheets.getItem("Pay").protection.protect({ allowFormatCells: true }));
    await port.writeColumnValues("Pay", "Amount", [{ rowIndex: 0, value: "n/a" }], "text");
    expect(wb.getSheet("Pay").valueAt(3, 2)).toBe("n/a");
  });
});

describe("table auto-expansion", () => {
  test("appendRows leaves out blank rows, which Excel would leave outside the table", async () => {
    await port.appendRows({ sheetName: "Log", tableName: "Log", columns, rows });
    await port.appendRows({
      sheetName: "Log",
      tableName: "Log",
      columns,
      rows: [
        [3, "Cara", 5],
        ["", null, ""],
      ],
    });
    await expect(port.readTable("Log")).resolves.toMatchObject({ rowCount: 3 });
    expect(wb.findTable("Log")!.rows).toBe(4);
  });
});
