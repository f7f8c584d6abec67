/**
 * A row's outcome is the record of what happened to it: it stays until the row changes again or a push gives it a
 * different result. A later push that finds nothing to send in a row ("Unchanged") therefore leaves an earlier
 * Saved, Failed or Conflict as it is: "Saved 09:58" survives a push of other rows.
 */
import type { RowOutcome } from "./pushPlan";

/** Outcomes an "Unchanged" never overwrites. */
const LASTING = new Set(["Saved", "Failed", "Conflict"]);

/** Rows whose earlier Status stays on the sheet: this push found nothing to send in them. */
export function keptOutcomeRows(
  /** Each row's status by its state (./rowState), never by its Status cell. */
  rows: readonly { rowIndex: number; status: string }[],
  local: readonly Pick<RowOutcome, "rowIndex" | "status">[],
): Set<number> {
  const unchanged = new Set(local.filter((o) => o.status === "Unchanged").map((o) => o.rowIndex));
  return new Set(rows.filter((r) => unchanged.has(r.rowIndex) && LASTING.has(r.status)).map((r) => r.rowIndex));
}
