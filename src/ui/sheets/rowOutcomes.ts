/**
 * How every row a write touches ends: a Status, a Message, its tone and the cells to highlight. One vocabulary
 * for the input-sheet push (bulk_input) and the row writes of the other sheets (one request per row or group),
 * so both count, colour, word (cancel included) and match the service's answers the same way. The push has no
 * Deleted.
 */
import type { BulkInputResult } from "../../contract";

/**
 * The statuses of bulk input: every row of an input sheet ends in one of them. Conflict: not sent because the
 * service's value changed since the sheet was built (flows/conflicts.ts). Held: flagged by the check before the push
 * and kept back by "Send all but flagged" (src/features/inputSheets/model/pushCheck.ts). Awaiting review: flagged
 * while a second person's review is required, so not sent until another person approves it; Returned: that person
 * sent it back with a note (src/features/inputSheets/model/review.ts).
 */
export const BULK_STATUSES = [
  "Saved",
  "Failed",
  "Conflict",
  "Held",
  "Awaiting review",
  "Returned",
  "Invalid",
  "Unchanged",
  "Not sent",
] as const;
const [SAVED, ...UNSAVED] = BULK_STATUSES;
/** The row writes' statuses: bulk input's, plus Deleted (after Saved). */
export const ROW_STATES = [SAVED, "Deleted", ...UNSAVED] as const;

export type BulkStatus = (typeof BULK_STATUSES)[number];
export type RowState = (typeof ROW_STATES)[number];

export interface RowOutcome<S extends RowState = RowState> {
  rowIndex: number;
  status: S;
  message: string;
  /** Headers of the cells to highlight. */
  errorColumns: string[];
  /** Failed without a definite answer (network, 5xx, 429): Retry failed may fix it (src/features/inputSheets/model/retryAdvice.ts). */
  retryable?: boolean;
  /** Why, without the message's lead-in ("Not sent: …"), for a reader that words it again (the check's list). */
  cause?: string;
}

/** The same outcome for each of the rows. */
export const rowsWith = <S extends RowState>(
  rowIndexes: readonly number[],
  status: S,
  message: string,
  errorColumns: string[] = [],
): RowOutcome<S>[] => rowIndexes.map((rowIndex) => ({ rowIndex, status, message, errorColumns }));

/** How many rows ended in each of the statuses (all of them present, zeros included). */
export function countStatuses<S extends RowState>(statuses: readonly S[], outcomes: Iterable<{ status: S }>): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const o of outcomes) counts[o.status] += 1;
  return counts;
}

/** "3 saved, 1 failed, 2 invalid": the non-zero counts in the statuses' order, or `nothing` when all are zero. */
export function describeStatusCounts<S extends RowState>(
  statuses: readonly S[],
  counts: Record<S, number>,
  nothing: string,
): string {
  const parts = statuses.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s.toLowerCase()}`);
  return parts.length > 0 ? parts.join(", ") : nothing;
}

/**
 * How a status looks on the sheet, the same for every flow: Saved and Deleted green, Failed and Invalid red,
 * Not sent (waiting, cancelled or stopped: it needs another run) and Conflict amber, Unchanged plain. Structurally the Excel
 * layer's AnnotationTone, which this pure layer does not import.
 */
export type StatusTone = "success" | "error" | "warning" | "neutral";
export const STATUS_TONE: Record<RowState, StatusTone> = {
  Saved: "success",
  Deleted: "success",
  Failed: "error",
  // Someone else changed it: it needs a decision (Overwrite conflicts or a rebuild), like a row not sent.
  Conflict: "warning",
  // Kept back at the check before the push: the user's decision, sent by the next push that chooses Send.
  Held: "warning",
  // Waiting for a second person, or sent back by them: not sent, someone has to act.
  "Awaiting review": "warning",
  Returned: "warning",
  Invalid: "error",
  Unchanged: "neutral",
  "Not sent": "warning",
};

/** `stoppedBy` when the user pressed Cancel (otherwise it is why the service stopped the run). */
export const CANCELLED = "cancelled";

/** The Message of a row marked before sending, so that an interrupted run never leaves it looking untouched. */
export const waitingMessage = (retryHint: string): string =>
  `Waiting to be sent — if this stays, the run was interrupted: ${retryHint}`;

/** The Message of a row never sent because sending stopped early (Cancel, or a failure that stops the run). */
export const notSentMessage = (stoppedBy: string | null, retryHint: string): string =>
  stoppedBy === CANCELLED
    ? `Not sent: cancelled — ${retryHint}`
    : `Not sent: stopped after an earlier request failed (${stoppedBy ?? "interrupted"}) — ${retryHint}`;

/** The end of a summary when sending stopped early: " Cancelled." or " Stopped: <why>.", "" when every request went. */
export const stoppedNote = (stoppedBy: string | null): string =>
  stoppedBy === CANCELLED ? " Cancelled." : stoppedBy ? ` Stopped: ${stoppedBy}.` : "";

/** The pane's sentence for a task the user cancelled: "<label>: cancelled." and what that left behind. */
export const cancelledText = (label: string, consequence?: string): string =>
  `${label}: cancelled.${consequence ? ` ${consequence}` : ""}`;

/**
 * The service's `errors` object (attribute key to message) on the sheet: the headers to highlight (keys the
 * sheet has no column for are left out) and "Header: message; ..." details (unknown keys by their own name).
 */
export function serviceErrors(
  errors: Record<string, string> | undefined,
  headerFor: (key: string) => string | null,
): { errorColumns: string[]; details: string } {
  const entries = Object.entries(errors ?? {});
  const errorColumns = [...new Set(entries.map(([k]) => headerFor(k)).filter((h): h is string => h !== null))];
  const details = entries.map(([k, m]) => errorInWords(headerFor(k) ?? k, m)).join("; ");
  return { errorColumns, details };
}

/** Letters and digits only, lower case: "Overtime: Hours" and "Overtime: hours" compare equal. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** A number as a person reads it: a true minus sign ("−5"). */
const asShown = (n: string) => n.replace(/^-/, "\u2212");

/**
 * One of the service's errors in the accountant's words, naming the column once: "Overtime hours must be 0 or more;
 * 'Overtime: hours' was −5" for "Overtime: Hours must be at least 0 (got -5)". A message that starts with the
 * column's own label is not prefixed with it again; any other message is "<header>: <message>".
 */
export function errorInWords(header: string, message: string): string {
  const subject = header.replace(/:\s*/g, " ").replace(/\s+\(.*\)$/, "");
  const bound = /^(.*?)\s*must be at (least|most) (-?[\d.,]+)\s*\(got (-?[^)]+)\)\.?$/i.exec(message.trim());
  if (bound && bare(header).endsWith(bare(bound[1]))) {
    const limit = bound[2].toLowerCase() === "least" ? "or more" : "or less";
    return `${subject} must be ${asShown(bound[3])} ${limit}; '${header}' was ${asShown(bound[4].trim())}`;
  }
  const label = bare(header);
  let eaten = 0;
  let at = 0;
  while (at < message.length && eaten < label.length) {
    const ch = bare(message[at]);
    if (ch !== "" && ch !== label[eaten]) break;
    eaten += ch.length;
    at += 1;
  }
  if (label !== "" && eaten === label.length) return `'${header}' ${message.slice(at).replace(/^[\s:,-]+/, "")}`;
  return `${header}: ${message}`;
}

/** "<message> — <details>", unless there are none or the service's message already says them. */
export const withDetails = (message: string, details: string): string =>
  details && !message.includes(details) ? `${message} — ${details}` : message;

/**
 * Pairs each row of a bulk_input request with the service's result for it: by position when the answer lines
 * up with the request (same length, same IDs in order), otherwise by employee ID (and payslip date, when both
 * the row and the result have one), each result used once. undefined: the service sent no result for the row.
 */
export function matchBulkResults<R extends { employeeId: number; payslipDate?: string }>(
  rows: readonly R[],
  results: readonly BulkInputResult[],
): (BulkInputResult | undefined)[] {
  const aligned = results.length === rows.length && rows.every((r, i) => results[i].id === String(r.employeeId));
  if (aligned) return [...results];
  const pool = [...results];
  return rows.map((row) => {
    const at = pool.findIndex(
      (res) =>
        res.id === String(row.employeeId) &&
        (row.payslipDate === undefined || res.payslip_date === undefined || res.payslip_date === row.payslipDate),
    );
    return at < 0 ? undefined : pool.splice(at, 1)[0];
  });
}
