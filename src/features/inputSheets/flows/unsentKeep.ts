/**
 * Keeps an input sheet's unsent changes outside it (../model/unsentKeep): the pending watch hands over each look's
 * changes, and they are written to the sheet's veryHidden keep only when the set moved since the last write (one
 * hidden-table write then; none for a look that changed nothing).
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
  const kept = keptChanges(changes, statuses);
  const signature = keptSignature(kept);
  if (signature !== last) await workbook.writeHiddenTable(unsentSheet(meta), [...UNSENT_COLUMNS], keptToTable(kept));
  return signature;
}
