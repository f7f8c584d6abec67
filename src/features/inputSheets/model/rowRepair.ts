/**
 * A row's state kept true by the pane's watch, from the row states and the snapshot alone (no service read): after
 * each look at the table, a state the cells now contradict is replaced.
 * - A settled row (Saved, Unchanged, Undone) with a pending change was edited since (typed, filled, while the pane was closed):
 *   it says Changed, keeping the settled state it had.
 * - A marked row (Invalid, Failed, Held, Awaiting review, Returned, Not sent) edited since the last look says Changed
 *   (Push changes sends it; a row awaiting review edited is no longer what its preparer asked to have reviewed).
 * - A marked or Changed row whose cells are back to the snapshot's (a change undone, a header put back) and that now
 *   reads valid has nothing left to send: it goes back to its settled state, or to none.
 * Conflict stays: the service disagrees with the snapshot whatever is typed; so does Finalised (read only). Pure: no
 * Office.js.
 */
import { CHANGED_MESSAGE, CHANGED_STATUS } from "./editedRows";
import { type RowRecord, type RowRecords, SETTLED_STATUSES, changedRecord, following } from "./rowState";

/** Marks an edit turns into Changed, and that cells back at the snapshot's take back (with Changed itself). */
export const REPAIRABLE_MARKS: ReadonlySet<string> = new Set([
  "Invalid",
  "Failed",
  "Held",
  "Awaiting review",
  "Returned",
  "Not sent",
  CHANGED_STATUS,
]);

/** What a look saw of one row. */
export interface RowSight {
  /** It holds pending changes (cells that differ from the snapshot). */
  pending: boolean;
  /** The push would refuse it now (a problem in a cell, an unknown column with a value...), or it is blank. */
  invalid: boolean;
  /** Headers of its cells edited since the last look (none when there was no earlier look). */
  edited: readonly string[];
}

export interface RowRepair {
  rowIndex: number;
  /** The row's state now; null: it has none (Status and Message blank). */
  record: RowRecord | null;
}

/** The states the cells no longer justify, and what replaces them. */
export function rowRepairs(records: RowRecords, sights: ReadonlyMap<number, RowSight>): RowRepair[] {
  const repairs: RowRepair[] = [];
  for (const [rowIndex, r] of records) {
    const seen = sights.get(rowIndex);
    if (!seen) continue;
    const next = repaired(r, seen);
    if (next !== undefined) repairs.push({ rowIndex, record: next });
  }
  return repairs.sort((a, b) => a.rowIndex - b.rowIndex);
}

/** undefined: the state stays. */
function repaired(r: RowRecord, { pending, invalid, edited }: RowSight): RowRecord | null | undefined {
  const changed = () => following(r, changedRecord(CHANGED_MESSAGE));
  if (SETTLED_STATUSES.has(r.status)) return pending ? changed() : undefined;
  if (!REPAIRABLE_MARKS.has(r.status)) return undefined;
  const wasEdited = edited.length > 0;
  if (invalid) return wasEdited && r.status !== CHANGED_STATUS ? changed() : undefined;
  if (pending) {
    // Valid now with something to send: an Invalid row whose fault is gone (a header put back over an edited cell).
    if (r.status === CHANGED_STATUS || !(wasEdited || r.status === "Invalid")) return undefined;
    return changed();
  }
  // Nothing to send: Invalid and Changed always say so; Failed, Held and Not sent only once an edit brought the
  // cells back (Push all rows sends, and may fail or hold, rows equal to the snapshot).
  if (r.status === "Invalid" || r.status === CHANGED_STATUS || wasEdited) return r.before ?? null;
  return undefined;
}

/**
 * Input headers back in the table since the last look (typed back after a rename, an undo of it): the rows they
 * repair are then checked against the service too. None without an earlier look.
 */
export function restoredHeaders(before: readonly string[] | null, now: readonly string[], inputs: readonly string[]): string[] {
  if (!before) return [];
  return inputs.filter((h) => now.includes(h) && !before.includes(h));
}
