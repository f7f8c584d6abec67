/**
 * The Push log sheet: one line per push (or per sheet Push all input sheets skipped): when, for whom (the client,
 * the wave and the period), which sheet, the kind of push as its button names it, and the counts.
 */
import type { CellValue, ColumnSpec } from "../../../xl/columns";
import type { PushCounts, PushMode } from "./pushPlan";

export const PUSH_LOG_SHEET = "Push log";
export const PUSH_LOG_TABLE = "PushLog";
export const PUSH_ID_HEADER = "Push ID";
export const PUSH_LOG_COLUMNS: ColumnSpec[] = [
  { key: "time", header: "Time", type: "datetime" },
  { key: "client", header: "Client", type: "text" },
  { key: "wave", header: "Wave", type: "text" },
  { key: "period", header: "Period ending", type: "date" },
  { key: "sheet", header: "Sheet", type: "text" },
  { key: "mode", header: "Push", type: "text" },
  { key: "saved", header: "Saved", type: "integer" },
  { key: "failed", header: "Failed", type: "integer" },
  { key: "conflict", header: "Conflict", type: "integer" },
  { key: "held", header: "Held", type: "integer" },
  // A log made before the review existed gets these two at its end (appendRows adds missing columns by header).
  { key: "awaiting_review", header: "Awaiting review", type: "integer" },
  { key: "returned", header: "Returned", type: "integer" },
  { key: "invalid", header: "Invalid", type: "integer" },
  { key: "unchanged", header: "Unchanged", type: "integer" },
  { key: "not_sent", header: "Not sent", type: "integer" },
  // The push's lines in the Change history carry the same ID (./changeHistory); Undo push starts from it.
  { key: "push_id", header: PUSH_ID_HEADER, type: "text" },
];

/** What the log's sheet is made with: its lines carry their own times, so it has no "Last refreshed" stamp. */
export const PUSH_LOG_SHEET_OPTIONS = {
  sheetName: PUSH_LOG_SHEET,
  tableName: PUSH_LOG_TABLE,
  title: "Push log",
  subtitle: "One line per push, the newest at the bottom.",
  columns: PUSH_LOG_COLUMNS,
};

/** Each push mode as its button names it (the panel's buttons, the progress bar and the Push log use these). */
export const PUSH_MODE_LABELS: Record<PushMode, string> = {
  changed: "Push changes",
  all: "Push all rows",
  selected: "Push selected rows",
  retry: "Retry failed",
  overwrite: "Overwrite conflicts",
};

/** The button of the push that pushes every input sheet (its lines name it rather than its mode). */
export const PUSH_ALL_LABEL = "Push all input sheets";

/** Whom a line is for: the sheet's client, wave and period. */
export interface PushLogSubject {
  clientId: number | null;
  clientName: string;
  waveName?: string;
  /** Period end date (the regular payslips' date), YYYY-MM-DD. */
  payslipDate?: string;
  sheetName: string;
}

/**
 * One push log line. Holds the client's name and ID, never the key. `push` is the button pressed (a mode's label,
 * or "Push all input sheets", or "Undo of <push ID>"), with what became of the sheet when nothing was sent; `pushId`
 * the push's ID (blank for a sheet Push all skipped), which its Change history lines carry too.
 */
export function pushLogRow(
  args: PushLogSubject & { time: Date; push: string; counts: PushCounts | null; pushId?: string },
): CellValue[] {
  const c = args.counts;
  const client = args.clientId === null ? args.clientName : `${args.clientName} (ID ${args.clientId})`;
  return [
    args.time,
    client,
    args.waveName ?? "",
    args.payslipDate ?? null,
    args.sheetName,
    args.push,
    c?.Saved ?? 0,
    c?.Failed ?? 0,
    c?.Conflict ?? 0,
    c?.Held ?? 0,
    c?.["Awaiting review"] ?? 0,
    c?.Returned ?? 0,
    c?.Invalid ?? 0,
    c?.Unchanged ?? 0,
    c?.["Not sent"] ?? 0,
    args.pushId ?? "",
  ];
}
