/**
 * The subset of the Excel JavaScript API that src/excel/officeWorkbook.ts uses, over the preview model: the request
 * context, the workbook, worksheets (events, protection, freeze panes), ranges and tables. Office's proxy semantics
 * (queued calls, load before read, sync and its payload limits) are in proxy.ts; range formats in format.ts and
 * document settings in settings.ts, re-exported here so this module is the whole subset.
 */
import {
  type CellLink,
  type ClearApplyTo,
  type Rect,
  type SheetActivatedHandler,
  type SheetChangedHandler,
  type SheetEventHandler,
  type SheetModel,
  type TableModel,
  type WorkbookModel,
  MAX_COLS,
  MAX_ROWS,
  parseAddress,
  rectAddress,
  splitSheetAddress,
} from "./model";
import { numberFormatProblem } from "./numberFormat";
import { parseEntry } from "./entry";
import { MAX_SCALAR_FILL, RangeFormat } from "./format";
import {
  ACTION_BYTES,
  checkEdit,
  checkWritable,
  ClientObject,
  Collection,
  invalidArgument,
  jsonBytes,
  ProxyContext,
  type RangeTarget,
} from "./proxy";
import { SettingCollection } from "./settings";
import { type CellPropertiesAnswer, type CellPropertiesOptions, type ClientResult, queueCellProperties } from "./cellProperties";
import { TableColumnCollection } from "./tableColumns";
import { NamedItemCollection } from "./names";
import { ChartCollection } from "./charts";

/** Excel.RangeHyperlink. */
interface RangeHyperlink {
  documentReference?: string;
  address?: string;
  screenTip?: string;
  textToDisplay?: string;
}
import { WorkbookProtection, WorksheetProtection } from "./protection";
import { PreviewExcelError } from "./values";
import type { Shift } from "./sheetOps";
import { isCalculationKind } from "./dataValues";
import { isoDateToSerial, MAX_CELL_TEXT, quoteSheetName, utcDay } from "../xl/excelConventions";

/** Excel.RequestContext: a batch's queue (ProxyContext) and its workbook. */
export class RequestContext extends ProxyContext {
  readonly workbook: Workbook;
  constructor(model: WorkbookModel) {
    super(model);
    this.workbook = new Workbook(this);
  }
}

// ---- workbook --------------------------------------------------------------------------------------

export class Workbook extends ClientObject<WorkbookModel> {
  readonly worksheets: WorksheetCollection;
  readonly tables: TableCollection;
  readonly settings: SettingCollection;
  readonly names: NamedItemCollection;

  constructor(context: ProxyContext) {
    super(context, () => context.model, context.model);
    this.worksheets = new WorksheetCollection(context);
    this.tables = new TableCollection(context, null);
    this.settings = new SettingCollection(context);
    this.names = new NamedItemCollection(context);
  }

  private _protection?: WorkbookProtection;
  /** Workbook.protection (ExcelApi 1.7): the structure protection of Review > Protect Workbook. */
  get protection(): WorkbookProtection {
    return (this._protection ??= new WorkbookProtection(this.context, () => this.context.model, this.context.model));
  }

  private _application?: Application;
  /** Workbook.application: calculate(type), as Excel recalculates (see WorkbookModel.calculate). */
  get application(): Application {
    return (this._application ??= new Application(this.context));
  }

  private _functions?: Functions;
  /** Worksheet functions evaluated without a cell (ExcelApi 1.2); the preview has DATE, for the date system. */
  get functions(): Functions {
    return (this._functions ??= new Functions(this.context));
  }

  /** The selection as one range; Excel refuses it when several blocks are selected (the code is not documented). */
  getSelectedRange(): Range {
    return new Range(this.context, () => {
      const sheet = this.context.model.activeSheet;
      if (sheet.moreSelected.length > 0)
        throw new PreviewExcelError("InvalidSelection", "The current selection is invalid for this operation.");
      return { sheet, rect: { ...sheet.selection } };
    });
  }

  /** Every selected block (ExcelApi 1.9). */
  getSelectedRanges(): RangeAreas {
    return new RangeAreas(this.context, () => {
      const sheet = this.context.model.activeSheet;
      return { sheet, rects: [sheet.selection, ...sheet.moreSelected].map((r) => ({ ...r })) };
    });
  }

  protected _scalars(): string[] {
    return ["name"];
  }
  protected _read(): unknown {
    return "Preview workbook";
  }
  protected override _nav(prop: string) {
    if (prop === "protection") return this.protection;
    return (
      { worksheets: this.worksheets, tables: this.tables, settings: this.settings, names: this.names } as Record<
        string,
        Collection<unknown, ClientObject<unknown>>
      >
    )[prop];
  }
}

export class WorksheetCollection extends Collection<SheetModel, Worksheet> {
  protected _list(): SheetModel[] {
    return this.context.model.sheets;
  }
  protected _wrap(sheet: SheetModel): Worksheet {
    return new Worksheet(this.context, () => sheet, sheet);
  }
  /** By name or ID, as Excel's. */
  getItem(key: string): Worksheet {
    return new Worksheet(this.context, () => this._byId(key) ?? this.context.model.getSheet(key));
  }
  getItemOrNullObject(key: string): Worksheet {
    return new Worksheet(this.context, () => {
      return this.context.model.findSheet(key) ?? this._byId(key) ?? null;
    });
  }
  private _byId(id: string): SheetModel | undefined {
    return this.context.model.sheets.find((s) => s.id === id);
  }
  private _onActivated?: ActivatedHandlers;
  /** WorksheetCollection.onActivated (ExcelApi 1.7): fires after any worksheet becomes the active one. */
  get onActivated(): ActivatedHandlers {
    return (this._onActivated ??= new ActivatedHandlers(this.context));
  }
  private _onAdded?: SheetEventHandlers;
  private _onDeleted?: SheetEventHandlers;
  /** WorksheetCollection.onAdded (ExcelApi 1.7): fires after a worksheet is added, by code or from the tabs' menu. */
  get onAdded(): SheetEventHandlers {
    return (this._onAdded ??= new SheetEventHandlers(this.context, () => "WorksheetAdded"));
  }
  /** WorksheetCollection.onDeleted (ExcelApi 1.7): fires after a worksheet is deleted. */
  get onDeleted(): SheetEventHandlers {
    return (this._onDeleted ??= new SheetEventHandlers(this.context, () => "WorksheetDeleted"));
  }
  getActiveWorksheet(): Worksheet {
    return new Worksheet(this.context, () => this.context.model.activeSheet);
  }
  add(name?: string): Worksheet {
    let created: SheetModel | undefined;
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes(name ?? ""),
      mutates: true,
      run: () => void (created = this.context.model.addSheet(name)),
    });
    return new Worksheet(this.context, () => created ?? null);
  }
}

export class Worksheet extends ClientObject<SheetModel> {
  private _tables?: TableCollection;
  private _freeze?: WorksheetFreezePanes;
  private _onChanged?: EventHandlers;

  get name(): string {
    return this._get("name");
  }
  set name(v: string) {
    this._set("name", v, (s) => s.workbook.renameSheet(s, v));
  }
  /** Worksheet.id (ExcelApi 1.1): the same for the sheet's life, whatever its name; a new sheet gets a new one. */
  get id(): string {
    return this._get("id");
  }
  /** Worksheet.position (ExcelApi 1.1): zero-based, among all sheets (hidden ones included). */
  get position(): number {
    return this._get("position");
  }
  set position(v: number) {
    this._set("position", v, (s) => s.workbook.moveSheet(s, v));
  }
  get visibility(): string {
    return this._get("visibility");
  }
  set visibility(v: string) {
    this._set("visibility", v, (s) => s.workbook.setVisibility(s, v));
  }
  get tables(): TableCollection {
    return (this._tables ??= new TableCollection(this.context, this));
  }
  private _protection?: WorksheetProtection;
  /** Worksheet.protection (ExcelApi 1.2): protect, unprotect and the protected flag. */
  get protection(): WorksheetProtection {
    return (this._protection ??= new WorksheetProtection(this.context, () => this._t()));
  }
  private _charts?: ChartCollection;
  /** Worksheet.charts (ExcelApi 1.1): see charts.ts. */
  get charts(): ChartCollection {
    return (this._charts ??= new ChartCollection(this.context, () => this._t()));
  }
  get freezePanes(): WorksheetFreezePanes {
    return (this._freeze ??= new WorksheetFreezePanes(this.context, () => this._t()));
  }
  /** Worksheet.onChanged (ExcelApi 1.7): fires after each change to the sheet's cell contents (see model.fireChanged). */
  get onChanged(): EventHandlers {
    return (this._onChanged ??= new EventHandlers(this.context, () => this._t()));
  }
  private _onNameChanged?: NameChangedHandlers;
  /** Worksheet.onNameChanged (ExcelApi 1.17: WorksheetNameChangedEventArgs): fires after the sheet is renamed. */
  get onNameChanged(): NameChangedHandlers {
    return (this._onNameChanged ??= new NameChangedHandlers(this.context, () => `WorksheetNameChanged:${this._t().id}`));
  }

  protected _scalars(): string[] {
    return ["id", "name", "position", "visibility"];
  }
  protected _read(prop: string, s: SheetModel): unknown {
    if (prop === "position") return s.workbook.sheets.indexOf(s);
    return (s as unknown as Record<string, unknown>)[prop];
  }
  protected override _nav(prop: string) {
    return prop === "tables"
      ? this.tables
      : prop === "protection"
        ? this.protection
        : prop === "charts"
          ? this.charts
          : undefined;
  }

  getRange(address?: string): Range {
    return new Range(this.context, () => {
      const s = this._t();
      if (address === undefined || address === "") return { sheet: s, rect: { r: 0, c: 0, rows: MAX_ROWS, cols: MAX_COLS } };
      const { sheetName, local } = splitSheetAddress(address);
      if (sheetName !== undefined && sheetName.toLowerCase() !== s.name.toLowerCase()) throw invalidArgument();
      return { sheet: s, rect: parseAddress(local) };
    });
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): Range {
    return new Range(this.context, () => {
      const ok =
        [startRow, startColumn, rowCount, columnCount].every(Number.isInteger) &&
        startRow >= 0 &&
        startColumn >= 0 &&
        rowCount >= 1 &&
        columnCount >= 1;
      if (!ok || startRow + rowCount > MAX_ROWS || startColumn + columnCount > MAX_COLS) throw invalidArgument();
      return { sheet: this._t(), rect: { r: startRow, c: startColumn, rows: rowCount, cols: columnCount } };
    });
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): Range {
    return new Range(this.context, () => {
      const s = this._t();
      const rect = s.usedRect(valuesOnly);
      return rect ? { sheet: s, rect } : null;
    });
  }

  activate(): void {
    this._do((s) => s.workbook.activate(s));
  }

  delete(): void {
    this._do((s) => s.workbook.deleteSheet(s));
  }
}

/**
 * OfficeExtension.EventHandlers of a worksheet's onChanged: add() registers when the batch is synced; the result's
 * remove() unregisters when its context is synced (Excel.run(result.context, ...), Office's documented pattern,
 * which works after the adding run has ended).
 */
export class EventHandlers {
  constructor(
    readonly context: ProxyContext,
    private readonly sheet: () => SheetModel,
  ) {}
  add(handler: SheetChangedHandler): EventHandlerResult {
    const result = new EventHandlerResult(new RequestContext(this.context.model));
    this.context._enqueue({
      bytes: ACTION_BYTES,
      mutates: false,
      run: () => {
        const sheet = this.sheet();
        result._unregister = sheet.workbook.addChangeHandler(sheet, handler);
      },
    });
    return result;
  }
}

/** OfficeExtension.EventHandlers of WorksheetCollection.onAdded and onDeleted: registered when the batch is synced. */
export class SheetEventHandlers {
  constructor(
    readonly context: ProxyContext,
    private readonly key: () => Parameters<WorkbookModel["addSheetEventHandler"]>[0],
  ) {}
  add(handler: SheetEventHandler): EventHandlerResult {
    const result = new EventHandlerResult(new RequestContext(this.context.model));
    this.context._enqueue({
      bytes: ACTION_BYTES,
      mutates: false,
      run: () => void (result._unregister = this.context.model.addSheetEventHandler(this.key(), handler)),
    });
    return result;
  }
}

/** Worksheet.onNameChanged's handlers: as SheetEventHandlers, in the set (ExcelApi 1.17) that has the event. */
export class NameChangedHandlers extends SheetEventHandlers {
  // Its own add, so requirements.ts holds it to ExcelApi 1.17.
  override add(handler: SheetEventHandler): EventHandlerResult {
    return super.add(handler);
  }
}

/** OfficeExtension.EventHandlers of WorksheetCollection.onActivated: registered when the batch is synced. */
export class ActivatedHandlers {
  constructor(readonly context: ProxyContext) {}
  add(handler: SheetActivatedHandler): EventHandlerResult {
    const result = new EventHandlerResult(new RequestContext(this.context.model));
    this.context._enqueue({
      bytes: ACTION_BYTES,
      mutates: false,
      run: () => void (result._unregister = this.context.model.addActivatedHandler(handler)),
    });
    return result;
  }
}

export class EventHandlerResult {
  _unregister: (() => void) | null = null;
  constructor(readonly context: ProxyContext) {}
  remove(): void {
    this.context._enqueue({ bytes: ACTION_BYTES, mutates: false, run: () => void this._unregister?.() });
  }
}

/**
 * The shift a Range.insert or delete makes: whole rows (or columns) move as rows whatever the direction asked, as
 * Excel's Insert and Delete do; else the range's own rows or columns move within its band.
 */
function shiftOf(rect: Rect, asked: "row" | "col", sign: 1 | -1): Shift {
  const wholeRows = rect.c === 0 && rect.cols === MAX_COLS;
  const wholeCols = rect.r === 0 && rect.rows === MAX_ROWS;
  const axis = wholeRows ? "row" : wholeCols ? "col" : asked;
  return axis === "row"
    ? { axis, at: rect.r, count: sign * rect.rows, from: rect.c, to: rect.c + rect.cols }
    : { axis, at: rect.c, count: sign * rect.cols, from: rect.r, to: rect.r + rect.rows };
}

/** Reported for Excel builds: freezing or unfreezing panes of a hidden sheet fails; code shows the sheet first. */
function checkFreezable(s: SheetModel): void {
  if (s.visibility !== "Visible")
    throw new PreviewExcelError("InvalidOperation", "Panes of a hidden worksheet cannot be frozen or unfrozen.");
}

/**
 * Workbook.application (ExcelApi 1.1): calculate(type) queues a recalculation. A full one re-runs custom functions
 * except those showing an error value (office-js #4502) and invokes streams again; a full rebuild re-runs them all.
 */
export class Application {
  constructor(readonly context: ProxyContext) {}
  calculate(calculationType: string): void {
    if (!isCalculationKind(calculationType))
      throw new PreviewExcelError("InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
    this.context._enqueue({ bytes: 64, mutates: false, run: () => this.context.model.calculate(calculationType) });
  }
}

/** Workbook.functions: DATE(year, month, day) gives the serial in the workbook's date system. */
export class Functions {
  constructor(readonly context: ProxyContext) {}
  date(year: number, month: number, day: number): FunctionResult {
    return new FunctionResult(this.context, () => {
      const ms = utcDay(year, month, day);
      const iso = ms === null ? null : new Date(ms).toISOString().slice(0, 10);
      return { value: iso === null ? "#NUM!" : (isoDateToSerial(iso, this.context.model.dateSystem) ?? "#NUM!") };
    });
  }
}

export class FunctionResult extends ClientObject<{ value: number | string }> {
  get value(): number | string {
    return this._get("value");
  }
  protected _scalars(): string[] {
    return ["value", "error"];
  }
  protected _read(prop: string, t: { value: number | string }): unknown {
    return prop === "value" ? (typeof t.value === "number" ? t.value : null) : typeof t.value === "string" ? t.value : null;
  }
}

export class WorksheetFreezePanes extends ClientObject<SheetModel> {
  freezeRows(count = 1): void {
    this._view((s) => {
      checkFreezable(s);
      if (!Number.isInteger(count) || count < 0 || count >= MAX_ROWS) throw invalidArgument();
      s.frozenRows = count;
      s.frozenCols = 0;
      s.workbook.paneViewChanged(s);
    });
  }
  unfreeze(): void {
    this._view((s) => {
      checkFreezable(s);
      s.frozenRows = 0;
      s.frozenCols = 0;
      s.workbook.paneViewChanged(s);
    });
  }
  protected _scalars(): string[] {
    return [];
  }
  protected _read(): unknown {
    return undefined;
  }
}

// ---- ranges ----------------------------------------------------------------------------------------

function forEachCell(rect: Rect, value: unknown, what: string, fn: (r: number, c: number, v: unknown) => void): void {
  if (Array.isArray(value)) {
    const ok = value.length === rect.rows && value.every((row) => Array.isArray(row) && row.length === rect.cols);
    if (!ok)
      throw invalidArgument(
        `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${what}: range is ${rect.rows}x${rect.cols}).`,
      );
    for (let i = 0; i < rect.rows; i++) {
      const row = value[i] as unknown[];
      for (let k = 0; k < rect.cols; k++) fn(rect.r + i, rect.c + k, row[k]);
    }
    return;
  }
  // A single value applies to every cell of the range.
  if (rect.rows * rect.cols > MAX_SCALAR_FILL)
    throw new PreviewExcelError("RangeExceedsLimit", "The range is too large for this operation in the preview.");
  for (let i = 0; i < rect.rows; i++) for (let k = 0; k < rect.cols; k++) fn(rect.r + i, rect.c + k, value);
}

function grid<V>(t: RangeTarget, read: (r: number, c: number) => V): V[][] {
  const { rect } = t;
  if (rect.rows * rect.cols > 5_000_000)
    throw new PreviewExcelError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.");
  const out: V[][] = new Array(rect.rows);
  for (let i = 0; i < rect.rows; i++) {
    const row: V[] = new Array(rect.cols);
    for (let k = 0; k < rect.cols; k++) row[k] = read(rect.r + i, rect.c + k);
    out[i] = row;
  }
  return out;
}

export class Range extends ClientObject<RangeTarget> {
  private _format?: RangeFormat;
  private _worksheet?: Worksheet;

  get values(): unknown[][] {
    return this._get("values");
  }
  set values(v: unknown[][]) {
    this._set("values", v, ({ sheet, rect }) => {
      // One assignment is checked whole before any cell changes.
      const long = (Array.isArray(v) ? v.flat() : [v]).find((x) => typeof x === "string" && x.length > MAX_CELL_TEXT) as
        string | undefined;
      if (long !== undefined)
        throw invalidArgument(`A cell holds at most ${MAX_CELL_TEXT} characters; a text has ${long.length}.`);
      forEachCell(rect, v, "values", (r, c, x) => sheet.enter(r, c, x));
      sheet.workbook.fireChanged(sheet, rect);
    });
  }
  get formulas(): unknown[][] {
    return this._get("formulas");
  }
  set formulas(v: unknown[][]) {
    this._set("formulas", v, ({ sheet, rect }) => {
      forEachCell(rect, v, "formulas", (r, c, x) => sheet.enterFormula(r, c, x));
      sheet.workbook.fireChanged(sheet, rect);
    });
  }
  get numberFormat(): unknown[][] {
    return this._get("numberFormat");
  }
  /**
   * Range.hyperlink (ExcelApi 1.7): the top-left cell's link; setting it links every cell and shows textToDisplay,
   * entered as the cell's number format reads it ("42" is a number in a General cell, text in a "@" one), never as a
   * formula. On a protected sheet: only on unlocked cells, and only when "Insert hyperlinks" is allowed.
   */
  get hyperlink(): RangeHyperlink {
    return this._get("hyperlink");
  }
  set hyperlink(v: RangeHyperlink) {
    this._set("hyperlink", v, ({ sheet, rect }) => {
      if (!v || (typeof v.documentReference !== "string" && typeof v.address !== "string")) throw invalidArgument();
      const link: CellLink = { documentReference: v.documentReference, address: v.address, screenTip: v.screenTip };
      for (let r = rect.r; r < rect.r + rect.rows; r++)
        for (let c = rect.c; c < rect.c + rect.cols; c++) {
          const cell = sheet.cellForWrite(r, c);
          if (v.textToDisplay !== undefined) {
            const text = String(v.textToDisplay);
            if (parseEntry(text, cell.nf, sheet.workbook.dateSystem).formula === undefined) sheet.enter(r, c, text);
            else {
              cell.v = text;
              cell.f = undefined;
            }
          }
          cell.link = link;
        }
      if (v.textToDisplay !== undefined) sheet.workbook.fireChanged(sheet, rect);
    });
  }
  set numberFormat(v: unknown[][]) {
    this._set("numberFormat", v, ({ sheet, rect }) => {
      // One assignment is checked whole before any cell changes, as for values.
      const bad = (Array.isArray(v) ? v.flat() : [v]).find((x) => typeof x === "string" && numberFormatProblem(x) !== null);
      if (bad !== undefined)
        throw invalidArgument(`The number format "${String(bad)}" is not valid. ${numberFormatProblem(String(bad))}`);
      forEachCell(rect, v, "numberFormat", (r, c, x) => sheet.setNumberFormat(r, c, x));
    });
  }
  get text(): string[][] {
    return this._get("text");
  }
  get address(): string {
    return this._get("address");
  }
  get rowIndex(): number {
    return this._get("rowIndex");
  }
  get columnIndex(): number {
    return this._get("columnIndex");
  }
  get rowCount(): number {
    return this._get("rowCount");
  }
  get columnCount(): number {
    return this._get("columnCount");
  }
  get format(): RangeFormat {
    return (this._format ??= new RangeFormat(this.context, () => this._t(), this._t.bind(this)));
  }
  get worksheet(): Worksheet {
    return (this._worksheet ??= new Worksheet(this.context, () => this._t().sheet));
  }

  protected _scalars(): string[] {
    return [
      "address",
      "rowIndex",
      "columnIndex",
      "rowCount",
      "columnCount",
      "values",
      "formulas",
      "numberFormat",
      "text",
      "hyperlink",
    ];
  }
  protected _read(prop: string, t: RangeTarget): unknown {
    const { sheet, rect } = t;
    switch (prop) {
      case "address":
        return `${quoteSheetName(sheet.name)}!${rectAddress(rect)}`;
      case "rowIndex":
        return rect.r;
      case "columnIndex":
        return rect.c;
      case "rowCount":
        return rect.rows;
      case "columnCount":
        return rect.cols;
      case "values":
        return grid(t, (r, c) => sheet.valueAt(r, c));
      case "formulas":
        return grid(t, (r, c) => sheet.formulaAt(r, c));
      case "numberFormat":
        return grid(t, (r, c) => sheet.formatAt(r, c));
      case "text":
        return grid(t, (r, c) => sheet.textAt(r, c));
      case "hyperlink": {
        const link = sheet.cell(rect.r, rect.c)?.link;
        return link ? { ...link, textToDisplay: String(sheet.valueAt(rect.r, rect.c) ?? "") } : {};
      }
    }
    return undefined;
  }
  protected override _nav(prop: string) {
    return prop === "format" ? this.format : prop === "worksheet" ? this.worksheet : undefined;
  }

  private _derived(fn: (t: RangeTarget) => Rect | null): Range {
    return new Range(this.context, () => {
      const t = this._t();
      const rect = fn(t);
      return rect ? { sheet: t.sheet, rect } : null;
    });
  }

  getRow(row: number): Range {
    return this._derived(({ rect }) => {
      if (row < 0 || row >= rect.rows) throw invalidArgument();
      return { r: rect.r + row, c: rect.c, rows: 1, cols: rect.cols };
    });
  }
  /** ExcelApi 1.9: each cell's fill colour (and address), see cellProperties.ts. */
  getCellProperties(options: CellPropertiesOptions): ClientResult<CellPropertiesAnswer[][]> {
    return queueCellProperties(this.context, () => this._t(), options);
  }
  /**
   * Range.insert (ExcelApi 1.1): blank cells the size of this range, the others moving "Down" or "Right" (whole rows
   * or columns whatever the argument, as in Excel); answers the new cells. Tables and formulas follow (sheetOps.ts).
   */
  insert(shift: "Down" | "Right"): Range {
    if (shift !== "Down" && shift !== "Right") throw invalidArgument();
    this._view(({ sheet, rect }) => sheet.workbook.shiftSheet(sheet, shiftOf(rect, shift === "Down" ? "row" : "col", 1)));
    return new Range(this.context, () => this._t());
  }
  /** Range.delete (ExcelApi 1.1): the range's cells removed, the others moving "Up" or "Left" (see insert). */
  delete(shift: "Up" | "Left"): void {
    if (shift !== "Up" && shift !== "Left") throw invalidArgument();
    this._view(({ sheet, rect }) => sheet.workbook.shiftSheet(sheet, shiftOf(rect, shift === "Up" ? "row" : "col", -1)));
  }
  clear(applyTo: ClearApplyTo = "All"): void {
    this._view((t) => {
      const { sheet, rect } = t;
      if (applyTo !== "All" && applyTo !== "Formats" && applyTo !== "Contents") throw invalidArgument();
      // On a protected sheet: contents only of unlocked cells, formats only where Format Cells is allowed.
      if (applyTo !== "Formats") checkEdit(t, "values");
      if (applyTo !== "Contents") checkEdit(t, "format");
      sheet.clear(rect, applyTo);
      if (applyTo !== "Formats") sheet.workbook.fireChanged(sheet, rect);
    });
  }
  select(): void {
    this._view(({ sheet, rect }) => {
      sheet.workbook.activate(sheet);
      sheet.selection = { ...rect };
      sheet.active = { r: rect.r, c: rect.c };
    });
  }
}

interface AreasTarget {
  sheet: SheetModel;
  rects: Rect[];
}

/** RangeAreas (ExcelApi 1.9): several blocks on one sheet. */
export class RangeAreas extends ClientObject<AreasTarget> {
  readonly areas: RangeCollection = new RangeCollection(this.context, () => this._t());
  private _worksheet?: Worksheet;

  get address(): string {
    return this._get("address");
  }
  get worksheet(): Worksheet {
    return (this._worksheet ??= new Worksheet(this.context, () => this._t().sheet));
  }
  protected _scalars(): string[] {
    return ["address"];
  }
  protected _read(_prop: string, t: AreasTarget): unknown {
    return t.rects.map((r) => `${quoteSheetName(t.sheet.name)}!${rectAddress(r)}`).join(",");
  }
  protected override _nav(prop: string) {
    return prop === "areas" ? this.areas : prop === "worksheet" ? this.worksheet : undefined;
  }
}

export class RangeCollection extends Collection<RangeTarget, Range> {
  constructor(
    context: ProxyContext,
    private readonly owner: () => AreasTarget,
  ) {
    super(context);
  }
  protected _list(): RangeTarget[] {
    const { sheet, rects } = this.owner();
    return rects.map((rect) => ({ sheet, rect }));
  }
  protected _wrap(target: RangeTarget): Range {
    return new Range(this.context, () => target, target);
  }
}

// ---- tables ----------------------------------------------------------------------------------------

/** The fill of a table's header row in the preview's table style (the grid draws it; convertToRange keeps it). */
export const TABLE_HEADER_FILL = "#DDEBF7";

export class TableCollection extends Collection<TableModel, Table> {
  constructor(
    context: ProxyContext,
    private readonly worksheet: Worksheet | null,
  ) {
    super(context);
  }
  protected _list(): TableModel[] {
    return this.worksheet ? this.worksheet._t().tables() : this.context.model.tablesList.filter((t) => !t.deleted);
  }
  protected _wrap(table: TableModel): Table {
    return new Table(this.context, () => table, table);
  }
  getItem(name: string): Table {
    return new Table(this.context, () => {
      const t = this.context.model.findTable(name);
      if (!t || (this.worksheet && t.sheet !== this.worksheet._t()))
        throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: table "${name}".`);
      return t;
    });
  }
  getItemOrNullObject(name: string): Table {
    return new Table(this.context, () => {
      const t = this.context.model.findTable(name);
      return !t || (this.worksheet && t.sheet !== this.worksheet._t()) ? null : t;
    });
  }
  add(address: Range | string, hasHeaders: boolean): Table {
    let created: TableModel | undefined;
    this.context._enqueue({
      bytes: ACTION_BYTES,
      mutates: true,
      run: () => {
        let target: RangeTarget;
        if (typeof address === "string") {
          const { sheetName, local } = splitSheetAddress(address);
          const sheet = this.worksheet
            ? this.worksheet._t()
            : sheetName
              ? this.context.model.getSheet(sheetName)
              : this.context.model.activeSheet;
          target = { sheet, rect: parseAddress(local) };
        } else target = address._t();
        checkWritable(target);
        created = this.context.model.addTable(target.sheet, target.rect, hasHeaders);
      },
    });
    return new Table(this.context, () => created ?? null);
  }
}

export class Table extends ClientObject<TableModel> {
  readonly rows: TableRowCollection = new TableRowCollection(this.context, this);
  readonly columns: TableColumnCollection = new TableColumnCollection(this.context, () => this._t());
  private _worksheet?: Worksheet;

  get name(): string {
    return this._get("name");
  }
  set name(v: string) {
    this._set("name", v, (t) => (t.name = t.sheet.workbook.checkTableName(v, t)));
  }
  get worksheet(): Worksheet {
    return (this._worksheet ??= new Worksheet(this.context, () => this._t().sheet));
  }

  protected _scalars(): string[] {
    return ["name"];
  }
  protected _read(_prop: string, t: TableModel): unknown {
    return t.name;
  }
  protected override _nav(prop: string) {
    return prop === "worksheet" ? this.worksheet : undefined;
  }

  private _range(fn: (t: TableModel) => Rect): Range {
    return new Range(this.context, () => {
      const t = this._t();
      return { sheet: t.sheet, rect: fn(t) };
    });
  }
  getRange(): Range {
    return this._range((t) => ({ r: t.r, c: t.c, rows: t.rows, cols: t.cols }));
  }
  getHeaderRowRange(): Range {
    return this._range((t) => ({ r: t.r, c: t.c, rows: 1, cols: t.cols }));
  }
  getDataBodyRange(): Range {
    return this._range((t) => ({ r: t.r + 1, c: t.c, rows: t.rows - 1, cols: t.cols }));
  }
  delete(): void {
    this._do((t) => t.sheet.workbook.deleteTable(t, false));
  }
  /** Table.resize (ExcelApi 1.13): the table over a new range on its sheet (see WorkbookModel.resizeTable). */
  resize(newRange: Range | string): void {
    this._do((t) => {
      let rect: Rect;
      if (typeof newRange === "string") {
        const { sheetName, local } = splitSheetAddress(newRange);
        if (sheetName !== undefined && sheetName.toLowerCase() !== t.sheet.name.toLowerCase()) throw invalidArgument();
        rect = parseAddress(local);
      } else {
        const target = newRange._t();
        if (target.sheet !== t.sheet) throw invalidArgument("A table can only be resized on its own sheet.");
        rect = target.rect;
      }
      t.sheet.workbook.resizeTable(t, rect);
    });
  }
  /**
   * Table.convertToRange (ExcelApi 1.2): the table goes, its cells stay as they are, and so does the look its style
   * gave them, now as fixed formatting (the preview's style: a bold header row on TABLE_HEADER_FILL).
   */
  convertToRange(): Range {
    let cells: RangeTarget | null = null;
    this._do((t) => {
      cells = { sheet: t.sheet, rect: { r: t.r, c: t.c, rows: t.rows, cols: t.cols } };
      for (let c = t.c; c < t.c + t.cols; c++) {
        const cell = t.sheet.cellForWrite(t.r, c);
        cell.fill ??= TABLE_HEADER_FILL;
        cell.bold ??= true;
      }
      t.sheet.workbook.deleteTable(t, true);
    });
    return new Range(this.context, () => cells);
  }
}

export class TableRowCollection {
  constructor(
    readonly context: ProxyContext,
    private readonly table: Table,
  ) {}
  add(index?: number | null, values?: unknown[][]): { isNullObject: boolean } {
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes(values ?? null),
      mutates: true,
      run: () => {
        const t = this.table._t();
        checkWritable(t); // inserting table rows: never on a protected sheet, whatever its options
        t.sheet.workbook.fireChanged(t.sheet, this.context.model.addTableRows(t, index, values), "RowInserted");
      },
    });
    return { isNullObject: false };
  }
}

// The proxy classes of the other modules, so this module is the whole Excel.* subset (excel.ts gates it).
export { ClientObject, Collection, type RangeTarget } from "./proxy";
export { RangeFormat, RangeFill, RangeFont } from "./format";
export { SettingCollection, Setting } from "./settings";
export { TableColumnCollection } from "./tableColumns";
export { WorksheetProtection, WorkbookProtection, FormatProtection } from "./protection";
export { NamedItemCollection, NamedItem } from "./names";
export { ChartCollection, Chart, ChartTitle, ChartAxes, ChartAxis } from "./charts";
