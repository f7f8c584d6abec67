/**
 * Fills and annotations: a push's outcome per row (Status and Message texts, the Status cell coloured by tone, the
 * cells its errors name in red) and plain cell colours (pending shading). Colour follows the ownership rule of
 * fills.ts: the add-in clears only its own colours and never paints over a person's. With highlightColumns, only
 * the Status column and the columns named are looked at (fewer cells read).
 */
import { checkCellTexts, type Raw, TEXT } from "./cellValues";
import type { AnnotateOptions, AnnotationTone, RowAnnotation, TableCell } from "./port";
import { WorkbookError } from "./port";
import { type ExcelSession, guard } from "./session";
import { checkRows, columnIndex, protectedSheetError, requireTable, rowRuns, type TableInfo } from "./tableLookup";
import { ADDIN_FILLS, type Block, setOwnFills, type Want } from "./fills";
import { type Run, writeRuns } from "./transfer";

/** Single cells merged into vertical blocks per column. */
function mergeCells(cells: readonly Block[]): Block[] {
  const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
  const out: Block[] = [];
  for (const c of sorted) {
    const last = out[out.length - 1];
    if (last && last.col === c.col && last.row + last.rows >= c.row) last.rows = Math.max(last.rows, c.row - last.row + 1);
    else out.push({ ...c });
  }
  return out;
}

const TONE_FILL: Record<AnnotationTone, string | null> = {
  success: ADDIN_FILLS.success,
  error: ADDIN_FILLS.error,
  warning: ADDIN_FILLS.warning,
  info: ADDIN_FILLS.info,
  neutral: null,
};
/** Fill of a cell named in a row's errors. */
export const ERROR_CELL_FILL = ADDIN_FILLS.error;

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
 * Highlights: the blocks the add-in colours (the spans' rows, in the Status column and the columns named, or every
 * column) and each cell's wanted fill there: its tone on Status, red on a cell a row's errors name, else none.
 */
function highlights(
  info: TableInfo,
  byRow: Map<number, RowAnnotation>,
  spans: { from: number; count: number }[],
  sk: number,
  highlightColumns: readonly string[] | undefined,
): { blocks: Block[]; want: Want } {
  const managed = highlightColumns
    ? [sk, ...highlightColumns.map((h) => columnIndex(info, h))].filter((k) => k >= 0)
    : info.headers.map((_, k) => k);
  const blocks = spans.flatMap((span) =>
    rowRuns(managed).map((c) => ({ row: info.bodyRow + span.from, col: info.bodyCol + c.from, rows: span.count, cols: c.count })),
  );
  const wanted = new Map<string, string>();
  for (const a of byRow.values()) {
    const row = info.bodyRow + a.rowIndex;
    for (const name of a.errorColumns ?? []) {
      const k = columnIndex(info, name);
      if (k >= 0) wanted.set(`${row},${info.bodyCol + k}`, ERROR_CELL_FILL);
    }
    const fill = TONE_FILL[toneOf(a)];
    if (fill) wanted.set(`${row},${info.bodyCol + sk}`, fill);
  }
  return { blocks, want: (r, c) => wanted.get(`${r},${c}`) ?? null };
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
      const { blocks, want } = highlights(info, byRow, spans, sk, opts.highlightColumns);
      await setOwnFills(ctx, session, info.sheetName, blocks, want);
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
      const blocks = cells.flatMap((c) => {
        const k = columnIndex(info, c.column);
        return k < 0 || c.rowIndex < 0 || c.rowIndex >= info.bodyRows
          ? []
          : [{ row: info.bodyRow + c.rowIndex, col: info.bodyCol + k, rows: 1, cols: 1 }];
      });
      await setOwnFills(ctx, session, info.sheetName, mergeCells(blocks), () => color);
    }),
  );
}
