/** The Push log sheet: one line per push (or per sheet Push all input sheets skipped), with its counts. */
import type { CellValue, ColumnSpec } from "./columns";
import type { PushCounts, PushMode } from "./pushPlan";

export const PUSH_LOG_SHEET = "Push log";
export const PUSH_LOG_TABLE = "PushLog";
export const PUSH_LOG_COLUMNS: ColumnSpec[] = [
  { key: "time", header: "Time", type: "datetime" },
  { key: "client", header: "Client", type: "text" },
  { key: "sheet", header: "Sheet", type: "text" },
  { key: "mode", header: "Push", type: "text" },
  { key: "saved", header: "Saved", type: "integer" },
  { key: "failed", header: "Failed", type: "integer" },
  { key: "conflict", header: "Conflict", type: "integer" },
  { key: "held", header: "Held", type: "integer" },
  { key: "invalid", header: "Invalid", type: "integer" },
  { key: "unchanged", header: "Unchanged", type: "integer" },
  { key: "not_sent", header: "Not sent", type: "integer" },
];

export const PUSH_MODE_LABELS: Record<PushMode, string> = {
  changed: "Changed cells",
  all: "All rows",
  selected: "Selected rows",
  retry: "Retry failed",
  overwrite: "Overwrite conflicts",
};

/** One push log line. Holds the client's name and ID, never the key. */
export function pushLogRow(args: {
  time: Date;
  clientId: number;
  clientName: string;
  sheetName: string;
  mode: PushMode;
  counts: PushCounts;
}): CellValue[] {
  const c = args.counts;
  return [
    args.time,
    `${args.clientName} (ID ${args.clientId})`,
    args.sheetName,
    PUSH_MODE_LABELS[args.mode],
    c.Saved,
    c.Failed,
    c.Conflict,
    c.Held,
    c.Invalid,
    c.Unchanged,
    c["Not sent"],
  ];
}
