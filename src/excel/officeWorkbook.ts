/**
 * WorkbookPort over the Excel JavaScript API. The only module that calls Excel.* (with transfer.ts, which
 * moves cells within Excel's request and response limits). See docs/excel-layer.md.
 *
 * Layout of a table sheet: A1 title (bold), A2 "Last refreshed <local time>", header row 3, data from row 4;
 * the first three rows are frozen.
 *
 * Writes: one 2-D assignment of numberFormat then values per block of consecutive rows; only the cells that
 * change are written (a column update or a retry's annotations never rewrite the rows between, which would
 * turn a user's formula into its value). Requests are sized from an estimate of their JSON to stay well under
 * Excel on the web's 5 MB limit (transfer.ts).
 *
 * Formula safety: Excel reads a string assigned to Range.values as if typed, so "=...", "+...", "-..." and
 * "@..." become formulas. Every string cell is given the text number format "@" in the same request, before
 * its value (cellValues.ts): Excel then stores the string as text, verbatim.
 *
 * Every batch runs with delayForCellEdit, so a multi-request write waits while the user is typing in a cell
 * instead of failing halfway.
 */
import { columnLetter, type DateSystem, safeTableName, sheetNameProblem } from "../sheets/excelConventions";
import { checkCellTexts, defaultNumberFormat, GENERAL, type Raw, TEXT, toExcelCell, toRawCell } from "./cellValues";
import {
  type AnnotateOptions,
  type AnnotationTone,
  type AppendRowsOptions,
  type CellType,
  type CellValue,
  type ColumnSpec,
  type ColumnValueUpdate,
  type HiddenTable,
  type RangeValues,
  type RowAnnotation,
  type SettingValue,
  type SheetChange,
  type SheetInfo,
  type TableCell,
  type TableData,
  type WorkbookPort,
  type WriteTableOptions,
  type WriteTableResult,
  WorkbookError,
} from "./port";
import { errorCode, type ReadBudget, readRows, type Run, type WriteBudget, writeRuns } from "./transfer";
import {
  hostSupports,
  probeCellEdit,
  protectedSheetError,
  queueDateSystem,
  reportCellEditWait,
  toPortSerials,
  watchCellEdit,
} from "./host";

export { toExcelCell } from "./cellValues";

export interface OfficeWorkbookOptions {
  /** Estimated JSON bytes allowed in one write request. Default 2.5 MB: half of the 5 MB limit, for overhead and estimate error. */
  maxRequestBytes?: number;
  /** Cells read per request. Default 100,000 (about 2 MB of typical payroll values). */
  maxReadCells?: number;
  /** Clock for the "Last refreshed" stamp (tests). */
  now?: () => Date;
  /**
   * Whether the host supports an ExcelApi requirement set (e.g. "1.9"). Default: Office's own check
   * (Office.context.requirements.isSetSupported: the browser preview installs one for the host it plays), or true
   * where Office is absent.
   */
  supportsExcelApi?: (version: string) => boolean;
  /**
   * Told when a batch starts (true) and stops (false) waiting for the user to finish typing in a cell, after it has
   * waited about `cellEditWaitMs`; listeners of onCellEditWait (host.ts) hear it too. The pane then shows
   * CELL_EDIT_MESSAGE: Excel holds every request while a cell is being edited.
   */
  onCellEditWait?: (waiting: boolean) => void;
  /** How long a batch runs before the layer asks whether cell-edit mode holds it. Default 2,000 ms. */
  cellEditWaitMs?: number;
}

type Ctx = Excel.RequestContext;

/** Row 1 title, row 2 stamp, row 3 header (0-based below). */
const TITLE_ROW = 0;
const HEADER_ROW = 2;
const FIRST_DATA_ROW = HEADER_ROW + 1;

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

/**
 * Our ceiling on one document setting's JSON. Excel documents no limit, but settings are stored in the file
 * with the add-in's other settings and read whole; bulk data (snapshots) belongs on a hidden sheet.
 */
export const MAX_SETTING_CHARS = 64 * 1024;

function runExcel<T>(batch: (ctx: Ctx) => Promise<T>): Promise<T> {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function")
    throw new WorkbookError("Excel is not available: open the add-in in Excel, or use the browser preview.", "ExcelUnavailable");
  // delayForCellEdit: while the user edits a cell Excel would refuse every request (InvalidOperationInCellEditMode).
  return Excel.run({ delayForCellEdit: true }, batch);
}

/** Turn Excel failures into WorkbookError with a message a person can act on; keep Excel's code. */
async function guard<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof WorkbookError) throw e;
    const code = errorCode(e) ?? "GeneralException";
    // Excel's AccessDenied names no sheet; `what` does.
    if (code === "AccessDenied")
      throw new WorkbookError(
        `Could not ${what}: the sheet is protected. Unprotect it (Review > Unprotect Sheet) and try again.`,
        code,
      );
    const detail = e instanceof Error ? e.message : String(e);
    throw new WorkbookError(`Could not ${what}: ${detail}`, code);
  }
}

function localStamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function defaultWidth(col: ColumnSpec, sample: readonly (readonly CellValue[])[], index: number): number {
  if (col.width !== undefined) return col.width;
  const typical: Partial<Record<CellType, number>> = { date: 10, datetime: 16, boolean: 6, currency: 12, percent: 8, integer: 8 };
  let chars = Math.max(col.header.length, typical[col.type] ?? 6);
  if (col.type === "text" || col.type === "number") {
    for (const row of sample) {
      const v = row[index];
      if (v !== null && v !== undefined) chars = Math.max(chars, String(v).length);
    }
  }
  return Math.min(320, Math.max(40, Math.round(chars * 6.5 + 14)));
}

function isBlankRow(row: unknown[]): boolean {
  return row.every((v) => v === "" || v === null || v === undefined);
}

/** Sorted distinct row indexes as contiguous runs. */
function rowRuns(rows: Iterable<number>): { from: number; count: number }[] {
  const out: { from: number; count: number }[] = [];
  for (const r of [...new Set(rows)].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last.from + last.count === r) last.count++;
    else out.push({ from: r, count: 1 });
  }
  return out;
}

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

interface TableInfo {
  name: string;
  sheetName: string;
  headers: string[];
  bodyRow: number;
  bodyCol: number;
  bodyRows: number;
  /** Worksheet.protection.protected of the table's sheet: writes would fail with AccessDenied. */
  protected: boolean;
}

export function createOfficeWorkbook(options: OfficeWorkbookOptions = {}): WorkbookPort {
  const maxRequestBytes = options.maxRequestBytes ?? 2_500_000;
  const maxReadCells = options.maxReadCells ?? 100_000;
  const now = options.now ?? (() => new Date());
  const supports = options.supportsExcelApi ?? hostSupports;
  const cellEditWatch = {
    afterMs: options.cellEditWaitMs ?? 2000,
    probe: probeCellEdit,
    onWait: (waiting: boolean) => {
      options.onCellEditWait?.(waiting);
      reportCellEditWait(waiting);
    },
  };
  /** One Excel.run, watched for cell-edit mode. */
  const run = <T>(batch: (ctx: Ctx) => Promise<T>): Promise<T> => watchCellEdit(runExcel(batch), cellEditWatch);

  // The workbook's date system, asked once (File > Options can change it, but not while a batch runs).
  let dateSystem: DateSystem | undefined;
  /** Queue the date system question unless known; the returned function gives the answer after the next sync. */
  function queueKnownDateSystem(ctx: Ctx): () => DateSystem {
    if (dateSystem) {
      const known = dateSystem;
      return () => known;
    }
    const answer = queueDateSystem(ctx, supports);
    return () => (dateSystem ??= answer());
  }

  // Budgets are per operation: a refusal lowers them for the rest of that operation only.
  const writeBudget = (): WriteBudget => ({ bytes: maxRequestBytes });
  const readBudget = (): ReadBudget => ({ cells: maxReadCells });

  // ---- finding things -------------------------------------------------------------------------------

  async function loadTables(ctx: Ctx): Promise<{ name: string; sheetName: string }[]> {
    const tables = ctx.workbook.tables;
    tables.load("items/name, items/worksheet/name");
    await ctx.sync();
    return tables.items.map((t) => ({ name: t.name, sheetName: t.worksheet.name }));
  }

  /** Queue the loads that describe a table; the returned function reads them after the next sync. */
  function queueDescribe(ctx: Ctx, name: string, sheetName: string): () => TableInfo {
    const table = ctx.workbook.tables.getItem(name);
    const header = table.getHeaderRowRange().load("values");
    const body = table.getDataBodyRange().load("rowIndex, columnIndex, rowCount");
    const protection = ctx.workbook.worksheets.getItem(sheetName).protection.load("protected");
    return () => ({
      protected: protection.protected,
      name,
      sheetName,
      headers: (header.values[0] as unknown[]).map((h) => String(h)),
      bodyRow: body.rowIndex,
      bodyCol: body.columnIndex,
      bodyRows: body.rowCount,
    });
  }

  /** The first table on a sheet with its header and data body position, or null. */
  async function findTable(ctx: Ctx, sheetName: string): Promise<TableInfo | null> {
    const key = sheetName.toLowerCase();
    const found = (await loadTables(ctx)).find((t) => t.sheetName.toLowerCase() === key);
    if (!found) return null;
    const describe = queueDescribe(ctx, found.name, found.sheetName);
    await ctx.sync();
    return describe();
  }

  async function requireTable(ctx: Ctx, sheetName: string): Promise<TableInfo> {
    const info = await findTable(ctx, sheetName);
    if (!info) throw new WorkbookError(`Sheet "${sheetName}" has no table. Import or build the sheet again.`, "ItemNotFound");
    return info;
  }

  function columnIndex(info: TableInfo, column: string): number {
    const key = column.trim().toLowerCase();
    return info.headers.findIndex((h) => h.trim().toLowerCase() === key);
  }

  function checkSheetName(name: string): void {
    const problem = sheetNameProblem(name);
    if (problem) throw new WorkbookError(`"${name}" cannot be a sheet name. ${problem}`, "InvalidArgument");
  }

  function checkRows(info: TableInfo, rows: readonly number[]): void {
    const bad = rows.find((r) => !Number.isInteger(r) || r < 0 || r >= info.bodyRows);
    if (bad !== undefined) throw new WorkbookError(`Row ${bad} is outside the table on "${info.sheetName}".`, "InvalidArgument");
  }

  // ---- fills ----------------------------------------------------------------------------------------

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

  // ---- the port ---------------------------------------------------------------------------------------

  async function writeTable(opts: WriteTableOptions): Promise<WriteTableResult> {
    const { sheetName, columns, rows } = opts;
    checkSheetName(sheetName);
    if (columns.length === 0) throw new WorkbookError("A table needs at least one column.", "InvalidArgument");
    const headers = columns.map((c) => c.header);
    const dup = headers.find((h, i) => headers.findIndex((x) => x.toLowerCase() === h.toLowerCase()) !== i);
    if (dup !== undefined || headers.some((h) => h.trim() === ""))
      throw new WorkbookError(
        `Column headers must be unique and not blank${dup ? ` ("${dup}" repeats)` : ""}.`,
        "InvalidArgument",
      );
    const width = columns.length;
    // Before anything is cleared: a refused cell must not cost the sheet its previous data.
    checkCellTexts(
      [[opts.title ?? ""], headers, ...rows],
      (i, k) => (i < 2 ? "the title or a header" : `row ${i - 1}, column "${columns[k]?.header}"`),
      width,
    );
    const tableName = safeTableName(opts.tableName);

    return guard(`write sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const sheets = ctx.workbook.worksheets;
        sheets.load("items/name, items/protection/protected");
        const system = queueKnownDateSystem(ctx);
        const tables = await loadTables(ctx);
        const existing = sheets.items.find((s) => s.name.toLowerCase() === sheetName.toLowerCase());
        if (existing?.protection.protected) throw protectedSheetError(existing.name);
        const clash = tables.find(
          (t) => t.name.toLowerCase() === tableName.toLowerCase() && t.sheetName.toLowerCase() !== sheetName.toLowerCase(),
        );
        if (clash)
          throw new WorkbookError(
            `The table name "${tableName}" is already used on sheet "${clash.sheetName}".`,
            "ItemAlreadyExists",
          );

        // Prepare the sheet: same sheet and table name on re-import; old content removed. The old table is
        // deleted in this request and the new one (same name) added in the last, never both in one request.
        let ws: Excel.Worksheet;
        if (existing) {
          ws = sheets.getItem(existing.name);
          for (const t of tables.filter((x) => x.sheetName === existing.name)) ctx.workbook.tables.getItem(t.name).delete();
          // Visible first: unfreezing a hidden sheet's panes fails on some builds.
          ws.visibility = "Visible";
          ws.getRange().clear("All");
          ws.freezePanes.unfreeze();
        } else {
          ws = sheets.add(sheetName);
        }
        const top = ws.getRangeByIndexes(TITLE_ROW, 0, 2, 1);
        top.numberFormat = [[TEXT], [TEXT]];
        top.values = [[opts.title ?? sheetName], [`${opts.stampLabel ?? "Last refreshed"} ${localStamp(now())}`]];
        ws.getRangeByIndexes(TITLE_ROW, 0, 1, 1).format.font.bold = true;
        const header = ws.getRangeByIndexes(HEADER_ROW, 0, 1, width);
        header.numberFormat = [headers.map(() => TEXT)];
        header.values = [headers];
        await ctx.sync();
        const name = existing?.name ?? sheetName;

        const data: Run = {
          row: FIRST_DATA_ROW,
          col: 0,
          count: rows.length,
          cells: (i) => {
            const v: Raw[] = new Array(width);
            const f: string[] = new Array(width);
            for (let k = 0; k < width; k++)
              [v[k], f[k]] = toExcelCell(rows[i][k], columns[k].type, columns[k].numberFormat, system());
            return [v, f];
          },
        };
        await writeRuns(ctx, name, [data], writeBudget(), (written) => opts.onProgress?.(written, rows.length));

        // The table over header + data (Excel gives a header-only table one empty row: format it too).
        const bodyRows = Math.max(rows.length, 1);
        const sheet = ctx.workbook.worksheets.getItem(name);
        if (rows.length === 0)
          sheet.getRangeByIndexes(FIRST_DATA_ROW, 0, 1, width).numberFormat = [
            columns.map((c) => c.numberFormat ?? defaultNumberFormat(c.type)),
          ];
        const table = sheet.tables.add(sheet.getRangeByIndexes(HEADER_ROW, 0, bodyRows + 1, width), true);
        table.name = tableName;
        const sample = rows.slice(0, 200);
        columns.forEach((c, k) => (sheet.getRangeByIndexes(0, k, 1, 1).format.columnWidth = defaultWidth(c, sample, k)));
        // Panes are frozen on the active sheet only (freezing another sheet's panes is unreliable across hosts): a
        // table written without activating it (the Push log) keeps its header unfrozen.
        if (opts.activate !== false) {
          sheet.activate();
          sheet.freezePanes.freezeRows(FIRST_DATA_ROW);
        }
        const range = table.getRange().load("address");
        await ctx.sync();
        return { sheetName: name, tableName, rowCount: rows.length, address: range.address };
      }),
    );
  }

  async function readTable(sheetName: string): Promise<TableData | null> {
    return guard(`read sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const system = queueKnownDateSystem(ctx);
        const info = await findTable(ctx, sheetName);
        if (!info) return null;
        const read = (prop: "values" | "numberFormat") =>
          readRows(ctx, info.sheetName, info.bodyRow, info.bodyCol, info.bodyRows, info.headers.length, readBudget(), prop);
        const rows = await read("values");
        // The port speaks 1900-system serials; a 1904 workbook's date cells are turned into them.
        if (system() === "1904") toPortSerials(rows, await read("numberFormat"));
        while (rows.length > 0 && isBlankRow(rows[rows.length - 1])) rows.pop();
        return { sheetName: info.sheetName, tableName: info.name, columns: info.headers, rows, rowCount: rows.length };
      }),
    );
  }

  async function writeColumnValues(
    sheetName: string,
    column: string,
    updates: readonly ColumnValueUpdate[],
    type?: CellType,
  ): Promise<void> {
    if (updates.length === 0) return;
    checkCellTexts(
      updates.map((u) => [u.value]),
      (i) => `row ${updates[i].rowIndex + 1}, column "${column}"`,
    );
    return guard(`write column "${column}" on "${sheetName}"`, () =>
      run(async (ctx) => {
        const system = queueKnownDateSystem(ctx);
        const info = await requireTable(ctx, sheetName);
        if (info.protected) throw protectedSheetError(info.sheetName);
        const k = columnIndex(info, column);
        if (k < 0) throw new WorkbookError(`Sheet "${sheetName}" has no column "${column}".`, "ItemNotFound");
        checkRows(
          info,
          updates.map((u) => u.rowIndex),
        );
        // Only the updated cells are written (runs of consecutive rows); the rows between keep what they hold.
        const byRow = new Map(updates.map((u) => [u.rowIndex, u.value]));
        const cell = (v: CellValue): [Raw[], string[]] => {
          const t =
            type ??
            (typeof v === "number" ? "number" : typeof v === "boolean" ? "boolean" : v instanceof Date ? "datetime" : "text");
          const [x, f] = toExcelCell(v, t, undefined, system());
          return [[x], [f]];
        };
        const runs = rowRuns(byRow.keys()).map(({ from, count }) => ({
          row: info.bodyRow + from,
          col: info.bodyCol + k,
          count,
          cells: (i: number) => cell(byRow.get(from + i) ?? null),
        }));
        await writeRuns(ctx, info.sheetName, runs, writeBudget());
      }),
    );
  }

  async function annotateRows(
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
      run(async (ctx) => {
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
        const runs =
          mk === sk + 1 ? columnRuns(sk, (t) => t) : [...columnRuns(sk, (t) => [t[0]]), ...columnRuns(mk, (t) => [t[1]])];
        await writeRuns(ctx, info.sheetName, runs, writeBudget());

        // Highlights: clear earlier ones (whole body, or the annotated rows; only in the columns the add-in
        // colours), then colour Status cells by tone and the cells the errors name. Clears go first, in the
        // same bounded batches as the fills.
        const managed = opts.highlightColumns
          ? [sk, ...opts.highlightColumns.map((h) => columnIndex(info, h))].filter((k) => k >= 0)
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
        await applyFills(ctx, info.sheetName, [...clears, ...fillRuns(cells)]);
      }),
    );
  }

  /** The selection's sheet and row spans: every area (ExcelApi 1.9), else the single range Excel allows. */
  async function loadSelection(ctx: Ctx): Promise<{ sheetName: string; areas: { rowIndex: number; rowCount: number }[] }> {
    if (supports("1.9")) {
      const ranges = ctx.workbook.getSelectedRanges();
      ranges.areas.load("items/rowIndex, items/rowCount");
      ranges.worksheet.load("name");
      await ctx.sync();
      return {
        sheetName: ranges.worksheet.name,
        areas: ranges.areas.items.map((r) => ({ rowIndex: r.rowIndex, rowCount: r.rowCount })),
      };
    }
    const sel = ctx.workbook.getSelectedRange().load("rowIndex, rowCount");
    sel.worksheet.load("name");
    try {
      await ctx.sync();
    } catch (e) {
      // getSelectedRange throws when several blocks are selected (or no cells are, e.g. a chart).
      if (errorCode(e) === "InvalidOperationInCellEditMode") throw e;
      throw new WorkbookError(
        "Select the rows as one block of cells on the sheet, then try again.",
        errorCode(e) ?? "InvalidSelection",
      );
    }
    return { sheetName: sel.worksheet.name, areas: [{ rowIndex: sel.rowIndex, rowCount: sel.rowCount }] };
  }

  async function selectedRowIndexes(sheetName?: string): Promise<number[]> {
    return guard("read the selection", () =>
      run(async (ctx) => {
        const sel = await loadSelection(ctx);
        if (sheetName !== undefined && sel.sheetName.toLowerCase() !== sheetName.toLowerCase()) return [];
        const info = await findTable(ctx, sel.sheetName);
        if (!info) return [];
        const out = new Set<number>();
        for (const a of sel.areas) {
          const from = Math.max(a.rowIndex, info.bodyRow);
          const to = Math.min(a.rowIndex + a.rowCount, info.bodyRow + info.bodyRows);
          for (let r = from; r < to; r++) out.add(r - info.bodyRow);
        }
        return [...out].sort((a, b) => a - b);
      }),
    );
  }

  async function activeSheetName(): Promise<string> {
    return guard("read the active sheet", () =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getActiveWorksheet().load("name");
        await ctx.sync();
        return ws.name;
      }),
    );
  }

  async function activateSheet(sheetName: string): Promise<void> {
    return guard(`show sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName).load("name, visibility");
        await ctx.sync();
        if (ws.isNullObject) throw new WorkbookError(`There is no sheet named "${sheetName}".`, "ItemNotFound");
        // Checked here: Excel refuses to activate a hidden sheet, with an error code it does not document.
        if (ws.visibility !== "Visible")
          throw new WorkbookError(`Sheet "${ws.name}" is hidden and cannot be shown.`, "InvalidOperation");
        ws.activate();
        await ctx.sync();
      }),
    );
  }

  async function listSheets(): Promise<SheetInfo[]> {
    return guard("list the sheets", () =>
      run(async (ctx) => {
        const sheets = ctx.workbook.worksheets.load("items/name, items/visibility");
        const tables = await loadTables(ctx);
        return sheets.items
          .filter((s) => s.visibility === "Visible")
          .map((s) => ({ name: s.name, visible: true, tableName: tables.find((t) => t.sheetName === s.name)?.name ?? null }));
      }),
    );
  }

  async function appendRows(opts: AppendRowsOptions): Promise<void> {
    checkSheetName(opts.sheetName);
    const tableName = safeTableName(opts.tableName);
    if (opts.rows.length === 0) return;
    checkCellTexts(opts.rows, (i, k) => `row ${i + 1}, column "${opts.columns[k]?.header}"`, opts.columns.length);
    const found = await guard("find the table", () =>
      run(async (ctx) => (await loadTables(ctx)).find((t) => t.name.toLowerCase() === tableName.toLowerCase())),
    );
    if (!found) {
      await writeTable({
        sheetName: opts.sheetName,
        tableName,
        columns: opts.columns,
        rows: opts.rows,
        title: opts.title,
        activate: false,
      });
      return;
    }
    return guard(`add rows to "${found.sheetName}"`, () =>
      run(async (ctx) => {
        const system = queueKnownDateSystem(ctx);
        const describe = queueDescribe(ctx, found.name, found.sheetName);
        const firstRow = ctx.workbook.tables.getItem(found.name).getDataBodyRange().getRow(0).load("values");
        const used = ctx.workbook.worksheets.getItem(found.sheetName).getUsedRangeOrNullObject(true).load("rowIndex, rowCount");
        await ctx.sync();
        const info = describe();
        if (info.protected) throw protectedSheetError(info.sheetName);
        const reuseEmpty = info.bodyRows === 1 && isBlankRow(firstRow.values[0] as unknown[]);
        // Each table column takes the value of the spec with the same header; other columns stay blank.
        const specs = info.headers.map((h) => opts.columns.findIndex((c) => c.header.toLowerCase() === h.toLowerCase()));
        const start = reuseEmpty ? info.bodyRow : info.bodyRow + info.bodyRows;
        const adding = opts.rows.length - (reuseEmpty ? 1 : 0);
        // Microsoft's advice: write the rows directly under the data body and Excel extends the table over them
        // (rows.add has a reported bug that leaves added rows outside the table). Only when something on the sheet
        // lies below the table would that write overwrite it: then rows.add inserts blank rows (shifting it down).
        const clearBelow = used.isNullObject || used.rowIndex + used.rowCount <= start;
        if (adding > 0 && !clearBelow) {
          ctx.workbook.tables.getItem(info.name).rows.add(
            null as unknown as undefined,
            Array.from({ length: adding }, () => info.headers.map(() => "")),
          );
          await ctx.sync();
        }
        const data: Run = {
          row: start,
          col: info.bodyCol,
          count: opts.rows.length,
          cells: (i) => {
            const cells = specs.map((s) =>
              s < 0
                ? (["", GENERAL] as [Raw, string])
                : toExcelCell(opts.rows[i][s], opts.columns[s].type, opts.columns[s].numberFormat, system()),
            );
            return [cells.map((c) => c[0]), cells.map((c) => c[1])];
          },
        };
        await writeRuns(ctx, info.sheetName, [data], writeBudget());
        const body = ctx.workbook.tables.getItem(info.name).getDataBodyRange().load("rowCount");
        await ctx.sync();
        if (body.rowCount < start - info.bodyRow + opts.rows.length)
          throw new WorkbookError(
            `Excel did not extend the table "${info.name}" over the rows written below it on "${info.sheetName}". ` +
              "The rows are on the sheet under the table; resize the table over them (Table Design > Resize Table).",
            "InvalidOperation",
          );
      }),
    );
  }

  async function deleteSheet(sheetName: string): Promise<boolean> {
    return guard(`delete sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName).load("visibility");
        await ctx.sync();
        if (ws.isNullObject) return false;
        // Excel refuses to delete a very hidden sheet (InvalidOperation): the snapshot sheets are, so Hidden first.
        if (ws.visibility === "VeryHidden") ws.visibility = "Hidden";
        ws.delete();
        await ctx.sync();
        return true;
      }),
    );
  }

  async function writeHiddenTable(
    sheetName: string,
    columns: readonly string[],
    rows: readonly (readonly CellValue[])[],
  ): Promise<void> {
    checkSheetName(sheetName);
    const width = Math.max(1, columns.length);
    checkCellTexts(
      [columns, ...rows],
      (i, k) => (i === 0 ? `column ${k + 1}'s name` : `row ${i}, column "${columns[k]}"`),
      width,
    );
    return guard(`store "${sheetName}"`, () =>
      run(async (ctx) => {
        let ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName);
        await ctx.sync();
        if (ws.isNullObject) ws = ctx.workbook.worksheets.add(sheetName);
        else ws.getRange().clear("All");
        ws.visibility = "VeryHidden";
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
        await writeRuns(ctx, sheetName, [data], writeBudget());
      }),
    );
  }

  async function readHiddenTable(sheetName: string): Promise<HiddenTable | null> {
    return guard(`read "${sheetName}"`, () =>
      run(async (ctx) => {
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
          readBudget(),
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

  async function getSetting(key: string): Promise<SettingValue | undefined> {
    return guard("read the document settings", () =>
      run(async (ctx) => {
        const s = ctx.workbook.settings.getItemOrNullObject(key).load("value");
        await ctx.sync();
        return s.isNullObject ? undefined : (s.value as SettingValue);
      }),
    );
  }

  async function setSetting(key: string, value: SettingValue): Promise<void> {
    const json = JSON.stringify(value);
    if (json === undefined) throw new WorkbookError(`The setting "${key}" has no value that can be stored.`, "InvalidArgument");
    if (json.length > MAX_SETTING_CHARS)
      throw new WorkbookError(
        `The setting "${key}" is ${json.length.toLocaleString("en-US")} characters of JSON; document settings take at most ${MAX_SETTING_CHARS.toLocaleString("en-US")}. Nothing was saved.`,
        "InvalidArgument",
      );
    return guard("save the document settings", () =>
      run(async (ctx) => {
        ctx.workbook.settings.add(key, value);
        await ctx.sync();
      }),
    );
  }

  async function removeSetting(key: string): Promise<void> {
    return guard("save the document settings", () =>
      run(async (ctx) => {
        const s = ctx.workbook.settings.getItemOrNullObject(key);
        await ctx.sync();
        if (s.isNullObject) return;
        s.delete();
        await ctx.sync();
      }),
    );
  }

  // ---- live edits: change events, shading, going to a cell, the selection's cells, plain ranges ----------

  async function onSheetChanged(sheetName: string, handler: (change: SheetChange) => void): Promise<() => Promise<void>> {
    const registration = await guard(`watch sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem(sheetName);
        const result = ws.onChanged.add(async (e: Excel.WorksheetChangedEventArgs) => {
          handler({ address: e.address, changeType: String(e.changeType), source: String(e.source) });
        });
        await ctx.sync();
        return result;
      }),
    );
    // Removing needs the context the handler was added in (Office's documented pattern).
    return () =>
      Excel.run(registration.context, async (ctx) => {
        registration.remove();
        await ctx.sync();
      }).catch(() => undefined);
  }

  async function fillCells(sheetName: string, cells: readonly TableCell[], color: string | null): Promise<void> {
    if (cells.length === 0) return;
    return guard(`colour cells on "${sheetName}"`, () =>
      run(async (ctx) => {
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

  async function selectCell(sheetName: string, cell: TableCell): Promise<void> {
    return guard(`go to a cell on "${sheetName}"`, () =>
      run(async (ctx) => {
        const info = await requireTable(ctx, sheetName);
        const k = columnIndex(info, cell.column);
        if (k < 0) throw new WorkbookError(`Sheet "${sheetName}" has no column "${cell.column}".`, "ItemNotFound");
        checkRows(info, [cell.rowIndex]);
        const ws = ctx.workbook.worksheets.getItem(info.sheetName);
        ws.activate();
        ws.getRangeByIndexes(info.bodyRow + cell.rowIndex, info.bodyCol + k, 1, 1).select();
        await ctx.sync();
      }),
    );
  }

  /** The selection's sheet and blocks (every block with ExcelApi 1.9, else the one Excel allows). */
  async function loadSelectedBlocks(ctx: Ctx): Promise<{ sheetName: string; blocks: Block[] }> {
    const props = "rowIndex, rowCount, columnIndex, columnCount";
    if (supports("1.9")) {
      const ranges = ctx.workbook.getSelectedRanges();
      ranges.areas.load(props.split(", ").map((p) => `items/${p}`));
      ranges.worksheet.load("name");
      await ctx.sync();
      return { sheetName: ranges.worksheet.name, blocks: ranges.areas.items.map(blockOf) };
    }
    const sel = ctx.workbook.getSelectedRange().load(props);
    sel.worksheet.load("name");
    await ctx.sync();
    return { sheetName: sel.worksheet.name, blocks: [blockOf(sel)] };
  }

  async function selectedCells(sheetName: string): Promise<TableCell[]> {
    return guard("read the selection", () =>
      run(async (ctx) => {
        const sel = await loadSelectedBlocks(ctx);
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

  async function readValues(sheetName?: string): Promise<RangeValues | null> {
    return guard(sheetName === undefined ? "read the selection" : `read sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        let name: string;
        let wanted: Block | null = null;
        if (sheetName === undefined) {
          const sel = ctx.workbook.getSelectedRange().load("rowIndex, rowCount, columnIndex, columnCount");
          sel.worksheet.load("name");
          await ctx.sync();
          name = sel.worksheet.name;
          wanted = blockOf(sel);
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
        const values = await readRows(ctx, name, block.row, block.col, block.rows, block.cols, readBudget());
        const address = `${columnLetter(block.col)}${block.row + 1}:${columnLetter(block.col + block.cols - 1)}${block.row + block.rows}`;
        return { sheetName: name, address, values };
      }),
    );
  }

  return {
    writeTable,
    readTable,
    writeColumnValues,
    annotateRows,
    selectedRowIndexes,
    activeSheetName,
    activateSheet,
    listSheets,
    appendRows,
    deleteSheet,
    writeHiddenTable,
    readHiddenTable,
    getSetting,
    setSetting,
    removeSetting,
    onSheetChanged,
    fillCells,
    selectCell,
    selectedCells,
    readValues,
  };
}
