/**
 * Keeps an input sheet's unsent changes outside it (../model/unsentKeep): the pending watch hands over each look's
 * changes, and they are written to the sheet's veryHidden keep only when the set moved since the last write (one
 * hidden-table write then; none for a look that changed nothing).
 *
 * Whether a keep is current is known only while the pane runs: a watch's looks mark its sheet's keep as current until
 * the watch stops (the pane closed, or the sheet no longer watched). A sheet found deleted while its keep was not
 * current was deleted while the pane was not watching it: edits made after its last look were never seen.
 */
import type { WorkbookPort } from "../../../excel";
import type { InputSheetMeta } from "../model/inputSheetModel";
import type { PendingChange } from "../model/pendingChanges";
import { UNSENT_COLUMNS, keptChanges, keptSignature, keptToTable, unsentSheet } from "../model/unsentKeep";

/** Writes the changes to keep unless they are those last written (`last`, their signature); returns the signature now. */
export async function keepUnsentChanges(
  workbook: WorkbookPort,
  meta: Pick<InputSheetMeta, "snapshotSheet">,
  changes: readonly PendingChange[],
  statuses: readonly string[],
  last: string | null,
): Promise<string> {
  current.add(unsentSheet(meta));
  const kept = keptChanges(changes, statuses);
  const signature = keptSignature(kept);
  if (signature !== last) await workbook.writeHiddenTable(unsentSheet(meta), [...UNSENT_COLUMNS], keptToTable(kept));
  return signature;
}

/** The keeps a running watch has looked at in this pane, by their sheet's name. */
const current = new Set<string>();

/** The sheet's watch stopped: edits from now on are not kept. */
export function keepNoLongerCurrent(meta: Pick<InputSheetMeta, "snapshotSheet">): void {
  current.delete(unsentSheet(meta));
}

/** A watch of the sheet has looked and is still running: its kept changes are those of its last edit. */
export const keptIsCurrent = (meta: Pick<InputSheetMeta, "snapshotSheet">): boolean => current.has(unsentSheet(meta));
