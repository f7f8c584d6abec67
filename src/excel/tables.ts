/**
 * Tables on their own sheets: write one (title, stamp, header, data, the Excel table over them), read one, write
 * some cells of one column, append rows under one (the Push log). Layout of a table sheet: A1 title (bold), A2
 * "Last refreshed <local time>", header row 3, data from row 4; rows 1-3 frozen when the sheet is activated.
 *
 * Writes are one 2-D assignment of numberFormat then values per block of consecutive rows (transfer.ts), every
 * string cell with the text format "@" first (cellValues.ts), and only the cells that change: a column update
 * never rewrites the rows between, which would turn a user's formula into its value.
 */
import { columnLetter, dateNumberFormat, type DateSystem, safeTableName } from "../xl/excelConventions";
import { checkCellTexts, defaultNumberFormat, GENERAL, type Raw, TEXT, toExcelCell } from "./cellValues";
import { queueDateSystem, toPortSerials } from "./dateSystem";
import { applyFills, type FillRun, handFills } from "./fills";
import { officeDisplayLanguage } from "./officeHost";
import type {
  AppendRowsOptions,
  CellType,
  CellValue,
  ColumnSpec,
  ColumnValueUpdate,
  TableData,
  WriteTableOptions,
  WriteTableResult,
} from "./port";
import { WorkbookError } from "./port";
import { checkProtectedColumnWrite, queueStructureProtected, structureProtectedError } from "./protection";
import { type Ctx, type ExcelSession, guard, guardRead } from "./session";
import {
  checkRows,
  checkSheetName,
  columnIndex,
  findTable,
  isBlankRow,
  loadTables,
  protectedSheetError,
  queueDescribe,
  requireTable,
  rowRuns,
  type TableInfo,
} from "./tableLookup";
import { BLOCK_OVERHEAD, readRows, type Run, type WriteBudget, writeRuns } from "./transfer";

/** Row 1 title, row 2 stamp, row 3 header (0-based below). */
const TITLE_ROW = 0;
const HEADER_ROW = 2;
const FIRST_DATA_ROW = HEADER_ROW + 1;

/** Queue the date system question unless the session knows it; the returned function gives the answer after the next sync. */
function queueKnownDateSystem(session: ExcelSession, ctx: Ctx): () => DateSystem {
  const known = session.dates.known;
  if (known) return () => known;
  const answer = queueDateSystem(ctx, session.supports);
  return () => (session.dates.known ??= answer());
}

/** The colours a person put on a sheet about to be rewritten: the used range's fills, read before it is cleared. */
async function handColours(ctx: Ctx, session: ExcelSession, sheetName: string): Promise<FillRun[]> {
  const used = ctx.workbook.worksheets
    .getItem(sheetName)
    .getUsedRangeOrNullObject()
    .load("rowIndex, columnIndex, rowCount, columnCount");
  await ctx.sync();
  if (used.isNullObject) return [];
  return handFills(ctx, session, sheetName, [
    { row: used.rowIndex, col: used.columnIndex, rows: used.rowCount, cols: used.columnCount },
  ]);
}

/** "15/01/2025 09:05": a local date and time in the order of Office's display language, as date columns show. */
function localStamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const day = dateNumberFormat(officeDisplayLanguage() ?? "en-IE")
    .replace("yyyy", String(d.getFullYear()))
    .replace("dd", p(d.getDate()))
    .replace("mm", p(d.getMonth() + 1));
  return `${day} ${p(d.getHours())}:${p(d.getMinutes())}`;
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

/** Everything writeTable refuses before a request is sent (a refused cell must not cost the sheet its previous data). */
function checkTableInput(opts: WriteTableOptions): void {
  const { sheetName, columns, rows } = opts;
  checkSheetName(sheetName);
  if (columns.length === 0) throw new WorkbookError("A table needs at least one column.", "InvalidArgument");
  const headers = columns.map((c) => c.header);
  const dup = headers.find((h, i) => headers.findIndex((x) => x.toLowerCase() === h.toLowerCase()) !== i);
  if (dup !== undefined || headers.some((h) => h.trim() === ""))
    throw new WorkbookError(`Column headers must be unique and not blank${dup ? ` ("${dup}" repeats)` : ""}.`, "InvalidArgument");
  checkCellTexts(
    [[opts.title ?? ""], headers, ...rows],
    (i, k) => (i < 2 ? "the title or a header" : `row ${i - 1}, column "${columns[k]?.header}"`),
    columns.length,
  );
}

export async function writeTable(session: ExcelSession, opts: WriteTableOptions): Promise<WriteTableResult> {
  const { sheetName, columns, rows } = opts;
  checkTableInput(opts);
  const headers = columns.map((c) => c.header);
  const width = columns.length;
  const tableName = safeTableName(opts.tableName);

  return guard(`write sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const sheets = ctx.workbook.worksheets;
      sheets.load("items/name, items/visibility, items/protection/protected");
      const system = queueKnownDateSystem(session, ctx);
      const structureProtected = queueStructureProtected(session, ctx);
      const definedName = ctx.workbook.names.getItemOrNullObject(tableName);
      const tables = await loadTables(ctx);
      const existing = sheets.items.find((s) => s.name.toLowerCase() === sheetName.toLowerCase());
      if (existing?.protection.protected) throw protectedSheetError(existing.name);
      if (structureProtected() && existing?.visibility !== "Visible")
        throw structureProtectedError(existing ? `show sheet "${existing.name}"` : `add sheet "${sheetName}"`);
      // Tables and defined names share one namespace: Excel would refuse the name only in the last request.
      if (!definedName.isNullObject)
        throw new WorkbookError(
          `The table name "${tableName}" is already a defined name in this workbook (Formulas > Name Manager). ` +
            "Rename or delete that name and try again.",
          "ItemAlreadyExists",
        );
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
      let keep: FillRun[] = [];
      if (existing) {
        keep = await handColours(ctx, session, existing.name);
        ws = sheets.getItem(existing.name);
        const olds = tables.filter((x) => x.sheetName === existing.name).map((t) => ctx.workbook.tables.getItem(t.name));
        // Keeping a person's cells: the old tables' extent, so notes below them stay too (one sync, this path only).
        const extents = opts.keepCellsRight ? olds.map((old) => old.getRange().load("rowIndex, rowCount")) : [];
        if (extents.length > 0) await ctx.sync();
        const bottom = Math.max(FIRST_DATA_ROW, ...extents.map((r) => r.rowIndex + r.rowCount));
        for (const old of olds) {
          if (opts.keepCellsRight) old.convertToRange();
          else old.delete();
        }
        // A sheet the add-in rewrites is one to look at: shown again if a person hid it.
        if (existing.visibility !== "Visible") ws.visibility = "Visible";
        // The table's own columns only, when the cells right of it are a person's (Range.clear leaves charts).
        if (opts.keepCellsRight) ws.getRange(`A1:${columnLetter(width - 1)}${bottom}`).clear("All");
        else ws.getRange().clear("All");
      } else {
        ws = sheets.add(sheetName);
      }
      const top = ws.getRangeByIndexes(TITLE_ROW, 0, 2, 1);
      top.numberFormat = [[TEXT], [TEXT]];
      top.values = [
        [opts.title ?? sheetName],
        [opts.subtitle ?? `${opts.stampLabel ?? "Last refreshed"} ${localStamp(session.now())}`],
      ];
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
      await writeRuns(ctx, name, [data], session.writeBudget(), (written) => opts.onProgress?.(written, rows.length));
      // Colour a person put on the old sheet goes back on the same cells (the add-in's own colours do not).
      await applyFills(ctx, name, keep);

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
      // Panes are unfrozen and frozen only on the sheet just activated: on another sheet Excel fires
      // WorksheetActivated for it though it stays hidden behind the active one (office-js #3148), and the pane, which
      // follows activation, would jump to it. A table written without activating it keeps its sheet's panes.
      if (opts.activate !== false) {
        sheet.activate();
        sheet.freezePanes.unfreeze();
        sheet.freezePanes.freezeRows(FIRST_DATA_ROW);
      }
      const range = table.getRange().load("address");
      await ctx.sync();
      return { sheetName: name, tableName, rowCount: rows.length, address: range.address };
    }),
  );
}

export async function readTable(session: ExcelSession, sheetName: string): Promise<TableData | null> {
  return guardRead(`read sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const system = queueKnownDateSystem(session, ctx);
      const info = await findTable(ctx, sheetName);
      if (!info) return null;
      const read = (prop: "values" | "numberFormat") =>
        readRows(ctx, info.sheetName, info.bodyRow, info.bodyCol, info.bodyRows, info.headers.length, session.readBudget(), prop);
      const rows = await read("values");
      // The port speaks 1900-system serials; a 1904 workbook's date cells are turned into them.
      if (system() === "1904") toPortSerials(rows, await read("numberFormat"));
      while (rows.length > 0 && isBlankRow(rows[rows.length - 1])) rows.pop();
      return { sheetName: info.sheetName, tableName: info.name, columns: info.headers, rows, rowCount: rows.length };
    }),
  );
}

export async function writeColumnValues(
  session: ExcelSession,
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
    session.run(async (ctx) => {
      const system = queueKnownDateSystem(session, ctx);
      const info = await requireTable(ctx, sheetName);
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
      // A protected sheet is refused only where Excel refuses: locked cells, or formats it does not allow.
      const formats = info.protected ? await checkProtectedColumnWrite(ctx, info, column, runs) : true;
      await writeRuns(ctx, info.sheetName, runs, session.writeBudget(), undefined, formats);
    }),
  );
}

/**
 * A table made by an older version lacks columns added since (the Push log's Conflict): they are added at the
 * table's end (Table.columns.add, the header named; blank for the old lines) before a line is appended.
 */
async function addMissingColumns(ctx: Ctx, info: TableInfo, columns: readonly ColumnSpec[]): Promise<TableInfo> {
  const have = new Set(info.headers.map((h) => h.toLowerCase()));
  const missing = columns.map((c) => c.header).filter((h) => !have.has(h.toLowerCase()));
  if (missing.length === 0) return info;
  const table = ctx.workbook.tables.getItem(info.name);
  for (const header of missing) table.columns.add(null as unknown as undefined, undefined, header);
  await ctx.sync();
  return { ...info, headers: [...info.headers, ...missing] };
}

/**
 * Table.rows.add of `count` blank rows at the table's end (ExcelApi 1.1: several rows at once need the values),
 * each request under the write budget; what lies below the table moves down.
 */
async function addBlankRows(ctx: Ctx, info: TableInfo, count: number, budget: WriteBudget): Promise<void> {
  const blank = info.headers.map(() => "");
  const perRow = blank.length * 3 + 4; // `"",` per cell and the row's brackets, as JSON
  const table = ctx.workbook.tables.getItem(info.name);
  for (let done = 0; done < count;) {
    const n = Math.min(count - done, Math.max(1, Math.floor((budget.bytes - BLOCK_OVERHEAD) / perRow)));
    table.rows.add(
      null as unknown as undefined,
      Array.from({ length: n }, () => blank),
    );
    await ctx.sync();
    done += n;
  }
}

export async function appendRows(session: ExcelSession, given: AppendRowsOptions): Promise<void> {
  // Blank rows carry nothing, and Excel's auto-expansion leaves trailing blank rows outside the table (and a block
  // starting with one does not extend it at all: office-js #3013, #3191, #2097).
  const opts = { ...given, rows: given.rows.filter((r) => !isBlankRow(r as unknown[])) };
  checkSheetName(opts.sheetName);
  const tableName = safeTableName(opts.tableName);
  if (opts.rows.length === 0) return;
  checkCellTexts(opts.rows, (i, k) => `row ${i + 1}, column "${opts.columns[k]?.header}"`, opts.columns.length);
  const found = await guardRead("find the table", () =>
    session.run(async (ctx) => (await loadTables(ctx)).find((t) => t.name.toLowerCase() === tableName.toLowerCase())),
  );
  if (!found) {
    await writeTable(session, {
      sheetName: opts.sheetName,
      tableName,
      columns: opts.columns,
      rows: opts.rows,
      title: opts.title,
      stampLabel: opts.stampLabel,
      subtitle: opts.subtitle,
      activate: false,
    });
    return;
  }
  return guard(`add rows to "${found.sheetName}"`, () =>
    session.run(async (ctx) => {
      const system = queueKnownDateSystem(session, ctx);
      const describe = queueDescribe(ctx, found.name, found.sheetName);
      const firstRow = ctx.workbook.tables.getItem(found.name).getDataBodyRange().getRow(0).load("values");
      const used = ctx.workbook.worksheets.getItem(found.sheetName).getUsedRangeOrNullObject(true).load("rowIndex, rowCount");
      await ctx.sync();
      const described = describe();
      if (described.protected) throw protectedSheetError(described.sheetName);
      const info = await addMissingColumns(ctx, described, opts.columns);
      const reuseEmpty = info.bodyRows === 1 && isBlankRow(firstRow.values[0] as unknown[]);
      // Each table column takes the value of the spec with the same header; other columns stay blank.
      const specs = info.headers.map((h) => opts.columns.findIndex((c) => c.header.toLowerCase() === h.toLowerCase()));
      const start = reuseEmpty ? info.bodyRow : info.bodyRow + info.bodyRows;
      const adding = opts.rows.length - (reuseEmpty ? 1 : 0);
      const bodyAfter = start - info.bodyRow + opts.rows.length;
      // The add-in grows the table itself, never leaving it to Excel: writing under a table extends it only while
      // the AutoCorrect option "Include new rows and columns in table" is on, and it applies to the API's writes too
      // (office-js #6745). Table.resize (ExcelApi 1.13) goes with the check after the writes (no extra request).
      // Without it, or when something lies below the table (the rows must push it down, not overwrite it),
      // Table.rows.add inserts blank rows first, in requests under the write budget.
      const clearBelow = used.isNullObject || used.rowIndex + used.rowCount <= start;
      const resize = adding > 0 && clearBelow && session.supports("1.13");
      if (adding > 0 && !resize) await addBlankRows(ctx, info, adding, session.writeBudget());
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
      await writeRuns(ctx, info.sheetName, [data], session.writeBudget());
      const table = ctx.workbook.tables.getItem(info.name);
      if (resize)
        table.resize(
          ctx.workbook.worksheets
            .getItem(info.sheetName)
            .getRangeByIndexes(info.bodyRow - 1, info.bodyCol, 1 + bodyAfter, info.headers.length),
        );
      const body = table.getDataBodyRange().load("rowCount");
      await ctx.sync();
      if (body.rowCount < bodyAfter)
        throw new WorkbookError(
          `Excel did not extend the table "${info.name}" over the rows written below it on "${info.sheetName}". ` +
            "The rows are on the sheet under the table; resize the table over them (Table Design > Resize Table).",
          "InvalidOperation",
        );
    }),
  );
}
