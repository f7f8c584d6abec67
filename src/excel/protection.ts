/**
 * Protection, refused only where Excel refuses and said in the accountant's words. Workbook structure protection
 * (Review > Protect Workbook, ExcelApi 1.7): while it is on, Excel refuses to add, delete, hide, show or rename
 * sheets, with the same AccessDenied a protected sheet gives, so the layer loads the flag before such a change.
 * A protected sheet still takes values in unlocked cells, and formats where its options allow.
 */
import { WorkbookError } from "./port";
import type { Ctx, ExcelSession } from "./session";
import type { TableInfo } from "./tableLookup";
import type { Run } from "./transfer";

/** Queue the load of Workbook.protection.protected; the returned function reads it after the next sync. */
export function queueStructureProtected(session: ExcelSession, ctx: Ctx): () => boolean {
  if (!session.supports("1.7")) return () => false;
  const protection = ctx.workbook.protection.load("protected");
  return () => protection.protected;
}

/** `what`: the change Excel refuses, e.g. `add sheet "Pay"`. */
export function structureProtectedError(what: string): WorkbookError {
  return new WorkbookError(
    `The workbook's structure is protected, so Excel refuses to ${what}. ` +
      "Unprotect it (Review > Protect Workbook) and try again.",
    "AccessDenied",
  );
}

/**
 * A protected sheet takes values in unlocked cells (Format Cells > Protection > Locked cleared), and number formats
 * only where its protection allows "Format cells". Refuses, before anything changes and saying why, what Excel
 * would refuse for `runs` of one column; returns whether their number formats may be written. When they may not,
 * values alone are written: numbers and booleans under the cells' own formats, texts only into text-formatted
 * cells (the formula safety of docs/excel-layer.md), else it refuses.
 */
export async function checkProtectedColumnWrite(
  ctx: Ctx,
  info: TableInfo,
  column: string,
  runs: readonly Run[],
): Promise<boolean> {
  const ws = ctx.workbook.worksheets.getItem(info.sheetName);
  const protection = ws.protection.load("options");
  const ranges = runs.map((r) => ws.getRangeByIndexes(r.row, r.col, r.count, 1));
  const locks = ranges.map((r) => r.format.protection.load("locked"));
  const formats = ranges.map((r) => r.load("numberFormat"));
  await ctx.sync();
  const unprotect = "Unprotect it (Review > Unprotect Sheet)";
  if (locks.some((l) => l.locked !== false))
    throw new WorkbookError(
      `Sheet "${info.sheetName}" is protected and cells of column "${column}" are locked, so Excel refuses changes to them. ` +
        `${unprotect}, or unlock those cells (Format Cells > Protection), and try again.`,
      "AccessDenied",
    );
  if (protection.options.allowFormatCells) return true;
  // A number or boolean goes in under the cell's own format; a text needs the text format "@" (else Excel parses it).
  const fits = (run: Run, j: number, current: unknown) => {
    const [[value], [format]] = run.cells(j);
    return typeof value !== "string" || value === "" || current === format;
  };
  if (!runs.every((run, i) => formats[i].numberFormat.every((row, j) => fits(run, j, row[0]))))
    throw new WorkbookError(
      `Sheet "${info.sheetName}" is protected without "Format cells" allowed, and column "${column}" needs a number ` +
        `format its cells do not have, which Excel refuses. ${unprotect}, or allow "Format cells" when protecting it, and try again.`,
      "AccessDenied",
    );
  return false;
}
