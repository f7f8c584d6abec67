/**
 * Migration, once per sheet: a sheet pushed by an earlier version has no stored row state; its Status and Message
 * cells were the record ("Nett pay pending: …" marked the rows still awaiting their figure). The first read of such a
 * sheet takes its state from those cells, so nothing already in the workbook is lost; the next write stores it
 * (flows/rowStates.ts) and from then on the cells are only drawn, never read. This is the one place that reads them.
 */
import { PENDING_SPLIT } from "./nettPay";
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";
import { ROW_STATUSES, type RowRecord, type RowRecords, type RowStatus, type TableCells } from "./rowState";

/** Each row's state as an earlier version left it in the cells: its status and words, and any pending nett pay. */
export function recordsFromCells(table: TableCells, since: string): RowRecords {
  const headers = table.columns.map((c) => String(c).trim());
  const statusCol = headers.indexOf(H.status);
  const messageCol = headers.indexOf(H.message);
  const records: RowRecords = new Map();
  if (statusCol < 0) return records;
  table.rows.forEach((cells, rowIndex) => {
    const status = String(cells[statusCol] ?? "").trim();
    if (!(ROW_STATUSES as readonly string[]).includes(status)) return;
    const message = messageCol < 0 ? "" : String(cells[messageCol] ?? "").trim();
    const at = message.indexOf(PENDING_SPLIT);
    const record: RowRecord = { status: status as RowStatus, reason: at < 0 ? message : message.slice(0, at) };
    // The words before the note are kept as they were ("Saved."), so the row is drawn again exactly as it reads.
    if (at >= 0) record.nettPay = { awaited: true, since, why: message.slice(at + PENDING_SPLIT.length) };
    records.set(rowIndex, record);
  });
  return records;
}
