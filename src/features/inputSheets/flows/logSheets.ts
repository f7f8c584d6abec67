/**
 * The add-in's logs (the Push log, the Change history) known by worksheet ID (../../../ui/flows/sheetRecords): a log a
 * person renamed ("Push log 2026") keeps being the one appended to and read, rather than a new "Push log" beside it.
 * Each log has its own record (`payroll.logSheet.<its name when made>`): one sheet list and one setting read per use,
 * and once, when the add-in makes the log, its ID recorded.
 */
import type { AppendRowsOptions, TableData, WorkbookPort } from "../../../excel";
import { followSheets, recordSheet } from "../../../ui/flows/sheetRecords";

/** The setting recording a log by its ID (keyed by the log's name when made). */
export const logKey = (name: string) => `payroll.logSheet.${name}`;

/** The log's sheet now: the recorded one under its name now, else the log's own name (not made yet, or deleted). */
export async function logSheetName(workbook: WorkbookPort, name: string): Promise<string> {
  return (await followSheets(workbook, logKey(name))).present[0]?.name ?? name;
}

/** Appends to the log wherever it now is; a log made by this append is recorded by its ID. */
export async function appendLogRows(workbook: WorkbookPort, options: AppendRowsOptions): Promise<void> {
  const { present } = await followSheets(workbook, logKey(options.sheetName));
  await workbook.appendRows({ ...options, sheetName: present[0]?.name ?? options.sheetName });
  if (present.length === 0) await recordSheet(workbook, logKey(options.sheetName), options.sheetName);
}

/** The log's table wherever it now is, or null. */
export async function readLogTable(workbook: WorkbookPort, name: string): Promise<TableData | null> {
  return workbook.readTable(await logSheetName(workbook, name));
}
