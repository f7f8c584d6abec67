/**
 * The Change history sheet: one line per cell a push sent (or meant to send), kept as an Excel table the add-in only
 * ever appends to. It answers "who changed this cell, when, and from what", survives the input sheet being rebuilt
 * or deleted (it carries the employee ID, the payslip date and the input's key, which Undo push needs), and never
 * holds the key. Pure: the flows (src/features/inputSheets/flows/changeHistory.ts, undoPush.ts) read and append it.
 */
import type { InputValue } from "../../../contract";
import type { CellValue, ColumnSpec } from "../../../xl/columns";
import { parseCell } from "../../../xl/columns";
import { isCorrectDateSerial, serialDayUtc } from "../../../xl/excelConventions";

export const CHANGE_HISTORY_SHEET = "Change history";
export const CHANGE_HISTORY_TABLE = "ChangeHistory";

export const CHANGE_HISTORY_HEADERS = {
  time: "Time",
  preparedBy: "Prepared by",
  reviewedBy: "Reviewed by",
  client: "Client",
  clientId: "Client ID",
  sheet: "Sheet",
  employeeId: "Employee ID",
  number: "Number",
  name: "Name",
  payslipDate: "Payslip date",
  input: "Input",
  inputKey: "Input key",
  before: "Value before",
  sent: "Value sent",
  outcome: "Outcome",
  message: "Message",
  pushId: "Push ID",
} as const;
const H = CHANGE_HISTORY_HEADERS;

// What an accountant reads first comes first; the IDs Undo push needs (the sheet and the input sheet may be gone by
// then) come last. Value before and Value sent hold each input's own kind (amounts, hours, text): "number" writes
// numbers as numbers and keeps any text as text.
export const CHANGE_HISTORY_COLUMNS: ColumnSpec[] = [
  { key: "time", header: H.time, type: "datetime" },
  { key: "prepared_by", header: H.preparedBy, type: "text" },
  // Added with the second person's review: a history made before gets it at its end (appendRows adds it by header).
  { key: "reviewed_by", header: H.reviewedBy, type: "text" },
  { key: "client", header: H.client, type: "text" },
  { key: "sheet", header: H.sheet, type: "text" },
  { key: "number", header: H.number, type: "text" },
  { key: "name", header: H.name, type: "text" },
  { key: "payslip_date", header: H.payslipDate, type: "date" },
  { key: "input", header: H.input, type: "text" },
  { key: "before", header: H.before, type: "number" },
  { key: "sent", header: H.sent, type: "number" },
  { key: "outcome", header: H.outcome, type: "text" },
  { key: "message", header: H.message, type: "text" },
  { key: "push_id", header: H.pushId, type: "text" },
  { key: "employee_id", header: H.employeeId, type: "integer" },
  { key: "client_id", header: H.clientId, type: "integer" },
  { key: "input_key", header: H.inputKey, type: "text" },
];

/** What a line's Outcome says: a push's row statuses that follow a sent (or held) cell. */
export type HistoryOutcome = "Saved" | "Failed" | "Conflict" | "Held" | "Awaiting review" | "Returned" | "Not sent";

/** One line of the Change history, as written and as read back. */
export interface HistoryLine {
  time: Date | null;
  preparedBy: string;
  /** Who approved (or returned) the line's row when a second person reviewed it; blank otherwise (and in older histories). */
  reviewedBy?: string;
  clientId: number;
  clientName: string;
  sheet: string;
  employeeId: number;
  number: string;
  name: string;
  payslipDate: string;
  /** The input's label as the sheet showed it ("Basic salary: amount"). */
  input: string;
  /** `calc.<calculation_id>.<input>`: what Undo push sends back. */
  inputKey: string;
  before: InputValue;
  sent: InputValue;
  outcome: string;
  /** Why a cell did not save (the service's message, the conflict); blank when it saved. */
  message: string;
  pushId: string;
}

/**
 * A push ID: the push's local time to the second and four random letters, short enough to type into a search and
 * unique enough for one workbook ("P-20261126-142501-K7QF").
 */
export function newPushId(now: Date, random: () => number = Math.random): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const tail = Array.from({ length: 4 }, () => letters[Math.floor(random() * letters.length) % letters.length]).join("");
  return `P-${stamp}-${tail}`;
}

/** One cell a push meant to send, with its row's end: a history line without the push's own fields. */
export type PushedCell = Pick<
  HistoryLine,
  "employeeId" | "number" | "name" | "payslipDate" | "input" | "inputKey" | "before" | "sent"
> & {
  outcome: HistoryOutcome | string;
  /** The row's message when the cell did not save. */
  message?: string;
  /** A reviewed row's preparer (instead of the push's) and its reviewer (../model/review). */
  preparedBy?: string;
  reviewedBy?: string;
};

/** The Change history lines of one push: one per cell, in the order given. Holds names and values, never the key. */
export function historyRows(
  push: { time: Date; preparedBy: string; clientId: number; clientName: string; sheet: string; pushId: string },
  cells: readonly PushedCell[],
): CellValue[][] {
  const client = `${push.clientName} (ID ${push.clientId})`;
  return cells.map((c) => {
    const byKey: Record<string, CellValue> = {
      time: push.time,
      prepared_by: c.preparedBy ?? push.preparedBy,
      reviewed_by: c.reviewedBy ?? "",
      client,
      sheet: push.sheet,
      number: c.number,
      name: c.name,
      payslip_date: c.payslipDate,
      input: c.input,
      before: c.before,
      sent: c.sent,
      outcome: c.outcome,
      message: c.outcome === "Saved" ? "" : (c.message ?? ""),
      push_id: push.pushId,
      employee_id: c.employeeId,
      client_id: push.clientId,
      input_key: c.inputKey,
    };
    return CHANGE_HISTORY_COLUMNS.map((col) => byKey[col.key]);
  });
}

/** The client's name back from "Name (ID 12)". */
const clientNameOf = (text: string) => text.replace(/\s*\(ID \d+\)\s*$/, "");

/** A Time cell back as a local Date (Excel serials are the wall clock: the inverse of dateToSerial). */
function timeOf(cell: unknown): Date | null {
  if (cell instanceof Date) return cell;
  if (typeof cell === "number" && isCorrectDateSerial(cell)) {
    const day = Math.floor(cell);
    const ms = Math.round((cell - day) * 86_400_000);
    const u = new Date(serialDayUtc(day) + ms);
    return new Date(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate(), u.getUTCHours(), u.getUTCMinutes(), u.getUTCSeconds());
  }
  const t = typeof cell === "string" ? new Date(cell) : null;
  return t && !Number.isNaN(t.getTime()) ? t : null;
}

const asText = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());
const asValue = (v: unknown): InputValue => (v === "" || v === null || v === undefined ? null : (v as InputValue));

/**
 * The table read back (values as Excel holds them: dates are serials). Lines without an employee ID, a payslip date,
 * an input key or a push ID (typed by hand, or cut short) are left out; `rowIndex` is the line's data row.
 */
export function parseHistory(table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] }): (HistoryLine & {
  rowIndex: number;
})[] {
  const at = new Map(table.columns.map((c, i) => [String(c).trim().toLowerCase(), i]));
  const get = (row: readonly unknown[], header: string) => {
    const i = at.get(header.toLowerCase());
    return i === undefined ? undefined : row[i];
  };
  const out: (HistoryLine & { rowIndex: number })[] = [];
  table.rows.forEach((row, rowIndex) => {
    const employeeId = Number(get(row, H.employeeId));
    const clientId = Number(get(row, H.clientId));
    const date = parseCell("date", get(row, H.payslipDate));
    const inputKey = asText(get(row, H.inputKey));
    const pushId = asText(get(row, H.pushId));
    if (!Number.isInteger(employeeId) || employeeId <= 0 || !date.ok || date.value === null || !inputKey || !pushId) return;
    out.push({
      rowIndex,
      time: timeOf(get(row, H.time)),
      preparedBy: asText(get(row, H.preparedBy)),
      reviewedBy: asText(get(row, H.reviewedBy)),
      clientId: Number.isInteger(clientId) ? clientId : 0,
      clientName: clientNameOf(asText(get(row, H.client))),
      sheet: asText(get(row, H.sheet)),
      employeeId,
      number: asText(get(row, H.number)),
      name: asText(get(row, H.name)),
      payslipDate: String(date.value),
      input: asText(get(row, H.input)),
      inputKey,
      before: asValue(get(row, H.before)),
      sent: asValue(get(row, H.sent)),
      outcome: asText(get(row, H.outcome)),
      message: asText(get(row, H.message)),
      pushId,
    });
  });
  return out;
}

/**
 * For a client and a period (payslip date), the last push that sent a cell: its time and who prepared it, or null.
 * "Last" is the latest line of the table (lines are appended in time order).
 */
export function lastPushOf(
  lines: readonly HistoryLine[],
  clientId: number,
  payslipDate: string,
): { time: Date | null; preparedBy: string; pushId: string } | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.clientId === clientId && l.payslipDate === payslipDate)
      return { time: l.time, preparedBy: l.preparedBy, pushId: l.pushId };
  }
  return null;
}
