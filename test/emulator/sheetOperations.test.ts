/**
 * What people do to sheets, in the preview as in Excel: references to other sheets, sheets added, renamed, deleted
 * and moved, rows and columns inserted and deleted (cells, tables and formulas follow), and the events Excel fires.
 */
import { codeOf, run, setup, wb } from "../support/emulatorRig";
import { MAX_COLS, MAX_ROWS } from "../../src/emulator/model";

beforeEach(() => setup());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Type `text` into a cell of the named sheet, as a person would. */
function type(sheet: string, address: string, text: string): void {
  const m = /^([A-Z]+)(\d+)$/.exec(address)!;
  const c = m[1].split("").reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  wb.editCell(wb.getSheet(sheet), Number(m[2]) - 1, c, text);
}
const value = (sheet: string, r: number, c: number) => wb.getSheet(sheet).valueAt(r, c);
const formula = (sheet: string, r: number, c: number) => wb.getSheet(sheet).formulaAt(r, c);

describe("references to other sheets", () => {
  beforeEach(() => {
    wb.addSheet("Liffey · Employees");
    type("Sheet1", "C2", "42");
    type("Sheet1", "A1", "1");
    type("Sheet1", "A2", "2");
    type("Sheet1", "A3", "3");
    type("Liffey · Employees", "B3", "Aoife");
  });

  test("a plain and a quoted sheet name read that sheet's cell; a range sums", () => {
    type("Liffey · Employees", "A1", "=Sheet1!C2");
    type("Sheet1", "D1", "='Liffey · Employees'!B3");
    type("Liffey · Employees", "A2", "=SUM(Sheet1!A1:A3)*2");
    type("Liffey · Employees", "A3", "=sheet1!$C$2+1");
    expect(value("Liffey · Employees", 0, 0)).toBe(42);
    expect(value("Sheet1", 0, 3)).toBe("Aoife");
    expect(value("Liffey · Employees", 1, 0)).toBe(12);
    expect(value("Liffey · Employees", 2, 0)).toBe(43);
  });

  test("a sheet that does not exist gives #REF!; an apostrophe in a name is doubled", () => {
    type("Sheet1", "E1", "=Nowhere!A1");
    expect(value("Sheet1", 0, 4)).toBe("#REF!");
    wb.renameSheet(wb.getSheet("Liffey · Employees"), "O'Brien");
    type("Sheet1", "E2", "='O''Brien'!B3");
    expect(value("Sheet1", 1, 4)).toBe("Aoife");
  });

  test("renaming a sheet rewrites the formulas that name it, quoting where the name needs it", () => {
    type("Liffey · Employees", "A1", '=Sheet1!C2&"Sheet1!C2"');
    wb.renameSheet(wb.getSheet("Sheet1"), "Pay run");
    expect(formula("Liffey · Employees", 0, 0)).toBe("='Pay run'!C2&\"Sheet1!C2\"");
    expect(value("Liffey · Employees", 0, 0)).toBe("42Sheet1!C2");
    wb.renameSheet(wb.getSheet("Pay run"), "Totals");
    expect(formula("Liffey · Employees", 0, 0)).toBe('=Totals!C2&"Sheet1!C2"');
  });

  test("deleting a sheet makes references to it #REF!, and a new sheet of that name does not bring them back", () => {
    type("Sheet1", "D1", "='Liffey · Employees'!B3");
    wb.deleteSheet(wb.getSheet("Liffey · Employees"));
    expect(formula("Sheet1", 0, 3)).toBe("=#REF!B3");
    expect(value("Sheet1", 0, 3)).toBe("#REF!");
    wb.addSheet("Liffey · Employees");
    expect(value("Sheet1", 0, 3)).toBe("#REF!");
  });
});

describe("sheets added, renamed, deleted and moved", () => {
  test("deleting the last visible sheet is refused; names follow Excel's rule and are unique ignoring case", async () => {
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.getItem("Sheet1").delete();
          await ctx.sync();
        }),
      ),
    ).toBe("InvalidOperation");
    wb.addSheet("Other");
    expect(() => wb.renameSheet(wb.getSheet("Other"), "SHEET1")).toThrow();
    expect(() => wb.renameSheet(wb.getSheet("Other"), "a/b")).toThrow();
    expect(() => wb.renameSheet(wb.getSheet("Other"), "History")).toThrow();
    expect(wb.getSheet("Other").name).toBe("Other");
  });

  test("Worksheet.position reads and moves a sheet among all sheets", async () => {
    wb.addSheet("B");
    wb.addSheet("C");
    const positions = await run(async (ctx) => {
      const c = ctx.workbook.worksheets.getItem("C");
      c.position = 0;
      c.load("position");
      await ctx.sync();
      return c.position;
    });
    expect(positions).toBe(0);
    expect(wb.sheets.map((s) => s.name)).toEqual(["C", "Sheet1", "B"]);
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.getItem("C").position = 3;
          await ctx.sync();
        }),
      ),
    ).toBe("InvalidArgument");
  });

  test("onAdded, onDeleted and onNameChanged fire after the change, with Excel's arguments", async () => {
    const heard: unknown[] = [];
    // An add-in asks for ExcelApi 1.17 before it registers onNameChanged.
    expect(wb.requirements.isSetSupported("ExcelApi", "1.17")).toBe(true);
    await run(async (ctx) => {
      ctx.workbook.worksheets.onAdded.add(async (e) => void heard.push(e));
      ctx.workbook.worksheets.onDeleted.add(async (e) => void heard.push(e));
      ctx.workbook.worksheets.getItem("Sheet1").onNameChanged.add(async (e) => void heard.push(e));
      await ctx.sync();
    });
    const added = wb.addSheet("Added");
    wb.renameSheet(wb.getSheet("Sheet1"), "Renamed");
    wb.deleteSheet(added);
    await settle();
    await settle();
    expect(heard).toEqual([
      { type: "WorksheetAdded", worksheetId: added.id, source: "Local" },
      { type: "WorksheetNameChanged", worksheetId: wb.sheets[0].id, nameBefore: "Sheet1", nameAfter: "Renamed", source: "Local" },
      { type: "WorksheetDeleted", worksheetId: added.id, source: "Local" },
    ]);
  });

  test("onNameChanged is ExcelApi 1.17: a host without it answers ApiNotFound", async () => {
    setup({ requirements: { host: "1.16" } });
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.getItem("Sheet1").onNameChanged.add(async () => undefined);
          await ctx.sync();
        }),
      ),
    ).toBe("ApiNotFound");
  });
});

describe("rows and columns inserted and deleted", () => {
  const wholeCols = (c: number, n: number, sign: 1 | -1) => ({
    axis: "col" as const,
    at: c,
    count: sign * n,
    from: 0,
    to: MAX_ROWS,
  });
  const wholeRows = (r: number, n: number, sign: 1 | -1) => ({
    axis: "row" as const,
    at: r,
    count: sign * n,
    from: 0,
    to: MAX_COLS,
  });

  beforeEach(() => {
    // A1:C3 a table (Name, Rate, Hours), E1 a total, F1 a reference on another sheet.
    const s = wb.getSheet("Sheet1");
    wb.pasteCells(s, 0, 0, [
      ["Name", "Rate", "Hours"],
      ["Aoife", "10", "5"],
      ["Brian", "20", "3"],
    ]);
    wb.addTable(s, { r: 0, c: 0, rows: 3, cols: 3 }, true);
    type("Sheet1", "E1", "=SUM(C2:C3)");
    type("Sheet1", "E2", "=B2*C2");
    wb.addSheet("Other");
    type("Other", "A1", "=Sheet1!C3");
  });

  test("deleting a column shifts cells left, removes the table's column and makes its references #REF!", async () => {
    const heard: unknown[] = [];
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").onChanged.add(async (e) => void heard.push(e.changeType));
      await ctx.sync();
    });
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeCols(1, 1, -1));
    const t = wb.getSheet("Sheet1").tables()[0];
    expect([t.c, t.cols]).toEqual([0, 2]);
    expect(value("Sheet1", 0, 1)).toBe("Hours");
    expect(formula("Sheet1", 0, 3)).toBe("=SUM(B2:B3)");
    expect(formula("Sheet1", 1, 3)).toBe("=#REF!*B2");
    expect(value("Sheet1", 1, 3)).toBe("#REF!");
    expect(formula("Other", 0, 0)).toBe("=Sheet1!B3");
    expect(value("Other", 0, 0)).toBe(3);
    await settle();
    expect(heard).toEqual(["ColumnDeleted"]);
  });

  test("inserting a column inside a table grows it with a named header; before it, moves it", () => {
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeCols(1, 1, 1));
    const t = wb.getSheet("Sheet1").tables()[0];
    expect([t.c, t.cols]).toEqual([0, 4]);
    expect(value("Sheet1", 0, 1)).toBe("Column2");
    expect(formula("Sheet1", 0, 5)).toBe("=SUM(D2:D3)");
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeCols(0, 2, 1));
    expect([t.c, t.cols]).toEqual([2, 4]);
    expect(formula("Other", 0, 0)).toBe("=Sheet1!F3");
    expect(value("Other", 0, 0)).toBe(3);
  });

  test("rows: inserting inside the table grows it and ranges; deleting a referenced row gives #REF!", async () => {
    const heard: unknown[] = [];
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").onChanged.add(async (e) => void heard.push([e.changeType, e.address]));
      await ctx.sync();
    });
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeRows(2, 1, 1));
    const t = wb.getSheet("Sheet1").tables()[0];
    expect(t.rows).toBe(4);
    expect(formula("Sheet1", 0, 4)).toBe("=SUM(C2:C4)");
    expect(value("Sheet1", 3, 0)).toBe("Brian");
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeRows(1, 1, -1));
    expect(formula("Sheet1", 0, 4)).toBe("=SUM(C2:C3)");
    expect(formula("Sheet1", 1, 4)).toBe("");
    expect(formula("Other", 0, 0)).toBe("=Sheet1!C3");
    expect(t.rows).toBe(3);
    await settle();
    expect(heard.map((h) => (h as string[])[0])).toEqual(["RowInserted", "RowDeleted"]);
  });

  test("deleting the rows of a whole table removes it; shifting part of a table is refused and changes nothing", () => {
    const s = wb.getSheet("Sheet1");
    expect(() => wb.shiftSheet(s, { axis: "row", at: 1, count: 1, from: 1, to: 2 })).toThrow(/table/);
    expect(value("Sheet1", 1, 1)).toBe(10);
    wb.shiftSheet(s, wholeRows(0, 3, -1));
    expect(s.tables()).toEqual([]);
    expect(wb.tablesList).toEqual([]);
  });

  test("Range.insert and Range.delete through the API, whole columns by address", async () => {
    await run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      s.getRange("B:B").delete("Left");
      s.getRange("1:1").insert("Down");
      await ctx.sync();
    });
    expect(value("Sheet1", 1, 1)).toBe("Hours");
    expect(formula("Sheet1", 1, 3)).toBe("=SUM(B3:B4)");
    expect(formula("Other", 0, 0)).toBe("=Sheet1!B4");
  });

  test("on a protected sheet, inserting rows is refused unless its options allow it", async () => {
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").protection.protect({ allowInsertRows: true });
      await ctx.sync();
    });
    expect(() => wb.shiftSheet(wb.getSheet("Sheet1"), wholeCols(0, 1, 1))).toThrow();
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeRows(5, 1, 1));
    expect(value("Sheet1", 1, 0)).toBe("Aoife");
  });

  test("a deleted row's reference is written as Excel writes it: =#REF! on its sheet, =Sheet1!#REF! from another", () => {
    type("Sheet1", "G5", "=C3");
    wb.shiftSheet(wb.getSheet("Sheet1"), wholeRows(2, 1, -1));
    expect(formula("Sheet1", 3, 6)).toBe("=#REF!");
    expect(formula("Other", 0, 0)).toBe("=Sheet1!#REF!");
    expect(value("Other", 0, 0)).toBe("#REF!");
  });

  test("cells inserted below part of a sheet move down only in their columns (CellInserted), with formulas there", async () => {
    type("Sheet1", "H1", "5");
    type("Sheet1", "I1", "6");
    type("Sheet1", "J1", "=H1+I1");
    const heard: unknown[] = [];
    await run(async (ctx) => {
      const s = ctx.workbook.worksheets.getItem("Sheet1");
      s.onChanged.add(async (e) => void heard.push([e.changeType, e.address]));
      s.getRange("H1").insert("Down");
      await ctx.sync();
    });
    expect(value("Sheet1", 1, 7)).toBe(5);
    expect(value("Sheet1", 0, 8)).toBe(6);
    expect(formula("Sheet1", 0, 9)).toBe("=H2+I1");
    expect(value("Sheet1", 0, 9)).toBe(11);
    await settle();
    expect(heard).toEqual([["CellInserted", "H1"]]);
  });
});
