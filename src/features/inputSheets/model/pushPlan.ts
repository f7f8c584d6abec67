/**
 * Pushing an input sheet back through bulk_input, as pure steps over the read sheet (./inputSheetModel):
 *   planPush       -> which rows and cells to send (changed / all / selected / retry / overwrite), and the chunks
 *   chunkOutcomes  -> map the service's per-entity results (or a failed request) back to rows
 *   applySaved     -> the new snapshot after saved rows
 * The flow (src/features/inputSheets/flows/push.ts) does the I/O between these steps.
 */
import type { BulkInputEntity, BulkInputResult, InputValue } from "../../../contract";
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";
import { type InputSheetMeta, type ReadSheet, type Snapshot, normalise, rowKey, sameValue } from "./inputSheetModel";
import {
  BULK_STATUSES,
  type BulkStatus,
  type RowOutcome as Outcome,
  countStatuses,
  describeStatusCounts,
  matchBulkResults,
  rowsWith,
  serviceErrors,
} from "../../../ui/sheets/rowOutcomes";
import { chunk } from "../../../ui/sheets/chunk";
import { CHANGED_STATUS } from "./editedRows";
import { asRetryable } from "./retryAdvice";

export type PushMode = "changed" | "all" | "selected" | "retry" | "overwrite";
/** A row's outcome in bulk input's statuses (./rowOutcomes, shared with the row writes): the push has no Deleted. */
export type RowOutcome = Outcome<BulkStatus>;

export interface PlannedRow {
  rowIndex: number;
  employeeId: number;
  payslipDate: string;
  /** The employee's name as the sheet shows it (the outcome messages speak of the employee). */
  name?: string;
  /** `calc.<id>.<input>` to value: what this row sends. */
  attributes: Record<string, InputValue>;
}

export interface PushPlan {
  mode: PushMode;
  /** Rows to send, in sheet order. */
  send: PlannedRow[];
  chunks: PlannedRow[][];
  /** Rows decided without sending: Invalid and Unchanged. */
  local: RowOutcome[];
  /** Rows in scope (non-blank rows of the sheet, or of the selection/retry set). */
  inScope: number;
}

export const DEFAULT_CHUNK_SIZE = 100;

/**
 * The cells a push colours (besides Status): those its messages can name. Only their fill is cleared when the
 * push marks rows again, so colour an accountant put on names or notes stays. Nett pay is one: a new nett pay that
 * moved beyond the check's limits is highlighted (flows/pushCheck.ts).
 */
export const pushHighlights = (meta: Pick<InputSheetMeta, "inputs">): string[] => [
  H.employeeId,
  H.payslipDate,
  ...meta.inputs.map((i) => i.header),
  H.nettPay,
];

/** Rows "Retry failed" resends: those whose state (./rowState) is Failed or Not sent, or Changed (a marked row edited since). */
export function retryRowIndexes(states: ReadonlyMap<number, { status: string }>): Set<number> {
  const retried = new Set(["Failed", "Not sent", CHANGED_STATUS]);
  return new Set([...states].filter(([, r]) => retried.has(r.status)).map(([rowIndex]) => rowIndex));
}

/**
 * What to send. "changed" sends, per row, only the inputs that differ from the snapshot (a row missing from the
 * snapshot sends all its non-blank inputs); "all", "selected" and "retry" send every non-blank input of the rows
 * in scope, which makes a retry safe to repeat. "overwrite" (Overwrite conflicts) sends the given rows as
 * "changed" does: only the cells the user changed, so a Conflict row never puts the sheet's stale value back over
 * another input someone changed in the service. Invalid rows in scope are never sent.
 */
export function planPush(
  sheet: ReadSheet,
  snapshot: Snapshot,
  options: { mode: PushMode; rowIndexes?: ReadonlySet<number>; chunkSize?: number },
): PushPlan {
  const { mode } = options;
  if (mode !== "changed" && mode !== "all" && !options.rowIndexes) throw new Error(`Push mode "${mode}" needs row indexes.`);
  const onlyChanged = mode === "changed" || mode === "overwrite";
  const scope = sheet.rows.filter((r) => !r.blank && (!options.rowIndexes || options.rowIndexes.has(r.rowIndex)));
  const send: PlannedRow[] = [];
  const local: RowOutcome[] = [];
  for (const row of scope) {
    if (row.problems.length > 0 || row.employeeId === null || row.payslipDate === null) {
      local.push({
        rowIndex: row.rowIndex,
        status: "Invalid",
        message: `Not sent: ${row.problems.map((p) => p.message).join("; ")}`,
        cause: row.problems.map((p) => p.message).join("; "),
        errorColumns: [...new Set(row.problems.map((p) => p.header))],
      });
      continue;
    }
    const before = snapshot.get(rowKey(row.employeeId, row.payslipDate));
    const attributes: Record<string, InputValue> = {};
    for (const c of sheet.inputs) {
      const value = row.values[c.key];
      if (value === null || value === undefined) continue;
      if (onlyChanged && before && sameValue(value, normalise(c.type, before[c.key]))) continue;
      attributes[c.key] = value;
    }
    if (Object.keys(attributes).length === 0) {
      local.push({
        rowIndex: row.rowIndex,
        status: "Unchanged",
        message: onlyChanged ? "No changes since the sheet was built or last pushed" : "No input values to send",
        errorColumns: [],
      });
      continue;
    }
    const { rowIndex, employeeId, payslipDate, name } = row;
    send.push({ rowIndex, employeeId, payslipDate, name, attributes });
  }
  return { mode, send, chunks: chunk(send, options.chunkSize ?? DEFAULT_CHUNK_SIZE), local, inScope: scope.length };
}

/** The bulk_input entity of a planned row: the regular payslip of the period ending on its payslip date. */
export function toEntity(row: PlannedRow): BulkInputEntity {
  return { id: String(row.employeeId), payslip_date: row.payslipDate, attributes: { ...row.attributes } };
}

// ---------------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------------

/** "2026-11-25" -> "25/11/2026": the default when the caller gives no display language's format. */
const dayFirst = (iso: string) => iso.split("-").reverse().join("/");

/** Maps an `errors` key (attribute key, or id / payslip_date) to the sheet header to highlight. */
export function headerForErrorKey(key: string, meta: Pick<InputSheetMeta, "inputs">): string | null {
  if (key === "id") return H.employeeId;
  if (key === "payslip_date" || key === "payslip_id") return H.payslipDate;
  return meta.inputs.find((i) => i.key === key)?.header ?? null;
}

export const RETRY_HINT = "use Retry failed";

/**
 * Outcomes of a chunk the service answered. Results are matched by position when the answer lines up with the
 * request (same length, same IDs), otherwise by employee ID and payslip date; a row with no result is Failed
 * as not confirmed, so it is retried rather than assumed saved.
 */
export function chunkOutcomes(
  rows: readonly PlannedRow[],
  results: readonly BulkInputResult[],
  meta: Pick<InputSheetMeta, "inputs">,
  showDate: (iso: string) => string = dayFirst,
): RowOutcome[] {
  const matched = matchBulkResults(rows, results);
  return rows.map((row, i): RowOutcome => {
    const result = matched[i];
    if (!result) {
      return {
        rowIndex: row.rowIndex,
        status: "Failed",
        message: `Not confirmed: the service sent no result for this row — ${RETRY_HINT}`,
        errorColumns: [],
        retryable: true,
      };
    }
    const whose = `${row.name || `employee ${row.employeeId}`}, period ending ${showDate(row.payslipDate)}`;
    if (result.success === "true")
      return { rowIndex: row.rowIndex, status: "Saved", message: `Saved for ${whose}`, errorColumns: [] };
    const { errorColumns, details } = serviceErrors(result.errors, (k) => headerForErrorKey(k, meta));
    // With details, they say it all; the service's own sentence ("1 attribute failed; nothing was changed") is not repeated.
    const message = details ? `Not saved for ${whose}: ${details}` : `Not saved for ${whose}: ${result.message}`;
    return { rowIndex: row.rowIndex, status: "Failed", message, errorColumns };
  });
}

/** Every row of a chunk whose request got no usable answer (network, timeout, 429, 5xx, cancelled mid-request). */
export function unconfirmedOutcomes(rows: readonly PlannedRow[], reason: string): RowOutcome[] {
  return asRetryable(rowsWith(rowIndexesOf(rows), "Failed", `Not confirmed: ${reason} — ${RETRY_HINT}`));
}

/** Every row of a chunk the service refused as a whole (a definite answer, e.g. 400/422): Failed with its message. */
export function rejectedOutcomes(
  rows: readonly PlannedRow[],
  message: string,
  errors: Record<string, string>,
  meta: Pick<InputSheetMeta, "inputs">,
): RowOutcome[] {
  const { errorColumns } = serviceErrors(errors, (k) => headerForErrorKey(k, meta));
  return rowsWith(rowIndexesOf(rows), "Failed", message, errorColumns);
}

export function notSentOutcomes(rows: readonly PlannedRow[], reason: string): RowOutcome[] {
  return rowsWith(rowIndexesOf(rows), "Not sent", reason);
}

const rowIndexesOf = (rows: readonly PlannedRow[]) => rows.map((r) => r.rowIndex);

export type PushCounts = Record<BulkStatus, number>;

export function countOutcomes(outcomes: Iterable<RowOutcome>): PushCounts {
  return countStatuses(BULK_STATUSES, outcomes);
}

/** "12 saved, 1 failed, 1 invalid, 30 unchanged" (zero counts left out). */
export function summarise(counts: PushCounts): string {
  return describeStatusCounts(BULK_STATUSES, counts, "nothing to push");
}

/** The snapshot after a push: saved rows take the values they sent; others keep what the service had. */
export function applySaved(snapshot: Snapshot, saved: readonly PlannedRow[]): Snapshot {
  const next: Snapshot = new Map([...snapshot].map(([k, v]) => [k, { ...v }]));
  for (const row of saved) {
    const key = rowKey(row.employeeId, row.payslipDate);
    next.set(key, { ...(next.get(key) ?? {}), ...row.attributes });
  }
  return next;
}
