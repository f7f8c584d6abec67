/**
 * The pending changes of every input sheet of a client, counted the way the Input sheets tab counts them (one table
 * read per sheet, diffed with its snapshot): what changing client would leave unsent.
 */
import type { WorkbookPort } from "../../../excel";
import { listInputSheets, readInputSheetMeta } from "./inputs";
import { readPending, readSheetBasis } from "./pending";

export interface SheetPending {
  sheetName: string;
  changes: number;
  /** "3 changes pending in 2 rows" */
  text: string;
}

/** The client's input sheets that hold changes not yet pushed, in the order they were built. */
export async function pendingSheetsOf(workbook: WorkbookPort, clientId: number): Promise<SheetPending[]> {
  const found: SheetPending[] = [];
  for (const sheetName of await listInputSheets(workbook)) {
    const meta = await readInputSheetMeta(workbook, sheetName);
    if (!meta || meta.clientId !== clientId) continue;
    const basis = await readSheetBasis(workbook, sheetName, { rowStates: false }).catch(() => null);
    const read = basis && (await readPending(workbook, sheetName, basis).catch(() => null));
    if (read && read.changes.length > 0) found.push({ sheetName, changes: read.changes.length, text: read.text });
  }
  return found;
}
