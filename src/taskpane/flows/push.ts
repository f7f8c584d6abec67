/**
 * The push: an input sheet back to the service through bulk_input, in chunks, with every row ending in a
 * definite Status (Saved / Failed / Invalid / Unchanged / Not sent) and Message.
 *
 * Order of work, so that nothing is lost when it stops partway:
 *  1. validate locally and plan; write Invalid/Unchanged at once and mark the rows to send "Not sent (waiting)";
 *  2. send the chunks, a few in flight at once, writing each chunk's outcomes as soon as it is answered.
 *     bulk_input sets absolute values (docs/api-choices.md), so a chunk that gets no definite answer (5xx, lost
 *     connection, timeout, unreadable reply) or a 429 is sent again by the client after a backoff with jitter
 *     (Retry-After for a 429), a bounded number of tries; a 429 also halves the client's rate for the rest of the
 *     push. A chunk whose tries are used up ends Failed and the push goes on with the others; a definite refusal
 *     (422, per-entity success "false") ends its rows at once; a refused key stops the push. Cancel stops between
 *     requests and between tries (the request in flight is let finish, so its rows get the service's real answer);
 *  3. always (finally) save the snapshot of the rows the service confirmed and add a Push log line;
 *  4. read the new nett pay of the saved rows (and of rows an earlier push left pending) a bounded number of times,
 *     at a cost that grows with the rows (./nettPay). Until it arrives a row keeps its old figure and its Message
 *     says "Nett pay pending"; Refresh nett pay (refreshNettPay) looks again later.
 */
import {
  AbortedError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
  type PayrollApi,
  type RetryInfo,
} from "../../api";
import type { WorkbookPort } from "../../excel";
import {
  DEFAULT_CHUNK_SIZE,
  type PlannedRow,
  type PushCounts,
  type PushMode,
  type PushPlan,
  type RowOutcome,
  RETRY_HINT,
  applySaved,
  chunkOutcomes,
  countOutcomes,
  notSentOutcomes,
  planPush,
  rejectedOutcomes,
  retryRowIndexes,
  summarise,
  toEntity,
  unconfirmedOutcomes,
} from "../../sheets/pushPlan";
import {
  InputSheetError,
  type InputSheetMeta,
  type Snapshot,
  type ReadSheet,
  metaSettingKey,
  parseMeta,
  readInputSheet,
  snapshotFromTable,
  snapshotToTable,
} from "../../sheets/inputSheetModel";
import {
  NETT_PAY_PENDING,
  type NettPayTarget,
  pendingNettPayRows,
  withPendingNote,
  withoutPendingNote,
} from "../../sheets/nettPay";
import { PUSH_LOG_COLUMNS, PUSH_LOG_SHEET, PUSH_LOG_TABLE, pushLogRow } from "../../sheets/pushLog";
import { INPUT_SHEET_HEADERS as H } from "../../sheets/inputSheet";
import {
  BULK_STATUSES,
  CANCELLED,
  matchBulkResults,
  notSentMessage,
  rowsWith,
  stoppedNote,
  waitingMessage,
} from "../../sheets/rowOutcomes";
import { abortableSleep, type FlowProgress } from "./common";
import { readNettPay } from "./nettPay";
import { BUSY, KEY_REFUSED, toAnnotation, unconfirmedReason } from "./rowWrites";
import { invalidateFormulaResults } from "../../functions/connection";

export interface NettPayPolling {
  /** Looks at the service at most (default 10). */
  polls: number;
  /** Wait before each look (default 1500 ms). */
  intervalMs: number;
}

export interface PushOptions extends FlowProgress {
  mode: PushMode;
  /** The client the pane is connected to: a sheet of another client is refused. */
  clientId: number;
  /** Entities per bulk_input request (default 100). */
  chunkSize?: number;
  /** Tries per chunk before its rows end Failed (default 6). */
  tries?: number;
  /** Chunks in flight at once (default 2); the client's rate limiter spaces their starts. */
  concurrency?: number;
  /** false: do not wait for the recalculated nett pay. */
  nettPay?: NettPayPolling | false;
  /** Rows of mode "selected" or "overwrite" instead of the sheet's selection (Overwrite conflicts: the Conflict rows). */
  rowIndexes?: Iterable<number>;
  /** Before sending: the plan without the rows changed in the service since the build, held back as Conflict (./conflicts). */
  conflictCheck?(plan: PushPlan, sheet: { meta: InputSheetMeta; snapshot: Snapshot }, signal?: AbortSignal): Promise<PushPlan>;
  /** Test seams. */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  now?(): Date;
}

export interface PushResult {
  sheetName: string;
  mode: PushMode;
  counts: PushCounts;
  /** Every row in scope, in sheet order. */
  outcomes: RowOutcome[];
  /** One sentence for the pane. */
  summary: string;
  /** bulk_input requests (tries included), nett pay reads, and how many times a 429 halved the rate. */
  requests: { bulkInput: number; nettPay: number; polls: number; slowDowns: number };
  /** Why sending stopped early (a refused key, or cancel), or null. */
  stoppedBy: string | null;
  /** Nett pay written for this many rows; the rest keep their old figure, marked pending. */
  nettPay: { updated: number; pending: number };
  /** Input columns of the metadata missing from the sheet, and columns the sheet has that are not inputs. */
  missingInputs: string[];
  unknownColumns: string[];
}

export const DEFAULT_TRIES = 6;
export const DEFAULT_PUSH_CONCURRENCY = 2;
const DEFAULT_POLLING: NettPayPolling = { polls: 10, intervalMs: 1500 };

/**
 * The cells a push colours (besides Status): those its messages can name. Only their fill is cleared when the
 * push marks rows again, so colour an accountant put on names, nett pay or notes stays.
 */
const highlighted = (meta: Pick<InputSheetMeta, "inputs">): string[] => [
  H.employeeId,
  H.payslipDate,
  ...meta.inputs.map((i) => i.header),
];
const STILL_RECALCULATING = "the service is still recalculating — press Refresh nett pay";
const RECALCULATING = "the service is recalculating";
/** Requests for a chunk whose answers leave rows out: the first, then again for the rows left out. */
const MISSING_RESULT_ROUNDS = 3;

/** How a chunk request that finally failed ends its rows, and whether the whole push stops. */
function chunkFailure(
  error: unknown,
  rows: PlannedRow[],
  meta: InputSheetMeta,
  tries: number,
): { outcomes: RowOutcome[]; stop: string | null } {
  // A definite refusal of the request as a whole: nothing was saved, and the next chunk may well be fine.
  if (error instanceof ValidationError) {
    return { outcomes: rejectedOutcomes(rows, `Not saved: ${error.serviceMessage}`, error.errors, meta), stop: null };
  }
  if (error instanceof UnauthorizedError) {
    return { outcomes: rejectedOutcomes(rows, `Not saved: ${error.message}`, {}, meta), stop: KEY_REFUSED };
  }
  if (error instanceof NotFoundError) {
    return { outcomes: rejectedOutcomes(rows, `Not saved: ${error.message}`, {}, meta), stop: error.message };
  }
  if (error instanceof RateLimitedError) {
    const message = `Not saved after ${tries} ${tries === 1 ? "try" : "tries"}: ${BUSY}. Press Retry failed in a few minutes.`;
    return { outcomes: rejectedOutcomes(rows, message, {}, meta), stop: null };
  }
  // Cancel during the wait before another try: the last try got no definite answer.
  if (error instanceof AbortedError || (error instanceof Error && error.name === "AbortError")) {
    return { outcomes: unconfirmedOutcomes(rows, "cancelled before the service confirmed it"), stop: CANCELLED };
  }
  const reason = unconfirmedReason(error).replace(/^the service failed/, "the service kept failing");
  return {
    outcomes: rowsWith(
      rows.map((r) => r.rowIndex),
      "Failed",
      `Not confirmed after ${tries} ${tries === 1 ? "try" : "tries"}: ${reason}. Press Retry failed, or check the service status.`,
    ),
    stop: null,
  };
}

/** What "1 s" says about a wait. */
const inSeconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

/** The sheet, its metadata and snapshot, read and checked for pushing (or refreshing) under the chosen client. */
async function openInputSheet(workbook: WorkbookPort, sheetName: string, clientId: number) {
  const meta = parseMeta(await workbook.getSetting(metaSettingKey(sheetName)));
  if (!meta) {
    throw new InputSheetError(
      `"${sheetName}" is not an input sheet built by the add-in (or it was renamed). Build a new input sheet.`,
    );
  }
  if (meta.clientId !== clientId) {
    throw new InputSheetError(
      `"${sheetName}" belongs to ${meta.clientName} (ID ${meta.clientId}). Choose that client to push it.`,
    );
  }
  const table = await workbook.readTable(sheetName);
  if (!table) throw new InputSheetError(`"${sheetName}" has no table any more. Build the input sheet again.`);
  const stored = await workbook.readHiddenTable(meta.snapshotSheet);
  if (!stored) throw new InputSheetError(`The snapshot of "${sheetName}" is missing. Build the input sheet again.`);
  const snapshot = snapshotFromTable(stored);
  return { meta, snapshot, sheet: readInputSheet(table, meta, snapshot) };
}

/** Push an input sheet. Throws InputSheetError (nothing sent) when the sheet cannot be pushed at all. */
export async function pushInputSheet(
  api: PayrollApi,
  workbook: WorkbookPort,
  sheetName: string,
  options: PushOptions,
): Promise<PushResult> {
  const { mode, signal } = options;
  const { meta, snapshot, sheet } = await openInputSheet(workbook, sheetName, options.clientId);

  let rowIndexes: Set<number> | undefined;
  if (mode === "selected" || mode === "overwrite") {
    rowIndexes = new Set(options.rowIndexes ?? (await workbook.selectedRowIndexes(sheetName)));
    if (rowIndexes.size === 0) throw new InputSheetError(`Select the rows to push in "${sheetName}" first.`);
  } else if (mode === "retry") {
    rowIndexes = retryRowIndexes(sheet);
    if (rowIndexes.size === 0) throw new InputSheetError(`"${sheetName}" has no Failed or Not sent rows to retry.`);
  }
  const planned = planPush(sheet, snapshot, { mode, rowIndexes, chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE });
  const plan = options.conflictCheck ? await options.conflictCheck(planned, { meta, snapshot }, signal) : planned;
  const waitForNettPay = options.nettPay !== false;

  // Rows an earlier push left waiting for their nett pay keep saying so until it is shown.
  const earlierPending = new Map(pendingNettPayRows(sheet).map((t) => [t.rowIndex, t]));
  const local = plan.local.map((o) =>
    earlierPending.has(o.rowIndex) && o.status === "Unchanged" ? { ...o, message: withPendingNote(o.message, RECALCULATING) } : o,
  );
  // Rows not in scope keep their annotations when only some rows are pushed.
  const clearOthers = mode === "changed" || mode === "all";
  await workbook.annotateRows(
    sheetName,
    [...local, ...notSentOutcomes(plan.send, waitingMessage(RETRY_HINT))].map(toAnnotation),
    { clearOthers, highlightColumns: highlighted(meta) },
  );

  const outcomes = new Map<number, RowOutcome>(local.map((o) => [o.rowIndex, o]));
  const saved: PlannedRow[] = [];
  let stoppedBy: string | null = null;
  let bulkRequests = 0;
  const restoreRate: (() => void)[] = [];
  let sent = 0;
  const total = plan.send.length;
  const tries = Math.max(1, options.tries ?? DEFAULT_TRIES);

  const sendChunk = async (rows: PlannedRow[], i: number): Promise<void> => {
    let attempts = 1;
    const onRetry = (info: RetryInfo) => {
      attempts = info.attempt + 1;
      bulkRequests += 1;
      if (info.reason === "rate_limited") restoreRate.push(api.slowDown());
      const why = info.reason === "rate_limited" ? BUSY : unconfirmedReason(info.error);
      options.update?.(
        sent,
        total,
        `Batch ${i + 1}: ${why}; trying again in ${inSeconds(info.delayMs)} (try ${attempts} of ${tries})`,
      );
    };
    const byRow = new Map<number, RowOutcome>();
    // Rows the answer left out are sent again (idempotent, so safe), a bounded number of rounds.
    let pending = rows;
    for (let round = 1; pending.length > 0; round++) {
      attempts = 1;
      bulkRequests += 1;
      try {
        // No abort signal on the request: one already sent is let finish, so its rows get the service's real
        // answer. Cancel only stops the waits between tries.
        const results = await api.bulkInput(meta.clientId, pending.map(toEntity), {
          idempotent: true,
          tries,
          stopRetries: signal,
          onRetry,
        });
        const matched = matchBulkResults(pending, results);
        for (const o of chunkOutcomes(pending, results, meta)) byRow.set(o.rowIndex, o);
        pending = pending.filter((_, k) => matched[k] === undefined);
      } catch (error) {
        // A 429 the client did not wait out (Retry-After too long) slows the rest of the push down too.
        if (error instanceof RateLimitedError && attempts === 1) restoreRate.push(api.slowDown());
        const failure = chunkFailure(error, pending, meta, attempts);
        for (const o of failure.outcomes) byRow.set(o.rowIndex, o);
        stoppedBy ??= failure.stop;
        break;
      }
      if (round >= MISSING_RESULT_ROUNDS || signal?.aborted) break;
    }
    let chunkResult = rows.map((r) => byRow.get(r.rowIndex)!);
    const savedRowIndexes = new Set(chunkResult.filter((o) => o.status === "Saved").map((o) => o.rowIndex));
    if (waitForNettPay) {
      chunkResult = chunkResult.map((o) =>
        savedRowIndexes.has(o.rowIndex) ? { ...o, message: withPendingNote(o.message, RECALCULATING) } : o,
      );
    }
    for (const o of chunkResult) outcomes.set(o.rowIndex, o);
    saved.push(...rows.filter((r) => savedRowIndexes.has(r.rowIndex)));
    sent += rows.length;
    await workbook.annotateRows(sheetName, chunkResult.map(toAnnotation), {
      clearOthers: false,
      highlightColumns: highlighted(meta),
    });
    options.update?.(sent, total, `Batch ${i + 1} of ${plan.chunks.length}`);
  };

  try {
    options.update?.(0, total, `Sending ${total} row${total === 1 ? "" : "s"}`);
    // A few chunks in flight: the wall time approaches requests ÷ rate instead of the sum of answer times.
    let next = 0;
    const worker = async () => {
      while (next < plan.chunks.length) {
        if (signal?.aborted) stoppedBy ??= CANCELLED;
        if (stoppedBy) return;
        const i = next++;
        await sendChunk(plan.chunks[i], i);
      }
    };
    const concurrency = Math.max(1, options.concurrency ?? DEFAULT_PUSH_CONCURRENCY);
    await Promise.all(Array.from({ length: Math.min(concurrency, plan.chunks.length) }, worker));
  } finally {
    for (const restore of restoreRate) restore();
    // Whatever happened, rows never sent say so, the snapshot learns what the service confirmed, and the log gets a line.
    const unsent = plan.send.filter((r) => !outcomes.has(r.rowIndex));
    if (unsent.length > 0) {
      const notSent = notSentOutcomes(unsent, notSentMessage(stoppedBy, RETRY_HINT));
      for (const o of notSent) outcomes.set(o.rowIndex, o);
      await workbook
        .annotateRows(sheetName, notSent.map(toAnnotation), { clearOthers: false, highlightColumns: highlighted(meta) })
        .catch(() => undefined);
    }
    if (saved.length > 0) {
      invalidateFormulaResults(meta.clientId); // PAYROLL formulas of this client read their figures again
      const next = snapshotToTable(
        applySaved(snapshot, saved),
        meta.inputs.map((i) => i.key),
      );
      await workbook.writeHiddenTable(meta.snapshotSheet, next.columns, next.rows);
    }
    await workbook.appendRows({
      sheetName: PUSH_LOG_SHEET,
      tableName: PUSH_LOG_TABLE,
      title: "Push log",
      columns: PUSH_LOG_COLUMNS,
      rows: [
        pushLogRow({
          time: options.now?.() ?? new Date(),
          clientId: meta.clientId,
          clientName: meta.clientName,
          sheetName,
          mode,
          counts: countOutcomes(outcomes.values()),
        }),
      ],
    });
  }

  // The saved rows, and the rows earlier pushes left pending (unless this push failed them or re-saved them).
  const targets: NettPayTarget[] = saved.map(({ rowIndex, employeeId, payslipDate }) => ({ rowIndex, employeeId, payslipDate }));
  const savedNow = new Set(targets.map((t) => t.rowIndex));
  for (const t of earlierPending.values()) {
    const now = outcomes.get(t.rowIndex)?.status;
    if (!savedNow.has(t.rowIndex) && (now === undefined || now === "Unchanged" || now === "Saved")) targets.push(t);
  }
  const rowMessages = rowMessagesOf(sheet);
  for (const [k, o] of outcomes) rowMessages.set(k, { status: o.status, message: o.message });
  const nettPay = waitForNettPay
    ? await awaitNettPay(api, workbook, sheetName, meta, targets, rowMessages, options)
    : { updated: 0, pending: 0, requests: 0, polls: 0 };
  const ordered = [...outcomes.values()]
    .sort((a, b) => a.rowIndex - b.rowIndex)
    .map((o) => {
      const m = rowMessages.get(o.rowIndex);
      return m && m.status === o.status ? { ...o, message: m.message } : o;
    });
  const counts = countOutcomes(ordered);
  const summary =
    `${sheetName}: ${summarise(counts)}.` +
    stoppedNote(stoppedBy) +
    (counts.Failed + counts["Not sent"] > 0 ? " Use Retry failed to resend the failed rows." : "");
  return {
    sheetName,
    mode,
    counts,
    outcomes: ordered,
    summary,
    requests: { bulkInput: bulkRequests, nettPay: nettPay.requests, polls: nettPay.polls, slowDowns: restoreRate.length },
    stoppedBy,
    nettPay: { updated: nettPay.updated, pending: nettPay.pending },
    missingInputs: sheet.missingInputs,
    unknownColumns: sheet.unknownColumns,
  };
}

/** What each row's Status and Message say now, so that a pending note can be added or dropped. */
type RowMessages = Map<number, { status: RowOutcome["status"]; message: string }>;

/** A row's Status as found on the sheet (a pending row was Saved or Unchanged; anything else counts as Saved). */
const sheetStatus = (text: string): RowOutcome["status"] =>
  (BULK_STATUSES as readonly string[]).includes(text) ? (text as RowOutcome["status"]) : "Saved";

const rowMessagesOf = (sheet: ReadSheet): RowMessages =>
  new Map(sheet.rows.map((r) => [r.rowIndex, { status: sheetStatus(r.status), message: r.message }]));

/** Sets a row's Message (same Status), keeping `messages` in step with the sheet. */
function reword(messages: RowMessages, rowIndex: number, reworded: (message: string) => string) {
  const m = messages.get(rowIndex) ?? { status: "Saved" as const, message: "" };
  const next = { status: m.status, message: reworded(m.message) };
  messages.set(rowIndex, next);
  return toAnnotation({ rowIndex, ...next, errorColumns: [] });
}

/**
 * Looks for the targets' new nett pay up to `polls` times, writing each figure as it arrives and dropping the
 * pending note from its row's Message. The old figure stays in place meanwhile; rows still pending at the end
 * say what to press.
 */
async function awaitNettPay(
  api: PayrollApi,
  workbook: WorkbookPort,
  sheetName: string,
  meta: Pick<InputSheetMeta, "clientId" | "inputs">,
  targets: readonly NettPayTarget[],
  messages: RowMessages,
  options: Pick<PushOptions, "nettPay" | "signal" | "update" | "sleep">,
): Promise<{ updated: number; pending: number; requests: number; polls: number }> {
  if (targets.length === 0) return { updated: 0, pending: 0, requests: 0, polls: 0 };
  const polling = options.nettPay || DEFAULT_POLLING;
  const sleep = options.sleep ?? abortableSleep;
  let pending: readonly NettPayTarget[] = targets;
  let polls = 0;
  let requests = 0;
  let problem: string | null = null;
  while (pending.length > 0 && polls < polling.polls) {
    try {
      await sleep(polling.intervalMs, options.signal);
      polls += 1;
      options.update?.(targets.length - pending.length, targets.length, "Waiting for the service to recalculate nett pay");
      const read = await readNettPay(api, meta.clientId, pending, { signal: options.signal });
      requests += read.requests;
      await showNettPay(workbook, sheetName, read.ready, messages, highlighted(meta));
      pending = read.pending;
    } catch (error) {
      const cancelled = options.signal?.aborted || (error instanceof Error && /Abort/.test(error.name));
      problem = cancelled
        ? "waiting was cancelled — press Refresh nett pay"
        : `it could not be read (${error instanceof Error ? error.message : String(error)}) — press Refresh nett pay`;
      break;
    }
  }
  await markPending(workbook, sheetName, pending, messages, problem ?? STILL_RECALCULATING, highlighted(meta));
  return { updated: targets.length - pending.length, pending: pending.length, requests, polls };
}

/** Writes arrived figures and drops their rows' pending note. */
async function showNettPay(
  workbook: WorkbookPort,
  sheetName: string,
  ready: readonly { rowIndex: number; value: number }[],
  messages: RowMessages,
  highlightColumns: readonly string[],
): Promise<void> {
  if (ready.length === 0) return;
  await workbook.writeColumnValues(sheetName, H.nettPay, ready, "currency");
  const annotations = ready.map(({ rowIndex }) => reword(messages, rowIndex, withoutPendingNote));
  await workbook.annotateRows(sheetName, annotations, { clearOthers: false, highlightColumns });
}

async function markPending(
  workbook: WorkbookPort,
  sheetName: string,
  pending: readonly NettPayTarget[],
  messages: RowMessages,
  why: string,
  highlightColumns: readonly string[],
): Promise<void> {
  if (pending.length === 0) return;
  const annotations = pending.map(({ rowIndex }) => reword(messages, rowIndex, (m) => withPendingNote(m, why)));
  await workbook.annotateRows(sheetName, annotations, { clearOthers: false, highlightColumns });
}

export interface RefreshNettPayOptions extends FlowProgress {
  clientId: number;
  /** Looks at the service (default 1: whatever it has finished now). */
  nettPay?: NettPayPolling;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface RefreshNettPayResult {
  sheetName: string;
  updated: number;
  pending: number;
  requests: number;
  summary: string;
}

/** How many rows of the sheet say their nett pay is pending (0 when it is not an input sheet): offers Refresh nett pay. */
export async function countPendingNettPay(workbook: WorkbookPort, sheetName: string): Promise<number> {
  const table = await workbook.readTable(sheetName);
  const col = table?.columns.findIndex((c) => String(c).trim() === H.message) ?? -1;
  if (!table || col < 0) return 0;
  return table.rows.filter((r) => String(r[col] ?? "").includes(`${NETT_PAY_PENDING}:`)).length;
}

/** Refresh nett pay: fills in the nett pay of the rows whose Message says it is pending, as far as the service has it. */
export async function refreshNettPay(
  api: PayrollApi,
  workbook: WorkbookPort,
  sheetName: string,
  options: RefreshNettPayOptions,
): Promise<RefreshNettPayResult> {
  const { meta, sheet } = await openInputSheet(workbook, sheetName, options.clientId);
  const targets = pendingNettPayRows(sheet);
  const messages = rowMessagesOf(sheet);
  const result = await awaitNettPay(api, workbook, sheetName, meta, targets, messages, {
    ...options,
    nettPay: options.nettPay ?? { polls: 1, intervalMs: 0 },
  });
  const summary =
    targets.length === 0
      ? `${sheetName}: no row is waiting for its nett pay.`
      : `${sheetName}: nett pay shown for ${result.updated} of ${targets.length} row${targets.length === 1 ? "" : "s"}.` +
        (result.pending > 0 ? ` ${result.pending} still pending: the service is recalculating; try again shortly.` : "");
  return { sheetName, updated: result.updated, pending: result.pending, requests: result.requests, summary };
}
