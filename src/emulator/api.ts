/**
 * The subset of the Excel JavaScript API that src/excel/officeWorkbook.ts uses, over the preview model,
 * with Office's proxy semantics: calls on proxies only queue work; `context.sync()` runs the queue in
 * order; properties must be loaded (and synced) before they are read, else PropertyNotLoaded; a sync
 * whose request exceeds the payload limit is rejected whole (RequestPayloadSizeLimitExceeded) and one
 * whose loaded data exceeds the response limit fails with ResponsePayloadSizeLimitExceeded.
 */
import {
  type ClearApplyTo,
  type Rect,
  type SheetChangedHandler,
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
import { PreviewExcelError } from "./values";
import { isoDateToSerial, MAX_CELL_TEXT, quoteSheetName, utcDay } from "../sheets/excelConventions";

/** UTF-8 size of a value's JSON, which is what travels in an Excel on the web request/response. */
export function jsonBytes(value: unknown): number {
  const s = JSON.stringify(value) ?? "";
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * What an action adds to Excel on the web's request JSON besides its values: a property set or method call is an
 * Action entry (ids, type, name, arguments' envelope); a proxy made by a method or property is an ObjectPath entry
 * plus the Instantiate action Office sends with it. A range write (getRangeByIndexes, numberFormat, values) is then
 * about 500 bytes before its cells, Microsoft's figure for a range in a request.
 */
const ACTION_BYTES = 125;
const OBJECT_PATH_BYTES = 250;

/** Excel refuses the API's writes to a protected sheet (AccessDenied), naming no sheet. */
function checkWritable(target: unknown): void {
  const sheet = (target as { sheet?: SheetModel } | null)?.sheet;
  if (sheet?.protection.protected)
    throw new PreviewExcelError(
      "AccessDenied",
      "The cell or chart you're trying to change is on a protected sheet. To make a change, unprotect the sheet.",
    );
}

interface Pending {
  bytes: number;
  commit(): void;
}
interface Action {
  bytes: number;
  mutates: boolean;
  run(): Pending | void;
}

const notLoaded = (prop: string) =>
  new PreviewExcelError(
    "PropertyNotLoaded",
    `The property '${prop}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );

const invalidArgument = (what = "The argument is invalid or missing or has an incorrect format.") =>
  new PreviewExcelError("InvalidArgument", what);

export class RequestContext {
  readonly workbook: Workbook;
  private queue: Action[] = [];
  private closed = false;
  /** True while a sync runs its actions: proxies made then (by loads) resolve on demand. */
  _running = false;
  /** Office.js API; the preview has nothing to track. */
  readonly trackedObjects = { add: () => undefined, remove: () => undefined };
  /** Excel.run's delayForCellEdit: wait while a cell is being edited instead of failing. */
  delayForCellEdit = false;

  constructor(readonly model: WorkbookModel) {
    this.workbook = new Workbook(this);
  }

  _enqueue(action: Action): void {
    if (this.closed)
      throw new PreviewExcelError("InvalidRequestContext", "Cannot use the object across different request contexts.");
    this.queue.push(action);
  }

  load<T extends ClientObject<unknown>>(object: T, spec?: LoadSpec): T {
    object.load(spec);
    return object;
  }

  async sync<T>(passThrough?: T): Promise<T | undefined> {
    if (this.closed) throw new PreviewExcelError("InvalidRequestContext", "The request context has ended.");
    const actions = this.queue;
    this.queue = [];
    await Promise.resolve();
    if (actions.length === 0) return passThrough;
    const model = this.model;
    if (model.cellEditMode) {
      if (!this.delayForCellEdit) {
        model.syncLog.push({ ok: false, requestBytes: 0, responseBytes: 0, code: "InvalidOperationInCellEditMode" });
        throw new PreviewExcelError(
          "InvalidOperationInCellEditMode",
          "Excel is in cell-editing mode. Please exit the edit mode by pressing ENTER or TAB or selecting another cell, and then try again.",
        );
      }
      await model.whenNotEditing();
    }
    const requestBytes = 200 + actions.reduce((sum, a) => sum + a.bytes, 0);
    if (requestBytes > model.requestLimitBytes) {
      const code = model.oversizeErrorCode;
      model.syncLog.push({ ok: false, requestBytes, responseBytes: 0, code });
      throw new PreviewExcelError(
        code,
        code === "GeneralException"
          ? "An internal error has occurred."
          : 'The request payload size has exceeded the limit. Please refer to the documentation: "https://learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
      );
    }
    const pending: Pending[] = [];
    let mutated = false;
    let responseBytes = 0;
    this._running = true;
    try {
      for (const action of actions) {
        const p = action.run();
        mutated ||= action.mutates;
        if (p) {
          pending.push(p);
          responseBytes += p.bytes;
        }
      }
    } catch (e) {
      model.syncLog.push({ ok: false, requestBytes, responseBytes, code: (e as { code?: string }).code });
      if (mutated) model.changed();
      throw e;
    } finally {
      this._running = false;
    }
    if (mutated) model.changed();
    if (responseBytes > model.responseLimitBytes) {
      model.syncLog.push({ ok: false, requestBytes, responseBytes, code: "ResponsePayloadSizeLimitExceeded" });
      throw new PreviewExcelError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.");
    }
    for (const p of pending) p.commit();
    model.syncLog.push({ ok: true, requestBytes, responseBytes });
    return passThrough;
  }

  _close(): void {
    this.closed = true;
  }
}

type LoadSpec = string | string[] | { select?: string | string[] } | undefined;

function loadPaths(spec: LoadSpec): string[] | null {
  if (spec === undefined || spec === "" || spec === "*") return null;
  const raw = typeof spec === "string" ? spec : Array.isArray(spec) ? spec.join(",") : (loadPaths(spec.select)?.join(",") ?? "");
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : null;
}

type Loaded = [ClientObject<unknown> | Collection<unknown, ClientObject<unknown>>, string, unknown][];

/**
 * Queue a load: the values are read when the batch runs, in queue order, and handed to the proxies (and those
 * they navigate to) after the sync. A collection's item list counts as a short array in the response.
 */
function queueLoad(target: ClientObject<unknown> | Collection<unknown, ClientObject<unknown>>, spec?: LoadSpec): void {
  const paths = loadPaths(spec);
  target.context._enqueue({
    bytes: ACTION_BYTES,
    mutates: false,
    run: () => {
      const out: Loaded = [];
      target._collect(paths, out);
      return {
        bytes: out.reduce((sum, [, prop, v]) => sum + (prop === "items" ? 2 : jsonBytes(v)), 0),
        commit: () => {
          for (const [obj, prop, v] of out) obj._commit(prop, v);
        },
      };
    },
  });
}

/** Base of every proxy: lazy resolution in queue order, loaded-property store, isNullObject. */
export abstract class ClientObject<T> {
  protected _target: T | null | undefined;
  protected readonly _loaded = new Map<string, unknown>();
  private _known = false;

  constructor(
    readonly context: RequestContext,
    private readonly _resolve: () => T | null,
    known?: T,
  ) {
    if (known !== undefined) {
      this._target = known;
      this._known = true;
    } else if (!context._running) {
      // The object path is evaluated where it was created in the batch, as Office does.
      context._enqueue({ bytes: OBJECT_PATH_BYTES, mutates: false, run: () => this._pendingResolve() });
    }
  }

  private _pendingResolve(): Pending {
    this._resolveNow();
    return { bytes: 0, commit: () => (this._known = true) };
  }

  private _resolveNow(): T | null {
    if (this._target === undefined) this._target = this._resolve();
    return this._target;
  }

  /** The model object, for actions; null objects and deleted objects fail. */
  _t(): T {
    const t = this._resolveNow();
    if (t === null) throw new PreviewExcelError("ItemNotFound", "The requested resource doesn't exist (null object).");
    if ((t as { deleted?: boolean }).deleted || (t as { sheet?: { deleted?: boolean } }).sheet?.deleted)
      throw new PreviewExcelError(
        "InvalidObjectPath",
        "The object path isn't working for what you're trying to do. The object was deleted.",
      );
    return t;
  }

  get isNullObject(): boolean {
    if (!this._known) throw notLoaded("isNullObject");
    return this._target === null;
  }

  protected _get<V>(prop: string): V {
    if (!this._loaded.has(prop)) throw notLoaded(prop);
    return this._loaded.get(prop) as V;
  }

  /** Queue a property assignment; the proxy reports the assigned value from now on (as Office does). */
  protected _set(prop: string, value: unknown, apply: (t: T) => void, bytes = ACTION_BYTES + jsonBytes(value)): void {
    this._loaded.set(prop, value);
    this.context._enqueue({
      bytes,
      mutates: true,
      run: () => {
        const t = this._t();
        checkWritable(t);
        apply(t);
        // Data written directly under a table extends it (Excel's auto-expansion).
        const { sheet, rect } = t as Partial<RangeTarget>;
        if (sheet && rect && (prop === "values" || prop === "formulas")) sheet.workbook.expandTablesBelow(sheet, rect, value);
      },
    });
  }

  /** Queue a method call that changes the sheet (refused on a protected sheet). */
  protected _do(apply: (t: T) => void, bytes = ACTION_BYTES): void {
    this._view((t) => {
      checkWritable(t);
      apply(t);
    }, bytes);
  }

  /** Queue a method call that changes only what is shown (selection, active sheet): allowed on a protected sheet. */
  protected _view(apply: (t: T) => void, bytes = ACTION_BYTES): void {
    this.context._enqueue({ bytes, mutates: true, run: () => void apply(this._t()) });
  }

  /** Scalar properties loaded by load() with no argument. */
  protected abstract _scalars(): string[];
  /** Read one scalar property from the model. */
  protected abstract _read(prop: string, t: T): unknown;
  /** Navigation properties (format, worksheet, ...). */
  protected _nav(_prop: string): ClientObject<unknown> | Collection<unknown, ClientObject<unknown>> | undefined {
    return undefined;
  }

  _collect(paths: string[] | null, out: Loaded): void {
    const t = this._resolveNow();
    out.push([this, "__known", true]);
    if (t === null) return;
    this._t();
    const list = paths ?? this._scalars();
    const byHead = new Map<string, string[] | null>();
    for (const path of list) {
      const [head, ...rest] = path.split("/");
      if (rest.length === 0 && !this._nav(head)) {
        if (!this._scalars().includes(head)) throw invalidArgument(`The property '${head}' doesn't exist on this object.`);
        out.push([this, head, this._read(head, t)]);
      } else {
        const prev = byHead.get(head);
        byHead.set(head, rest.length === 0 ? null : prev === null ? null : [...(prev ?? []), rest.join("/")]);
      }
    }
    for (const [head, rest] of byHead) this._nav(head)!._collect(rest, out);
  }

  _commit(prop: string, value: unknown): void {
    if (prop === "__known") this._known = true;
    else this._loaded.set(prop, value);
  }

  load(spec?: LoadSpec): this {
    queueLoad(this, spec);
    return this;
  }
}

/** Base of collections: `items` after load. */
export abstract class Collection<T, P extends ClientObject<unknown>> {
  private _items: P[] | undefined;
  constructor(readonly context: RequestContext) {}

  protected abstract _list(): T[];
  protected abstract _wrap(item: T): P;

  get items(): P[] {
    if (!this._items) throw notLoaded("items");
    return this._items;
  }

  _collect(paths: string[] | null, out: Loaded): void {
    const items = this._list().map((item) => this._wrap(item));
    const itemPaths = paths === null ? null : paths.map((p) => p.replace(/^items\/?/, "")).filter(Boolean);
    for (const item of items) item._collect(itemPaths && itemPaths.length ? itemPaths : null, out);
    out.push([this as unknown as Collection<unknown, ClientObject<unknown>>, "items", items]);
  }

  _commit(_prop: string, value: unknown): void {
    this._items = value as P[];
  }

  load(spec?: LoadSpec): this {
    queueLoad(this, spec);
    return this;
  }
}

// ---- workbook --------------------------------------------------------------------------------------

export class Workbook extends ClientObject<WorkbookModel> {
  readonly worksheets: WorksheetCollection;
  readonly tables: TableCollection;
  readonly settings: SettingCollection;

  constructor(context: RequestContext) {
    super(context, () => context.model, context.model);
    this.worksheets = new WorksheetCollection(context);
    this.tables = new TableCollection(context, null);
    this.settings = new SettingCollection(context);
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
    return (
      { worksheets: this.worksheets, tables: this.tables, settings: this.settings } as Record<
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
  getItem(name: string): Worksheet {
    return new Worksheet(this.context, () => this.context.model.getSheet(name));
  }
  getItemOrNullObject(name: string): Worksheet {
    return new Worksheet(this.context, () => {
      return this.context.model.findSheet(name) ?? null;
    });
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
  get freezePanes(): WorksheetFreezePanes {
    return (this._freeze ??= new WorksheetFreezePanes(this.context, () => this._t()));
  }
  /** Worksheet.onChanged (ExcelApi 1.7): fires after each change to the sheet's cell contents (see model.fireChanged). */
  get onChanged(): EventHandlers {
    return (this._onChanged ??= new EventHandlers(this.context, () => this._t()));
  }

  protected _scalars(): string[] {
    return ["name", "visibility"];
  }
  protected _read(prop: string, s: SheetModel): unknown {
    return (s as unknown as Record<string, unknown>)[prop];
  }
  protected override _nav(prop: string) {
    return prop === "tables" ? this.tables : prop === "protection" ? this.protection : undefined;
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
    readonly context: RequestContext,
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

export class EventHandlerResult {
  _unregister: (() => void) | null = null;
  constructor(readonly context: RequestContext) {}
  remove(): void {
    this.context._enqueue({ bytes: ACTION_BYTES, mutates: false, run: () => void this._unregister?.() });
  }
}

/** Reported for Excel builds: freezing or unfreezing panes of a hidden sheet fails; code shows the sheet first. */
function checkFreezable(s: SheetModel): void {
  if (s.visibility !== "Visible")
    throw new PreviewExcelError("InvalidOperation", "Panes of a hidden worksheet cannot be frozen or unfrozen.");
}

export class WorksheetProtection extends ClientObject<SheetModel> {
  get protected(): boolean {
    return this._get("protected");
  }
  protect(options?: unknown, password?: string): void {
    this._view((s) => {
      if (password !== undefined) s.workbook.requirements.require("WorksheetProtection.protect(password)");
      if (s.protection.protected) throw new PreviewExcelError("InvalidOperation", "The worksheet is already protected.");
      s.protection = { protected: true, password };
    });
  }
  unprotect(password?: string): void {
    this._view((s) => {
      if (s.protection.password !== undefined && s.protection.password !== password)
        throw new PreviewExcelError("InvalidArgument", "The password you supplied is not correct.");
      s.protection = { protected: false };
    });
  }
  protected _scalars(): string[] {
    return ["protected"];
  }
  protected _read(_prop: string, s: SheetModel): unknown {
    s.workbook.requirements.require("Worksheet.protection");
    return s.protection.protected;
  }
}

/** Workbook.functions: DATE(year, month, day) gives the serial in the workbook's date system. */
export class Functions {
  constructor(readonly context: RequestContext) {}
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
    });
  }
  unfreeze(): void {
    this._view((s) => {
      checkFreezable(s);
      s.frozenRows = 0;
      s.frozenCols = 0;
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

export interface RangeTarget {
  sheet: SheetModel;
  rect: Rect;
}

const MAX_SCALAR_FILL = 2_000_000;

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
    return ["address", "rowIndex", "columnIndex", "rowCount", "columnCount", "values", "formulas", "numberFormat", "text"];
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
  clear(applyTo: ClearApplyTo = "All"): void {
    this._do(({ sheet, rect }) => {
      if (applyTo !== "All" && applyTo !== "Formats" && applyTo !== "Contents") throw invalidArgument();
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
    context: RequestContext,
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

export class RangeFormat extends ClientObject<RangeTarget> {
  private _fill?: RangeFill;
  private _font?: RangeFont;
  constructor(
    context: RequestContext,
    resolve: () => RangeTarget,
    private readonly range: () => RangeTarget,
  ) {
    super(context, resolve);
  }
  get columnWidth(): number {
    return this._get("columnWidth");
  }
  set columnWidth(v: number) {
    this._set("columnWidth", v, ({ sheet, rect }) => {
      if (typeof v !== "number" || !(v >= 0) || v > 1800) throw invalidArgument();
      for (let c = rect.c; c < rect.c + Math.min(rect.cols, MAX_COLS); c++) sheet.columnWidths.set(c, v);
    });
  }
  get fill(): RangeFill {
    return (this._fill ??= new RangeFill(this.context, this.range));
  }
  get font(): RangeFont {
    return (this._font ??= new RangeFont(this.context, this.range));
  }
  protected _scalars(): string[] {
    return ["columnWidth"];
  }
  protected _read(_prop: string, { sheet, rect }: RangeTarget): unknown {
    const widths = new Set<number>();
    for (let c = rect.c; c < rect.c + Math.min(rect.cols, 256); c++) widths.add(sheet.columnWidth(c));
    return widths.size === 1 ? [...widths][0] : null;
  }
  protected override _nav(prop: string) {
    return prop === "fill" ? this.fill : prop === "font" ? this.font : undefined;
  }
}

/** Same value for every cell of the range, or null when they differ (Excel's convention). */
function uniform<V>({ sheet, rect }: RangeTarget, read: (r: number, c: number) => V): V | null {
  const rows = Math.min(rect.rows, 10_000);
  const cols = Math.min(rect.cols, 256);
  const first = read(rect.r, rect.c);
  for (let i = 0; i < rows; i++) for (let k = 0; k < cols; k++) if (read(rect.r + i, rect.c + k) !== first) return null;
  void sheet;
  return first;
}

function cellsOf(
  { sheet, rect }: RangeTarget,
  fn: (cell: ReturnType<SheetModel["cellForWrite"]>) => void,
  create: boolean,
): void {
  if (rect.rows * rect.cols > MAX_SCALAR_FILL && create)
    throw new PreviewExcelError("RangeExceedsLimit", "The range is too large for this operation in the preview.");
  const rEnd = create ? rect.r + rect.rows : Math.min(rect.r + rect.rows, sheet.rowsData.length);
  for (let r = rect.r; r < rEnd; r++) {
    for (let c = rect.c; c < rect.c + rect.cols; c++) {
      const cell = create ? sheet.cellForWrite(r, c) : sheet.cell(r, c);
      if (cell) fn(cell);
    }
  }
}

function normaliseColor(v: unknown): string {
  if (typeof v !== "string") throw invalidArgument();
  const named: Record<string, string> = {
    red: "#FF0000",
    green: "#008000",
    yellow: "#FFFF00",
    white: "#FFFFFF",
    black: "#000000",
    orange: "#FFA500",
    blue: "#0000FF",
  };
  const c = named[v.toLowerCase()] ?? v.toUpperCase();
  if (!/^#[0-9A-F]{6}$/.test(c)) throw invalidArgument(`"${v}" is not a colour.`);
  return c;
}

export class RangeFill extends ClientObject<RangeTarget> {
  get color(): string {
    return this._get("color");
  }
  set color(v: string) {
    this._set("color", v, (t) => {
      const color = normaliseColor(v);
      cellsOf(t, (cell) => (cell.fill = color), true);
    });
  }
  clear(): void {
    this._do((t) => cellsOf(t, (cell) => (cell.fill = undefined), false));
  }
  protected _scalars(): string[] {
    return ["color"];
  }
  protected _read(_prop: string, t: RangeTarget): unknown {
    return uniform(t, (r, c) => t.sheet.cell(r, c)?.fill ?? "#FFFFFF");
  }
}

export class RangeFont extends ClientObject<RangeTarget> {
  get bold(): boolean {
    return this._get("bold");
  }
  set bold(v: boolean) {
    this._set("bold", v, (t) => cellsOf(t, (cell) => (cell.bold = v ? true : undefined), true));
  }
  protected _scalars(): string[] {
    return ["bold"];
  }
  protected _read(_prop: string, t: RangeTarget): unknown {
    return uniform(t, (r, c) => t.sheet.cell(r, c)?.bold ?? false);
  }
}

// ---- tables ----------------------------------------------------------------------------------------

export class TableCollection extends Collection<TableModel, Table> {
  constructor(
    context: RequestContext,
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
}

export class TableRowCollection {
  constructor(
    readonly context: RequestContext,
    private readonly table: Table,
  ) {}
  add(index?: number | null, values?: unknown[][]): { isNullObject: boolean } {
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes(values ?? null),
      mutates: true,
      run: () => {
        const t = this.table._t();
        t.sheet.workbook.fireChanged(t.sheet, this.context.model.addTableRows(t, index, values), "RowInserted");
      },
    });
    return { isNullObject: false };
  }
}

// ---- settings --------------------------------------------------------------------------------------

interface SettingTarget {
  key: string;
  deleted?: boolean;
}

export class SettingCollection extends Collection<SettingTarget, Setting> {
  protected _list(): SettingTarget[] {
    return [...this.context.model.settings.keys()].map((key) => ({ key }));
  }
  protected _wrap(item: SettingTarget): Setting {
    return new Setting(this.context, () => item, item);
  }
  add(key: string, value: unknown): Setting {
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes(key) + jsonBytes(value),
      mutates: true,
      run: () => {
        if (typeof key !== "string" || key === "" || key.length > 255)
          throw invalidArgument("A setting key must be 1 to 255 characters.");
        if (value === undefined) throw invalidArgument("A setting needs a value.");
        this.context.model.settings.set(key, JSON.parse(JSON.stringify(value)));
      },
    });
    return new Setting(this.context, () => ({ key }));
  }
  getItem(key: string): Setting {
    return new Setting(this.context, () => {
      if (!this.context.model.settings.has(key))
        throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: setting "${key}".`);
      return { key };
    });
  }
  getItemOrNullObject(key: string): Setting {
    return new Setting(this.context, () => (this.context.model.settings.has(key) ? { key } : null));
  }
}

export class Setting extends ClientObject<SettingTarget> {
  get key(): string {
    return this._get("key");
  }
  get value(): unknown {
    return this._get("value");
  }
  set value(v: unknown) {
    this._set("value", v, (t) => this.context.model.settings.set(t.key, JSON.parse(JSON.stringify(v))));
  }
  delete(): void {
    this._do((t) => void this.context.model.settings.delete(t.key));
  }
  protected _scalars(): string[] {
    return ["key", "value"];
  }
  protected _read(prop: string, t: SettingTarget): unknown {
    if (prop === "key") return t.key;
    if (!this.context.model.settings.has(t.key))
      throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: setting "${t.key}".`);
    return this.context.model.settings.get(t.key);
  }
}
