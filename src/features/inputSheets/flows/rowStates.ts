/**
 * Each input-sheet row's state (sheets/rowState), stored beside the sheet on a veryHidden sheet next to its snapshot
 * (the same store: hidden tables), read once per flow and written back after it changed. The Status and Message cells
 * are drawn from it and never read back; a sheet an earlier version pushed is read once from its cells
 * (sheets/rowStateMigration) and stored at the next write.
 */
import type { RowAnnotation, WorkbookPort } from "../../../excel";
import type { InputSheetMeta } from "../model/inputSheetModel";
import {
  type RowRecord,
  type RowRecords,
  type TableCells,
  drawRow,
  recordsFromTable,
  recordsToTable,
  rowStateSheet,
} from "../model/rowState";
import { recordsFromCells } from "../model/rowStateMigration";

/** The rows' states; a sheet without stored states (an earlier version's) is read from its cells, once. */
export async function readRowRecords(
  workbook: WorkbookPort,
  meta: Pick<InputSheetMeta, "snapshotSheet">,
  table: TableCells,
  now: () => Date = () => new Date(),
): Promise<RowRecords> {
  const stored = await workbook.readHiddenTable(rowStateSheet(meta));
  return stored ? recordsFromTable(table, stored) : recordsFromCells(table, now().toISOString());
}

/** Stores the rows' states (the whole sheet's: one hidden-table write). */
export async function saveRowRecords(
  workbook: WorkbookPort,
  meta: Pick<InputSheetMeta, "snapshotSheet">,
  table: TableCells,
  records: RowRecords,
): Promise<void> {
  const grid = recordsToTable(table, records);
  await workbook.writeHiddenTable(rowStateSheet(meta), grid.columns, grid.rows);
}

/** A row's Status and Message cells as its state draws them (no state: both blank). */
export function annotationOf(rowIndex: number, record: RowRecord | undefined): RowAnnotation {
  return record ? { rowIndex, ...drawRow(record) } : { rowIndex, status: "", message: "" };
}
