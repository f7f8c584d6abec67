/** The rows a person selected in a sheet, for the panels' row actions (delete, service period actions). */
import type { WorkbookPort } from "../../excel";

/** Row indexes (0-based, within the table) of the selection in `sheetName`; none when the sheet is missing. */
export async function selectedRows(workbook: Pick<WorkbookPort, "selectedRowIndexes">, sheetName: string): Promise<number[]> {
  return workbook.selectedRowIndexes(sheetName);
}
