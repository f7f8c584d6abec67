/**
 * Moving cells in and out of Excel within its request and response limits.
 *
 * Writes: a Run is a rectangle of consecutive rows; each request carries whole 2-D assignments (numberFormat
 * then values, one pair per block) up to an estimated byte budget. Excel on the web refuses a request over
 * 5 MB with RequestPayloadSizeLimitExceeded, and older builds answered big requests with a bare
 * GeneralException ("An internal error has occurred"). Its rows are packed again under half its size and
 * resent (safe even if part of it had been applied: a block write sets the same formats and values again);
 * the lowered budget holds for the rest of the operation, so later requests are not refused too.
 *
 * Reads: chunks of rows up to a cell budget. A chunk refused with ResponsePayloadSizeLimitExceeded (or answered
 * with null, as Excel does for very large ranges) is read again in chunks half its size, which also holds for
 * the rest of the operation.
 */
import { cellBytes, type Raw } from "./cellValues";
import { errorCode } from "./officeError";
import { WorkbookError } from "./port";

type Ctx = Excel.RequestContext;

/**
 * Bytes a block adds to a request besides its cells: the range's object path with the action that instantiates
 * it, and the numberFormat and values assignments. Microsoft's figure is about 500 bytes per range in a request
 * (scripts/bench-excel.ts measures the preview, which counts as Excel on the web does); 200 let a sparse write
 * of about 8,000 rows go out as one request that Excel on the web refuses.
 */
export const BLOCK_OVERHEAD = 500;
const ROW_OVERHEAD = 4;

/** Consecutive rows written at (row, col); cells(i) gives row i's values and formats (same width for all i). */
export interface Run {
  row: number;
  col: number;
  count: number;
  cells: (i: number) => [Raw[], string[]];
}

interface Block {
  row: number;
  col: number;
  values: Raw[][];
  formats: string[][];
  bytes: number;
}

/** The byte budget of one operation's write requests; lowered when Excel refuses a request. */
export interface WriteBudget {
  bytes: number;
}

function rowBytes(v: Raw[], f: string[]): number {
  let n = ROW_OVERHEAD;
  for (let k = 0; k < v.length; k++) n += cellBytes(v[k], f[k]);
  return n;
}

/** Pack runs into requests of at most budget.bytes (at least one row each); emit each request as it fills. */
async function pack(runs: readonly Run[], budget: WriteBudget, emit: (request: Block[]) => Promise<void>): Promise<void> {
  let pending: Block[] = [];
  let pendingBytes = 0;
  for (const run of runs) {
    let block: Block | null = null; // the run's block in the pending request
    for (let i = 0; i < run.count; i++) {
      const [v, f] = run.cells(i);
      const bytes = rowBytes(v, f);
      // budget.bytes is read per row: a refusal while emitting lowers it for the rows still to pack.
      if (pendingBytes > 0 && pendingBytes + bytes + (block ? 0 : BLOCK_OVERHEAD) > budget.bytes) {
        await emit(pending);
        pending = [];
        pendingBytes = 0;
        block = null;
      }
      if (!block) {
        block = { row: run.row + i, col: run.col, values: [], formats: [], bytes: BLOCK_OVERHEAD };
        pending.push(block);
        pendingBytes += BLOCK_OVERHEAD;
      }
      block.values.push(v);
      block.formats.push(f);
      block.bytes += bytes;
      pendingBytes += bytes;
    }
  }
  if (pending.length > 0) await emit(pending);
}

const asRun = (b: Block): Run => ({ row: b.row, col: b.col, count: b.values.length, cells: (i) => [b.values[i], b.formats[i]] });
const rowsIn = (request: Block[]) => request.reduce((n, b) => n + b.values.length, 0);

/**
 * Write runs of rows: one 2-D assignment per block, as many blocks per request as the budget allows.
 * onProgress gets the number of rows written after each request. Without `formats` only values are written (a
 * protected sheet that does not allow "Format cells", whose cells already hold the formats).
 */
export async function writeRuns(
  ctx: Ctx,
  sheetName: string,
  runs: readonly Run[],
  budget: WriteBudget,
  onProgress?: (written: number) => void,
  formats = true,
): Promise<void> {
  const send = async (request: Block[]): Promise<void> => {
    const ws = ctx.workbook.worksheets.getItem(sheetName);
    for (const b of request) {
      const range = ws.getRangeByIndexes(b.row, b.col, b.values.length, b.values[0].length);
      if (formats) range.numberFormat = b.formats; // first, so text cells are text before their values arrive
      range.values = b.values;
    }
    try {
      await ctx.sync();
    } catch (e) {
      // Pack the refused request's rows again under half its size and resend (block writes are idempotent).
      const code = errorCode(e);
      const rows = rowsIn(request);
      if (!(code === "RequestPayloadSizeLimitExceeded" || (code === "GeneralException" && rows > 1))) throw e;
      if (rows === 1)
        throw new WorkbookError(
          "One row is larger than Excel's 5 MB request limit and cannot be written.",
          "RequestPayloadSizeLimitExceeded",
        );
      const sent = request.reduce((n, b) => n + b.bytes, 0);
      budget.bytes = Math.max(1, Math.min(budget.bytes, Math.floor(sent / 2)));
      await pack(request.map(asRun), budget, send);
    }
  };
  let written = 0;
  await pack(runs, budget, async (request) => {
    await send(request);
    written += rowsIn(request);
    onProgress?.(written);
  });
}

/** Consecutive rows of a rectangle read per request; lowered when Excel refuses a response's size. */
export interface ReadBudget {
  cells: number;
}

/** Read one property of a rectangle in chunks of rows. */
export async function readRows(
  ctx: Ctx,
  sheetName: string,
  row: number,
  col: number,
  rows: number,
  cols: number,
  budget: ReadBudget,
  prop: "values" | "numberFormat" | "formulas" = "values",
): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (let r = 0; r < rows;) {
    const n = Math.min(Math.max(1, Math.floor(budget.cells / Math.max(1, cols))), rows - r);
    const range = ctx.workbook.worksheets.getItem(sheetName).getRangeByIndexes(row + r, col, n, cols);
    range.load(prop);
    let data: unknown[][] | null = null;
    try {
      await ctx.sync();
      data = range[prop] as unknown[][] | null;
    } catch (e) {
      if (errorCode(e) !== "ResponsePayloadSizeLimitExceeded" || n === 1) throw e;
    }
    if (!data) {
      // Refused (or null, as Excel answers for very large ranges): the same rows again, in smaller chunks.
      if (n === 1)
        throw new WorkbookError(`Excel returned no ${prop} for row ${row + r + 1} of "${sheetName}".`, "GeneralException");
      budget.cells = Math.max(cols, Math.floor(n / 2) * cols);
      continue;
    }
    for (const line of data) out.push(line);
    r += n;
  }
  return out;
}
