/**
 * Fills and annotations: a push's outcome per row (Status and Message texts, the Status cell coloured by tone, the
 * cells its errors name in red) and plain cell colours (pending shading). Only the add-in's own colours are cleared:
 * with highlightColumns, earlier highlights go only in the Status column and the columns named, so colour a person
 * put elsewhere survives. Colours travel a bounded number of actions per request.
 */
import { checkCellTexts, type Raw, TEXT } from "./cellValues";
import type { AnnotateOptions, AnnotationTone, RowAnnotation, TableCell } from "./port";
import { WorkbookError } from "./port";
import { type Ctx, type ExcelSession, guard } from "./session";
import { checkRows, columnIndex, protectedSheetError, requireTable, rowRuns, type TableInfo } from "./tableLookup";
import { type Run, writeRuns } from "./transfer";

const TONE_FILL: Record<AnnotationTone, string | null> = {
  success: "#C6EFCE",
  error: "#FFC7CE",
  warning: "#FFEB9C",
  info: "#DDEBF7",
  neutral: null,
};
/** Fill of a cell named in a row's errors. */
export const ERROR_CELL_FILL = "#FFC7CE";

/** Fill operations per request when colouring cells (each is a small action). */
const FILL_OPS_PER_SYNC = 2000;

interface FillRun {
  row: number;
  col: number;
  rows: number;
  /** Columns wide (default 1). */
  cols?: number;
  /** null: clear the fill. */
  color: string | null;
}

/** Vertical runs of equal colour per column, so a long column of "Saved" is one action. */
function fillRuns(cells: { row: number; col: number; color: string }[]): FillRun[] {
  const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
  const runs: FillRun[] = [];
  for (const c of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.col === c.col && last.color === c.color && last.row + last.rows === c.row) last.rows++;
    else if (!(last && last.col === c.col && last.row + last.rows > c.row))
      runs.push({ row: c.row, col: c.col, rows: 1, color: c.color });
  }
  return runs;
}

/** Colour the runs, a bounded number of actions per request; also sends anything already queued. */
async function applyFills(ctx: Ctx, sheetName: string, runs: FillRun[]): Promise<void> {
  let i = 0;
  do {
    const ws = ctx.workbook.worksheets.getItem(sheetName);
    for (const r of runs.slice(i, i + FILL_OPS_PER_SYNC)) {
      const range = ws.getRangeByIndexes(r.row, r.col, r.rows, r.cols ?? 1);
      if (r.color === null) range.format.fill.clear();
      else range.format.fill.color = r.color;
    }
    await ctx.sync();
    i += FILL_OPS_PER_SYNC;
  } while (i < runs.length);
}

function toneOf(a: RowAnnotation): AnnotationTone {
  if (a.tone) return a.tone;
  const s = a.status.trim().toLowerCase();
  if (s === "saved") return "success";
  if (s === "failed" || s === "invalid") return "error";
  if (s === "not sent") return "warning";
  return "neutral";
}

/** Status and Message texts of the spans' rows: whole columns when clearing others, else only the annotated rows. */
function statusTextRuns(
  info: TableInfo,
  byRow: Map<number, RowAnnotation>,
  spans: { from: number; count: number }[],
  sk: number,
  mk: number,
): Run[] {
  const texts = (r: number): [string, string] => {
    const a = byRow.get(r);
    return a ? [a.status, a.message] : ["", ""];
  };
  const columnRuns = (col: number, pick: (t: [string, string]) => Raw[]): Run[] =>
    spans.map(({ from, count }) => ({
      row: info.bodyRow + from,
      col: info.bodyCol + col,
      count,
      cells: (i: number) => {
        const v = pick(texts(from + i));
        return [v, v.map(() => TEXT)];
      },
    }));
  return mk === sk + 1 ? columnRuns(sk, (t) => t) : [...columnRuns(sk, (t) => [t[0]]), ...columnRuns(mk, (t) => [t[1]])];
}

/**
 * Highlights: clear earlier ones (whole body, or the annotated rows; only in the columns the add-in colours), then
 * colour Status cells by tone and the cells the errors name. Clears go first, in the same bounded batches as the fills.
 */
function highlightRuns(
  info: TableInfo,
  byRow: Map<number, RowAnnotation>,
  spans: { from: number; count: number }[],
  sk: number,
  highlightColumns: readonly string[] | undefined,
): FillRun[] {
  const managed = highlightColumns
    ? [sk, ...highlightColumns.map((h) => columnIndex(info, h))].filter((k) => k >= 0)
    : info.headers.map((_, k) => k);
  const clears: FillRun[] = spans.flatMap((span) =>
    rowRuns(managed).map((c) => ({
      row: info.bodyRow + span.from,
      col: info.bodyCol + c.from,
      rows: span.count,
      cols: c.count,
      color: null,
    })),
  );
  const cells: { row: number; col: number; color: string }[] = [];
  for (const a of byRow.values()) {
    const fill = TONE_FILL[toneOf(a)];
    if (fill) cells.push({ row: info.bodyRow + a.rowIndex, col: info.bodyCol + sk, color: fill });
    for (const name of a.errorColumns ?? []) {
      const k = columnIndex(info, name);
      if (k >= 0) cells.push({ row: info.bodyRow + a.rowIndex, col: info.bodyCol + k, color: ERROR_CELL_FILL });
    }
  }
  return [...clears, ...fillRuns(cells)];
}

export async function annotateRows(
  session: ExcelSession,
  sheetName: string,
  annotations: readonly RowAnnotation[],
  opts: AnnotateOptions = {},
): Promise<void> {
  const statusHeader = opts.statusColumn ?? "Status";
  const messageHeader = opts.messageColumn ?? "Message";
  const clearOthers = opts.clearOthers ?? true;
  checkCellTexts(
    annotations.map((a) => [a.status, a.message]),
    (i, k) => `row ${annotations[i].rowIndex + 1}, column "${k === 0 ? statusHeader : messageHeader}"`,
  );
  return guard(`annotate rows on "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const info = await requireTable(ctx, sheetName);
      if (info.protected) throw protectedSheetError(info.sheetName);
      const sk = columnIndex(info, statusHeader);
      const mk = columnIndex(info, messageHeader);
      if (sk < 0 || mk < 0)
        throw new WorkbookError(`Sheet "${sheetName}" needs "${statusHeader}" and "${messageHeader}" columns.`, "ItemNotFound");
      checkRows(
        info,
        annotations.map((a) => a.rowIndex),
      );
      if (annotations.length === 0 && !clearOthers) return;

      // Clearing rewrites the whole Status/Message columns; otherwise only the annotated rows are written,
      // so the rows between keep their own annotations (and anything a user typed there).
      const byRow = new Map(annotations.map((a) => [a.rowIndex, a]));
      const spans = clearOthers ? [{ from: 0, count: info.bodyRows }] : rowRuns(byRow.keys());
      await writeRuns(ctx, info.sheetName, statusTextRuns(info, byRow, spans, sk, mk), session.writeBudget());
      await applyFills(ctx, info.sheetName, highlightRuns(info, byRow, spans, sk, opts.highlightColumns));
    }),
  );
}

export async function fillCells(
  session: ExcelSession,
  sheetName: string,
  cells: readonly TableCell[],
  color: string | null,
): Promise<void> {
  if (cells.length === 0) return;
  return guard(`colour cells on "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const info = await requireTable(ctx, sheetName);
      const placed = cells.flatMap((c) => {
        const k = columnIndex(info, c.column);
        return k < 0 || c.rowIndex < 0 || c.rowIndex >= info.bodyRows
          ? []
          : [{ row: info.bodyRow + c.rowIndex, col: info.bodyCol + k, color: color ?? "" }];
      });
      const runs = fillRuns(placed);
      if (color !== null) return applyFills(ctx, info.sheetName, runs);
      for (let i = 0; i < runs.length; i += FILL_OPS_PER_SYNC) {
        const ws = ctx.workbook.worksheets.getItem(info.sheetName);
        for (const r of runs.slice(i, i + FILL_OPS_PER_SYNC)) ws.getRangeByIndexes(r.row, r.col, r.rows, 1).format.fill.clear();
        await ctx.sync();
      }
    }),
  );
}
