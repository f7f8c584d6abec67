/**
 * The push: an input sheet back to the service through bulk_input, in chunks, with every row ending in a
 * definite Status (Saved / Failed / Invalid / Unchanged / Not sent) and Message.
 *
 * Order of work, so that nothing is lost when it stops partway:
 *  1. validate locally and plan; write Invalid/Unchanged at once and mark the rows to send "Not sent (waiting)";
 *  2. send the chunks, a few in flight at once, writing each chunk's outcomes as soon as it is answered.
 *     bulk_input sets absolute values (docs/api-choices.md), so a chunk that gets no definite answer (5xx, lost
 *     connection, timeout, unreadable reply) or a 429 is sent again by the PayrollApi after a backoff with jitter
 *     (Retry-After for a 429), a bounded number of tries; a 429 also halves the PayrollApi's rate for the rest of
 *     the push. A chunk whose tries are used up ends Failed and the push goes on with the others; a definite refusal
 *     (422, per-entity success "false") ends its rows at once; a refused key stops the push. Cancel stops between
 *     requests and between tries (the request in flight is let finish, so its rows get the service's real answer);
 *  3. always (finally) save the snapshot of the rows the service confirmed, add a Push log line with the push's ID,
 *     and append one Change history line per cell the push meant to send (./changeHistory);
 *  4. read the new nett pay of the saved rows (and of rows an earlier push left pending) a bounded number of times,
 *     at a cost that grows with the rows (./nettPay). Until it arrives a row keeps its old figure, its state says
 *     the figure is awaited and its Message "Nett pay pending"; Refresh nett pay (refreshNettPay in ./nettPay) looks
 *     again later.
 * Every row's state (sheets/rowState) is data kept beside the sheet (./rowStates): each step changes it, then draws
 * the Status and Message cells from it; nothing here reads those cells.
 */
import { AbortedError, NotFoundError, RateLimitedError, UnauthorizedError, ValidationError, type RetryInfo } from "../../../api";
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
  pushHighlights as highlighted,
  rejectedOutcomes,
  retryRowIndexes,
  summarise,
  toEntity,
  unconfirmedOutcomes,
} from "../model/pushPlan";
import { InputSheetError, type InputSheetMeta, type ReadSheet, type Snapshot, snapshotToTable } from "../model/inputSheetModel";
import { keptOutcomeRows } from "../model/keptOutcomes";
import type { NettPayTarget } from "../model/nettPay";
import { type RowRecords, awaitedNettPay, awaitingNettPay, drawRow, following, outcomeRecord, unmovedRows } from "../model/rowState";
import { PUSH_LOG_SHEET_OPTIONS, PUSH_MODE_LABELS, pushLogRow } from "../model/pushLog";
import { appendLogRows } from "./logSheets";
import {
  CANCELLED,
  matchBulkResults,
  notSentMessage,
  rowsWith,
  stoppedNote,
  waitingMessage,
} from "../../../ui/sheets/rowOutcomes";
import { type Clock, type FlowContext, SYSTEM_CLOCK } from "../../../ui/flows/common";
import { openInputSheet } from "./inputs";
import { DEFAULT_NETT_PAY_POLLING, type NettPayPolling, awaitNettPay } from "./nettPay";
import { BUSY, KEY_REFUSED, unconfirmedReason } from "../../../ui/flows/rowWrites";
import { annotationOf, readRowRecords, saveRowRecords } from "./rowStates";
import { type PushCheckOptions, checkBeforeSending, nettPayFlagger, sheetNames } from "./pushCheck";
import { withReview } from "./review";
import type { ReviewState } from "../model/review";
import { PushReads } from "./pushReads";
import type { RowFlag } from "../model/pushCheck";
import { invalidateFormulaResults } from "../../../functions/connection";
import type { RowAnnotation, TableData } from "../../../excel";
import { newPushId } from "../model/changeHistory";
import { appendHistory, employeesOf, pushedCells } from "./changeHistory";
import { asRetryable, retryAdvice } from "../model/retryAdvice";
import { NETT_PAY_UNCHANGED } from "../model/nettPayUnmoved";
import { finalisedReason } from "../model/finalisedPeriod";
import { formatDate } from "../../../ui/locale";

/** Before sending: the plan without the rows changed in the service since the build, held back as Conflict (./conflicts). */
export type ConflictCheck = (
  plan: PushPlan,
  /** `names`: "Ann Byrne (0012)" per employee, when the caller has them (Undo push: the Change history's). */
  sheet: { meta: InputSheetMeta; snapshot: Snapshot; names?: ReadonlyMap<number, string> },
  signal?: AbortSignal,
  /** The push's read of the service, shared with the check before sending (./pushReads). */
  reads?: PushReads,
) => Promise<PushPlan>;

/** What a push sends: its mode and rows, and how the requests go. The client is the context's (another's sheet is refused). */
export interface PushSend {
  mode: PushMode;
  /** Rows of mode "selected" or "overwrite" instead of the sheet's selection (Overwrite conflicts: the Conflict rows). */
  rowIndexes?: Iterable<number>;
  /** Entities per bulk_input request (default 100). */
  chunkSize?: number;
  /** Tries per chunk before its rows end Failed (default 6). */
  tries?: number;
  /** Chunks in flight at once (default 2); the PayrollApi's rate limiter spaces their starts. */
  concurrency?: number;
  /** The push's name on its Push log line (default its mode's button, e.g. "Push changes"). */
  logAs?: string;
}

/** The steps around sending, each left out when not wanted: conflicts held back, the check, the wait for nett pay. */
export interface PushSteps {
  conflictCheck?: ConflictCheck;
  /** The check before sending (./pushCheck): totals, flags against last period, and the user's choice. */
  check?: PushCheckOptions;
  /** The wait for the recalculated nett pay after sending (default 10 looks 1.5 s apart); false: do not wait. */
  nettPay?: NettPayPolling | false;
}

/** A push: what is sent, the steps around it, and the clock its waits, states and push ID run on (SYSTEM_CLOCK by default). */
export interface PushOptions {
  send: PushSend;
  steps?: PushSteps;
  clock?: Clock;
}

export interface PushResult {
  sheetName: string;
  /** On its Push log line and its Change history lines. */
  pushId: string;
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
  /** Nett pay written for this many rows; the rest keep their old figure, marked pending; `unmoved` saved rows' pay did not move. */
  nettPay: { updated: number; pending: number; unmoved: number };
  /** The rows still waiting for nett pay, with what was sent and the figure before (Push all's one wait takes them). */
  pendingNettPay: NettPayTarget[];
  /** Input columns of the metadata missing from the sheet, and columns the sheet has that are not inputs. */
  missingInputs: string[];
  unknownColumns: string[];
}

export const DEFAULT_TRIES = 6;
export const DEFAULT_PUSH_CONCURRENCY = 2;

const RECALCULATING = "the service is recalculating";
/** Requests for a chunk whose answers leave rows out: the first, then again for the rows left out. */
const MISSING_RESULT_ROUNDS = 3;

/** One push as it goes: what it sends, and what it has learnt so far (shared by the chunks in flight). */
interface PushRun {
  ctx: FlowContext;
  sheetName: string;
  meta: InputSheetMeta;
  plan: PushPlan;
  /** The plan before the pre-steps held rows back (Conflict): what the Change history records. */
  planned: PushPlan;
  pushId: string;
  /** Why the Change history lacks this push's lines, or null. */
  historyNote: string | null;
  /** Number and Name of a row of the sheet, for the Change history. */
  who: (rowIndex: number) => { number: string; name: string };
  /** Tries per chunk. */
  tries: number;
  waitForNettPay: boolean;
  outcomes: Map<number, RowOutcome>;
  /** Rows the service confirmed saved. */
  saved: PlannedRow[];
  stoppedBy: string | null;
  bulkRequests: number;
  /** One per 429 that halved the rate: undone when the push ends. */
  restoreRate: (() => void)[];
  /** Rows of the plan sent so far (answered or not). */
  sent: number;
  /** The Push column of its log line. */
  logAs: string;
  /** Rows the check flagged that are sent anyway: their Message keeps the reason, their cells the highlight. */
  flags: ReadonlyMap<number, RowFlag>;
  /** The sheet as read (its table too), and each row's state (drawn into its Status and Message after every change). */
  sheet: ReadSheet;
  table: TableData;
  records: RowRecords;
  /** When this push marks a row's nett pay awaited (ISO). */
  since: string;
  /** Rows awaiting a second person's review, returned or approved by them: kept in their state and history lines. */
  reviews?: ReadonlyMap<number, ReviewState>;
}

/**
 * Sets a row's state from an outcome and returns the outcome as the row now reads (its Message drawn from the state).
 * `sent`: the row went to the service (a flag the check raised on it stays in its Message). `awaiting`: its nett pay
 * is now awaited (`stillAwaited`: since an earlier push, which keeps its time).
 */
function record(
  run: PushRun,
  o: RowOutcome,
  { sent = false, awaiting, stillAwaited = false }: { sent?: boolean; awaiting?: NettPayTarget; stillAwaited?: boolean } = {},
): RowOutcome {
  const f = sent ? run.flags.get(o.rowIndex) : undefined;
  let r = withReview(outcomeRecord(o, { pushId: run.pushId, flags: f?.reasons, flagColumns: f?.columns }), run.reviews?.get(o.rowIndex));
  const earlier = stillAwaited ? run.records.get(o.rowIndex)?.nettPay : undefined;
  if (awaiting) r = awaitingNettPay({ ...r, ...(earlier ? { nettPay: earlier } : {}) }, RECALCULATING, run.since, awaiting);
  // A mark keeps the settled state the row had, which a change undone takes back (../model/rowRepair).
  r = following(run.records.get(o.rowIndex), r);
  run.records.set(o.rowIndex, r);
  const drawn = drawRow(r);
  return { ...o, message: drawn.message, errorColumns: drawn.errorColumns };
}

/** How a chunk request that finally failed ends its rows, and whether the whole push stops (Undo push too). */
export function chunkFailure(
  error: unknown,
  rows: PlannedRow[],
  meta: Pick<InputSheetMeta, "inputs">,
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
    return { outcomes: asRetryable(rejectedOutcomes(rows, message, {}, meta)), stop: null };
  }
  // Cancel during the wait before another try: the last try got no definite answer.
  if (error instanceof AbortedError || (error instanceof Error && error.name === "AbortError")) {
    return { outcomes: unconfirmedOutcomes(rows, "cancelled before the service confirmed it"), stop: CANCELLED };
  }
  const reason = unconfirmedReason(error).replace(/^the service failed/, "the service kept failing");
  return {
    outcomes: asRetryable(
      rowsWith(
        rows.map((r) => r.rowIndex),
        "Failed",
        `Not confirmed after ${tries} ${tries === 1 ? "try" : "tries"}: ${reason}. Press Retry failed, or check the service status.`,
      ),
    ),
    stop: null,
  };
}

/** What "1 s" says about a wait. */
const inSeconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

/** The rows in scope of a mode that needs them (selected, overwrite, retry); undefined for changed and all. */
async function scopeRows(
  ctx: FlowContext,
  sheetName: string,
  records: RowRecords,
  send: PushSend,
): Promise<Set<number> | undefined> {
  const { mode } = send;
  if (mode === "selected" || mode === "overwrite") {
    const rows = new Set(send.rowIndexes ?? (await ctx.workbook.selectedRowIndexes(sheetName)));
    if (rows.size === 0) throw new InputSheetError(`Select the rows to push in "${sheetName}" first.`);
    return rows;
  }
  if (mode === "retry") {
    const rows = retryRowIndexes(records);
    if (rows.size === 0) throw new InputSheetError(`"${sheetName}" has no Failed or Not sent rows to retry.`);
    return rows;
  }
  return undefined;
}

/**
 * Step 1: the outcomes decided without sending, on the sheet at once, and the rows to send marked waiting. Rows an
 * earlier push left waiting for their nett pay keep saying so until it is shown; rows out of scope keep their
 * annotations when only some rows are pushed.
 */
async function markPlan(
  run: PushRun,
  earlierPending: ReadonlyMap<number, NettPayTarget>,
  sheet: ReadSheet,
  kept: ReadonlySet<number>,
): Promise<void> {
  const { ctx, sheetName, plan, meta } = run;
  // A kept row keeps its state (an earlier Saved, Failed or Conflict, and any nett pay it still awaits).
  for (const o of plan.local) {
    if (kept.has(o.rowIndex)) run.outcomes.set(o.rowIndex, o);
    else {
      const awaiting = o.status === "Unchanged" ? earlierPending.get(o.rowIndex) : undefined;
      run.outcomes.set(o.rowIndex, record(run, o, { awaiting, stillAwaited: true }));
    }
  }
  const waiting = notSentOutcomes(plan.send, waitingMessage(RETRY_HINT));
  for (const o of waiting) record(run, o); // a mark, not an outcome yet (run.outcomes has none for these rows)
  const marked = new Set([...plan.local.filter((o) => !kept.has(o.rowIndex)), ...waiting].map((o) => o.rowIndex));
  const annotations: RowAnnotation[] = [...marked].map((i) => annotationOf(i, run.records.get(i)));
  let clearOthers = plan.mode === "changed" || plan.mode === "all";
  if (clearOthers) {
    // Every other row is cleared, its state with it; kept rows' Status, Message and highlights stay.
    const rest = sheet.rows.filter((r) => !marked.has(r.rowIndex) && !kept.has(r.rowIndex));
    for (const r of rest) run.records.delete(r.rowIndex);
    if (kept.size > 0) {
      // Then every other row is written (blank rows cleared) instead.
      annotations.push(...rest.map((r) => ({ rowIndex: r.rowIndex, status: "", message: "" })));
      clearOthers = false;
    }
  }
  await ctx.workbook.annotateRows(sheetName, annotations, { clearOthers, highlightColumns: highlighted(meta) });
  // Stored before sending: rows marked waiting stay Not sent (Retry failed sends them) if the push is cut short.
  if (marked.size > 0) await saveRowRecords(ctx.workbook, meta, run.table, run.records);
}

/**
 * A chunk's requests: rows the answer left out are sent again (idempotent, so safe), a bounded number of rounds.
 * Returns each row's outcome; a request that finally failed ends the rows it carried (and may stop the push).
 */
async function requestChunk(run: PushRun, rows: PlannedRow[], i: number): Promise<Map<number, RowOutcome>> {
  const { ctx, meta, tries } = run;
  const total = run.plan.send.length;
  let attempts = 1;
  const onRetry = (info: RetryInfo) => {
    attempts = info.attempt + 1;
    run.bulkRequests += 1;
    if (info.reason === "rate_limited") run.restoreRate.push(ctx.api.slowDown());
    const why = info.reason === "rate_limited" ? BUSY : unconfirmedReason(info.error);
    ctx.progress.update?.(
      run.sent,
      total,
      `Batch ${i + 1}: ${why}; trying again in ${inSeconds(info.delayMs)} (try ${attempts} of ${tries})`,
    );
  };
  const byRow = new Map<number, RowOutcome>();
  let pending = rows;
  for (let round = 1; pending.length > 0; round++) {
    attempts = 1;
    run.bulkRequests += 1;
    try {
      // No abort signal on the request: one already sent is let finish, so its rows get the service's real
      // answer. Cancel only stops the waits between tries.
      const results = await ctx.api.bulkInput(meta.clientId, pending.map(toEntity), {
        idempotent: true,
        tries,
        stopRetries: ctx.signal,
        onRetry,
      });
      const matched = matchBulkResults(pending, results);
      for (const o of chunkOutcomes(pending, results, meta, formatDate)) byRow.set(o.rowIndex, o);
      pending = pending.filter((_, k) => matched[k] === undefined);
    } catch (error) {
      // A 429 the PayrollApi did not wait out (Retry-After too long) slows the rest of the push down too.
      if (error instanceof RateLimitedError && attempts === 1) run.restoreRate.push(ctx.api.slowDown());
      const failure = chunkFailure(error, pending, meta, attempts);
      for (const o of failure.outcomes) byRow.set(o.rowIndex, o);
      run.stoppedBy ??= failure.stop;
      break;
    }
    if (round >= MISSING_RESULT_ROUNDS || ctx.signal?.aborted) break;
  }
  return byRow;
}

/** What a saved row's nett pay wait knows of it: what was sent, and the figure before. */
function savedTarget(run: PushRun, row: PlannedRow): NettPayTarget {
  const { rowIndex, employeeId, payslipDate, attributes } = row;
  return { rowIndex, employeeId, payslipDate, sent: Object.keys(attributes), was: run.sheet.rows[rowIndex]?.nettPay };
}

/**
 * Step 2, one chunk: send it, then write its rows' outcomes at once (saved rows wait for their nett pay). A row sent
 * although the check flagged it keeps the reason in its Message and the flagged cells highlighted.
 */
async function sendChunk(run: PushRun, rows: PlannedRow[], i: number): Promise<void> {
  const byRow = await requestChunk(run, rows, i);
  const chunkResult = rows.map((r) => {
    const o = byRow.get(r.rowIndex)!;
    return record(run, o, { sent: true, awaiting: o.status === "Saved" && run.waitForNettPay ? savedTarget(run, r) : undefined });
  });
  const savedRowIndexes = new Set(chunkResult.filter((o) => o.status === "Saved").map((o) => o.rowIndex));
  for (const o of chunkResult) run.outcomes.set(o.rowIndex, o);
  run.saved.push(...rows.filter((r) => savedRowIndexes.has(r.rowIndex)));
  run.sent += rows.length;
  const annotations = chunkResult.map((o) => annotationOf(o.rowIndex, run.records.get(o.rowIndex)));
  await run.ctx.workbook.annotateRows(run.sheetName, annotations, {
    clearOthers: false,
    highlightColumns: highlighted(run.meta),
  });
  run.ctx.progress.update?.(run.sent, run.plan.send.length, `Batch ${i + 1} of ${run.plan.chunks.length}`);
}

/**
 * Step 2: the chunks, a few in flight at once, so the wall time approaches requests ÷ rate instead of the sum of
 * answer times. A refused key or Cancel stops starting chunks.
 */
async function sendChunks(run: PushRun, concurrency: number): Promise<void> {
  const { chunks } = run.plan;
  const total = run.plan.send.length;
  run.ctx.progress.update?.(0, total, `Sending ${total} row${total === 1 ? "" : "s"}`);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      if (run.ctx.signal?.aborted) run.stoppedBy ??= CANCELLED;
      if (run.stoppedBy) return;
      const i = next++;
      await sendChunk(run, chunks[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
}

/**
 * Step 3, whatever happened while sending: rows never sent say so, the snapshot learns what the service confirmed,
 * and the Push log gets a line.
 */
async function settlePush(run: PushRun, snapshot: Snapshot, now: () => Date): Promise<void> {
  const { ctx, sheetName, meta } = run;
  for (const restore of run.restoreRate) restore();
  const unsent = run.plan.send.filter((r) => !run.outcomes.has(r.rowIndex));
  if (unsent.length > 0) {
    const notSent = notSentOutcomes(unsent, notSentMessage(run.stoppedBy, RETRY_HINT));
    for (const o of notSent) run.outcomes.set(o.rowIndex, record(run, o));
    const annotations = notSent.map((o) => annotationOf(o.rowIndex, run.records.get(o.rowIndex)));
    await ctx.workbook
      .annotateRows(sheetName, annotations, { clearOthers: false, highlightColumns: highlighted(meta) })
      .catch(() => undefined);
  }
  await saveRowRecords(ctx.workbook, meta, run.table, run.records);
  if (run.saved.length > 0) {
    invalidateFormulaResults(meta.clientId); // PAYROLL formulas of this client read their figures again
    const next = snapshotToTable(
      applySaved(snapshot, run.saved),
      meta.inputs.map((i) => i.key),
    );
    await ctx.workbook.writeHiddenTable(meta.snapshotSheet, next.columns, next.rows);
  }
  const time = now();
  await appendLogRows(ctx.workbook, {
    ...PUSH_LOG_SHEET_OPTIONS,
    rows: [
      pushLogRow({
        time,
        clientId: meta.clientId,
        clientName: meta.clientName,
        waveName: meta.waveName,
        payslipDate: meta.payslipDate,
        sheetName,
        push: run.logAs,
        counts: countOutcomes(run.outcomes.values()),
        pushId: run.pushId,
      }),
    ],
  });
  const push = { time, preparedBy: ctx.preparedBy ?? "", clientId: meta.clientId, clientName: meta.clientName, sheet: sheetName };
  const cells = pushedCells({ planned: run.planned, meta, snapshot, outcomes: run.outcomes, who: run.who, reviews: run.reviews });
  run.historyNote = await appendHistory(ctx.workbook, { ...push, pushId: run.pushId }, cells);
}

/** The rows whose nett pay to wait for: the saved ones, and those earlier pushes left pending (unless failed or re-saved now). */
function nettPayTargets(run: PushRun, earlierPending: ReadonlyMap<number, NettPayTarget>): NettPayTarget[] {
  const targets: NettPayTarget[] = run.saved.map((row) => savedTarget(run, row));
  const savedNow = new Set(targets.map((t) => t.rowIndex));
  for (const t of earlierPending.values()) {
    const now = run.outcomes.get(t.rowIndex)?.status;
    if (!savedNow.has(t.rowIndex) && (now === undefined || now === "Unchanged" || now === "Saved")) targets.push(t);
  }
  return targets;
}

/** Push an input sheet. Throws InputSheetError (nothing sent) when the sheet cannot be pushed at all. */
export async function pushInputSheet(
  ctx: FlowContext,
  sheetName: string,
  { send, steps = {}, clock = SYSTEM_CLOCK }: PushOptions,
): Promise<PushResult> {
  const { mode } = send;
  const { meta, snapshot, sheet, table } = await openInputSheet(ctx.workbook, sheetName, ctx.client.id);
  if (meta.finalised) throw new InputSheetError(finalisedReason(formatDate(meta.payslipDate)));
  const now = clock.now;
  const records = await readRowRecords(ctx.workbook, meta, table, now);
  const rowIndexes = await scopeRows(ctx, sheetName, records, send);
  const planned = planPush(sheet, snapshot, { mode, rowIndexes, chunkSize: send.chunkSize ?? DEFAULT_CHUNK_SIZE });
  // One read of the service for both pre-steps: today's values for the conflict check, last period's for the check.
  const reads = steps.check?.reads ?? new PushReads(ctx.api, meta.clientId, { signal: ctx.signal });
  const unchecked = steps.conflictCheck ? await steps.conflictCheck(planned, { meta, snapshot }, ctx.signal, reads) : planned;
  // The one point before sending: the user sees the totals and flags, and may hold flagged rows or send nothing.
  const names = sheetNames(table, unchecked.send);
  const checked = steps.check
    ? await checkBeforeSending(ctx, { sheetName, meta, snapshot, names, table, records }, unchecked, { ...steps.check, reads })
    : { plan: unchecked, flags: new Map<number, RowFlag>(), previous: null };
  const { plan } = checked;
  const run: PushRun = {
    ctx,
    sheetName,
    meta,
    plan,
    planned,
    pushId: newPushId(now()),
    who: employeesOf(table),
    historyNote: null,
    tries: Math.max(1, send.tries ?? DEFAULT_TRIES),
    waitForNettPay: steps.nettPay !== false,
    outcomes: new Map(),
    saved: [],
    stoppedBy: null,
    bulkRequests: 0,
    restoreRate: [],
    sent: 0,
    logAs: send.logAs ?? PUSH_MODE_LABELS[mode],
    flags: checked.flags,
    sheet,
    table,
    records,
    since: now().toISOString(),
    reviews: checked.reviews,
  };
  const earlierPending = new Map(awaitedNettPay(sheet, records).map((t) => [t.rowIndex, t]));
  // An "Unchanged" never writes over an earlier Saved, Failed or Conflict (../../sheets/keptOutcomes).
  const kept = keptOutcomeRows(
    [...records].map(([rowIndex, r]) => ({ rowIndex, status: r.status })),
    plan.local,
  );
  await markPlan(run, earlierPending, sheet, kept);
  try {
    await sendChunks(run, Math.max(1, send.concurrency ?? DEFAULT_PUSH_CONCURRENCY));
  } finally {
    await settlePush(run, snapshot, now);
  }

  const flagNettPay = nettPayFlagger(checked.previous, steps.check?.settings);
  const nettPay = run.waitForNettPay
    ? await awaitNettPay(
        ctx,
        sheetName,
        meta,
        nettPayTargets(run, earlierPending),
        { sheet, table, records },
        {
          polling: steps.nettPay || DEFAULT_NETT_PAY_POLLING,
          sleep: clock.sleep,
          now,
          flagNettPay,
        },
      )
    : { updated: 0, pending: 0, requests: 0, polls: 0, unmoved: 0, pendingTargets: [] };
  // Each outcome as its row now reads: its state drawn (a kept row's earlier state is not this push's outcome).
  const ordered = [...run.outcomes.values()]
    .sort((a, b) => a.rowIndex - b.rowIndex)
    .map((o) => {
      const r = run.records.get(o.rowIndex);
      return r && r.status === o.status && !kept.has(o.rowIndex) ? { ...o, message: drawRow(r).message } : o;
    });
  const counts = countOutcomes(ordered);
  // Counted from the rows' states, never from their words; a kept row's earlier push is not this push's outcome.
  const unmoved = unmovedRows(records, [...run.outcomes.keys()].filter((i) => !kept.has(i)));
  const summary =
    `${sheetName}: ${summarise(counts)}.` +
    stoppedNote(run.stoppedBy) +
    retryAdvice(ordered) +
    (unmoved > 0 ? ` ${NETT_PAY_UNCHANGED} on ${unmoved} saved row${unmoved === 1 ? "" : "s"}: see the Message column.` : "") +
    (run.historyNote ? ` ${run.historyNote}` : "");
  return {
    sheetName,
    pushId: run.pushId,
    mode,
    counts,
    outcomes: ordered,
    summary,
    requests: {
      bulkInput: run.bulkRequests,
      nettPay: nettPay.requests,
      polls: nettPay.polls,
      slowDowns: run.restoreRate.length,
    },
    stoppedBy: run.stoppedBy,
    nettPay: { updated: nettPay.updated, pending: nettPay.pending, unmoved },
    pendingNettPay: nettPay.pendingTargets,
    missingInputs: sheet.missingInputs,
    unknownColumns: sheet.unknownColumns,
  };
}
