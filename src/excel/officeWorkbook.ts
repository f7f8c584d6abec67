/**
 * WorkbookPort over the Excel JavaScript API. The only module that calls Excel.*.
 *
 * Layout of a table sheet: A1 title (bold), A2 "Last refreshed <local time>", header row 3, data from row 4;
 * the first three rows are frozen.
 *
 * Writes: one 2-D assignment of numberFormat then values per block; blocks are sized from an estimate of
 * their JSON size to stay well under Excel on the web's 5 MB request limit, and a block that still fails
 * with RequestPayloadSizeLimitExceeded is split in half and retried. Reads are chunked the same way
 * against the response limit.
 *
 * Formula safety: Excel reads a string assigned to Range.values as if typed, so "=...", "+...", "-..."
 * and "@..." become formulas. Every string cell is therefore given the text number format "@" in the
 * same request, before its value: Excel then stores the string as text, verbatim (no leading apostrophe
 * appears in the value, and "00123" keeps its zeros).
 */
import {
  dateToSerial,
  defaultNumberFormat,
  isoDateToSerial,
  safeTableName,
  sheetNameProblem,
} from "./cells";
import {
  type AnnotateOptions,
  type AnnotationTone,
  type AppendRowsOptions,
  type CellType,
  type CellValue,
  type ColumnSpec,
  type ColumnValueUpdate,
  type HiddenTable,
  type RowAnnotation,
  type SettingValue,
  type SheetInfo,
  type TableData,
  type WorkbookPort,
  type WriteTableOptions,
  type WriteTableResult,
  WorkbookError,
} from "./port";

export interface OfficeWorkbookOptions {
  /** Estimated JSON bytes allowed in one write request. Default 2.5 MB: half of the 5 MB limit, for overhead and estimate error. */
  maxRequestBytes?: number;
  /** Cells read per request. Default 100,000 (about 2 MB of typical payroll values). */
  maxReadCells?: number;
  /** Clock for the "Last refreshed" stamp (tests). */
  now?: () => Date;
}

type Ctx = Excel.RequestContext;
type Raw = string | number | boolean;

/** Row 1 title, row 2 stamp, row 3 header (0-based below). */
const TITLE_ROW = 0;
const HEADER_ROW = 2;
const FIRST_DATA_ROW = HEADER_ROW + 1;

const TEXT = "@";
const GENERAL = "General";

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

function errorCode(e: unknown): string | undefined {
  return typeof e === "object" && e !== null ? (e as { code?: string }).code : undefined;
}

function run<T>(batch: (ctx: Ctx) => Promise<T>): Promise<T> {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function")
    throw new WorkbookError("Excel is not available: open the add-in in Excel, or use the browser preview.", "ExcelUnavailable");
  return Excel.run(batch);
}

/** Turn Excel failures into WorkbookError with a message a person can act on; keep Excel's code. */
async function guard<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof WorkbookError) throw e;
    const code = errorCode(e) ?? "GeneralException";
    const detail = e instanceof Error ? e.message : String(e);
    throw new WorkbookError(`Could not ${what}: ${detail}`, code);
  }
}

function localStamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A flow value -> [value Excel stores, number format], by column type. Strings always get "@". */
export function toExcelCell(value: CellValue, type: CellType, numberFormat?: string): [Raw, string] {
  const fmt = numberFormat ?? defaultNumberFormat(type);
  const asText = (s: string): [Raw, string] => [s, TEXT];
  if (value === null || value === undefined || value === "") return ["", fmt];
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ["", fmt];
    const serial = dateToSerial(value);
    return [type === "date" ? Math.floor(serial) : serial, type === "date" || type === "datetime" ? fmt : defaultNumberFormat("datetime")];
  }
  switch (type) {
    case "text":
      return asText(typeof value === "string" ? value : String(value));
    case "boolean":
      if (typeof value === "boolean") return [value, GENERAL];
      if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return [value.trim().toLowerCase() === "true", GENERAL];
      return typeof value === "number" ? [value, GENERAL] : asText(value);
    case "date":
    case "datetime": {
      if (typeof value === "number") return Number.isFinite(value) ? [value, fmt] : ["", fmt];
      if (typeof value === "boolean") return asText(String(value));
      const t = value.trim();
      const day = isoDateToSerial(t);
      if (day !== null) return [day, fmt];
      if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(t)) {
        const d = new Date(t);
        if (!Number.isNaN(d.getTime())) {
          if (type === "date") return [isoDateToSerial(t.slice(0, 10)) ?? Math.floor(dateToSerial(d)), fmt];
          return [dateToSerial(d), fmt];
        }
      }
      return asText(value);
    }
    default: {
      // integer, number, currency, percent
      if (typeof value === "number") return Number.isFinite(value) ? [value, fmt] : ["", fmt];
      if (typeof value === "boolean") return asText(String(value));
      const t = value.trim().replace(/(\d),(?=\d{3}\b)/g, "$1");
      if (PLAIN_NUMBER.test(t)) return [Number(t), fmt];
      return asText(value);
    }
  }
}

/** A value of unknown type (hidden tables, snapshots): strings as text, numbers and booleans as they are. */
function toRawCell(value: CellValue): [Raw, string] {
  if (value === null || value === undefined) return ["", TEXT];
  if (typeof value === "string") return [value, TEXT];
  if (typeof value === "number") return Number.isFinite(value) ? [value, GENERAL] : ["", TEXT];
  if (typeof value === "boolean") return [value, GENERAL];
  return toExcelCell(value, "datetime");
}

function cellBytes(v: Raw, f: string): number {
  // JSON of the value and of its format, with quotes and commas; non-ASCII counted as up to 3 bytes.
  const s = typeof v === "string" ? v : String(v);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? (c === 0x22 || c === 0x5c || c < 0x20 ? 2 : 1) : c < 0x800 ? 2 : 3;
  }
  return n + f.length + 6;
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

interface TableInfo {
  name: string;
  sheetName: string;
  headers: string[];
  bodyRow: number;
  bodyCol: number;
  bodyRows: number;
}

export function createOfficeWorkbook(options: OfficeWorkbookOptions = {}): WorkbookPort {
  const maxRequestBytes = options.maxRequestBytes ?? 2_500_000;
  const maxReadCells = options.maxReadCells ?? 100_000;
  const now = options.now ?? (() => new Date());

  // ---- blocks ---------------------------------------------------------------------------------------

  /** One numberFormat + values assignment in its own request; halves and retries when Excel says it's too large. */
  async function writeBlock(ctx: Ctx, sheetName: string, row: number, col: number, values: Raw[][], formats: string[][]): Promise<void> {
    const range = ctx.workbook.worksheets.getItem(sheetName).getRangeByIndexes(row, col, values.length, values[0].length);
    range.numberFormat = formats;
    range.values = values;
    try {
      await ctx.sync();
    } catch (e) {
      if (errorCode(e) !== "RequestPayloadSizeLimitExceeded") throw e;
      if (values.length === 1)
        throw new WorkbookError("One row is larger than Excel's 5 MB request limit and cannot be written.", "RequestPayloadSizeLimitExceeded");
      const half = Math.ceil(values.length / 2);
      await writeBlock(ctx, sheetName, row, col, values.slice(0, half), formats.slice(0, half));
      await writeBlock(ctx, sheetName, row + half, col, values.slice(half), formats.slice(half));
    }
  }

  /** Write rows (converted one at a time) in blocks sized to the request budget. */
  async function writeRows(
    ctx: Ctx,
    sheetName: string,
    startRow: number,
    startCol: number,
    count: number,
    cellsOf: (i: number) => [Raw[], string[]],
    onProgress?: (written: number) => void,
  ): Promise<void> {
    let values: Raw[][] = [];
    let formats: string[][] = [];
    let bytes = 0;
    let blockStart = 0;
    const flush = async (end: number) => {
      if (values.length === 0) return;
      await writeBlock(ctx, sheetName, startRow + blockStart, startCol, values, formats);
      onProgress?.(end);
      values = [];
      formats = [];
      bytes = 0;
      blockStart = end;
    };
    for (let i = 0; i < count; i++) {
      const [v, f] = cellsOf(i);
      let rowBytes = 4;
      for (let k = 0; k < v.length; k++) rowBytes += cellBytes(v[k], f[k]);
      if (values.length > 0 && bytes + rowBytes > maxRequestBytes) await flush(i);
      values.push(v);
      formats.push(f);
      bytes += rowBytes;
    }
    await flush(count);
  }

  /** Read properties of a rectangle in chunks of rows; halves a chunk on ResponsePayloadSizeLimitExceeded. */
  async function readRows(ctx: Ctx, sheetName: string, row: number, col: number, rows: number, cols: number, prop: "values" | "numberFormat" = "values"): Promise<unknown[][]> {
    const out: unknown[][] = [];
    const readChunk = async (r: number, n: number): Promise<void> => {
      const range = ctx.workbook.worksheets.getItem(sheetName).getRangeByIndexes(r, col, n, cols);
      range.load(prop);
      try {
        await ctx.sync();
      } catch (e) {
        if (errorCode(e) !== "ResponsePayloadSizeLimitExceeded" || n === 1) throw e;
        const half = Math.ceil(n / 2);
        await readChunk(r, half);
        await readChunk(r + half, n - half);
        return;
      }
      for (const line of range[prop] as unknown[][]) out.push(line);
    };
    const per = Math.max(1, Math.floor(maxReadCells / Math.max(1, cols)));
    for (let r = 0; r < rows; r += per) await readChunk(row + r, Math.min(per, rows - r));
    return out;
  }

  // ---- finding things -------------------------------------------------------------------------------

  async function loadTables(ctx: Ctx): Promise<{ name: string; sheetName: string }[]> {
    const tables = ctx.workbook.tables;
    tables.load("items/name, items/worksheet/name");
    await ctx.sync();
    return tables.items.map((t) => ({ name: t.name, sheetName: t.worksheet.name }));
  }

  /** The first table on a sheet with its header and data body position, or null. */
  async function findTable(ctx: Ctx, sheetName: string): Promise<TableInfo | null> {
    const key = sheetName.toLowerCase();
    const found = (await loadTables(ctx)).find((t) => t.sheetName.toLowerCase() === key);
    if (!found) return null;
    return describeTable(ctx, found.name, found.sheetName);
  }

  async function describeTable(ctx: Ctx, name: string, sheetName: string): Promise<TableInfo> {
    const table = ctx.workbook.tables.getItem(name);
    const header = table.getHeaderRowRange().load("values");
    const body = table.getDataBodyRange().load("rowIndex, columnIndex, rowCount");
    await ctx.sync();
    return {
      name,
      sheetName,
      headers: (header.values[0] as unknown[]).map((h) => String(h)),
      bodyRow: body.rowIndex,
      bodyCol: body.columnIndex,
      bodyRows: body.rowCount,
    };
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

  // ---- fills ----------------------------------------------------------------------------------------

  interface FillRun {
    row: number;
    col: number;
    rows: number;
    color: string;
  }

  /** Vertical runs of equal colour per column, so a long column of "Saved" is one action. */
  function fillRuns(cells: { row: number; col: number; color: string }[]): FillRun[] {
    const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
    const runs: FillRun[] = [];
    for (const c of sorted) {
      const last = runs[runs.length - 1];
      if (last && last.col === c.col && last.color === c.color && last.row + last.rows === c.row) last.rows++;
      else if (!(last && last.col === c.col && last.row + last.rows > c.row)) runs.push({ row: c.row, col: c.col, rows: 1, color: c.color });
    }
    return runs;
  }

  /** Colour the runs, a bounded number of actions per request; also sends anything already queued. */
  async function applyFills(ctx: Ctx, sheetName: string, runs: FillRun[]): Promise<void> {
    let i = 0;
    do {
      const ws = ctx.workbook.worksheets.getItem(sheetName);
      for (const r of runs.slice(i, i + FILL_OPS_PER_SYNC)) ws.getRangeByIndexes(r.row, r.col, r.rows, 1).format.fill.color = r.color;
      await ctx.sync();
      i += FILL_OPS_PER_SYNC;
    } while (i < runs.length);
  }

  /** Sorted distinct row indexes as contiguous runs. */
  function rowRuns(rows: number[]): { from: number; count: number }[] {
    const out: { from: number; count: number }[] = [];
    for (const r of [...new Set(rows)].sort((a, b) => a - b)) {
      const last = out[out.length - 1];
      if (last && last.from + last.count === r) last.count++;
      else out.push({ from: r, count: 1 });
    }
    return out;
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
      throw new WorkbookError(`Column headers must be unique and not blank${dup ? ` ("${dup}" repeats)` : ""}.`, "InvalidArgument");
    const tableName = safeTableName(opts.tableName);
    const width = columns.length;

    return guard(`write sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const sheets = ctx.workbook.worksheets;
        sheets.load("items/name");
        const tables = await loadTables(ctx);
        const existing = sheets.items.find((s) => s.name.toLowerCase() === sheetName.toLowerCase());
        const clash = tables.find((t) => t.name.toLowerCase() === tableName.toLowerCase() && t.sheetName.toLowerCase() !== sheetName.toLowerCase());
        if (clash) throw new WorkbookError(`The table name "${tableName}" is already used on sheet "${clash.sheetName}".`, "ItemAlreadyExists");

        // Prepare the sheet: same sheet and table name on re-import; old content removed.
        let ws: Excel.Worksheet;
        if (existing) {
          ws = sheets.getItem(existing.name);
          for (const t of tables.filter((x) => x.sheetName === existing.name)) ctx.workbook.tables.getItem(t.name).delete();
          ws.getRange().clear("All");
          ws.freezePanes.unfreeze();
          ws.visibility = "Visible";
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

        await writeRows(
          ctx,
          name,
          FIRST_DATA_ROW,
          0,
          rows.length,
          (i) => {
            const v: Raw[] = new Array(width);
            const f: string[] = new Array(width);
            for (let k = 0; k < width; k++) [v[k], f[k]] = toExcelCell(rows[i][k], columns[k].type, columns[k].numberFormat);
            return [v, f];
          },
          (written) => opts.onProgress?.(written, rows.length),
        );

        // The table over header + data (Excel gives a header-only table one empty row: format it too).
        const bodyRows = Math.max(rows.length, 1);
        const sheet = ctx.workbook.worksheets.getItem(name);
        if (rows.length === 0)
          sheet.getRangeByIndexes(FIRST_DATA_ROW, 0, 1, width).numberFormat = [columns.map((c) => c.numberFormat ?? defaultNumberFormat(c.type))];
        const table = sheet.tables.add(sheet.getRangeByIndexes(HEADER_ROW, 0, bodyRows + 1, width), true);
        table.name = tableName;
        sheet.freezePanes.freezeRows(FIRST_DATA_ROW);
        const sample = rows.slice(0, 200);
        columns.forEach((c, k) => (sheet.getRangeByIndexes(0, k, 1, 1).format.columnWidth = defaultWidth(c, sample, k)));
        if (opts.activate !== false) sheet.activate();
        const range = table.getRange().load("address");
        await ctx.sync();
        return { sheetName: name, tableName, rowCount: rows.length, address: range.address };
      }),
    );
  }

  async function readTable(sheetName: string): Promise<TableData | null> {
    return guard(`read sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const info = await findTable(ctx, sheetName);
        if (!info) return null;
        const rows = await readRows(ctx, info.sheetName, info.bodyRow, info.bodyCol, info.bodyRows, info.headers.length);
        while (rows.length > 0 && isBlankRow(rows[rows.length - 1])) rows.pop();
        return { sheetName: info.sheetName, tableName: info.name, columns: info.headers, rows, rowCount: rows.length };
      }),
    );
  }

  async function writeColumnValues(sheetName: string, column: string, updates: readonly ColumnValueUpdate[], type?: CellType): Promise<void> {
    if (updates.length === 0) return;
    return guard(`write column "${column}" on "${sheetName}"`, () =>
      run(async (ctx) => {
        const info = await requireTable(ctx, sheetName);
        const k = columnIndex(info, column);
        if (k < 0) throw new WorkbookError(`Sheet "${sheetName}" has no column "${column}".`, "ItemNotFound");
        const bad = updates.find((u) => !Number.isInteger(u.rowIndex) || u.rowIndex < 0 || u.rowIndex >= info.bodyRows);
        if (bad) throw new WorkbookError(`Row ${bad.rowIndex} is outside the table on "${sheetName}".`, "InvalidArgument");
        const first = Math.min(...updates.map((u) => u.rowIndex));
        const last = Math.max(...updates.map((u) => u.rowIndex));
        const n = last - first + 1;
        const values = (await readRows(ctx, info.sheetName, info.bodyRow + first, info.bodyCol + k, n, 1)).map((r) => r[0] as Raw);
        const formats = (await readRows(ctx, info.sheetName, info.bodyRow + first, info.bodyCol + k, n, 1, "numberFormat")).map((r) => String(r[0]));
        for (const u of updates) {
          const t = type ?? (typeof u.value === "number" ? "number" : typeof u.value === "boolean" ? "boolean" : u.value instanceof Date ? "datetime" : "text");
          [values[u.rowIndex - first], formats[u.rowIndex - first]] = toExcelCell(u.value, t);
        }
        await writeRows(ctx, info.sheetName, info.bodyRow + first, info.bodyCol + k, n, (i) => [[values[i]], [formats[i]]]);
      }),
    );
  }

  async function annotateRows(sheetName: string, annotations: readonly RowAnnotation[], opts: AnnotateOptions = {}): Promise<void> {
    const statusHeader = opts.statusColumn ?? "Status";
    const messageHeader = opts.messageColumn ?? "Message";
    const clearOthers = opts.clearOthers ?? true;
    return guard(`annotate rows on "${sheetName}"`, () =>
      run(async (ctx) => {
        const info = await requireTable(ctx, sheetName);
        const sk = columnIndex(info, statusHeader);
        const mk = columnIndex(info, messageHeader);
        if (sk < 0 || mk < 0) throw new WorkbookError(`Sheet "${sheetName}" needs "${statusHeader}" and "${messageHeader}" columns.`, "ItemNotFound");
        const bad = annotations.find((a) => !Number.isInteger(a.rowIndex) || a.rowIndex < 0 || a.rowIndex >= info.bodyRows);
        if (bad) throw new WorkbookError(`Row ${bad.rowIndex} is outside the table on "${sheetName}".`, "InvalidArgument");
        if (annotations.length === 0 && !clearOthers) return;
        // Rewrite the whole Status/Message columns when clearing, else only the span of annotated rows.
        const rowsIn = annotations.map((a) => a.rowIndex);
        const from = clearOthers ? 0 : Math.min(...rowsIn);
        const n = clearOthers ? info.bodyRows : Math.max(...rowsIn) - from + 1;
        const top = info.bodyRow + from;
        const adjacent = mk === sk + 1;
        let status: Raw[] = new Array(n).fill("");
        let message: Raw[] = new Array(n).fill("");
        if (!clearOthers) {
          if (adjacent) {
            const both = await readRows(ctx, info.sheetName, top, info.bodyCol + sk, n, 2);
            status = both.map((r) => r[0] as Raw);
            message = both.map((r) => r[1] as Raw);
          } else {
            status = (await readRows(ctx, info.sheetName, top, info.bodyCol + sk, n, 1)).map((r) => r[0] as Raw);
            message = (await readRows(ctx, info.sheetName, top, info.bodyCol + mk, n, 1)).map((r) => r[0] as Raw);
          }
        }
        for (const a of annotations) {
          status[a.rowIndex - from] = a.status;
          message[a.rowIndex - from] = a.message;
        }
        if (adjacent) {
          await writeRows(ctx, info.sheetName, top, info.bodyCol + sk, n, (i) => [[status[i], message[i]], [TEXT, TEXT]]);
        } else {
          await writeRows(ctx, info.sheetName, top, info.bodyCol + sk, n, (i) => [[status[i]], [TEXT]]);
          await writeRows(ctx, info.sheetName, top, info.bodyCol + mk, n, (i) => [[message[i]], [TEXT]]);
        }

        // Highlights: clear earlier ones (whole body, or the annotated rows), then colour Status cells by
        // tone and the cells the errors name. The clears travel with the first batch of fills.
        const ws = ctx.workbook.worksheets.getItem(info.sheetName);
        const width = info.headers.length;
        if (clearOthers) ws.getRangeByIndexes(info.bodyRow, info.bodyCol, info.bodyRows, width).format.fill.clear();
        else for (const run of rowRuns(rowsIn)) ws.getRangeByIndexes(info.bodyRow + run.from, info.bodyCol, run.count, width).format.fill.clear();
        const cells: { row: number; col: number; color: string }[] = [];
        for (const a of annotations) {
          const fill = TONE_FILL[toneOf(a)];
          if (fill) cells.push({ row: info.bodyRow + a.rowIndex, col: info.bodyCol + sk, color: fill });
          for (const name of a.errorColumns ?? []) {
            const k = columnIndex(info, name);
            if (k >= 0) cells.push({ row: info.bodyRow + a.rowIndex, col: info.bodyCol + k, color: ERROR_CELL_FILL });
          }
        }
        await applyFills(ctx, info.sheetName, fillRuns(cells));
      }),
    );
  }

  async function selectedRowIndexes(sheetName?: string): Promise<number[]> {
    return guard("read the selection", () =>
      run(async (ctx) => {
        const sel = ctx.workbook.getSelectedRange().load("rowIndex, rowCount");
        sel.worksheet.load("name");
        await ctx.sync();
        const selSheet = sel.worksheet.name;
        if (sheetName !== undefined && selSheet.toLowerCase() !== sheetName.toLowerCase()) return [];
        const info = await findTable(ctx, selSheet);
        if (!info) return [];
        const from = Math.max(sel.rowIndex, info.bodyRow);
        const to = Math.min(sel.rowIndex + sel.rowCount, info.bodyRow + info.bodyRows);
        const out: number[] = [];
        for (let r = from; r < to; r++) out.push(r - info.bodyRow);
        return out;
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
        const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName);
        await ctx.sync();
        if (ws.isNullObject) throw new WorkbookError(`There is no sheet named "${sheetName}".`, "ItemNotFound");
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
    const found = await guard("find the table", () => run(async (ctx) => (await loadTables(ctx)).find((t) => t.name.toLowerCase() === tableName.toLowerCase())));
    if (!found) {
      await writeTable({ sheetName: opts.sheetName, tableName, columns: opts.columns, rows: opts.rows, title: opts.title, activate: false });
      return;
    }
    return guard(`add rows to "${found.sheetName}"`, () =>
      run(async (ctx) => {
        const info = await describeTable(ctx, found.name, found.sheetName);
        const firstRow = ctx.workbook.tables.getItem(info.name).getDataBodyRange().getRow(0).load("values");
        await ctx.sync();
        const reuseEmpty = info.bodyRows === 1 && isBlankRow(firstRow.values[0] as unknown[]);
        // Each table column takes the value of the spec with the same header; other columns stay blank.
        const specs = info.headers.map((h) => opts.columns.findIndex((c) => c.header.toLowerCase() === h.toLowerCase()));
        const adding = opts.rows.length - (reuseEmpty ? 1 : 0);
        if (adding > 0) {
          ctx.workbook.tables.getItem(info.name).rows.add(null as unknown as undefined, Array.from({ length: adding }, () => info.headers.map(() => "")));
          await ctx.sync();
        }
        const start = reuseEmpty ? info.bodyRow : info.bodyRow + info.bodyRows;
        await writeRows(ctx, info.sheetName, start, info.bodyCol, opts.rows.length, (i) => {
          const cells = specs.map((s) => (s < 0 ? (["", GENERAL] as [Raw, string]) : toExcelCell(opts.rows[i][s], opts.columns[s].type, opts.columns[s].numberFormat)));
          return [cells.map((c) => c[0]), cells.map((c) => c[1])];
        });
      }),
    );
  }

  async function deleteSheet(sheetName: string): Promise<boolean> {
    return guard(`delete sheet "${sheetName}"`, () =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName);
        await ctx.sync();
        if (ws.isNullObject) return false;
        ws.delete();
        await ctx.sync();
        return true;
      }),
    );
  }

  async function writeHiddenTable(sheetName: string, columns: readonly string[], rows: readonly (readonly CellValue[])[]): Promise<void> {
    checkSheetName(sheetName);
    const width = Math.max(1, columns.length);
    return guard(`store "${sheetName}"`, () =>
      run(async (ctx) => {
        let ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName);
        await ctx.sync();
        if (ws.isNullObject) ws = ctx.workbook.worksheets.add(sheetName);
        else ws.getRange().clear("All");
        ws.visibility = "VeryHidden";
        await ctx.sync();
        const all = [columns, ...rows];
        await writeRows(ctx, sheetName, 0, 0, all.length, (i) => {
          const cells = Array.from({ length: width }, (_, k) => toRawCell(all[i][k]));
          return [cells.map((c) => c[0]), cells.map((c) => c[1])];
        });
      }),
    );
  }

  async function readHiddenTable(sheetName: string): Promise<HiddenTable | null> {
    return guard(`read "${sheetName}"`, () =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItemOrNullObject(sheetName);
        await ctx.sync();
        if (ws.isNullObject) return null;
        const used = ws.getUsedRangeOrNullObject(false).load("rowIndex, columnIndex, rowCount, columnCount");
        await ctx.sync();
        if (used.isNullObject) return { columns: [], rows: [] };
        const all = await readRows(ctx, sheetName, 0, 0, used.rowIndex + used.rowCount, used.columnIndex + used.columnCount);
        const header = (all[0] ?? []).map(String);
        while (header.length > 0 && header[header.length - 1] === "") header.pop();
        return { columns: header, rows: all.slice(1).map((r) => r.slice(0, header.length)) };
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
  };
}

