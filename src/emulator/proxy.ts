/**
 * Office's proxy semantics, under every class of api.ts: calls on proxies only queue work; `context.sync()` runs
 * the queue in order; properties must be loaded (and synced) before they are read, else PropertyNotLoaded; a sync
 * whose request exceeds the payload limit is rejected whole (RequestPayloadSizeLimitExceeded) and one whose loaded
 * data exceeds the response limit fails with ResponsePayloadSizeLimitExceeded.
 */
import type { Rect, SheetModel, WorkbookModel } from "./model";
import { PreviewExcelError } from "./values";

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
export const ACTION_BYTES = 125;
const OBJECT_PATH_BYTES = 250;

/**
 * What a change to a sheet needs from its protection: "values" (contents, allowed in unlocked cells), "format"
 * (Format Cells: allowFormatCells), "columns" (column widths: allowFormatColumns), "hyperlink" (Insert hyperlinks:
 * allowInsertHyperlinks, on unlocked cells), "objects" (charts added, changed or deleted: Edit objects,
 * allowEditObjects), "lock" (locking or unlocking cells: never while protected) and "structure" (tables, sheet-level
 * changes: never).
 */
export type Edit = "values" | "format" | "columns" | "hyperlink" | "objects" | "lock" | "structure";

/** The edit a property assignment makes. */
export function editOf(prop: string): Edit {
  if (prop === "values" || prop === "formulas") return "values";
  if (prop === "numberFormat" || prop === "color" || prop === "bold") return "format";
  if (prop === "columnWidth") return "columns";
  if (prop === "locked") return "lock";
  if (prop === "hyperlink") return "hyperlink";
  return "structure";
}

function allUnlocked(sheet: SheetModel, rect: Rect): boolean {
  for (let r = rect.r; r < rect.r + rect.rows; r++)
    for (let c = rect.c; c < rect.c + rect.cols; c++) if (!sheet.cell(r, c)?.unlocked) return false;
  return true;
}

/**
 * Excel refuses the API's changes to a protected sheet (AccessDenied, naming no sheet), except values written to
 * cells that are all unlocked and the formatting the protection options allow.
 */
export function checkEdit(target: unknown, edit: Edit = "structure"): void {
  const { sheet, rect } = (target ?? {}) as { sheet?: SheetModel; rect?: Rect };
  if (!sheet?.protection.protected) return;
  const { options } = sheet.protection;
  if (edit === "values" && rect && allUnlocked(sheet, rect)) return;
  if (edit === "format" && options.allowFormatCells) return;
  if (edit === "columns" && options.allowFormatColumns) return;
  if (edit === "hyperlink" && options.allowInsertHyperlinks && rect && allUnlocked(sheet, rect)) return;
  if (edit === "objects" && options.allowEditObjects) return;
  throw new PreviewExcelError(
    "AccessDenied",
    "The cell or chart you're trying to change is on a protected sheet. To make a change, unprotect the sheet.",
  );
}

/** A structural change (a table added, a sheet-level change) to a protected sheet: refused. */
export const checkWritable = (target: unknown): void => checkEdit(target, "structure");

export interface Pending {
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

export const invalidArgument = (what = "The argument is invalid or missing or has an incorrect format.") =>
  new PreviewExcelError("InvalidArgument", what);

/** Excel.ProxyContext without its `workbook` (api.ts adds it): the queue of actions and `sync()`. */
export class ProxyContext {
  private queue: Action[] = [];
  private closed = false;
  /** True while a sync runs its actions: proxies made then (by loads) resolve on demand. */
  _running = false;
  /** Office.js API; the preview has nothing to track. */
  readonly trackedObjects = { add: () => undefined, remove: () => undefined };
  /** Excel.run's delayForCellEdit: wait while a cell is being edited instead of failing. */
  delayForCellEdit = false;

  constructor(readonly model: WorkbookModel) {}

  _enqueue(action: Action): void {
    if (this.closed)
      throw new PreviewExcelError("InvalidProxyContext", "Cannot use the object across different request contexts.");
    this.queue.push(action);
  }

  load<T extends ClientObject<unknown>>(object: T, spec?: LoadSpec): T {
    object.load(spec);
    return object;
  }

  async sync<T>(passThrough?: T): Promise<T | undefined> {
    if (this.closed) throw new PreviewExcelError("InvalidProxyContext", "The request context has ended.");
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
    readonly context: ProxyContext,
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
  protected _set(
    prop: string,
    value: unknown,
    apply: (t: T) => void,
    bytes = ACTION_BYTES + jsonBytes(value),
    edit: Edit = editOf(prop),
  ): void {
    this._loaded.set(prop, value);
    this.context._enqueue({
      bytes,
      mutates: true,
      run: () => {
        const t = this._t();
        checkEdit(t, edit);
        apply(t);
        // Data written directly under or right of a table extends it (Excel's auto-expansion).
        const { sheet, rect } = t as Partial<RangeTarget>;
        if (sheet && rect && (prop === "values" || prop === "formulas")) sheet.workbook.expandTables(sheet, rect, value);
      },
    });
  }

  /** Queue a method call that changes the sheet (on a protected sheet, refused unless `edit` is allowed there). */
  protected _do(apply: (t: T) => void, bytes = ACTION_BYTES, edit: Edit = "structure"): void {
    this._view((t) => {
      checkEdit(t, edit);
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
  constructor(readonly context: ProxyContext) {}

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

/** What a range proxy stands for: a block of one sheet. */
export interface RangeTarget {
  sheet: SheetModel;
  rect: Rect;
}
