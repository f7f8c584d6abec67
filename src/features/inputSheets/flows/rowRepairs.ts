/**
 * After each look of the pane's watch, row states the cells no longer justify are replaced (../model/rowRepair): a
 * Saved or Unchanged row edited since says Changed; a mark whose cells are back to the snapshot's (a change undone,
 * a header put back) goes back to the row's settled state. From the table read, the snapshot and the stored states
 * only: no service read. Costs nothing more when no state changes; otherwise one read and one write of the states
 * and one annotation per set of columns to clear.
 */
import type { RowAnnotation, TableData, WorkbookPort } from "../../../excel";
import { editedMarkedCells } from "../model/editedRows";
import { type InputSheetMeta, type Snapshot, readInputSheet } from "../model/inputSheetModel";
import type { PendingChange } from "../model/pendingChanges";
import { REPAIRABLE_MARKS, type RowSight, rowRepairs } from "../model/rowRepair";
import { type RowRecords, SETTLED_STATUSES, type TableCells, recordsToTable } from "../model/rowState";
import { annotationOf, readRowRecords, saveRowRecords } from "./rowStates";

export interface RepairInput {
  /** The table at the last look (null: none since the watch started or the last push). */
  before: TableData | null;
  table: TableData;
  changes: readonly PendingChange[];
  records: RowRecords;
  statuses: readonly string[];
}

/** Cells whose add-in colours the repair's annotations cleared (the watch shades the pending ones again). */
export interface RepairResult {
  statuses: string[];
  cleared: { rowIndex: number; headers: string[] }[];
  /** The states as stored now, when they changed. */
  stored?: TableCells;
}

/**
 * What the look saw of each row: its pending changes, whether the push would refuse it, the cells edited since. Only
 * the rows holding a mark those can take back are validated (and compared with the last look): a settled row needs
 * only its pending changes, and a look while one row is Changed checks that row, not the sheet (the others give only
 * their keys, for duplicates). null: nothing to look at (or no Employee ID or Payslip date column).
 */
function sightsOf(input: RepairInput, meta: InputSheetMeta, snapshot: Snapshot): Map<number, RowSight> | null {
  const pending = new Set(input.changes.map((c) => c.rowIndex));
  const records = [...input.records];
  const marked = new Set(records.flatMap(([i, r]) => (REPAIRABLE_MARKS.has(r.status) ? [i] : [])));
  if (marked.size === 0 && !records.some(([i, r]) => SETTLED_STATUSES.has(r.status) && pending.has(i))) return null;
  let invalid = new Set<number>();
  let edited = new Map<number, string[]>();
  if (marked.size > 0) {
    try {
      const rows = readInputSheet(input.table, meta, snapshot, marked).rows;
      invalid = new Set(rows.filter((r) => r.blank || r.problems.length > 0).map((r) => r.rowIndex));
    } catch {
      return null; // no Employee ID or Payslip date column: nothing can be said of any row
    }
    const headers = meta.inputs.map((i) => i.header);
    if (input.before) edited = editedMarkedCells(input.before, input.table, input.statuses, headers, REPAIRABLE_MARKS);
  }
  return new Map(
    input.table.rows.map((_, i) => [i, { pending: pending.has(i), invalid: invalid.has(i), edited: edited.get(i) ?? [] }]),
  );
}

export async function repairRowStates(
  workbook: WorkbookPort,
  sheetName: string,
  basis: { meta: InputSheetMeta; snapshot: Snapshot },
  input: RepairInput,
): Promise<RepairResult> {
  const unchanged: RepairResult = { statuses: [...input.statuses], cleared: [] };
  if (input.records.size === 0) return unchanged;
  const sights = sightsOf(input, basis.meta, basis.snapshot);
  if (!sights || rowRepairs(input.records, sights).length === 0) return unchanged;
  // The states as stored now (another flow may have written them since this watch read them), repaired.
  const records = await readRowRecords(workbook, basis.meta, input.table);
  const repairs = rowRepairs(records, sights);
  if (repairs.length === 0) return unchanged;
  const inputs = basis.meta.inputs.map((i) => i.header);
  const pendingHeaders = (rowIndex: number) => input.changes.filter((c) => c.rowIndex === rowIndex).map((c) => c.header);
  const statuses = [...input.statuses];
  const byColumns = new Map<string, { headers: string[]; annotations: RowAnnotation[] }>();
  const cleared: RepairResult["cleared"] = [];
  for (const { rowIndex, record } of repairs) {
    const was = records.get(rowIndex);
    // A row gone back clears the marks' red on all its inputs; a Changed row only on its edited and pending cells.
    const headers = [
      ...new Set(
        record === null || record.status !== "Changed"
          ? [...inputs, ...(was?.errorColumns ?? [])]
          : [...(sights.get(rowIndex)?.edited ?? []), ...pendingHeaders(rowIndex), ...(was?.errorColumns ?? [])],
      ),
    ].sort();
    if (record) records.set(rowIndex, record);
    else records.delete(rowIndex);
    statuses[rowIndex] = record?.status ?? "";
    const key = JSON.stringify(headers);
    const group = byColumns.get(key) ?? { headers, annotations: [] };
    group.annotations.push(annotationOf(rowIndex, record ?? undefined));
    byColumns.set(key, group);
    cleared.push({ rowIndex, headers });
  }
  for (const { headers, annotations } of byColumns.values())
    await workbook.annotateRows(sheetName, annotations, { clearOthers: false, highlightColumns: headers });
  await saveRowRecords(workbook, basis.meta, input.table, records);
  return { statuses, cleared, stored: recordsToTable(input.table, records) };
}
