/**
 * The user's selection and where Excel shows things: the table rows and cells a selection covers (every block with
 * ExcelApi 1.9's getSelectedRanges, else the one block getSelectedRange allows), the active sheet, showing a sheet
 * or one table cell, and the values of the selection or of a sheet's used range.
 */
import { columnLetter } from "../xl/excelConventions";
import type { RangeValues, TableCell } from "./port";
import { WorkbookError } from "./port";
import { type Ctx, type ExcelSession, guardRead } from "./session";
import { checkRows, columnIndex, findTable, requireTable } from "./tableLookup";
import { errorCode } from "./officeError";
import { readRows } from "./transfer";

/** A block of cells by 0-based position. */
interface Block {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

const blockOf = (r: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number }): Block => ({
  row: r.rowIndex,
  col: r.columnIndex,
  rows: r.rowCount,
  cols: r.columnCount,
});

function intersectBlocks(a: Block, b: Block): Block | null {
  const row = Math.max(a.row, b.row);
  const col = Math.max(a.col, b.col);
  const rowEnd = Math.min(a.row + a.rows, b.row + b.rows);
  const colEnd = Math.min(a.col + a.cols, b.col + b.cols);
  return rowEnd > row && colEnd > col ? { row, col, rows: rowEnd - row, cols: colEnd - col } : null;
}

/** Said wherever one block is needed and several (or none: a chart) are selected. */
function oneBlockError(code = "InvalidSelection"): WorkbookError {
  return new WorkbookError("Select the rows as one block of cells on the sheet, then try again.", code);
}

const BLOCK_PROPS = ["rowIndex", "rowCount", "columnIndex", "columnCount"];

/** The selection as one block: getSelectedRange, which Excel refuses when several blocks (or no cells) are selected. */
async function loadSelectedRange(ctx: Ctx): Promise<{ sheetName: string; block: Block }> {
  const sel = ctx.workbook.getSelectedRange().load(BLOCK_PROPS);
  sel.worksheet.load("name");
  try {
    await ctx.sync();
  } catch (e) {
    if (errorCode(e) === "InvalidOperationInCellEditMode") throw e;
    throw oneBlockError(errorCode(e));
  }
  return { sheetName: sel.worksheet.name, block: blockOf(sel) };
}

/** The selection's sheet and blocks: every block with ExcelApi 1.9's getSelectedRanges, else the one Excel allows. */
async function loadSelectedBlocks(session: ExcelSession, ctx: Ctx): Promise<{ sheetName: string; blocks: Block[] }> {
  if (session.supports("1.9")) {
    const ranges = ctx.workbook.getSelectedRanges();
    ranges.areas.load(BLOCK_PROPS.map((p) => `items/${p}`));
    ranges.worksheet.load("name");
    await ctx.sync();
    return { sheetName: ranges.worksheet.name, blocks: ranges.areas.items.map(blockOf) };
  }
  const { sheetName, block } = await loadSelectedRange(ctx);
  return { sheetName, blocks: [block] };
}

export async function selectedRowIndexes(session: ExcelSession, sheetName?: string): Promise<number[]> {
  return guardRead("read the selection", () =>
    session.run(async (ctx) => {
      const sel = await loadSelectedBlocks(session, ctx);
      if (sheetName !== undefined && sel.sheetName.toLowerCase() !== sheetName.toLowerCase()) return [];
      const info = await findTable(ctx, sel.sheetName);
      if (!info) return [];
      const out = new Set<number>();
      for (const a of sel.blocks) {
        const from = Math.max(a.row, info.bodyRow);
        const to = Math.min(a.row + a.rows, info.bodyRow + info.bodyRows);
        for (let r = from; r < to; r++) out.add(r - info.bodyRow);
      }
      return [...out].sort((a, b) => a - b);
    }),
  );
}

export async function activeSheetName(session: ExcelSession): Promise<string> {
  return guardRead("read the active sheet", () =>
    session.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getActiveWorksheet().load("name");
      await ctx.sync();
      return ws.name;
    }),
  );
}

const hiddenSheetError = (sheetName: string) =>
  new WorkbookError(`Sheet "${sheetName}" is hidden and cannot be shown.`, "InvalidOperation");

export async function activateSheet(session: ExcelSession, sheetName: string): Promise<void> {
  return guardRead(`show sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName).load("name, visibility");
      await ctx.sync();
      if (ws.isNullObject) throw new WorkbookError(`There is no sheet named "${sheetName}".`, "ItemNotFound");
      // Checked here: Excel refuses to activate a hidden sheet, with an error code it does not document.
      if (ws.visibility !== "Visible") throw hiddenSheetError(ws.name);
      ws.activate();
      await ctx.sync();
    }),
  );
}

export async function selectCell(session: ExcelSession, sheetName: string, cell: TableCell): Promise<void> {
  return guardRead(`go to a cell on "${sheetName}"`, () =>
    session.run(async (ctx) => {
      // Loaded with the table's first request.
      const shown = ctx.workbook.worksheets.getItemOrNullObject(sheetName).load("visibility");
      const info = await requireTable(ctx, sheetName);
      const k = columnIndex(info, cell.column);
      if (k < 0) throw new WorkbookError(`Sheet "${sheetName}" has no column "${cell.column}".`, "ItemNotFound");
      checkRows(info, [cell.rowIndex]);
      // As in activateSheet: Excel refuses to select on a hidden sheet, with a code it does not document.
      if (shown.visibility !== "Visible") throw hiddenSheetError(info.sheetName);
      const ws = ctx.workbook.worksheets.getItem(info.sheetName);
      ws.activate();
      ws.getRangeByIndexes(info.bodyRow + cell.rowIndex, info.bodyCol + k, 1, 1).select();
      await ctx.sync();
    }),
  );
}

export async function selectedCells(session: ExcelSession, sheetName: string): Promise<TableCell[]> {
  return guardRead("read the selection", () =>
    session.run(async (ctx) => {
      const sel = await loadSelectedBlocks(session, ctx);
      if (sel.sheetName.toLowerCase() !== sheetName.toLowerCase()) return [];
      const info = await findTable(ctx, sel.sheetName);
      if (!info) return [];
      const out = new Map<string, TableCell>();
      const body = { row: info.bodyRow, col: info.bodyCol, rows: info.bodyRows, cols: info.headers.length };
      for (const b of sel.blocks) {
        const part = intersectBlocks(b, body);
        if (!part) continue;
        for (let r = part.row; r < part.row + part.rows; r++)
          for (let c = part.col; c < part.col + part.cols; c++)
            out.set(`${r}|${c}`, { rowIndex: r - info.bodyRow, column: info.headers[c - info.bodyCol] });
      }
      return [...out.values()];
    }),
  );
}

export async function readValues(session: ExcelSession, sheetName?: string): Promise<RangeValues | null> {
  return guardRead(sheetName === undefined ? "read the selection" : `read sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      let name: string;
      let wanted: Block | null = null;
      if (sheetName === undefined) {
        // Values come back as one grid: a selection of several blocks is refused as loadSelectedRange does.
        const sel = await loadSelectedBlocks(session, ctx);
        if (sel.blocks.length !== 1) throw oneBlockError();
        name = sel.sheetName;
        wanted = sel.blocks[0];
      } else name = sheetName;
      const used = ctx.workbook.worksheets
        .getItem(name)
        .getUsedRangeOrNullObject(true)
        .load("rowIndex, rowCount, columnIndex, columnCount");
      await ctx.sync();
      if (used.isNullObject) return null;
      // A whole-column selection reads only the cells in use.
      const block = wanted ? intersectBlocks(wanted, blockOf(used)) : blockOf(used);
      if (!block) return null;
      const values = await readRows(ctx, name, block.row, block.col, block.rows, block.cols, session.readBudget());
      const address = `${columnLetter(block.col)}${block.row + 1}:${columnLetter(block.col + block.cols - 1)}${block.row + block.rows}`;
      return { sheetName: name, address, values };
    }),
  );
}
