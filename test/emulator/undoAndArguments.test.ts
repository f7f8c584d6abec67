/**
 * The preview's grid as a person meets it: Ctrl+Z undoes the person's last edit (undo.ts), and an empty argument
 * of a function is omitted, as in Excel.
 */
import type { ExternalFunctions } from "../../src/emulator/asyncFunctions";
import { run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());

describe("undo (Ctrl+Z) of a person's edits", () => {
  it("restores typed, pasted, cleared and filled cells, newest first", () => {
    const sheet = wb.activeSheet;
    wb.editCell(sheet, 0, 0, "100");
    wb.editCell(sheet, 0, 0, "250");
    wb.pasteCells(sheet, 1, 0, [
      ["a", "b"],
      ["c", "d"],
    ]);
    wb.clearContents(sheet, { r: 0, c: 0, rows: 1, cols: 1 });
    wb.fillDown(sheet, { r: 1, c: 0, rows: 2, cols: 1 });
    expect(sheet.valueAt(2, 0)).toBe("a");

    expect(wb.undo()).toMatchObject({ ok: true, rect: { r: 1, c: 0, rows: 2, cols: 1 } });
    expect(sheet.valueAt(2, 0)).toBe("c");
    expect(wb.undo()).toMatchObject({ ok: true });
    expect(sheet.valueAt(0, 0)).toBe(250);
    expect(wb.undo()).toMatchObject({ ok: true });
    expect([sheet.valueAt(1, 0), sheet.valueAt(2, 1)]).toEqual(["", ""]);
    expect(wb.undo()).toMatchObject({ ok: true });
    expect(sheet.valueAt(0, 0)).toBe(100);
    expect(wb.undo()).toMatchObject({ ok: true });
    expect(sheet.valueAt(0, 0)).toBe("");
    expect(wb.undo()).toEqual({ ok: false, message: "Nothing to undo." });
  });

  it("fires Worksheet.onChanged for the undone cells, so the pane sees the change", async () => {
    const sheet = wb.activeSheet;
    const events: string[] = [];
    wb.addChangeHandler(sheet, (e) => void events.push(e.address));
    wb.editCell(sheet, 3, 2, "7");
    wb.undo();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(["C4", "C4"]);
  });

  it("shrinks a table that typing below it extended", () => {
    const sheet = wb.activeSheet;
    wb.pasteCells(sheet, 0, 0, [
      ["Name", "Pay"],
      ["Ann", "1"],
    ]);
    const table = wb.addTable(sheet, { r: 0, c: 0, rows: 2, cols: 2 }, true);
    wb.editCell(sheet, 2, 0, "Bob");
    expect(table.rows).toBe(3);
    wb.undo();
    expect(table.rows).toBe(2);
    expect(sheet.valueAt(2, 0)).toBe("");
  });

  it("never overwrites what the add-in wrote since: that edit is not undone, and the grid says why", async () => {
    const sheet = wb.activeSheet;
    wb.editCell(sheet, 0, 0, "5");
    await run(async (ctx) => {
      ctx.workbook.worksheets.getActiveWorksheet().getRange("A1").values = [[9]];
      await ctx.sync();
    });
    expect(wb.undo()).toEqual({
      ok: false,
      message: "The add-in has changed these cells since your edit, so it was not undone.",
    });
    expect(sheet.valueAt(0, 0)).toBe(9);
  });
});

describe("an empty argument is omitted, as in Excel", () => {
  const calls: (unknown[] | undefined)[] = [];
  const functions: ExternalFunctions = {
    has: (name) => name === "PAYROLL.AMOUNT",
    call: (_name, args) => {
      calls.push(args);
      return args[3] === null ? 42 : 7;
    },
    message: () => undefined,
  };

  it('=PAYROLL.AMOUNT("x","2026-01-01","2026-01-31",,2) calls the function with null for the employee', () => {
    const sheet = wb.activeSheet;
    wb.formulaFunctions = functions;
    wb.editCell(sheet, 0, 0, '=PAYROLL.AMOUNT("x","2026-01-01","2026-01-31",,2)');
    expect(sheet.valueAt(0, 0)).toBe(42);
    expect(calls.at(-1)).toEqual(["x", "2026-01-01", "2026-01-31", null, 2]);
    wb.editCell(sheet, 0, 1, '=PAYROLL.AMOUNT("x","2026-01-01","2026-01-31",)');
    expect(sheet.valueAt(0, 1)).toBe(42);
    expect(calls).toContainEqual(["x", "2026-01-01", "2026-01-31", null]);
  });

  it("in Excel's own functions too: SUM(1,,2) is 3 and IF(1,,) is 0", () => {
    const sheet = wb.activeSheet;
    wb.editCell(sheet, 0, 0, "=SUM(1,,2)");
    wb.editCell(sheet, 0, 1, "=IF(1,,)");
    wb.editCell(sheet, 0, 2, "=IF(0,1)");
    expect([sheet.valueAt(0, 0), sheet.valueAt(0, 1), sheet.valueAt(0, 2)]).toEqual([3, 0, false]);
  });
});
