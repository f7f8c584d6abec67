/**
 * Formula cells for the pane's PAYROLL tools: the selected cell's formula and value (Explain this figure), and every
 * cell whose formula starts with a text (Refresh formulas counts the PAYROLL cells whose value changed). Reads stay
 * bounded: one used range per sheet, in blocks within Excel's 5 MB response limit (readRows), values only where a
 * formula matched.
 */
import { columnLetter } from "../xl/excelConventions";
import type { FormulaCell, SelectedCell } from "./port";
import { WorkbookError } from "./port";
import { type ExcelSession, guardRead } from "./session";
import { errorCode } from "./officeError";
import { type ReadBudget, readRows } from "./transfer";

export async function selectedCell(session: ExcelSession): Promise<SelectedCell> {
  return guardRead("read the selected cell", () =>
    session.run(async (ctx) => {
      const sel = ctx.workbook.getSelectedRange().load("address, rowIndex, columnIndex");
      sel.worksheet.load("name");
      try {
        await ctx.sync();
      } catch (e) {
        if (errorCode(e) === "InvalidOperationInCellEditMode") throw e;
        throw new WorkbookError("Select one cell on a sheet, then try again.", errorCode(e) ?? "InvalidSelection");
      }
      // Only the top-left cell's formula and value: a whole-column selection is not read.
      const first = sel.worksheet.getRangeByIndexes(sel.rowIndex, sel.columnIndex, 1, 1).load("formulas, values");
      await ctx.sync();
      const address = sel.address.slice(sel.address.lastIndexOf("!") + 1);
      return { sheetName: sel.worksheet.name, address, formula: first.formulas[0][0], value: first.values[0][0] };
    }),
  );
}

export async function formulaCells(session: ExcelSession, prefix: string): Promise<FormulaCell[]> {
  return guardRead("read the formulas", () => session.run((ctx) => formulaCellsIn(ctx, prefix, session.readBudget())));
}

/**
 * Every cell whose formula starts with `prefix` (either case), with its value: the formulas of each sheet's used
 * range, then the values only of a sheet where one matched, in chunks within `budget`. Inside a batch, so the
 * #NAME? recovery (./recalc) reads as Refresh formulas does.
 */
export async function formulaCellsIn(ctx: Excel.RequestContext, prefix: string, budget: ReadBudget): Promise<FormulaCell[]> {
  const wanted = prefix.toUpperCase();
  const sheets = ctx.workbook.worksheets.load("items/name");
  await ctx.sync();
  const used = sheets.items.map((ws) => ({
    name: ws.name,
    range: ws.getUsedRangeOrNullObject(true).load("rowIndex, rowCount, columnIndex, columnCount"),
  }));
  await ctx.sync();
  const out: FormulaCell[] = [];
  for (const { name, range } of used) {
    if (range.isNullObject) continue;
    const { rowIndex: r0, columnIndex: c0, rowCount: rows, columnCount: cols } = range;
    const formulas = await readRows(ctx, name, r0, c0, rows, cols, budget, "formulas");
    const hits: { r: number; c: number; formula: string }[] = [];
    formulas.forEach((line, r) =>
      line.forEach((f, c) => {
        if (typeof f === "string" && f.toUpperCase().startsWith(wanted)) hits.push({ r, c, formula: f });
      }),
    );
    if (hits.length === 0) continue;
    const values = await readRows(ctx, name, r0, c0, rows, cols, budget);
    for (const h of hits)
      out.push({
        sheetName: name,
        address: `${columnLetter(c0 + h.c)}${r0 + h.r + 1}`,
        formula: h.formula,
        value: values[h.r]?.[h.c],
      });
  }
  return out;
}
