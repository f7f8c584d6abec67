/**
 * After an undo, the input sheet the push came from (when it still exists, for the same client) follows the service:
 * its snapshot takes the restored values, and each restored cell that still shows the value the push sent shows the
 * value before again. A cell typed over since keeps what was typed: it stays a pending change, now against the
 * restored value, so nobody's work is lost.
 */
import type { InputValue } from "../../../contract";
import type { ColumnValueUpdate, WorkbookPort } from "../../../excel";
import { parseDate } from "../../../xl/columns";
import { INPUT_SHEET_HEADERS as H } from "../model/inputSheet";
import { rowKey, snapshotFromTable, snapshotToTable } from "../model/inputSheetModel";
import type { PlannedRow } from "../model/pushPlan";
import { type UndoPlan, sameInput } from "../model/undoPlan";
import type { CellType } from "../../../xl/columns";
import { readInputSheetMeta } from "./inputs";

/** Returns how many of the sheet's cells were set back (0 when the sheet, its table or its snapshot is gone). */
export async function followRestored(
  workbook: WorkbookPort,
  sheetName: string,
  clientId: number,
  restored: readonly PlannedRow[],
  plan: UndoPlan,
): Promise<number> {
  if (restored.length === 0) return 0;
  const meta = await readInputSheetMeta(workbook, sheetName);
  if (!meta || meta.clientId !== clientId) return 0;
  const [table, stored] = await Promise.all([workbook.readTable(sheetName), workbook.readHiddenTable(meta.snapshotSheet)]);
  if (!table || !stored) return 0;
  const snapshot = snapshotFromTable(stored);
  const col = (h: string) => table.columns.findIndex((c) => String(c).trim().toLowerCase() === h.toLowerCase());
  const idCol = col(H.employeeId);
  const dateCol = col(H.payslipDate);
  const rowOf = new Map<string, number>();
  table.rows.forEach((r, i) => {
    const date = parseDate(r[dateCol]);
    if (date.ok && date.value) rowOf.set(rowKey(Number(r[idCol]), date.value), i);
  });
  const sentOf = new Map(
    plan.cells.map((c) => [`${rowKey(c.line.employeeId, c.line.payslipDate)}|${c.line.inputKey}`, c.line.sent]),
  );
  const byColumn = new Map<string, { type: CellType; updates: ColumnValueUpdate[] }>();
  for (const row of restored) {
    const key = rowKey(row.employeeId, row.payslipDate);
    const rowIndex = rowOf.get(key);
    for (const [inputKey, before] of Object.entries(row.attributes)) {
      const input = meta.inputs.find((i) => i.key === inputKey);
      if (snapshot.has(key)) snapshot.set(key, { ...snapshot.get(key), [inputKey]: before });
      const c = input ? col(input.header) : -1;
      if (!input || rowIndex === undefined || c < 0) continue;
      if (!sameInput(table.rows[rowIndex][c] as InputValue, sentOf.get(`${key}|${inputKey}`))) continue;
      const entry = byColumn.get(input.header) ?? { type: input.type, updates: [] };
      entry.updates.push({ rowIndex, value: before });
      byColumn.set(input.header, entry);
    }
  }
  const next = snapshotToTable(
    snapshot,
    meta.inputs.map((i) => i.key),
  );
  await workbook.writeHiddenTable(meta.snapshotSheet, next.columns, next.rows);
  let written = 0;
  for (const [header, { type, updates }] of byColumn) {
    await workbook.writeColumnValues(sheetName, header, updates, type);
    written += updates.length;
  }
  return written;
}
