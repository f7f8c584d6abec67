/**
 * The preview workbook's state: sheets of cells (values, formulas, number formats, fills), tables,
 * frozen panes, column widths, selection and document settings, with Excel's rules for names,
 * shapes and table layout. The Excel.* proxy layer (api.ts) and the grid view both work on this.
 * Errors are PreviewExcelError with Excel's error codes.
 */
import { evaluateSpill, formulaErrorMessage, type SheetReader } from "./formula";
import { applyShift, deleteFromFormulas, renameInFormulas, shiftRect, type Shift } from "./sheetOps";
import type { CalculationKind, DataCellValue } from "./dataValues";
import type { ExternalFunctions } from "./asyncFunctions";
import { formatValue, numberFormatProblem } from "./numberFormat";
import { PreviewRequirements, type RequirementLevels } from "./requirements";
import { isGeneral, parseEntry } from "./entry";
import { UndoHistory, type UndoOutcome } from "./undo";
import { PreviewExcelError, type Scalar } from "./values";
import { columnIndex, columnLetter, type DateSystem, MAX_CELL_TEXT, tableNameProblem } from "../xl/excelConventions";
import { excelSheetNameProblem, sameSheetName } from "./sheetNames";

export type Visibility = "Visible" | "Hidden" | "VeryHidden";
export type ClearApplyTo = "All" | "Formats" | "Contents";

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;
/** Excel's default column width (8.43 characters) in points. */
export const DEFAULT_COLUMN_WIDTH = 48;

export interface Cell {
  /** Constant value; null when empty or when the cell holds a formula. */
  v: Scalar | null;
  /** Formula text including the leading "=". */
  f?: string;
  /** Number format code; undefined means General. */
  nf?: string;
  /** Fill colour "#RRGGBB". */
  fill?: string;
  bold?: boolean;
  /** Format Cells > Protection > Locked cleared: writable while the sheet is protected (cells are locked by default). */
  unlocked?: boolean;
  /** Range.hyperlink (ExcelApi 1.7): where the cell's link goes. */
  link?: CellLink;
  /** A data type (an entity) the cell holds; `v` is then its basicValue, "#VALUE!" (./dataValues). */
  data?: DataCellValue;
}

/** Excel.RangeHyperlink: a place in the workbook (documentReference, e.g. "'Sheet 1'!A1") or an address. */
export interface CellLink {
  documentReference?: string;
  address?: string;
  screenTip?: string;
}

/** A chart on a sheet (Worksheet.charts, see charts.ts): it keeps its source range, so it shows the cells as they are. */
export interface ChartModel {
  sheet: SheetModel;
  name: string;
  type: string;
  source: Rect;
  seriesBy: "Columns" | "Rows";
  /** The sheet of `source` when it is not the chart's own (Excel lets a chart's data be on any sheet). */
  sourceSheet?: SheetModel;
  title: string;
  /** ChartAxis.setCategoryNames: the category names' cells, when set (on `categoriesSheet`, else the chart's sheet). */
  categories: Rect | null;
  categoriesSheet?: SheetModel;
  /** The cells the chart covers. */
  position: Rect;
  deleted?: boolean;
}

/**
 * How charts behave where Excel's hosts differ (see charts.ts). Excel on the web names a copied or moved chart
 * "Chart n" (office-js #3034; the desktop keeps the name); the reference does not promise that setCategoryNames
 * accepts a range of several columns.
 */
export interface ChartBehaviour {
  /** A chart copied or cut and pasted keeps its name (default true; false: Excel on the web). */
  keepNameOnCopy: boolean;
  /** The most columns setCategoryNames accepts (default: any; 1 refuses multi-level category names). */
  categoryNameColumns: number;
}

export interface Rect {
  r: number;
  c: number;
  rows: number;
  cols: number;
}

/** One cell's position (0-based). */
export interface CellRef {
  r: number;
  c: number;
}

/** "A1", "A1:C3", "A:C", "2:5" (no sheet part) -> rectangle; throws InvalidArgument otherwise. */
export function parseAddress(address: string): Rect {
  const bad = () =>
    new PreviewExcelError("InvalidArgument", `The argument is invalid or missing or has an incorrect format: "${address}".`);
  const parts = address.replace(/\$/g, "").toUpperCase().split(":");
  if (parts.length > 2) throw bad();
  const one = (p: string): { r?: number; c?: number } => {
    let m: RegExpExecArray | null;
    if ((m = /^([A-Z]{1,3})(\d{1,7})$/.exec(p))) return { c: columnIndex(m[1]), r: Number(m[2]) - 1 };
    if ((m = /^([A-Z]{1,3})$/.exec(p))) return { c: columnIndex(m[1]) };
    if ((m = /^(\d{1,7})$/.exec(p))) return { r: Number(m[1]) - 1 };
    throw bad();
  };
  const a = one(parts[0]);
  const b = parts[1] !== undefined ? one(parts[1]) : a;
  const wholeCols = a.r === undefined && b.r === undefined;
  const wholeRows = a.c === undefined && b.c === undefined;
  if ((a.r === undefined) !== (b.r === undefined) || (a.c === undefined) !== (b.c === undefined)) throw bad();
  if (parts.length === 1 && (wholeCols || wholeRows)) throw bad();
  const r0 = wholeCols ? 0 : Math.min(a.r!, b.r!);
  const r1 = wholeCols ? MAX_ROWS - 1 : Math.max(a.r!, b.r!);
  const c0 = wholeRows ? 0 : Math.min(a.c!, b.c!);
  const c1 = wholeRows ? MAX_COLS - 1 : Math.max(a.c!, b.c!);
  if (r0 < 0 || r1 >= MAX_ROWS || c0 < 0 || c1 >= MAX_COLS) throw bad();
  return { r: r0, c: c0, rows: r1 - r0 + 1, cols: c1 - c0 + 1 };
}

export function rectAddress(rect: Rect): string {
  const a = `${columnLetter(rect.c)}${rect.r + 1}`;
  const b = `${columnLetter(rect.c + rect.cols - 1)}${rect.r + rect.rows}`;
  return rect.rows === 1 && rect.cols === 1 ? a : `${a}:${b}`;
}

/** "'My sheet'!A1:B2" -> the sheet name as written unquoted (undefined without a "!") and the address on the sheet. */
export function splitSheetAddress(address: string): { sheetName: string | undefined; local: string } {
  const bang = address.lastIndexOf("!");
  const sheetName =
    bang >= 0
      ? address
          .slice(0, bang)
          .replace(/^'(.*)'$/, "$1")
          .replace(/''/g, "'")
      : undefined;
  return { sheetName, local: address.slice(bang + 1) };
}

/**
 * Excel's events reach their handlers after the change, asynchronously: each handler on its own promise, so one
 * that throws or rejects does not keep the others from running (the set is copied, as a handler may remove itself).
 */
function fireLater<E>(handlers: ReadonlySet<(event: E) => unknown>, event: E): void {
  setTimeout(() => {
    for (const h of [...handlers])
      void Promise.resolve()
        .then(() => h(event))
        .catch(() => undefined);
  }, 0);
}

/** A name that Excel's rule for it accepts and that no other sheet or table has (names ignore case); else Excel's error. */
function checkName<T>(
  what: "sheet" | "table" | "defined name",
  name: unknown,
  problem: (name: string) => string | null,
  find: (name: string) => T | undefined,
  except?: T,
): string {
  if (typeof name !== "string") throw new PreviewExcelError("InvalidArgument", `A ${what} name must be text.`);
  const why = problem(name);
  if (why) throw new PreviewExcelError("InvalidArgument", why);
  const clash = find(name);
  if (clash && clash !== except) throw new PreviewExcelError("ItemAlreadyExists", `A ${what} named "${name}" already exists.`);
  return name;
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const r = Math.max(a.r, b.r);
  const c = Math.max(a.c, b.c);
  const r1 = Math.min(a.r + a.rows, b.r + b.rows);
  const c1 = Math.min(a.c + a.cols, b.c + b.cols);
  return r1 > r && c1 > c ? { r, c, rows: r1 - r, cols: c1 - c } : null;
}

export interface TableModel {
  id: string;
  name: string;
  sheet: SheetModel;
  /** Top-left of the header row and size including the header row. */
  r: number;
  c: number;
  rows: number;
  cols: number;
  deleted?: boolean;
}

/** Excel.WorksheetProtectionOptions: what a protected sheet still allows (everything false by default, as in Excel). */
export interface SheetProtectionOptions {
  allowFormatCells: boolean;
  allowFormatColumns: boolean;
  allowFormatRows: boolean;
  allowInsertColumns: boolean;
  allowInsertRows: boolean;
  allowInsertHyperlinks: boolean;
  allowDeleteColumns: boolean;
  allowDeleteRows: boolean;
  allowSort: boolean;
  allowAutoFilter: boolean;
  allowPivotTables: boolean;
  allowEditObjects: boolean;
  allowEditScenarios: boolean;
  selectionMode: "Normal" | "Unlocked" | "None";
}

export function sheetProtectionOptions(given: Partial<SheetProtectionOptions> = {}): SheetProtectionOptions {
  return {
    allowFormatCells: false,
    allowFormatColumns: false,
    allowFormatRows: false,
    allowInsertColumns: false,
    allowInsertRows: false,
    allowInsertHyperlinks: false,
    allowDeleteColumns: false,
    allowDeleteRows: false,
    allowSort: false,
    allowAutoFilter: false,
    allowPivotTables: false,
    allowEditObjects: false,
    allowEditScenarios: false,
    selectionMode: "Normal",
    ...given,
  };
}

export interface SheetProtection {
  protected: boolean;
  password?: string;
  options: SheetProtectionOptions;
}

/** A defined name (Formulas > Name Manager): workbook scope. */
export interface DefinedName {
  name: string;
  /** What it refers to, e.g. "=Pay!$A$1" or "=0.2". */
  formula: string;
}

export class SheetModel {
  readonly rowsData: (Cell | undefined)[][] = [];
  readonly columnWidths = new Map<number, number>();
  visibility: Visibility = "Visible";
  frozenRows = 0;
  frozenCols = 0;
  selection: Rect = { r: 0, c: 0, rows: 1, cols: 1 };
  /** Excel's active cell: inside the selection, its top-left unless a person extended it from another corner. */
  active: CellRef = { r: 0, c: 0 };
  /** Further blocks of a multi-block (Ctrl+click) selection; empty for a single block. */
  moreSelected: Rect[] = [];
  deleted = false;
  /**
   * Worksheet.protection: while protected, the API's writes fail with AccessDenied, except values written to
   * unlocked cells and what the protection options allow (see proxy.ts checkEdit).
   */
  protection: SheetProtection = { protected: false, options: sheetProtectionOptions() };
  /** Worksheet.charts, in the order they were added. */
  readonly charts: ChartModel[] = [];
  private chartsMade = 0;

  constructor(
    readonly workbook: WorkbookModel,
    readonly id: string,
    public name: string,
  ) {}

  cell(r: number, c: number): Cell | undefined {
    return this.rowsData[r]?.[c];
  }

  /** ChartCollection.add: a chart over `source`, named "Chart n", placed right of the source until setPosition. */
  addChart(type: string, source: Rect, seriesBy: "Columns" | "Rows"): ChartModel {
    let name = "";
    do name = `Chart ${++this.chartsMade}`;
    while (this.charts.some((c) => c.name.toLowerCase() === name.toLowerCase()));
    const chart: ChartModel = {
      sheet: this,
      name,
      type,
      source: { ...source },
      seriesBy,
      title: "",
      categories: null,
      position: { r: source.r, c: source.c + source.cols + 1, rows: 15, cols: 8 },
    };
    this.charts.push(chart);
    return chart;
  }

  deleteChart(chart: ChartModel): void {
    this.charts.splice(this.charts.indexOf(chart), 1);
    chart.deleted = true;
  }

  /** True when the cell holds a value or a formula (what Ctrl+arrow stops at and what blocks text overflow). */
  hasContent(r: number, c: number): boolean {
    const cell = this.rowsData[r]?.[c];
    return cell !== undefined && (cell.f !== undefined || (cell.v !== null && cell.v !== ""));
  }

  /** Cell for writing, created on demand. */
  cellForWrite(r: number, c: number): Cell {
    this.spills = null;
    const row = (this.rowsData[r] ??= []);
    return (row[c] ??= { v: null });
  }

  /** The value Excel reports for a cell: formulas are evaluated (spilled arrays included); empty cells are "". */
  valueAt(r: number, c: number, depth = 0): Scalar {
    const cell = this.cell(r, c);
    if (!cell || (cell.f === undefined && cell.v === null)) return this.spilledValue(r, c) ?? "";
    if (cell.f) {
      if (depth > 64) return "#REF!";
      const result = this.evaluateAt(cell.f, depth);
      return result.spill && !this.spillFits(r, c, result.spill) ? "#SPILL!" : result.value;
    }
    return cell.v ?? "";
  }

  private evaluateAt(formula: string, depth: number): { value: Scalar; spill?: Scalar[][] } {
    return evaluateSpill(
      formula,
      (rr, cc) => {
        const v = this.valueAt(rr, cc, depth + 1);
        return v === "" ? null : v;
      },
      this.workbook.formulaFunctions ?? undefined,
      (rr, cc) => this.cell(rr, cc)?.data,
      this.otherSheets(depth),
    );
  }

  /** The cells of the sheets this sheet's formulas name (`Sheet1!C2`), read one level deeper (cycles end as #REF!). */
  private otherSheets(depth: number): SheetReader {
    return (name) => {
      const other = this.workbook.findSheet(name);
      if (!other) return null;
      return {
        read: (rr, cc) => {
          const v = other.valueAt(rr, cc, depth + 1);
          return v === "" ? null : v;
        },
        readData: (rr, cc) => other.cell(rr, cc)?.data,
      };
    };
  }

  /**
   * Excel's dynamic arrays: a spill needs every other cell of its range empty, on the sheet and outside tables
   * (and its own cell outside a table); else the formula shows #SPILL!.
   */
  private spillFits(r: number, c: number, spill: Scalar[][]): boolean {
    const rows = spill.length;
    const cols = spill[0]?.length ?? 0;
    if (r + rows > MAX_ROWS || c + cols > MAX_COLS || this.tableAt(r, c)) return false;
    for (let i = 0; i < rows; i++)
      for (let k = 0; k < cols; k++) {
        if (i === 0 && k === 0) continue;
        if (this.hasContent(r + i, c + k) || this.tableAt(r + i, c + k)) return false;
      }
    return true;
  }

  /**
   * Spilled values by "row,col", rebuilt after any change: the workbook's data version moves on after a batch, and
   * every cell write inside one forgets them. Only formulas with a range reference can spill, and (once an add-in's
   * function has answered with a matrix) formulas that call a function.
   */
  private spills: Map<string, Scalar> | null = null;
  private spillsVersion = -1;
  private buildingSpills = false;

  /** The value a spill puts into this empty cell, if any. */
  private spilledValue(r: number, c: number): Scalar | undefined {
    if (this.buildingSpills) return undefined;
    if (!this.spills || this.spillsVersion !== this.workbook.dataVersion) {
      this.buildingSpills = true;
      const at = new Map<string, Scalar>();
      const functionSpills = this.workbook.formulaFunctions?.spills === true;
      try {
        this.rowsData.forEach((row, rr) =>
          row?.forEach((cell, cc) => {
            if (!cell?.f || !(/[A-Z]\$?\d+:\$?[A-Z]/i.test(cell.f) || (functionSpills && cell.f.includes("(")))) return;
            const { spill } = this.evaluateAt(cell.f, 1);
            if (!spill || !this.spillFits(rr, cc, spill)) return;
            spill.forEach((line, i) => line.forEach((v, k) => (i || k ? at.set(`${rr + i},${cc + k}`, v) : undefined)));
          }),
        );
      } finally {
        this.buildingSpills = false;
      }
      this.spills = at;
      this.spillsVersion = this.workbook.dataVersion;
    }
    return this.spills.get(`${r},${c}`);
  }

  /** Evaluate each formula of the sheet (the workbook's sweep of cancelled streams). */
  evaluateFormulas(): void {
    this.rowsData.forEach((row, r) => row?.forEach((cell, c) => (cell?.f ? this.valueAt(r, c) : undefined)));
  }

  /** The message an add-in's function gave with the error value this cell shows (Excel shows it on hover). */
  formulaMessageAt(r: number, c: number): string | undefined {
    const formula = this.cell(r, c)?.f;
    const functions = this.workbook.formulaFunctions;
    if (!formula || !functions) return undefined;
    return formulaErrorMessage(
      formula,
      (rr, cc) => {
        const v = this.valueAt(rr, cc, 1);
        return v === "" ? null : v;
      },
      functions,
      (rr, cc) => this.cell(rr, cc)?.data,
      this.otherSheets(1),
    );
  }

  formulaAt(r: number, c: number): Scalar {
    const cell = this.cell(r, c);
    return cell?.f ?? cell?.v ?? "";
  }

  formatAt(r: number, c: number): string {
    return this.cell(r, c)?.nf ?? "General";
  }

  textAt(r: number, c: number): string {
    const v = this.valueAt(r, c);
    return formatValue(v === "" ? null : v, this.cell(r, c)?.nf, this.workbook.dateSystem);
  }

  columnWidth(c: number): number {
    return this.columnWidths.get(c) ?? DEFAULT_COLUMN_WIDTH;
  }

  /** Extent of cells holding a value, formula or format (0x0 when the sheet is empty). */
  usedRect(valuesOnly = false): Rect | null {
    let r0 = Infinity;
    let c0 = Infinity;
    let r1 = -1;
    let c1 = -1;
    this.rowsData.forEach((row, r) => {
      row?.forEach((cell, c) => {
        if (!cell) return;
        const used =
          cell.v !== null ||
          cell.f !== undefined ||
          (!valuesOnly && (cell.nf !== undefined || cell.fill !== undefined || cell.bold || cell.unlocked));
        if (!used) return;
        r0 = Math.min(r0, r);
        c0 = Math.min(c0, c);
        r1 = Math.max(r1, r);
        c1 = Math.max(c1, c);
      });
    });
    for (const t of this.tables()) {
      r0 = Math.min(r0, t.r);
      c0 = Math.min(c0, t.c);
      r1 = Math.max(r1, t.r + t.rows - 1);
      c1 = Math.max(c1, t.c + t.cols - 1);
    }
    return r1 < 0 ? null : { r: r0, c: c0, rows: r1 - r0 + 1, cols: c1 - c0 + 1 };
  }

  tables(): TableModel[] {
    return this.workbook.tablesList.filter((t) => t.sheet === this && !t.deleted);
  }

  tableAt(r: number, c: number): TableModel | undefined {
    return this.tables().find((t) => r >= t.r && r < t.r + t.rows && c >= t.c && c < t.c + t.cols);
  }

  // ---- writes -------------------------------------------------------------------------------------

  /** Enter a value as Excel does for Range.values: strings are parsed (see entry.ts). */
  enter(r: number, c: number, value: unknown): void {
    const cell = this.cellForWrite(r, c);
    if (value !== null && value !== undefined) cell.data = undefined;
    const table = this.tableAt(r, c);
    if (table && r === table.r) {
      // Table headers are always text; the table keeps them unique.
      cell.f = undefined;
      cell.v = value === null || value === undefined ? "" : String(value);
      this.workbook.normaliseHeaders(table);
      return;
    }
    if (value === null || value === undefined) return; // Excel: null in a values array leaves the cell unchanged
    if (typeof value === "number") {
      if (!Number.isFinite(value))
        throw new PreviewExcelError("InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
      cell.v = value;
      cell.f = undefined;
    } else if (typeof value === "boolean") {
      cell.v = value;
      cell.f = undefined;
    } else if (typeof value === "string") {
      if (value.length > MAX_CELL_TEXT)
        throw new PreviewExcelError(
          "InvalidArgument",
          `A cell holds at most ${MAX_CELL_TEXT} characters; the text has ${value.length}.`,
        );
      const entry = parseEntry(value, cell.nf, this.workbook.dateSystem);
      cell.v = entry.value;
      cell.f = entry.formula;
      if (entry.numberFormat && isGeneral(cell.nf)) cell.nf = entry.numberFormat;
    } else {
      throw new PreviewExcelError("InvalidArgument", `Unsupported cell value type: ${typeof value}.`);
    }
  }

  /** Range.formulas: strings starting with "=" are formulas (even in text-formatted cells? no: "@" keeps text). */
  enterFormula(r: number, c: number, value: unknown): void {
    const cell = this.cellForWrite(r, c);
    if (typeof value === "string" && value.startsWith("=") && value.length > 1 && cell.nf !== "@") {
      cell.f = value;
      cell.v = null;
      cell.data = undefined;
      return;
    }
    this.enter(r, c, value);
  }

  /** A data type written into a cell (Range.valuesAsJson, ExcelApi 1.16): Range.values shows its basicValue. */
  enterDataValue(r: number, c: number, value: DataCellValue): void {
    const cell = this.cellForWrite(r, c);
    cell.f = undefined;
    cell.v = value.basicValue;
    cell.data = value;
  }

  setNumberFormat(r: number, c: number, format: unknown): void {
    if (format === null || format === undefined) return;
    if (typeof format !== "string") throw new PreviewExcelError("InvalidArgument", "A number format must be a string.");
    const problem = numberFormatProblem(format);
    if (problem) throw new PreviewExcelError("InvalidArgument", `The number format "${format}" is not valid. ${problem}`);
    const cell = this.cellForWrite(r, c);
    cell.nf = format === "General" ? undefined : format;
  }

  clear(rect: Rect, applyTo: ClearApplyTo): void {
    this.spills = null;
    const rEnd = Math.min(rect.r + rect.rows, this.rowsData.length);
    for (let r = rect.r; r < rEnd; r++) {
      const row = this.rowsData[r];
      if (!row) continue;
      const cEnd = Math.min(rect.c + rect.cols, row.length);
      for (let c = rect.c; c < cEnd; c++) {
        const cell = row[c];
        if (!cell) continue;
        if (applyTo !== "Formats") {
          cell.v = null;
          cell.f = undefined;
          cell.data = undefined;
        }
        if (applyTo === "All") cell.link = undefined;
        if (applyTo !== "Contents") {
          cell.nf = undefined;
          cell.fill = undefined;
          cell.bold = undefined;
          cell.unlocked = undefined;
        }
        const formatted = cell.nf !== undefined || cell.fill || cell.bold || cell.unlocked || cell.link;
        if (cell.v === null && cell.f === undefined && !formatted) row[c] = undefined;
      }
    }
    for (const t of this.tables()) {
      if (intersect(rect, { r: t.r, c: t.c, rows: 1, cols: t.cols })) this.workbook.normaliseHeaders(t);
    }
  }

  /** Insert `count` blank rows at `at`, shifting cells down within columns [c, c + cols). */
  insertRowsWithin(at: number, count: number, c: number, cols: number): void {
    this.spills = null;
    const last = this.rowsData.length - 1;
    if (last + count >= MAX_ROWS)
      throw new PreviewExcelError("InvalidOperation", "This operation would move cells off the sheet.");
    for (let r = last; r >= at; r--) {
      const row = this.rowsData[r];
      if (!row) continue;
      for (let k = c; k < c + cols; k++) {
        if (row[k] === undefined) continue;
        (this.rowsData[r + count] ??= [])[k] = row[k];
        row[k] = undefined;
      }
    }
  }
}

export interface PreviewWorkbookOptions {
  /** Request payload limit per sync, bytes (Excel on the web: 5 MB). */
  requestLimitBytes?: number;
  /** Response payload limit per sync, bytes (Excel on the web: 5 MB). */
  responseLimitBytes?: number;
  /**
   * Error code of a request over the limit: RequestPayloadSizeLimitExceeded (current Excel on the web) or
   * GeneralException ("An internal error has occurred", as older builds answered big requests).
   */
  oversizeErrorCode?: "RequestPayloadSizeLimitExceeded" | "GeneralException";
  /** Name of the first sheet of a new workbook. */
  firstSheetName?: string;
  /** The workbook's date system (File > Options > Advanced); default "1900". */
  dateSystem?: DateSystem;
  /** ExcelApi level of the add-in's manifest and of the host the preview plays (see requirements.ts). */
  requirements?: Partial<RequirementLevels>;
  /** Chart behaviour where Excel's hosts differ. */
  charts?: Partial<ChartBehaviour>;
  /**
   * File > Options > Proofing > AutoCorrect Options > AutoFormat As You Type > "Include new rows and columns in
   * table" (default on, as in Excel). Off: writing or typing under (or right of) a table does not grow it.
   */
  autoCorrectTables?: boolean;
  /** Refuse WorksheetCollection.onActivated.add with AccessDenied, as some Excel builds do (office-js #1103, #421). */
  refuseActivatedEvents?: boolean;
  /** Total JSON bytes of the document settings Excel keeps (documented maximum about 2 MB; see settings.ts). */
  settingsLimitBytes?: number;
}

export interface SyncRecord {
  ok: boolean;
  requestBytes: number;
  responseBytes: number;
  code?: string;
}

/** Excel's WorksheetChangedEventArgs, as the preview fires them. */
export interface SheetChangedEvent {
  type: "WorksheetChanged";
  worksheetId: string;
  /** The changed range on the sheet, e.g. "E5" or "E5:G9". */
  address: string;
  changeType: "RangeEdited" | "RowInserted" | "RowDeleted" | "ColumnInserted" | "ColumnDeleted" | "CellInserted" | "CellDeleted";
  source: "Local";
}

/** Excel's WorksheetAddedEventArgs and WorksheetDeletedEventArgs (WorksheetCollection.onAdded / onDeleted, ExcelApi 1.7). */
export interface SheetAddedOrDeletedEvent {
  type: "WorksheetAdded" | "WorksheetDeleted";
  worksheetId: string;
  source: "Local";
}

/** Excel's WorksheetNameChangedEventArgs (Worksheet.onNameChanged, ExcelApi 1.17). */
export interface SheetNameChangedEvent {
  type: "WorksheetNameChanged";
  worksheetId: string;
  nameBefore: string;
  nameAfter: string;
  source: "Local";
}

type SheetEvent = SheetAddedOrDeletedEvent | SheetNameChangedEvent;
export type SheetEventHandler<E extends SheetEvent = SheetEvent> = (event: E) => unknown;

export type SheetChangedHandler = (event: SheetChangedEvent) => unknown;

/** Excel's WorksheetActivatedEventArgs. */
export interface SheetActivatedEvent {
  type: "WorksheetActivated";
  worksheetId: string;
}

export type SheetActivatedHandler = (event: SheetActivatedEvent) => unknown;

export const FIVE_MB = 5 * 1024 * 1024;
/** Office.Settings: "about 2 MB" is the documented maximum for an add-in's settings in a document. */
export const SETTINGS_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * How many of a block's lines (rows or columns) a table written against grows by: up to the last line holding data,
 * and none when the first line is blank (expandTables).
 */
function grownBy(lines: number, hasData: (line: number) => boolean): number {
  if (lines === 0 || !hasData(0)) return 0;
  let last = 0;
  for (let i = 1; i < lines; i++) if (hasData(i)) last = i;
  return last + 1;
}

/** The preview workbook. Listeners hear about every change (grid re-render). */
export class WorkbookModel {
  readonly sheets: SheetModel[] = [];
  readonly tablesList: TableModel[] = [];
  readonly settings = new Map<string, unknown>();
  /** Defined names (Workbook.names), by lower-case name. */
  readonly names = new Map<string, DefinedName>();
  /** The AutoCorrect option "Include new rows and columns in table" (PreviewWorkbookOptions.autoCorrectTables). */
  autoCorrectTables: boolean;
  /** Whether registering onActivated is refused with AccessDenied (PreviewWorkbookOptions.refuseActivatedEvents). */
  refuseActivatedEvents: boolean;
  readonly settingsLimitBytes: number;
  /** Workbook.protection (Review > Protect Workbook): while protected, sheets cannot be added, deleted, hidden, shown or renamed. */
  structure: { protected: boolean; password?: string } = { protected: false };
  readonly requestLimitBytes: number;
  readonly responseLimitBytes: number;
  readonly oversizeErrorCode: "RequestPayloadSizeLimitExceeded" | "GeneralException";
  readonly dateSystem: DateSystem;
  /** Office.context.requirements for this workbook's host, and the manifest's level the API calls are held to. */
  readonly requirements: PreviewRequirements;
  readonly chartBehaviour: ChartBehaviour;
  /**
   * True while a person is typing in a cell. Excel refuses every API request then
   * (InvalidOperationInCellEditMode) unless the batch was run with delayForCellEdit, which waits.
   */
  cellEditMode = false;
  private cellEditWaiters: (() => void)[] = [];
  /** Every sync's outcome, for tests and benchmarks. */
  readonly syncLog: SyncRecord[] = [];
  private active!: SheetModel;
  /** The sheet shown. Every change of it, however made (a tab clicked, activate(), a selection on another sheet, the active sheet deleted or hidden), fires WorksheetCollection.onActivated. */
  get activeSheet(): SheetModel {
    return this.active;
  }
  set activeSheet(sheet: SheetModel) {
    const was = this.active;
    this.active = sheet;
    if (was !== undefined && was !== sheet) this.fireActivated(sheet);
  }
  /** Functions an add-in registered for formulas (the preview page sets the PAYROLL functions); null: none. */
  formulaFunctions: ExternalFunctions | null = null;
  /** Counts every change (views re-render on it). */
  version = 0;
  /** Counts changes to cells, tables, widths and sheets, not to selection or the active sheet (views cache on it). */
  dataVersion = 0;
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(options: PreviewWorkbookOptions = {}) {
    this.requestLimitBytes = options.requestLimitBytes ?? FIVE_MB;
    this.responseLimitBytes = options.responseLimitBytes ?? FIVE_MB;
    this.oversizeErrorCode = options.oversizeErrorCode ?? "RequestPayloadSizeLimitExceeded";
    this.dateSystem = options.dateSystem ?? "1900";
    this.requirements = new PreviewRequirements(options.requirements);
    this.chartBehaviour = { keepNameOnCopy: true, categoryNameColumns: Infinity, ...options.charts };
    this.autoCorrectTables = options.autoCorrectTables ?? true;
    this.refuseActivatedEvents = options.refuseActivatedEvents ?? false;
    this.settingsLimitBytes = options.settingsLimitBytes ?? SETTINGS_LIMIT_BYTES;
    this.activeSheet = this.addSheet(options.firstSheetName ?? "Sheet1");
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tell the views that something changed: the data (default), or only the selection or active sheet ("view"). */
  changed(what: "data" | "view" = "data"): void {
    this.version++;
    if (what === "data") {
      this.dataVersion++;
      this.queueStreamSweep();
    }
    for (const l of [...this.listeners]) l();
  }

  private sweepQueued = false;

  /** After a burst of changes, streaming cells whose formula is gone (cleared, overwritten) are cancelled, as in Excel. */
  private queueStreamSweep(): void {
    if (this.sweepQueued || !this.formulaFunctions?.sweep) return;
    this.sweepQueued = true;
    queueMicrotask(() => {
      this.sweepQueued = false;
      this.formulaFunctions?.sweep?.(() => this.evaluateAllFormulas());
    });
  }

  /** Evaluate every formula of every sheet (the sweep above; a full recalculation). */
  evaluateAllFormulas(): void {
    for (const sheet of this.sheets) sheet.evaluateFormulas();
  }

  /** Application.calculate: each kind re-runs what Excel re-runs (see AsyncFormulaFunctions.recalculate). */
  calculate(kind: CalculationKind = "Full"): void {
    this.formulaFunctions?.recalculate?.(kind);
    this.changed();
  }

  newId(prefix: string): string {
    return `{${prefix}-${this.nextId++}}`;
  }

  // ---- cell edit mode -------------------------------------------------------------------------------

  /** A person starts typing in a cell (the grid's editor opens). */
  beginCellEdit(): void {
    this.cellEditMode = true;
  }

  /** The cell editor closes (Enter, Tab, Esc or a click elsewhere): delayed requests go ahead. */
  endCellEdit(): void {
    this.cellEditMode = false;
    for (const wake of this.cellEditWaiters.splice(0)) wake();
  }

  /** Resolves when no cell is being edited. */
  whenNotEditing(): Promise<void> {
    return this.cellEditMode ? new Promise((resolve) => this.cellEditWaiters.push(resolve)) : Promise.resolve();
  }

  // ---- change events (Worksheet.onChanged) ----------------------------------------------------------------

  private readonly changeHandlers = new Map<SheetModel, Set<SheetChangedHandler>>();

  addChangeHandler(sheet: SheetModel, handler: SheetChangedHandler): () => void {
    const set = this.changeHandlers.get(sheet) ?? new Set();
    set.add(handler);
    this.changeHandlers.set(sheet, set);
    return () => void set.delete(handler);
  }

  /**
   * Excel fires Worksheet.onChanged after a change to cell contents, asynchronously, once per edit with the
   * edited range: for what a person types, pastes, fills or clears, and for the API's writes alike (source
   * Local both times). Format changes do not fire it.
   */
  fireChanged(sheet: SheetModel, rect: Rect, changeType: SheetChangedEvent["changeType"] = "RangeEdited"): void {
    const handlers = this.changeHandlers.get(sheet);
    if (!handlers || handlers.size === 0 || rect.rows < 1 || rect.cols < 1) return;
    const event: SheetChangedEvent = {
      type: "WorksheetChanged",
      worksheetId: sheet.id,
      address: rectAddress(rect),
      changeType,
      source: "Local",
    };
    fireLater(handlers, event);
  }

  // ---- sheet events (WorksheetCollection.onAdded / onDeleted, Worksheet.onNameChanged) ----------------------

  /** Handlers by event type; onNameChanged's by sheet too (keyed "WorksheetNameChanged:<id>"). */
  private readonly sheetEventHandlers = new Map<string, Set<SheetEventHandler>>();

  addSheetEventHandler(
    key: "WorksheetAdded" | "WorksheetDeleted" | `WorksheetNameChanged:${string}`,
    handler: SheetEventHandler,
  ): () => void {
    const set = this.sheetEventHandlers.get(key) ?? new Set();
    set.add(handler);
    this.sheetEventHandlers.set(key, set);
    return () => void set.delete(handler);
  }

  /** Like onChanged and onActivated, Excel fires these after the change, asynchronously. */
  private fireSheetEvent(event: SheetEvent): void {
    const key = event.type === "WorksheetNameChanged" ? `${event.type}:${event.worksheetId}` : event.type;
    const handlers = this.sheetEventHandlers.get(key);
    if (!handlers || handlers.size === 0) return;
    fireLater(handlers, event);
  }

  // ---- activation events (WorksheetCollection.onActivated) ------------------------------------------

  private readonly activatedHandlers = new Set<SheetActivatedHandler>();

  addActivatedHandler(handler: SheetActivatedHandler): () => void {
    if (this.refuseActivatedEvents) throw new PreviewExcelError("AccessDenied", "You cannot perform the requested operation.");
    this.activatedHandlers.add(handler);
    return () => void this.activatedHandlers.delete(handler);
  }

  /**
   * Freezing or unfreezing the panes of a sheet that is not the active one fires WorksheetActivated for it, though
   * the sheet shown does not change (office-js #3148).
   */
  paneViewChanged(sheet: SheetModel): void {
    if (sheet !== this.activeSheet) this.fireActivated(sheet);
  }

  /** Excel fires WorksheetCollection.onActivated after another sheet became the active one, asynchronously. */
  private fireActivated(sheet: SheetModel): void {
    if (this.activatedHandlers.size === 0) return;
    const event: SheetActivatedEvent = { type: "WorksheetActivated", worksheetId: sheet.id };
    fireLater(this.activatedHandlers, event);
  }

  // ---- sheets -------------------------------------------------------------------------------------

  visibleSheets(): SheetModel[] {
    return this.sheets.filter((s) => s.visibility === "Visible");
  }

  findSheet(name: string): SheetModel | undefined {
    return this.sheets.find((s) => sameSheetName(s.name, name));
  }

  getSheet(name: string): SheetModel {
    const s = this.findSheet(name);
    if (!s) throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: worksheet "${name}".`);
    return s;
  }

  /** Excel's worksheet-name rules (the preview's own reading of them, sheetNames.ts), and unique in the workbook. */
  checkSheetName(name: unknown, except?: SheetModel): string {
    return checkName("sheet", name, excelSheetNameProblem, (n) => this.findSheet(n), except);
  }

  /** Excel refuses changes to the sheets of a workbook whose structure is protected (the code is not documented). */
  checkStructure(): void {
    if (this.structure.protected)
      throw new PreviewExcelError(
        "AccessDenied",
        "The workbook's structure is protected: sheets cannot be added, deleted, hidden, shown or renamed.",
      );
  }

  addSheet(name?: string): SheetModel {
    if (this.sheets.length > 0) this.checkStructure();
    let n = name;
    if (n === undefined) {
      let i = this.sheets.length + 1;
      while (this.findSheet(`Sheet${i}`)) i++;
      n = `Sheet${i}`;
    }
    const sheet = new SheetModel(this, this.newId("sheet"), this.checkSheetName(n));
    this.sheets.push(sheet);
    // A formula that named this sheet before it existed (#REF!) finds it now.
    this.fireSheetEvent({ type: "WorksheetAdded", worksheetId: sheet.id, source: "Local" });
    return sheet;
  }

  /** Excel rewrites every formula that names the sheet, and fires Worksheet.onNameChanged. */
  renameSheet(sheet: SheetModel, name: unknown): void {
    if (name !== sheet.name) this.checkStructure();
    const before = sheet.name;
    sheet.name = this.checkSheetName(name, sheet);
    if (before === sheet.name) return;
    renameInFormulas(this.sheets, this.names.values(), before, sheet.name);
    this.fireSheetEvent({
      type: "WorksheetNameChanged",
      worksheetId: sheet.id,
      nameBefore: before,
      nameAfter: sheet.name,
      source: "Local",
    });
  }

  /** Worksheet.position: the sheet moved to `position` (zero-based) among all sheets, hidden ones included. */
  moveSheet(sheet: SheetModel, position: unknown): void {
    if (typeof position !== "number" || !Number.isInteger(position) || position < 0 || position >= this.sheets.length)
      throw new PreviewExcelError("InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
    if (this.sheets.indexOf(sheet) === position) return;
    this.checkStructure();
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    this.sheets.splice(position, 0, sheet);
  }

  /**
   * Rows, columns or cells inserted or deleted on a sheet (sheetOps.ts): cells, tables and formulas follow, the
   * person's undo steps are forgotten, and Worksheet.onChanged fires with Excel's changeType. On a protected sheet,
   * only what its options allow (whole rows or columns); Excel answers AccessDenied otherwise.
   */
  shiftSheet(sheet: SheetModel, shift: Shift): void {
    const whole = shift.from === 0 && shift.to === (shift.axis === "row" ? MAX_COLS : MAX_ROWS);
    const { protected: locked, options } = sheet.protection;
    const allowed =
      whole &&
      (shift.axis === "row"
        ? shift.count > 0
          ? options.allowInsertRows
          : options.allowDeleteRows
        : shift.count > 0
          ? options.allowInsertColumns
          : options.allowDeleteColumns);
    if (locked && !allowed)
      throw new PreviewExcelError("AccessDenied", "The cell or chart you're trying to change is on a protected sheet.");
    for (const t of applyShift(sheet, this, shift, { rows: MAX_ROWS, cols: MAX_COLS })) {
      t.deleted = true;
      this.tablesList.splice(this.tablesList.indexOf(t), 1);
    }
    // A column inserted inside a table gets a header, as every table column has one.
    if (shift.axis === "col" && shift.count > 0) for (const t of sheet.tables()) this.normaliseHeaders(t);
    this.undoHistory.clear();
    const kind = whole ? (shift.axis === "row" ? "Row" : "Column") : "Cell";
    this.fireChanged(sheet, shiftRect(shift), `${kind}${shift.count > 0 ? "Inserted" : "Deleted"}`);
  }

  setVisibility(sheet: SheetModel, visibility: unknown): void {
    if (visibility !== "Visible" && visibility !== "Hidden" && visibility !== "VeryHidden")
      throw new PreviewExcelError("InvalidArgument", `Invalid visibility "${String(visibility)}".`);
    if (visibility !== sheet.visibility) this.checkStructure();
    if (visibility !== "Visible" && sheet.visibility === "Visible" && this.visibleSheets().length === 1)
      throw new PreviewExcelError("InvalidOperation", "A workbook must contain at least one visible worksheet.");
    sheet.visibility = visibility;
    if (visibility !== "Visible" && this.activeSheet === sheet) this.activeSheet = this.visibleSheets()[0];
  }

  deleteSheet(sheet: SheetModel): void {
    this.checkStructure();
    // Excel refuses to delete a very hidden sheet; code makes it Hidden (or Visible) first.
    if (sheet.visibility === "VeryHidden")
      throw new PreviewExcelError(
        "InvalidOperation",
        "A very hidden worksheet cannot be deleted. Make it hidden or visible first.",
      );
    if (sheet.visibility === "Visible" && this.visibleSheets().length === 1)
      throw new PreviewExcelError("InvalidOperation", "A workbook must contain at least one visible worksheet.");
    for (const t of sheet.tables()) t.deleted = true;
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    sheet.deleted = true;
    for (let i = this.tablesList.length - 1; i >= 0; i--) if (this.tablesList[i].deleted) this.tablesList.splice(i, 1);
    // Formulas that referred to it now say #REF!, as in Excel; its handlers hear no more.
    deleteFromFormulas(this.sheets, this.names.values(), sheet.name);
    this.changeHandlers.delete(sheet);
    this.sheetEventHandlers.delete(`WorksheetNameChanged:${sheet.id}`);
    if (this.activeSheet === sheet) this.activeSheet = this.visibleSheets()[0];
    this.fireSheetEvent({ type: "WorksheetDeleted", worksheetId: sheet.id, source: "Local" });
  }

  activate(sheet: SheetModel): void {
    if (sheet.visibility !== "Visible")
      throw new PreviewExcelError("InvalidOperation", "A hidden worksheet cannot be activated.");
    this.activeSheet = sheet;
  }

  // ---- tables -------------------------------------------------------------------------------------

  findTable(name: string): TableModel | undefined {
    const key = name.toLowerCase();
    return this.tablesList.find((t) => !t.deleted && t.name.toLowerCase() === key);
  }

  /** Excel's table-name rules, and unique in the workbook. */
  checkTableName(name: unknown, except?: TableModel): string {
    const checked = checkName("table", name, tableNameProblem, (n) => this.findTable(n), except);
    // Tables and defined names share one namespace in Excel.
    if (this.names.has(checked.toLowerCase()))
      throw new PreviewExcelError("ItemAlreadyExists", `"${checked}" is already a defined name; a table cannot have it.`);
    return checked;
  }

  /** Workbook.names.add: Excel's rules for a name (the preview applies the table-name rule), unique among names and tables. */
  addName(name: unknown, formula: string): DefinedName {
    const checked = checkName("defined name", name, tableNameProblem, (n) => this.names.get(n.toLowerCase()));
    if (this.findTable(checked))
      throw new PreviewExcelError("ItemAlreadyExists", `"${checked}" is already a table name; a defined name cannot have it.`);
    const item = { name: checked, formula };
    this.names.set(checked.toLowerCase(), item);
    return item;
  }

  /** Worksheet.tables.add(address, hasHeaders). A header-only range gets one empty data row, as in Excel. */
  addTable(sheet: SheetModel, rect: Rect, hasHeaders: boolean): TableModel {
    if (!hasHeaders)
      throw new PreviewExcelError("NotImplemented", "The preview only creates tables whose first row is the header.");
    if (rect.rows + rect.r > MAX_ROWS - 1 || rect.cols > 1000)
      throw new PreviewExcelError("InvalidArgument", "The table range is too large for the preview.");
    for (const t of sheet.tables()) {
      if (intersect(rect, { r: t.r, c: t.c, rows: t.rows, cols: t.cols }))
        throw new PreviewExcelError("InvalidArgument", "A table can't overlap another table.");
    }
    let n = 1;
    while (this.findTable(`Table${n}`) || this.names.has(`table${n}`)) n++;
    const table: TableModel = {
      id: this.newId("table"),
      name: `Table${n}`,
      sheet,
      ...rect,
      rows: Math.max(rect.rows, 2),
    };
    this.tablesList.push(table);
    for (let c = table.c; c < table.c + table.cols; c++) {
      const cell = sheet.cellForWrite(table.r, c);
      const v = sheet.valueAt(table.r, c);
      cell.f = undefined;
      cell.v = v === "" ? "" : typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : String(v);
    }
    this.normaliseHeaders(table);
    return table;
  }

  /** Excel keeps table headers non-blank and unique: blanks become ColumnN, duplicates get a number. */
  normaliseHeaders(table: TableModel): void {
    const seen = new Set<string>();
    for (let k = 0; k < table.cols; k++) {
      const cell = table.sheet.cellForWrite(table.r, table.c + k);
      let name = cell.v === null || cell.v === "" ? `Column${k + 1}` : String(cell.v);
      const base = name;
      let i = 2;
      while (seen.has(name.toLowerCase())) name = `${base}${i++}`;
      seen.add(name.toLowerCase());
      cell.v = name;
    }
  }

  deleteTable(table: TableModel, keepContents: boolean): void {
    if (!keepContents) table.sheet.clear({ r: table.r, c: table.c, rows: table.rows, cols: table.cols }, "All");
    table.deleted = true;
    this.tablesList.splice(this.tablesList.indexOf(table), 1);
  }

  /**
   * Table.columns.add: insert a column into the table at `index` (0-based within the table; null, undefined or -1:
   * after the last), shifting the table's cells from there one column right, with `name` as its header (a name
   * already in the table gets a number, as for any header). Cells of those rows outside the table move with them,
   * as Excel's Insert Table Columns does; the preview refuses when another table's cells would move. The new
   * column's body is empty, or `values` (one row each, header excluded).
   */
  addTableColumn(table: TableModel, index: number | null | undefined, values: unknown, name: string | null | undefined): Rect {
    const at = index === null || index === undefined || index === -1 ? table.cols : index;
    if (!Number.isInteger(at) || at < 0 || at > table.cols)
      throw new PreviewExcelError("InvalidArgument", "The column index is outside the table.");
    const c = table.c + at;
    const sheet = table.sheet;
    const lastUsed = Math.max(0, ...sheet.rowsData.slice(table.r, table.r + table.rows).map((row) => row?.length ?? 0));
    if (lastUsed + 1 > MAX_COLS || table.c + table.cols + 1 > MAX_COLS)
      throw new PreviewExcelError("InvalidOperation", "This operation would move cells off the sheet.");
    const moved = { r: table.r, c, rows: table.rows, cols: MAX_COLS - c };
    if (sheet.tables().some((t) => t !== table && intersect(moved, { r: t.r, c: t.c, rows: t.rows, cols: t.cols })))
      throw new PreviewExcelError("InvalidOperation", "This operation would move cells of another table.");
    const body = table.rows - 1;
    if (values !== undefined && values !== null) {
      const ok = Array.isArray(values) && values.length === body && values.every((row) => Array.isArray(row) && row.length === 1);
      if (!ok)
        throw new PreviewExcelError(
          "InvalidArgument",
          "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
        );
    }
    for (let r = table.r; r < table.r + table.rows; r++) {
      const row = sheet.rowsData[r];
      if (row && row.length > c) row.splice(c, 0, undefined);
    }
    table.cols += 1;
    sheet.cellForWrite(table.r, c).v = name === null || name === undefined ? "" : String(name);
    this.normaliseHeaders(table);
    if (Array.isArray(values)) (values as unknown[][]).forEach((row, i) => sheet.enter(table.r + 1 + i, c, row[0]));
    return { r: table.r, c, rows: table.rows, cols: 1 };
  }

  /** A person's Home > Fill Color (null: No Fill) on a block of cells. A format change: no Worksheet.onChanged. */
  colourCells(sheet: SheetModel, rect: Rect, color: string | null): void {
    for (let r = rect.r; r < rect.r + rect.rows; r++)
      for (let c = rect.c; c < rect.c + rect.cols; c++) {
        if (color === null) {
          const cell = sheet.cell(r, c);
          if (cell) cell.fill = undefined;
        } else sheet.cellForWrite(r, c).fill = color.toUpperCase();
      }
    this.changed();
  }

  /** Table.rows.add: insert rows (index within the data body, or at the end), shifting cells below. */
  addTableRows(table: TableModel, index: number | null | undefined, values: unknown): Rect {
    const bodyRows = table.rows - 1;
    const at = index === null || index === undefined ? bodyRows : index;
    if (!Number.isInteger(at) || at < 0 || at > bodyRows)
      throw new PreviewExcelError("InvalidArgument", "The row index is outside the table.");
    let count = 1;
    if (values !== undefined && values !== null) {
      if (!Array.isArray(values) || !values.every((row) => Array.isArray(row) && row.length === table.cols))
        throw new PreviewExcelError(
          "InvalidArgument",
          "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
        );
      count = values.length;
    }
    const firstRow = table.r + 1 + at;
    table.sheet.insertRowsWithin(firstRow, count, table.c, table.cols);
    table.rows += count;
    // New rows take the number formats of the row above, as in Excel.
    const template = firstRow - 1 > table.r ? firstRow - 1 : firstRow + count;
    for (let r = firstRow; r < firstRow + count; r++) {
      for (let k = 0; k < table.cols; k++) {
        const nf = table.sheet.cell(template, table.c + k)?.nf;
        if (nf) table.sheet.cellForWrite(r, table.c + k).nf = nf;
      }
    }
    if (Array.isArray(values))
      values.forEach((row: unknown[], i) => row.forEach((v, k) => table.sheet.enter(firstRow + i, table.c + k, v)));
    return { r: firstRow, c: table.c, rows: count, cols: table.cols };
  }

  /**
   * Table.resize (ExcelApi 1.13): the table covers `rect` on its sheet. As in Excel, the header stays in the same
   * row, the new range overlaps the old one and no other table; cells keep their values and formats.
   */
  resizeTable(table: TableModel, rect: Rect): void {
    const old = { r: table.r, c: table.c, rows: table.rows, cols: table.cols };
    if (rect.r !== table.r || !intersect(rect, old) || rect.rows < 2)
      throw new PreviewExcelError(
        "InvalidArgument",
        "The new table range must overlap the table, keep its header in the same row and include at least one data row.",
      );
    if (rect.r + rect.rows > MAX_ROWS - 1 || rect.cols > 1000)
      throw new PreviewExcelError("InvalidArgument", "The table range is too large for the preview.");
    for (const t of table.sheet.tables())
      if (t !== table && intersect(rect, { r: t.r, c: t.c, rows: t.rows, cols: t.cols }))
        throw new PreviewExcelError("InvalidArgument", "A table can't overlap another table.");
    Object.assign(table, { c: rect.c, rows: rect.rows, cols: rect.cols });
    this.normaliseHeaders(table);
  }

  /**
   * Excel's table auto-expansion of the API's writes: a block written directly under a table (overlapping its
   * columns) or directly right of it (overlapping its rows) extends the table over the rows (columns) written, up to
   * the last one holding data: trailing blank rows stay outside (office-js #3013, #3191), and a block whose first
   * row (column) is blank does not extend it at all (office-js #2097). Tables on a protected sheet never grow.
   */
  expandTables(sheet: SheetModel, rect: Rect, values: unknown): void {
    // AutoCorrect applies to the API's writes too (office-js #6745): with the option off, no table grows.
    if (sheet.protection.protected || !this.autoCorrectTables) return;
    const at = (i: number, k: number): unknown => (Array.isArray(values) ? (values[i] as unknown[] | undefined)?.[k] : values);
    const filled = (i: number, k: number) => {
      const v = at(i, k);
      return v !== "" && v !== null && v !== undefined;
    };
    for (const t of sheet.tables()) {
      const cols = intersect(rect, { r: rect.r, c: t.c, rows: rect.rows, cols: t.cols });
      if (rect.r === t.r + t.rows && cols) {
        const ks = Array.from({ length: cols.cols }, (_, j) => cols.c - rect.c + j);
        t.rows += grownBy(rect.rows, (i) => ks.some((k) => filled(i, k)));
        continue;
      }
      const rows = intersect(rect, { r: t.r, c: rect.c, rows: t.rows, cols: rect.cols });
      if (rect.c === t.c + t.cols && rows) {
        const is = Array.from({ length: rows.rows }, (_, j) => rows.r - rect.r + j);
        const more = grownBy(rect.cols, (k) => is.some((i) => filled(i, k)));
        if (more > 0) {
          t.cols += more;
          this.normaliseHeaders(t);
        }
      }
    }
  }

  // ---- people editing the grid -----------------------------------------------------------------------

  /** The person's edits, for Ctrl+Z (undo.ts says what is and is not undoable). */
  readonly undoHistory = new UndoHistory<SheetModel>();

  /** Ctrl+Z: the person's last edit undone (its cells as they were, and Worksheet.onChanged fired), or why not. */
  undo(): UndoOutcome<SheetModel> {
    const outcome = this.undoHistory.undo();
    if (outcome.ok) {
      this.changed();
      this.fireChanged(outcome.sheet, outcome.rect);
    }
    return outcome;
  }

  /** A person typed `text` into a cell: parsed as Excel does; typing just below a table extends it. */
  editCell(sheet: SheetModel, r: number, c: number, text: string): void {
    this.undoHistory.begin(sheet, { r, c, rows: 1, cols: 1 });
    this.typeInto(sheet, r, c, text);
    this.undoHistory.end();
    this.changed();
    this.fireChanged(sheet, { r, c, rows: 1, cols: 1 });
  }

  /**
   * A person pasted a block of text cells with its top-left at (r, c): each cell is entered as if typed (rows
   * pasted just below a table extend it). Returns the block's rectangle; refuses, changing nothing, when the
   * block would run off the sheet.
   */
  pasteCells(sheet: SheetModel, r: number, c: number, texts: readonly (readonly string[])[]): Rect {
    const cols = Math.max(0, ...texts.map((row) => row.length));
    if (texts.length === 0 || cols === 0) return { r, c, rows: 0, cols: 0 };
    if (r + texts.length > MAX_ROWS || c + cols > MAX_COLS)
      throw new PreviewExcelError(
        "InvalidOperation",
        "The pasted cells do not fit on the sheet below and right of the active cell.",
      );
    this.undoHistory.begin(sheet, { r, c, rows: texts.length, cols });
    texts.forEach((row, i) => {
      for (let k = 0; k < cols; k++) this.typeInto(sheet, r + i, c + k, row[k] ?? "");
    });
    this.undoHistory.end();
    this.changed();
    this.fireChanged(sheet, { r, c, rows: texts.length, cols });
    return { r, c, rows: texts.length, cols };
  }

  /** The Delete key: values and formulas in `rect` go, formats stay (a cleared table header becomes ColumnN). */
  clearContents(sheet: SheetModel, rect: Rect): void {
    this.undoHistory.begin(sheet, rect);
    sheet.clear(rect, "Contents");
    this.undoHistory.end();
    this.changed();
    this.fireChanged(sheet, rect);
  }

  /**
   * Fill down (Ctrl+D): the first row of `rect` is copied into the rows below it, each cell as its source holds
   * it (a constant stays the same constant, a formula is copied as written; the preview does not shift references).
   */
  fillDown(sheet: SheetModel, rect: Rect): void {
    if (rect.rows < 2) return;
    this.undoHistory.begin(sheet, rect);
    for (let k = 0; k < rect.cols; k++) {
      const source = sheet.cell(rect.r, rect.c + k);
      for (let i = 1; i < rect.rows; i++) {
        const cell = sheet.cellForWrite(rect.r + i, rect.c + k);
        cell.v = source?.v ?? null;
        cell.f = source?.f;
        if (source?.nf !== undefined) cell.nf = source.nf;
      }
    }
    this.undoHistory.end();
    this.changed();
    this.fireChanged(sheet, { r: rect.r + 1, c: rect.c, rows: rect.rows - 1, cols: rect.cols });
  }

  private typeInto(sheet: SheetModel, r: number, c: number, text: string): void {
    const below = sheet.tables().find((t) => r === t.r + t.rows && c >= t.c && c < t.c + t.cols);
    if (below && text !== "" && this.autoCorrectTables) {
      below.rows += 1;
      for (let k = 0; k < below.cols; k++) {
        const nf = sheet.cell(r - 1, below.c + k)?.nf;
        if (nf && sheet.cell(r, below.c + k)?.nf === undefined) sheet.cellForWrite(r, below.c + k).nf = nf;
      }
    }
    if (text === "") {
      const cell = sheet.cell(r, c);
      if (cell) {
        cell.v = sheet.tableAt(r, c)?.r === r ? "" : null;
        cell.f = undefined;
      }
      const t = sheet.tableAt(r, c);
      if (t && t.r === r) this.normaliseHeaders(t);
    } else {
      sheet.enter(r, c, text);
    }
  }

  /** Selects `rect` with `active` (default its top-left) as the active cell, and shows the sheet when visible. */
  select(sheet: SheetModel, rect: Rect, active: CellRef = { r: rect.r, c: rect.c }): void {
    sheet.selection = rect;
    sheet.moreSelected = [];
    sheet.active = { ...active };
    if (sheet.visibility === "Visible") this.activeSheet = sheet;
    this.changed("view");
  }

  /** A selection of several blocks (Ctrl+click); the first holds the active cell. */
  selectAreas(sheet: SheetModel, rects: readonly Rect[]): void {
    if (rects.length === 0) throw new PreviewExcelError("InvalidArgument", "A selection needs at least one block.");
    this.select(sheet, rects[0]);
    sheet.moreSelected = rects.slice(1).map((r) => ({ ...r }));
  }

  /** Everything the workbook holds, as JSON (used to check that no secret ever reaches the workbook). */
  toJSON(): unknown {
    return {
      sheets: this.sheets.map((s) => ({
        name: s.name,
        visibility: s.visibility,
        cells: s.rowsData.flatMap((row, r) =>
          (row ?? []).flatMap((cell, c) => (cell ? [{ address: `${columnLetter(c)}${r + 1}`, ...cell }] : [])),
        ),
      })),
      tables: this.tablesList.map((t) => ({ name: t.name, sheet: t.sheet.name, address: rectAddress(t) })),
      settings: Object.fromEntries(this.settings),
    };
  }
}
