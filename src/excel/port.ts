/**
 * WorkbookPort: the small interface the flows use to read and write the workbook.
 * Flows pass plain data; the implementation (officeWorkbook.ts, over session.ts) hides Excel.run, load/sync, batching,
 * the 5 MB request limit and formula safety. Row indexes are always 0-based positions in a table's data body.
 */

import type { CellType, CellValue, ColumnSpec } from "../xl/columns";

// One definition of the cell vocabulary, in the sheets layer (which the Excel layer may import types from).
export type { CellType, CellValue, ColumnSpec };

export interface WriteTableOptions {
  sheetName: string;
  /** Excel table name (workbook-unique; see safeTableName). */
  tableName: string;
  columns: readonly ColumnSpec[];
  rows: readonly (readonly CellValue[])[];
  /** Bold title in A1; defaults to the sheet name. */
  title?: string;
  /** Stamp in A2 is `${stampLabel} <local date time>`; default "Last refreshed". */
  stampLabel?: string;
  /** A2 holds this line instead of the stamp (a log, whose lines carry their own times, is never "refreshed"). */
  subtitle?: string;
  /** Make the sheet the active one after writing (default true). */
  activate?: boolean;
  /** Called after each written block with the number of data rows written so far. */
  onProgress?: (written: number, total: number) => void;
  /**
   * Rewrite only the table's own cells (A to its last column, down to the old table's last row), so text, formulas,
   * notes and colours a person put right of it or below it stay (a refreshed overview, report or Fill problems sheet;
   * a longer table writes over the rows below it); the old table becomes a plain range first,
   * so a column Excel added to it when someone typed beside it keeps its cells. Default false: the sheet is cleared.
   */
  keepCellsRight?: boolean;
}

export interface WriteTableResult {
  sheetName: string;
  tableName: string;
  rowCount: number;
  /** A1-style address of the whole table including the header, e.g. "Employees!A3:F43". */
  address: string;
}

/** The data of the (first) table on a sheet, values exactly as Excel holds them (dates are serial numbers). */
export interface TableData {
  sheetName: string;
  tableName: string;
  /** Header texts, left to right. */
  columns: string[];
  /** Data body rows; each has columns.length values (string | number | boolean; empty cells are ""). */
  rows: unknown[][];
  rowCount: number;
}

export type AnnotationTone = "success" | "error" | "warning" | "info" | "neutral";

export interface RowAnnotation {
  /** 0-based data row of the table. */
  rowIndex: number;
  /** Text for the Status column, e.g. "Saved", "Failed", "Invalid", "Unchanged", "Not sent". */
  status: string;
  /** Text for the Message column (written as text, never a formula). */
  message: string;
  /** Headers of the cells to highlight as failing (matched ignoring case; unknown headers are ignored). */
  errorColumns?: readonly string[];
  /** Colours the Status cell; default derived from status (Saved=success, Failed/Invalid=error, else neutral). */
  tone?: AnnotationTone;
}

export interface AnnotateOptions {
  /** Header of the status column; default "Status". */
  statusColumn?: string;
  /** Header of the message column; default "Message". */
  messageColumn?: string;
  /**
   * When true (default), earlier highlights and Status/Message texts of rows NOT in this call are
   * cleared, so the sheet shows exactly the outcome of this push. When false, other rows keep theirs.
   */
  clearOthers?: boolean;
  /**
   * The columns whose fill the add-in manages on this sheet (those a highlight can name); only these and the Status
   * column have their fill cleared, so colour a user put elsewhere (a name, a note column) stays. Default: all.
   */
  highlightColumns?: readonly string[];
}

export interface ColumnValueUpdate {
  rowIndex: number;
  value: CellValue;
}

/**
 * Rows added under a table; its columns, title, stamp or subtitle make the sheet and table when they are missing
 * (e.g. the "Push log"), and later appends keep what the first one made.
 */
export type AppendRowsOptions = Pick<
  WriteTableOptions,
  "sheetName" | "tableName" | "columns" | "rows" | "title" | "stampLabel" | "subtitle"
>;

export interface HiddenTable {
  columns: string[];
  /**
   * Values as written: text stays text, numbers numbers, booleans booleans, empty cells "". Blank rows between
   * rows with values are kept; blank rows after the last one are not returned.
   */
  rows: unknown[][];
}

export interface SheetInfo {
  /** Worksheet.id (ExcelApi 1.1): the same for the sheet's life whatever it is renamed to; a new sheet gets a new one. */
  id: string;
  name: string;
  visible: boolean;
  /** Name of the first table on the sheet, if any. */
  tableName: string | null;
}

/** A change Excel reports on a worksheet (Worksheet.onChanged): the range, what kind, and where it came from. */
export interface SheetChange {
  /** A1 address on the sheet, e.g. "E5" or "E5:G9". */
  address: string;
  /** Excel's changeType: "RangeEdited", "RowInserted", "RowDeleted", ... */
  changeType: string;
  /** "Local" or "Remote" (a co-author). */
  source: string;
}

/** A sheet renamed (Worksheet.onNameChanged, ExcelApi 1.17) or deleted (WorksheetCollection.onDeleted, ExcelApi 1.7). */
export type SheetIdentityEvent =
  { kind: "renamed"; sheetId: string; nameBefore: string; nameAfter: string } | { kind: "deleted"; sheetId: string };

/** One cell of a sheet's table: data row (0-based) and column header. */
export interface TableCell {
  rowIndex: number;
  column: string;
}

/** Values of a block of cells as Excel holds them, with where they came from. */
export interface RangeValues {
  sheetName: string;
  /** A1 address of the block on its sheet. */
  address: string;
  values: unknown[][];
}

/** The selection's first cell as the pane reads it to explain a figure: its formula and the value it shows. */
export interface SelectedCell {
  sheetName: string;
  /** A1 address of the whole selection on its sheet without the sheet name, e.g. "C4" or "C4:D9" (several cells). */
  address: string;
  /** The top-left cell's formula (Range.formulas: the value itself when the cell holds no formula). */
  formula: unknown;
  /** The value the top-left cell shows. */
  value: unknown;
}

/** A cell whose formula starts with a given text (e.g. "=PAYROLL."), with the value it shows. */
export interface FormulaCell {
  sheetName: string;
  /** A1 address on its sheet, e.g. "C4". */
  address: string;
  formula: string;
  value: unknown;
}

/** A cell of a sheet's table made a link to another sheet of the workbook (its top-left cell). */
export interface SheetLink {
  rowIndex: number;
  column: string;
  /** The sheet the link goes to. */
  sheetName: string;
  /** What the cell shows; default the sheet's name. */
  text?: string;
}

/**
 * A clustered column chart over a sheet's table: each series one column of the table (its header the series name,
 * its body the values), the categories the body of one or more adjacent columns (the first alone where Excel
 * refuses several). Replaces every chart of the sheet with the same name or the same title (Excel on the web
 * renames a copied or moved chart).
 */
export interface ColumnChartOptions {
  sheetName: string;
  /** Chart name, unique on the sheet. */
  name: string;
  /** Chart title; with the name, what finds the chart again (keep it particular to this chart). */
  title: string;
  /** Headers of adjacent columns, left to right: the series. */
  seriesColumns: readonly string[];
  /** Headers of adjacent columns, left to right: the categories. */
  categoryColumns: readonly string[];
  /** Where the chart's top-left corner goes: this many rows under the table, in column A. Default 2. */
  rowsBelow?: number;
}

/** A JSON value allowed in document settings. Never put secrets (the API key) here. */
export type SettingValue = string | number | boolean | null | SettingValue[] | { [key: string]: SettingValue };

export interface WorkbookPort {
  /** Create or replace in place the table on its own sheet (creating the sheet), typed and formatted. */
  writeTable(options: WriteTableOptions): Promise<WriteTableResult>;
  /** The first table on the sheet, or null when the sheet or a table is missing. */
  readTable(sheetName: string): Promise<TableData | null>;
  /** Set one column's cells for some rows; only those cells are written. Column by header; type drives the format. */
  writeColumnValues(sheetName: string, column: string, updates: readonly ColumnValueUpdate[], type?: CellType): Promise<void>;
  /** Write Status/Message for rows and highlight failing cells (clearing earlier highlights). */
  annotateRows(sheetName: string, annotations: readonly RowAnnotation[], options?: AnnotateOptions): Promise<void>;
  /** Data-row indexes of the sheet's table that intersect the user's selection (active sheet when omitted). */
  selectedRowIndexes(sheetName?: string): Promise<number[]>;
  activeSheetName(): Promise<string>;
  activateSheet(sheetName: string): Promise<void>;
  /** Visible sheets only (hidden storage sheets are left out), in tab order; with `hidden`, hidden ones too (visible false). */
  listSheets(options?: { hidden?: boolean }): Promise<SheetInfo[]>;
  /** Append rows to a table, creating sheet and table when missing (for the push log). */
  appendRows(options: AppendRowsOptions): Promise<void>;
  /** Delete a sheet if it exists; returns whether it existed. */
  deleteSheet(sheetName: string): Promise<boolean>;
  /** Store a grid on a veryHidden sheet (replacing previous content), e.g. a push snapshot. */
  writeHiddenTable(sheetName: string, columns: readonly string[], rows: readonly (readonly CellValue[])[]): Promise<void>;
  readHiddenTable(sheetName: string): Promise<HiddenTable | null>;
  /** Document settings (workbook.settings): persisted in the file, visible to anyone with it. No secrets. */
  getSetting(key: string): Promise<SettingValue | undefined>;
  setSetting(key: string, value: SettingValue): Promise<void>;
  removeSetting(key: string): Promise<void>;
  /**
   * Calls `handler` after every change to the sheet's cells (Worksheet.onChanged, ExcelApi 1.7): typed, pasted,
   * filled or cleared, and the add-in's own writes too. Resolves, once registered, to the function that stops it.
   */
  onSheetChanged(sheetName: string, handler: (change: SheetChange) => void): Promise<() => Promise<void>>;
  /**
   * Calls `handler` with the sheet's name each time a worksheet becomes the active one (WorksheetCollection.onActivated,
   * ExcelApi 1.7): a tab clicked, or a sheet the add-in showed. Resolves, once registered, to the function that stops it.
   */
  onSheetActivated(handler: (sheetName: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `handler` when any sheet is deleted (WorksheetCollection.onDeleted, ExcelApi 1.7) and when one of the sheets
   * `renamed` names by ID is renamed (Worksheet.onNameChanged, only where the host has ExcelApi 1.17). Events are cues
   * only: the flows find renames and deletions by ID on each list as well (a rename while the pane was closed).
   * Resolves, once registered, to the function that stops it; a host that refuses the events gives one that does nothing.
   */
  onSheetRenamedOrDeleted(renamed: readonly string[], handler: (event: SheetIdentityEvent) => void): Promise<() => Promise<void>>;
  /** Colours (or, with null, clears) the background of table cells; cells of unknown columns are ignored. */
  fillCells(sheetName: string, cells: readonly TableCell[], color: string | null): Promise<void>;
  /** Shows the sheet and selects one table cell (the cell a person goes to). */
  selectCell(sheetName: string, cell: TableCell): Promise<void>;
  /** Table cells of the user's selection on that sheet (none when another sheet is active). */
  selectedCells(sheetName: string): Promise<TableCell[]>;
  /** A sheet's used range of values, or the selection's values when no sheet is named; null when empty. */
  readValues(sheetName?: string): Promise<RangeValues | null>;
  /** The selection's address and its top-left cell's formula and value (a selection of several blocks is refused). */
  selectedCell(): Promise<SelectedCell>;
  /**
   * Every cell of every sheet (hidden ones too) whose formula starts with `prefix` (ignoring case), with its value.
   * Reads each sheet's used range of formulas (in blocks within the request limit), and values only where one matched.
   */
  formulaCells(prefix: string): Promise<FormulaCell[]>;
  /** Makes table cells links to sheets of the workbook (Range.hyperlink, ExcelApi 1.7): the cell shows its text. */
  linkCells(sheetName: string, links: readonly SheetLink[]): Promise<void>;
  /** Adds, or replaces, a clustered column chart over the sheet's table (Worksheet.charts.add, ExcelApi 1.1). */
  writeColumnChart(options: ColumnChartOptions): Promise<void>;
}

/** Error raised by the Excel layer with a message fit for the user; code is Excel's error code when known. */
export class WorkbookError extends Error {
  override readonly name = "WorkbookError";
  constructor(
    message: string,
    readonly code: string = "WorkbookError",
  ) {
    super(message);
  }
}
