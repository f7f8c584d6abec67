/**
 * The pending changes of every input sheet of a client, counted the way the Input sheets tab counts them (one table
 * read per sheet, diffed with its snapshot): what changing client would leave unsent, named in words (employee, item,
 * value, and Held or Failed). With the client's employees and their recent payslips (one request, only when some
 * sheet holds changes), a sheet whose period is finalised says so: its changes can no longer be sent there.
 */
import type { Employee } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import type { InputSheetMeta } from "../model/inputSheetModel";
import { describeUnsentValue, listInWords, unsentValues } from "../model/unsentWork";
import { listInputSheets, readInputSheetMeta } from "./inputs";
import { readPending, readSheetBasis } from "./pending";
import { periodFinalised } from "./unsentWork";

export interface SheetPending {
  sheetName: string;
  changes: number;
  /** "3 changes pending in 2 rows" */
  text: string;
  /** The changes in words: "Aoife Byrne's Commission €75.00 (pending); …" */
  words: string;
  /** The sheet's period is finalised in the service: the changes cannot be pushed there any more. */
  finalised: boolean;
  payslipDate: string;
}

/** The client's input sheets that hold changes not yet pushed, in the order they were built. */
export async function pendingSheetsOf(
  workbook: WorkbookPort,
  clientId: number,
  options: { employees?: () => Promise<readonly Employee[]> } = {},
): Promise<SheetPending[]> {
  const found: SheetPending[] = [];
  const metas = new Map<string, InputSheetMeta>();
  for (const sheetName of await listInputSheets(workbook)) {
    const meta = await readInputSheetMeta(workbook, sheetName);
    if (!meta || meta.clientId !== clientId) continue;
    const basis = await readSheetBasis(workbook, sheetName).catch(() => null);
    const read = basis && (await readPending(workbook, sheetName, basis).catch(() => null));
    if (!read || read.changes.length === 0) continue;
    found.push({
      sheetName,
      changes: read.changes.length,
      text: read.text,
      words: listInWords(unsentValues(read.changes, read.statuses).map(describeUnsentValue)),
      finalised: meta.finalised === true,
      payslipDate: meta.payslipDate,
    });
    metas.set(sheetName, meta);
  }
  if (found.length > 0 && options.employees) {
    const employees = await options.employees().catch(() => null);
    if (employees) for (const s of found) s.finalised = periodFinalised(metas.get(s.sheetName)!, employees);
  }
  return found;
}
