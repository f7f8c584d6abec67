/**
 * The Change history (src/features/inputSheets/model/changeHistory.ts) as the pushes write it and others read it: a push's lines appended
 * in one WorkbookPort.appendRows (blocks under Excel's request limit, one 2-D write each; the table is created once
 * and never rebuilt nor cleared), and the last push of a client and period.
 */
import { appendLogRows, readLogTable } from "./logSheets";
import type { InputValue } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import {
  CHANGE_HISTORY_COLUMNS,
  CHANGE_HISTORY_SHEET,
  CHANGE_HISTORY_TABLE,
  type HistoryLine,
  type PushedCell,
  historyRows,
  parseHistory,
} from "../model/changeHistory";
import { INPUT_SHEET_HEADERS } from "../model/inputSheet";
import { type InputSheetMeta, type Snapshot, normalise, rowKey } from "../model/inputSheetModel";
import type { PushPlan, RowOutcome } from "../model/pushPlan";

/** Who each row of an input sheet's table is: its Number and Name cells, by data row. */
export function employeesOf(table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] }) {
  const at = (h: string) => table.columns.findIndex((c) => String(c).trim().toLowerCase() === h.toLowerCase());
  const number = at(INPUT_SHEET_HEADERS.number);
  const name = at(INPUT_SHEET_HEADERS.name);
  const text = (row: readonly unknown[], i: number) => (i < 0 || row[i] === undefined || row[i] === null ? "" : String(row[i]));
  return (rowIndex: number) => {
    const row = table.rows[rowIndex] ?? [];
    return { number: text(row, number), name: text(row, name) };
  };
}

/**
 * A push's cells: every cell of the plan as it stood before the pre-steps held rows back (so a Conflict or Held row
 * is recorded too), its value before (the snapshot's: what the service held at the build or the last push) and
 * its row's end. Rows that never got one are Not sent.
 */
export function pushedCells(args: {
  planned: PushPlan;
  meta: Pick<InputSheetMeta, "inputs">;
  snapshot: Snapshot;
  outcomes: ReadonlyMap<number, Pick<RowOutcome, "status" | "message">>;
  who: (rowIndex: number) => { number: string; name: string };
  /** Rows a second person's review touched: their lines name the preparer and the reviewer (../model/review). */
  reviews?: ReadonlyMap<number, { preparedBy: string; reviewedBy?: string }>;
}): PushedCell[] {
  const inputs = new Map(args.meta.inputs.map((i) => [i.key, i]));
  return args.planned.send.flatMap((row) => {
    const before = args.snapshot.get(rowKey(row.employeeId, row.payslipDate));
    const ended = args.outcomes.get(row.rowIndex);
    const outcome = ended?.status ?? "Not sent";
    const { number, name } = args.who(row.rowIndex);
    const review = args.reviews?.get(row.rowIndex);
    const people = review ? { preparedBy: review.preparedBy, ...(review.reviewedBy ? { reviewedBy: review.reviewedBy } : {}) } : {};
    return Object.entries(row.attributes).map(([key, sent]): PushedCell => {
      const input = inputs.get(key);
      return {
        employeeId: row.employeeId,
        number,
        name,
        payslipDate: row.payslipDate,
        input: input?.header ?? key,
        inputKey: key,
        before: input ? normalise(input.type, before?.[key]) : ((before?.[key] ?? null) as InputValue),
        sent,
        outcome,
        message: ended?.message ?? "",
        ...people,
      };
    });
  });
}

/**
 * Append a push's lines (creating the sheet and table the first time). Nothing to append: no Excel request. The
 * push has happened whatever Excel says, so a refused write (a protected sheet, say) does not end it: the sentence
 * returned goes into the push's summary instead (null when written).
 */
export async function appendHistory(
  workbook: WorkbookPort,
  push: { time: Date; preparedBy: string; clientId: number; clientName: string; sheet: string; pushId: string },
  cells: readonly PushedCell[],
): Promise<string | null> {
  if (cells.length === 0) return null;
  try {
    await appendLogRows(workbook, {
      sheetName: CHANGE_HISTORY_SHEET,
      tableName: CHANGE_HISTORY_TABLE,
      title: "Change history",
      // Written once, when the table is made: the lines below carry their own times.
      stampLabel: "Kept since",
      columns: CHANGE_HISTORY_COLUMNS,
      rows: historyRows(push, cells),
    });
    return null;
  } catch (e) {
    return `The Change history could not be written (${e instanceof Error ? e.message : String(e)}): push ${push.pushId}'s ${cells.length} line(s) are missing from it.`;
  }
}

/** Every line of the Change history (none when the sheet or its table is missing), with its data row. */
export async function readHistory(workbook: WorkbookPort): Promise<(HistoryLine & { rowIndex: number })[]> {
  const table = await readLogTable(workbook, CHANGE_HISTORY_SHEET);
  return table ? parseHistory(table) : [];
}
