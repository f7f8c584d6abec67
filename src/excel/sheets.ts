/** Sheet discovery and removal: the visible sheets with their tables, and deleting a sheet (a snapshot's too). */
import type { SheetInfo } from "./port";
import { queueStructureProtected, structureProtectedError } from "./protection";
import { type ExcelSession, guard, guardRead } from "./session";
import { loadTables } from "./tableLookup";

export async function listSheets(session: ExcelSession, { hidden = false }: { hidden?: boolean } = {}): Promise<SheetInfo[]> {
  return guardRead("list the sheets", () =>
    session.run(async (ctx) => {
      const sheets = ctx.workbook.worksheets.load("items/id, items/name, items/visibility");
      const tables = await loadTables(ctx);
      return sheets.items
        .filter((s) => hidden || s.visibility === "Visible")
        .map((s) => ({
          id: s.id,
          name: s.name,
          visible: s.visibility === "Visible",
          tableName: tables.find((t) => t.sheetName === s.name)?.name ?? null,
        }));
    }),
  );
}

export async function deleteSheet(session: ExcelSession, sheetName: string): Promise<boolean> {
  return guard(`delete sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName).load("visibility");
      const structureProtected = queueStructureProtected(session, ctx);
      await ctx.sync();
      if (ws.isNullObject) return false;
      if (structureProtected()) throw structureProtectedError(`delete sheet "${sheetName}"`);
      // Excel refuses to delete a very hidden sheet (InvalidOperation): the snapshot sheets are, so Hidden first.
      if (ws.visibility === "VeryHidden") ws.visibility = "Hidden";
      ws.delete();
      await ctx.sync();
      return true;
    }),
  );
}
