/**
 * Hidden tables: grids the add-in keeps for itself (push snapshots) on veryHidden sheets, header in row 1 and data
 * below, no Excel table. Not secret (a script can read them), only out of the way: not listed under Unhide.
 */
import type { CellValue, HiddenTable } from "./port";
import { checkCellTexts, toRawCell } from "./cellValues";
import { queueStructureProtected, structureProtectedError } from "./protection";
import { type ExcelSession, guard, guardRead } from "./session";
import { checkSheetName, isBlankRow } from "./tableLookup";
import { readRows, type Run, writeRuns } from "./transfer";

/** Store a grid on a veryHidden sheet, replacing what it held. Values go in raw (hidden tables keep 1900 serials). */
export async function writeHiddenTable(
  session: ExcelSession,
  sheetName: string,
  columns: readonly string[],
  rows: readonly (readonly CellValue[])[],
): Promise<void> {
  checkSheetName(sheetName);
  const width = Math.max(1, columns.length);
  checkCellTexts([columns, ...rows], (i, k) => (i === 0 ? `column ${k + 1}'s name` : `row ${i}, column "${columns[k]}"`), width);
  return guard(`store "${sheetName}"`, () =>
    session.run(async (ctx) => {
      let ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName).load("visibility");
      const structureProtected = queueStructureProtected(session, ctx);
      await ctx.sync();
      const adding = ws.isNullObject;
      // Adding or hiding a sheet is a change of structure; writing on an existing very hidden sheet is not.
      if (structureProtected() && (adding || ws.visibility !== "VeryHidden"))
        throw structureProtectedError(adding ? `add the hidden sheet "${sheetName}"` : `hide sheet "${sheetName}"`);
      if (adding) ws = ctx.workbook.worksheets.add(sheetName);
      else ws.getRange().clear("All");
      if (adding || ws.visibility !== "VeryHidden") ws.visibility = "VeryHidden";
      await ctx.sync();
      const all = [columns, ...rows];
      const data: Run = {
        row: 0,
        col: 0,
        count: all.length,
        cells: (i) => {
          const cells = Array.from({ length: width }, (_, k) => toRawCell(all[i][k]));
          return [cells.map((c) => c[0]), cells.map((c) => c[1])];
        },
      };
      await writeRuns(ctx, sheetName, [data], session.writeBudget());
    }),
  );
}

export async function readHiddenTable(session: ExcelSession, sheetName: string): Promise<HiddenTable | null> {
  return guardRead(`read "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName);
      await ctx.sync();
      if (ws.isNullObject) return null; // (methods of a null object fail the whole request: a second one is needed)
      const used = ws.getUsedRangeOrNullObject(true).load("rowIndex, columnIndex, rowCount, columnCount");
      await ctx.sync();
      if (used.isNullObject) return { columns: [], rows: [] };
      const all = await readRows(
        ctx,
        sheetName,
        0,
        0,
        used.rowIndex + used.rowCount,
        used.columnIndex + used.columnCount,
        session.readBudget(),
      );
      const header = (all[0] ?? []).map(String);
      while (header.length > 0 && header[header.length - 1] === "") header.pop();
      // Rows after the last one holding a value carry nothing (Excel's used range may reach past them).
      const rows = all.slice(1).map((r) => r.slice(0, header.length));
      while (rows.length > 0 && isBlankRow(rows[rows.length - 1])) rows.pop();
      return { columns: header, rows };
    }),
  );
}
