/**
 * Live pending changes of an input sheet: watch the sheet (Worksheet.onChanged), and after each burst of edits
 * (debounced) read the table once, diff it with the snapshot (read once and cached until the next push or
 * build), shade exactly the changed input cells and report "N changes pending in M rows".
 *
 * The snapshot is the truth, not the events: an event only says "look again", so edits of any kind (typed,
 * pasted, filled, cleared, an Undo in Excel, the add-in's own writes such as Status or Undo selected changes)
 * all end in the same diff, and a cell put back to its built value stops counting. Shading is a format change,
 * which does not fire onChanged, and only the difference is written, so the watch never feeds itself.
 */
import type { InputValue } from "../../../contract";
import { ADDIN_FILLS, type TableCell, type TableData, type WorkbookPort } from "../../../excel";
import {
  type PendingChange,
  type PendingSummary,
  cellId,
  changesIn,
  describePending,
  pendingChanges,
  shadingDelta,
} from "../model/pendingChanges";
import { type InputSheetMeta, InputSheetError, type Snapshot, snapshotFromTable } from "../model/inputSheetModel";
import { type RowRecords, type TableCells, recordsFromTable, rowStateSheet } from "../model/rowState";
import { recordsFromCells } from "../model/rowStateMigration";
import { restoredHeaders } from "../model/rowRepair";
import { readInputSheetMeta } from "./inputs";
import { repairRowStates } from "./rowRepairs";
import { keepNoLongerCurrent, keepUnsentChanges } from "./unsentKeep";

/** Fill of a pending input cell: the Excel layer's own pale yellow, apart from the push's red, green and amber. */
export const PENDING_FILL = ADDIN_FILLS.pending;
export const DEFAULT_DEBOUNCE_MS = 200;

export interface PendingState {
  sheetName: string;
  changes: PendingChange[];
  rows: number;
  /** "3 changes pending in 3 rows" */
  text: string;
}

/** The sheet's metadata, snapshot and stored row states: what a diff needs besides the table. */
export interface SheetBasis {
  meta: InputSheetMeta;
  snapshot: Snapshot;
  /**
   * The rows' states as stored (./rowStates), or null for a sheet an earlier version pushed (read from its cells);
   * undefined when not read (only the changes are wanted: no row has a status then).
   */
  rowStates?: TableCells | null;
}

export async function readSheetBasis(
  workbook: WorkbookPort,
  sheetName: string,
  { rowStates = true }: { rowStates?: boolean } = {},
): Promise<SheetBasis> {
  const meta = await readInputSheetMeta(workbook, sheetName);
  if (!meta) throw new InputSheetError(`"${sheetName}" is not an input sheet built by the add-in (or it was renamed).`);
  const stored = await workbook.readHiddenTable(meta.snapshotSheet);
  if (!stored) throw new InputSheetError(`The snapshot of "${sheetName}" is missing. Build the input sheet again.`);
  const snapshot = snapshotFromTable(stored);
  return rowStates ? { meta, snapshot, rowStates: await workbook.readHiddenTable(rowStateSheet(meta)) } : { meta, snapshot };
}

/** The rows' states of the table as read, from the basis (a sheet of an earlier version: from its cells, once). */
function recordsOf(basis: SheetBasis, table: TableCells): RowRecords {
  if (basis.rowStates === undefined) return new Map();
  return basis.rowStates ? recordsFromTable(table, basis.rowStates) : recordsFromCells(table, new Date().toISOString());
}

/** One read of the table, diffed with the basis; also each row's status by its state (rows the push marked keep its colours). */
export async function readPending(
  workbook: WorkbookPort,
  sheetName: string,
  basis: SheetBasis,
): Promise<PendingState & { statuses: string[]; records: RowRecords; table: TableData }> {
  const table = await workbook.readTable(sheetName);
  if (!table) throw new InputSheetError(`"${sheetName}" has no table any more. Build the input sheet again.`);
  const summary: PendingSummary = pendingChanges(table, basis.meta, basis.snapshot);
  const records = recordsOf(basis, table);
  const statuses = table.rows.map((_, rowIndex) => records.get(rowIndex)?.status ?? "");
  return { sheetName, changes: summary.changes, rows: summary.rows, text: describePending(summary), statuses, records, table };
}

export interface PendingWatch {
  /** Looks again now; `reload` also re-reads the snapshot and re-shades (after a push or a rebuild). */
  refresh(options?: { reload?: boolean }): Promise<PendingState | null>;
  current(): PendingState | null;
  /**
   * While paused (a push or a fill is writing), changes are only noted; resuming looks once if any came. A push
   * writes every chunk's outcomes: looking after each would read the whole table again and again meanwhile.
   */
  setPaused(paused: boolean): void;
  stop(): Promise<void>;
}

export interface WatchOptions {
  debounceMs?: number;
  onError?(error: unknown): void;
  /** After a look that found input headers typed back (../model/rowRepair restoredHeaders): a reconcile may follow. */
  onHeadersRestored?(headers: string[]): void;
  /** Test seam. */
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** Rows the push marked Failed, Invalid, Conflict or Held keep its red highlights: pending shading would hide them. */
const MARKED = new Set(["Failed", "Invalid", "Conflict", "Held", "Awaiting review", "Returned"]);

/**
 * Starts watching an input sheet: `onUpdate` gets the pending state now and within a debounce of every change.
 * Each look is one table read (the snapshot is cached) plus, when the shading must change, one fill write.
 */
export async function watchPendingChanges(
  workbook: WorkbookPort,
  sheetName: string,
  onUpdate: (state: PendingState) => void,
  options: WatchOptions = {},
): Promise<PendingWatch> {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let basis: SheetBasis | null = null;
  // Cells this watch has shaded; null while unknown (a new watch, or after a push rewrote the fills).
  let shaded: Set<string> | null = null;
  let state: PendingState | null = null;
  // The table at the last look: a marked row whose cells differ from it was edited since (./rowRepairs).
  let previous: TableData | null = null;
  let stopped = false;
  let timer: unknown = null;
  let running: Promise<PendingState | null> | null = null;
  let again = false;
  let paused = false;
  let missed = false;
  // The unsent changes last kept outside the sheet (./unsentKeep): Excel says a sheet was deleted only once it is gone.
  let kept: string | null = null;

  const look = async (): Promise<PendingState | null> => {
    basis ??= await readSheetBasis(workbook, sheetName);
    const read = await readPending(workbook, sheetName, basis);
    if (stopped) return state;
    // States the cells no longer justify are replaced first (./rowRepairs): Changed rows are shaded, marked ones not.
    const repaired = await repairRowStates(workbook, sheetName, basis, { before: previous, ...read });
    if (repaired.stored) basis.rowStates = repaired.stored;
    // The repair's annotations cleared those cells' colours: the pending ones among them are shaded again.
    for (const c of repaired.cleared) for (const header of c.headers) shaded?.delete(cellId({ rowIndex: c.rowIndex, header }));
    const statuses = repaired.statuses;
    const restored = restoredHeaders(
      previous?.columns ?? null,
      read.table.columns,
      basis.meta.inputs.map((i) => i.header),
    );
    previous = read.table;
    const shadeable = read.changes.filter((c) => !MARKED.has(statuses[c.rowIndex] ?? ""));
    let delta: ReturnType<typeof shadingDelta>;
    if (shaded === null) {
      // Start from a clean slate: shading an earlier watch left must not outlive its change. The input cells of
      // rows the push did not mark are cleared (few runs: a column at a time), then the pending ones shaded.
      const want = new Set(shadeable.map(cellId));
      const headers = basis.meta.inputs.map((i) => i.header);
      const clear = statuses.flatMap((status, rowIndex) =>
        MARKED.has(status) ? [] : headers.map((column) => ({ rowIndex, column })),
      );
      delta = {
        clear: clear.filter((c) => !want.has(cellId({ rowIndex: c.rowIndex, header: c.column }))),
        shade: shadeable.map((c) => ({ rowIndex: c.rowIndex, column: c.header })),
      };
    } else delta = shadingDelta(shaded, shadeable);
    await workbook.fillCells(sheetName, delta.clear, null);
    await workbook.fillCells(sheetName, delta.shade, PENDING_FILL);
    shaded = new Set(shadeable.map(cellId));
    kept = await keepUnsentChanges(workbook, basis.meta, read.changes, statuses, kept);
    state = { sheetName, changes: read.changes, rows: read.rows, text: read.text };
    onUpdate(state);
    if (restored.length > 0) options.onHeadersRestored?.(restored);
    return state;
  };

  // One look at a time; changes during a look make one more look afterwards.
  const refresh = async (opts: { reload?: boolean } = {}): Promise<PendingState | null> => {
    if (opts.reload) {
      basis = null;
      // A push rewrites the body's fills: nothing can be assumed shaded any more. Its marks are compared from here.
      shaded = null;
      previous = null;
    }
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        let result: PendingState | null;
        do {
          again = false;
          result = await look();
        } while (again && !stopped);
        return result;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    if (paused) {
      missed = true;
      return;
    }
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      refresh().catch((e) => options.onError?.(e));
    }, debounceMs);
  };

  const unsubscribe = await workbook.onSheetChanged(sheetName, schedule);
  try {
    await refresh();
  } catch (e) {
    await unsubscribe();
    throw e;
  }
  return {
    refresh,
    current: () => state,
    setPaused: (value) => {
      paused = value;
      if (!paused && missed) {
        missed = false;
        schedule();
      }
    },
    stop: async () => {
      stopped = true;
      if (basis) keepNoLongerCurrent(basis.meta);
      if (timer !== null) clearTimer(timer);
      await unsubscribe();
    },
  };
}

export interface UndoResult {
  undone: number;
  summary: string;
}

/** Writes the built (or last pushed) values back into the cells of these changes: one column write per input. */
export async function restoreChanges(
  workbook: WorkbookPort,
  sheetName: string,
  changes: readonly PendingChange[],
): Promise<void> {
  const byColumn = new Map<string, { type: PendingChange["type"]; updates: { rowIndex: number; value: InputValue }[] }>();
  for (const c of changes) {
    const col = byColumn.get(c.header) ?? { type: c.type, updates: [] };
    col.updates.push({ rowIndex: c.rowIndex, value: c.before });
    byColumn.set(c.header, col);
  }
  for (const [header, { type, updates }] of byColumn) await workbook.writeColumnValues(sheetName, header, updates, type);
}

/**
 * Undo selected changes: the pending changes inside the user's selection on the sheet go back to their built or
 * last-pushed values. The watch sees the write and the count follows.
 */
export async function undoSelectedChanges(
  workbook: WorkbookPort,
  sheetName: string,
  options: { basis?: SheetBasis; cells?: readonly TableCell[] } = {},
): Promise<UndoResult> {
  const cells = options.cells ?? (await workbook.selectedCells(sheetName));
  if (cells.length === 0) throw new InputSheetError(`Select the changed cells on "${sheetName}" first (they are shaded).`);
  const basis = options.basis ?? (await readSheetBasis(workbook, sheetName));
  const { changes } = await readPending(workbook, sheetName, basis);
  const inCells = changesIn(changes, cells);
  const chosen = inCells.filter((c) => !c.moved);
  if (chosen.length === 0)
    return {
      undone: 0,
      summary:
        inCells.length > 0
          ? "The selected cells are in rows whose payslip date was changed: the sheet holds no earlier value for them. Put the date back to undo."
          : "The selected cells hold no pending changes: nothing to undo.",
    };
  await restoreChanges(workbook, sheetName, chosen);
  const n = chosen.length;
  return {
    undone: n,
    summary: `${n} change${n === 1 ? "" : "s"} undone: back to the value${n === 1 ? "" : "s"} last built or pushed.`,
  };
}

/** Goes to a change's cell on the sheet. */
export const goToChange = (workbook: WorkbookPort, sheetName: string, change: Pick<PendingChange, "rowIndex" | "header">) =>
  workbook.selectCell(sheetName, { rowIndex: change.rowIndex, column: change.header });
