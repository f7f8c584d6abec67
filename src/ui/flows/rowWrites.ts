/**
 * Sending one request per group of sheet rows (leave days per employee, a PATCH per row, a DELETE per leave
 * day...) with bounded concurrency, and ending every row in a definite, visible state whatever happens:
 *
 *  - before sending, the rows to send are marked "Not sent — waiting", so an interrupted run never leaves a row
 *    looking untouched;
 *  - a request the service refuses (4xx) fails its rows with the service's message and the others go on;
 *  - a 429, a refused key, or a request without a definite answer (network, timeout, 5xx, unreadable reply)
 *    fails its rows and stops the run: those without an answer say the change may have been applied;
 *  - Cancel stops starting requests; requests already sent are let finish so their rows get the real answer;
 *  - rows never sent say why ("Not sent: cancelled — ..." / "Not sent: stopped after ...").
 *
 * The same statuses as bulk input (Saved / Failed / Invalid / Unchanged / Not sent), plus Deleted, with the same
 * tones and cancel wording: the row outcome vocabulary of src/ui/sheets/rowOutcomes.ts, which the push uses too.
 */
import {
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from "../../api";
import type { RowAnnotation, WorkbookPort } from "../../excel";
import {
  CANCELLED,
  ROW_STATES,
  STATUS_TONE,
  type RowOutcome,
  type RowState,
  countStatuses,
  describeStatusCounts,
  notSentMessage,
  rowsWith,
  serviceErrors,
  stoppedNote,
  waitingMessage,
  withDetails,
} from "../sheets/rowOutcomes";
import type { FlowProgress } from "./common";

export { rowsWith, stoppedNote } from "../sheets/rowOutcomes";
export type { RowState };
export type RowResult = RowOutcome<RowState>;

export interface RowRequest<T> {
  /** What the request is, as results count requests by kind ("create", "patch", "bulkInput", "delete"...). */
  kind: string;
  /** The sheet rows this request decides. */
  rowIndexes: number[];
  /** Sends the request. No abort signal: a request already sent is let finish, so its rows get the real answer. */
  send(): Promise<T>;
  /** Outcomes of its rows once the service accepted the request. */
  succeeded(result: T): RowResult[];
  /**
   * Outcomes of its rows when the service refused the request (a ValidationError), when the request can say
   * more than the default (e.g. which of several days was refused); null falls back to the default.
   */
  refused?(error: ValidationError): RowResult[] | null;
}

export interface RowWriteOptions extends FlowProgress {
  workbook: WorkbookPort;
  sheetName: string;
  /** Requests in flight at once (default 3). */
  concurrency?: number;
  /** Outcomes are written to the sheet after this many answered requests (default 10), and at the end. */
  flushEvery?: number;
  /** Maps a key of the service's `errors` object to the sheet header to highlight. */
  errorHeader?(key: string): string | null;
  /** Progress detail, e.g. "Saving leave days". */
  label?: string;
}

/** Cancel, the bar and the concurrency a flow hands on to its run (`concurrency` unless the caller set one). */
export function runProgress(
  progress: FlowProgress & { concurrency?: number },
  concurrency = 3,
): Pick<RowWriteOptions, "signal" | "update" | "concurrency"> {
  return { signal: progress.signal, update: progress.update?.bind(progress), concurrency: progress.concurrency ?? concurrency };
}

export interface RowWriteResult {
  outcomes: Map<number, RowResult>;
  requests: number;
  /** The requests sent, by kind. */
  sent: Record<string, number>;
  /** Why sending stopped early ("cancelled", "the service is busy (HTTP 429)", ...), or null. */
  stoppedBy: string | null;
}

export const RETRY_HINT = "run it again for these rows";

/** A row's outcome as the sheet shows it: Status, Message, highlighted cells, and the status's tone. */
export function toAnnotation(r: RowOutcome): RowAnnotation {
  return {
    rowIndex: r.rowIndex,
    status: r.status,
    message: r.message,
    errorColumns: r.errorColumns,
    tone: STATUS_TONE[r.status],
  };
}

/** Why a run stops on a 429 (a definite answer: nothing was saved, but the service wants a pause). */
export const BUSY = "the service is busy (HTTP 429)";
/** Why a run stops when the key is refused: every further request would be refused too. */
export const KEY_REFUSED = "the service refused the API key";

/**
 * Why a request ended without a definite answer (network, timeout, 5xx, unreadable reply, anything unforeseen):
 * the service may or may not have applied it, so its rows say so and the run stops.
 */
export function unconfirmedReason(error: unknown): string {
  return error instanceof NetworkError
    ? "network error"
    : error instanceof TimeoutError
      ? "no answer in time"
      : error instanceof ServerError
        ? `the service failed (HTTP ${error.status})`
        : error instanceof Error && error.name === "UnexpectedResponseError"
          ? "the service's answer could not be read"
          : `unexpected error (${error instanceof Error ? error.message : String(error)})`;
}

/** How a failed request ends its rows, and whether the run stops. */
function failureOf(
  error: unknown,
  rowIndexes: readonly number[],
  errorHeader: (key: string) => string | null = () => null,
): { outcomes: RowResult[]; stop: string | null } {
  if (error instanceof ValidationError) {
    const { errorColumns, details } = serviceErrors(error.errors, errorHeader);
    return {
      outcomes: rowsWith(rowIndexes, "Failed", `Not saved: ${withDetails(error.serviceMessage, details)}`, errorColumns),
      stop: null,
    };
  }
  if (error instanceof NotFoundError) {
    return {
      outcomes: rowsWith(
        rowIndexes,
        "Failed",
        `Not saved: ${error.serviceMessage ?? "the service has no such record"} (deleted meanwhile?)`,
      ),
      stop: null,
    };
  }
  if (error instanceof RateLimitedError) {
    return { outcomes: rowsWith(rowIndexes, "Failed", `Not saved: ${BUSY} — ${RETRY_HINT} in a moment`), stop: BUSY };
  }
  if (error instanceof UnauthorizedError) {
    return { outcomes: rowsWith(rowIndexes, "Failed", `Not saved: ${error.message}`), stop: KEY_REFUSED };
  }
  const reason = unconfirmedReason(error);
  return {
    outcomes: rowsWith(
      rowIndexes,
      "Failed",
      `Not confirmed: ${reason}. The service may have applied it: reload the sheet to check before sending again`,
    ),
    stop: reason,
  };
}

/** What a multi-row save or delete flow returns: the sheet's outcomes, the summary, and the requests it sent. */
export interface RowsResult {
  counts: RowCounts;
  outcomes: RowResult[];
  summary: string;
  requests: Record<string, number>;
  stoppedBy: string | null;
}

export interface RowSaveOptions extends RowWriteOptions {
  /** Starts the pane's sentence: "Leave days: 2 saved, 1 failed." */
  title: string;
  /** Outcomes decided without a request (Invalid, Unchanged...): written first, and part of the result. */
  local?: readonly RowResult[];
  /** Whether writing `local` clears the annotations of every other row (a save from the whole sheet does). */
  clearOthers?: boolean;
  /** Requests the flow made before the run (its reads), counted in the result. */
  reads?: number;
  /** Writes back what the service confirmed (new IDs, a snapshot): runs even when the run is interrupted. */
  settle?(): Promise<void>;
}

/**
 * The common end of every save and delete from a sheet: write the local outcomes, send the requests (see
 * runRowRequests), write back what was confirmed, and sum up.
 */
export async function saveRows<T>(requests: readonly RowRequest<T>[], options: RowSaveOptions): Promise<RowsResult> {
  const { title, local = [], clearOthers = false, reads, settle, ...writeOptions } = options;
  await annotate(writeOptions.workbook, writeOptions.sheetName, local, clearOthers);
  let run: RowWriteResult;
  try {
    run = await runRowRequests(requests, writeOptions);
  } finally {
    await settle?.();
  }
  return {
    ...rowsSummary(title, [...local, ...run.outcomes.values()], stoppedNote(run.stoppedBy)),
    requests: reads === undefined ? run.sent : { reads, ...run.sent },
    stoppedBy: run.stoppedBy,
  };
}

/**
 * A save from a whole sheet that mirrors what the service holds (employees, calculations, Regular Hours): the rows the
 * parse found unchanged say "Same as the service holds", Invalid rows their errors, and every other row's old
 * outcome is cleared before the requests go.
 */
export function saveSheetEdits<T>(
  requests: readonly RowRequest<T>[],
  plans: Parameters<typeof localOutcomes>[0],
  options: Omit<RowSaveOptions, "local" | "clearOthers">,
): Promise<RowsResult> {
  return saveRows(requests, { ...options, local: localOutcomes(plans, "Same as the service holds"), clearOthers: true });
}

/** The rows the pure parse decided without a request: Invalid with its errors, Unchanged with `unchanged`. */
export function localOutcomes(
  plans: readonly { kind: string; rowIndex: number; errors?: Record<string, string> }[],
  unchanged: string,
): RowResult[] {
  return plans.flatMap((p) =>
    p.kind === "invalid"
      ? [invalidRow(p.rowIndex, p.errors ?? {})]
      : p.kind === "unchanged"
        ? rowsWith([p.rowIndex], "Unchanged", unchanged)
        : [],
  );
}

/**
 * Deletes one record per candidate row (one DELETE each: the API has no bulk delete) and ends with the summary.
 * A deleted row reads Deleted with the service's message, or `fallback` when it sends none. `local` are outcomes
 * already decided without a request (e.g. rows that cannot be deleted); `reads` counts the requests the caller
 * made before.
 */
export async function runDeletes<C extends { rowIndex: number }>(
  candidates: readonly C[],
  remove: (candidate: C) => Promise<{ message: string }>,
  fallback: (candidate: C) => string,
  options: RowWriteOptions & { title: string; local?: readonly RowResult[]; reads?: number },
): Promise<RowsResult> {
  const requests: RowRequest<{ message: string }>[] = candidates.map((c) => ({
    kind: "delete",
    rowIndexes: [c.rowIndex],
    send: () => remove(c),
    succeeded: (r) => rowsWith([c.rowIndex], "Deleted", r.message || fallback(c)),
  }));
  return saveRows(requests, options);
}

/** Writes outcomes without clearing the other rows' annotations. */
export async function annotate(
  workbook: WorkbookPort,
  sheetName: string,
  results: readonly RowResult[],
  clearOthers = false,
): Promise<void> {
  if (results.length === 0 && !clearOthers) return;
  await workbook.annotateRows(sheetName, results.map(toAnnotation), { clearOthers });
}

/**
 * Runs the requests with bounded concurrency. The caller has already annotated local outcomes (Invalid,
 * Unchanged); this marks its rows waiting, sends, and writes every outcome.
 */
export async function runRowRequests<T>(requests: readonly RowRequest<T>[], options: RowWriteOptions): Promise<RowWriteResult> {
  const { workbook, sheetName, signal } = options;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const flushEvery = Math.max(1, options.flushEvery ?? 10);
  const outcomes = new Map<number, RowResult>();
  const total = requests.length;
  let next = 0;
  let answered = 0;
  let requestsSent = 0;
  const sent: Record<string, number> = {};
  let stoppedBy: string | null = null;
  let pending: RowResult[] = [];

  const flush = async () => {
    const batch = pending;
    pending = [];
    await annotate(workbook, sheetName, batch);
  };

  await annotate(
    workbook,
    sheetName,
    requests.flatMap((r) => rowsWith(r.rowIndexes, "Not sent", waitingMessage(RETRY_HINT))),
  );
  options.update?.(0, total, options.label);

  const worker = async () => {
    while (next < requests.length && stoppedBy === null) {
      if (signal?.aborted) {
        stoppedBy = CANCELLED;
        break;
      }
      const request = requests[next++];
      let results: RowResult[];
      try {
        requestsSent += 1;
        sent[request.kind] = (sent[request.kind] ?? 0) + 1;
        results = request.succeeded(await request.send());
      } catch (error) {
        const specific = error instanceof ValidationError ? (request.refused?.(error) ?? null) : null;
        const failure = specific ? { outcomes: specific, stop: null } : failureOf(error, request.rowIndexes, options.errorHeader);
        results = failure.outcomes;
        if (failure.stop && stoppedBy === null) stoppedBy = failure.stop;
      }
      for (const r of results) outcomes.set(r.rowIndex, r);
      pending.push(...results);
      answered += 1;
      options.update?.(answered, total, options.label);
      if (pending.length > 0 && answered % flushEvery === 0) await flush();
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  } finally {
    const unsent = requests.flatMap((r) => r.rowIndexes).filter((i) => !outcomes.has(i));
    if (unsent.length > 0) {
      const why = stoppedBy === null && signal?.aborted ? CANCELLED : stoppedBy;
      const results = rowsWith(unsent, "Not sent", notSentMessage(why, RETRY_HINT));
      for (const r of results) outcomes.set(r.rowIndex, r);
      pending.push(...results);
    }
    await flush();
  }
  return { outcomes, requests: requestsSent, sent, stoppedBy };
}

export type RowCounts = Record<RowState, number>;

export function countRows(results: Iterable<RowResult>): RowCounts {
  return countStatuses(ROW_STATES, results);
}

/** "3 saved, 1 failed, 2 invalid" — only the non-zero counts. */
export function describeCounts(counts: RowCounts): string {
  return describeStatusCounts(ROW_STATES, counts, "nothing to do");
}

/**
 * Every decided row in sheet order, with the counts and the pane's sentence ("Leave days: 2 saved, 1 failed."
 * followed by `note`, see stoppedNote).
 */
function rowsSummary(
  label: string,
  results: Iterable<RowResult>,
  note: string,
): { counts: RowCounts; outcomes: RowResult[]; summary: string } {
  const outcomes = [...results].sort((a, b) => a.rowIndex - b.rowIndex);
  const counts = countRows(outcomes);
  return { counts, outcomes, summary: `${label}: ${describeCounts(counts)}.${note}` };
}

/** Errors keyed by header (from the pure layer) as a row result. */
function invalidRow(rowIndex: number, errors: Record<string, string>): RowResult {
  const messages = Object.entries(errors).map(([h, m]) => (m.toLowerCase().startsWith(h.toLowerCase()) ? m : `${h}: ${m}`));
  return { rowIndex, status: "Invalid", message: `Not sent: ${messages.join("; ")}`, errorColumns: Object.keys(errors) };
}
