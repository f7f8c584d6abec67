/**
 * Whose colour a cell shows. The add-in's fills are its own colours, none of them a colour Excel offers by hand
 * (the built-in cell styles Good #C6EFCE, Bad #FFC7CE, Neutral #FFEB9C, Note #FFFFCC, Input #FFCC99, the theme
 * tints such as #DDEBF7 and #FFF2CC, the standard colours). So a fill is the add-in's exactly when it is one of
 * these values, and no record of painted cells is kept (a record breaks when rows are sorted or a sheet renamed).
 *
 * Before it colours or clears, the layer reads the cells' fills back and then:
 * - clears only a cell still showing one of its own colours;
 * - paints only a cell with no fill or one of its own colours, so a person's colour is never covered.
 * The read is Range.getCellProperties (ExcelApi 1.9): one per block of at most CELLS_PER_READ cells. Without
 * ExcelApi 1.9 it is RangeFill.color (1.1) per row, which Excel answers with null when the row's cells differ;
 * those rows are then read cell by cell.
 */
import type { Ctx, ExcelSession } from "./session";

/** The add-in's colours. Each differs from every fill Excel's Home tab offers. */
export const ADDIN_FILLS = {
  /** Status Saved. */
  success: "#CFEFD7",
  /** Status Failed or Invalid, and a cell a row's errors name. */
  error: "#FFCCD1",
  /** Status Not sent, Conflict. */
  warning: "#FFE8A3",
  info: "#D6E8F8",
  /** An input cell with a pending change. */
  pending: "#FFF0C2",
} as const;

const OWN = new Set<string>(Object.values(ADDIN_FILLS));
/** What Excel reads for a cell without fill (RangeFill.color and getCellProperties alike). */
const NO_FILL = "#FFFFFF";

export const isOwnFill = (color: string | null | undefined): boolean => !!color && OWN.has(color.toUpperCase());
/** A cell the add-in may paint: no fill, or one of its own colours. */
export const isFreeFill = (color: string | null | undefined): boolean =>
  !color || color.toUpperCase() === NO_FILL || isOwnFill(color);

/** Cells per getCellProperties read: about 40 bytes each in the answer, so 50,000 stay near 2 MB (Excel's 5 MB limit). */
export const CELLS_PER_READ = 50_000;
/** Range objects per request when reading fills without ExcelApi 1.9, and fill actions per request when writing. */
export const FILL_OPS_PER_SYNC = 2000;

export interface Block {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** A cell's wanted fill: a colour, or null for none. */
export type Want = (row: number, col: number) => string | null;

export interface FillRun {
  row: number;
  col: number;
  rows: number;
  /** null: clear the fill. */
  color: string | null;
}

/** Blocks cut into row bands of at most CELLS_PER_READ cells. */
function bands(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((b) => {
    const step = Math.max(1, Math.floor(CELLS_PER_READ / Math.max(1, b.cols)));
    const out: Block[] = [];
    for (let r = 0; r < b.rows; r += step) out.push({ ...b, row: b.row + r, rows: Math.min(step, b.rows - r) });
    return out;
  });
}

/** Each block's fills, row by row, as Excel reads them ("#FFFFFF" for none). */
export async function readFills(
  ctx: Ctx,
  session: ExcelSession,
  sheetName: string,
  blocks: readonly Block[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const cut = bands(blocks.filter((b) => b.rows > 0 && b.cols > 0));
  if (session.supports("1.9")) {
    for (let i = 0; i < cut.length;) {
      const ws = ctx.workbook.worksheets.getItem(sheetName);
      const batch: [Block, OfficeExtension.ClientResult<Excel.CellProperties[][]>][] = [];
      for (let cells = 0; i < cut.length && (batch.length === 0 || cells + cut[i].rows * cut[i].cols <= CELLS_PER_READ); i++) {
        const b = cut[i];
        cells += b.rows * b.cols;
        batch.push([
          b,
          ws.getRangeByIndexes(b.row, b.col, b.rows, b.cols).getCellProperties({ format: { fill: { color: true } } }),
        ]);
      }
      await ctx.sync();
      for (const [b, result] of batch)
        result.value.forEach((line, r) =>
          line.forEach((p, c) => out.set(`${b.row + r},${b.col + c}`, p.format?.fill?.color ?? NO_FILL)),
        );
    }
    return out;
  }
  // ExcelApi 1.1: one colour per row (null when its cells differ), then the mixed rows cell by cell.
  const rows = cut.flatMap((b) => Array.from({ length: b.rows }, (_, r) => ({ ...b, row: b.row + r, rows: 1 })));
  const mixed: Block[] = [];
  for (let i = 0; i < rows.length; i += FILL_OPS_PER_SYNC) {
    const ws = ctx.workbook.worksheets.getItem(sheetName);
    const batch = rows
      .slice(i, i + FILL_OPS_PER_SYNC)
      .map((b) => [b, ws.getRangeByIndexes(b.row, b.col, 1, b.cols).format.fill.load("color")] as const);
    await ctx.sync();
    for (const [b, fill] of batch) {
      if (fill.color === null)
        mixed.push(...Array.from({ length: b.cols }, (_, c) => ({ row: b.row, col: b.col + c, rows: 1, cols: 1 })));
      else for (let c = 0; c < b.cols; c++) out.set(`${b.row},${b.col + c}`, fill.color);
    }
  }
  for (let i = 0; i < mixed.length; i += FILL_OPS_PER_SYNC) {
    const ws = ctx.workbook.worksheets.getItem(sheetName);
    const batch = mixed
      .slice(i, i + FILL_OPS_PER_SYNC)
      .map((b) => [b, ws.getRangeByIndexes(b.row, b.col, 1, 1).format.fill.load("color")] as const);
    await ctx.sync();
    for (const [b, fill] of batch) out.set(`${b.row},${b.col}`, fill.color ?? NO_FILL);
  }
  return out;
}

/**
 * The fill changes that give the blocks' cells their wanted colours under the ownership rule: a wanted colour goes
 * on a free cell that does not show it yet; no colour takes off only the add-in's own. Vertical runs of equal change.
 */
export function plannedRuns(blocks: readonly Block[], current: ReadonlyMap<string, string>, want: Want): FillRun[] {
  const runs: FillRun[] = [];
  const seen = new Set<string>();
  for (const b of blocks)
    for (let c = b.col; c < b.col + b.cols; c++)
      for (let r = b.row; r < b.row + b.rows; r++) {
        const key = `${r},${c}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const now = current.get(key) ?? NO_FILL;
        const w = want(r, c);
        const change = w !== null ? isFreeFill(now) && now.toUpperCase() !== w.toUpperCase() : isOwnFill(now);
        if (!change) continue;
        const last = runs[runs.length - 1];
        if (last && last.col === c && last.color === w && last.row + last.rows === r) last.rows++;
        else runs.push({ row: r, col: c, rows: 1, color: w });
      }
  return runs;
}

/** Colour the runs, a bounded number of actions per request. */
export async function applyFills(ctx: Ctx, sheetName: string, runs: readonly FillRun[]): Promise<void> {
  for (let i = 0; i < runs.length; i += FILL_OPS_PER_SYNC) {
    const ws = ctx.workbook.worksheets.getItem(sheetName);
    for (const r of runs.slice(i, i + FILL_OPS_PER_SYNC)) {
      const range = ws.getRangeByIndexes(r.row, r.col, r.rows, 1);
      if (r.color === null) range.format.fill.clear();
      else range.format.fill.color = r.color;
    }
    await ctx.sync();
  }
}

/** Read, plan and colour: the blocks' cells get their wanted colours wherever the ownership rule lets them. */
export async function setOwnFills(
  ctx: Ctx,
  session: ExcelSession,
  sheetName: string,
  blocks: readonly Block[],
  want: Want,
): Promise<void> {
  const current = await readFills(ctx, session, sheetName, blocks);
  await applyFills(ctx, sheetName, plannedRuns(blocks, current, want));
}

/** The colours a person put on the blocks' cells (not the add-in's, not none), to put back after the cells are rewritten. */
export async function handFills(
  ctx: Ctx,
  session: ExcelSession,
  sheetName: string,
  blocks: readonly Block[],
): Promise<FillRun[]> {
  const current = await readFills(ctx, session, sheetName, blocks);
  const hand = new Map([...current].filter(([, color]) => !isFreeFill(color)));
  return plannedRuns(blocks, new Map(), (r, c) => hand.get(`${r},${c}`) ?? null).filter((run) => run.color !== null);
}
