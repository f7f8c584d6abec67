/**
 * The push: an input sheet back to the service through bulk_input, in chunks, with every row ending in a
 * definite Status (Saved / Failed / Invalid / Unchanged / Not sent) and Message.
 *
 * Order of work, so that nothing is lost when it stops partway:
 *  1. validate locally and plan; write Invalid/Unchanged at once and mark the rows to send "Not sent (waiting)";
 *  2. send chunk by chunk, writing each chunk's outcomes as soon as it is answered. A request that fails without
 *     a definite answer (network, timeout, 5xx, unreadable reply) marks its rows Failed "Not confirmed" and stops
 *     the push; a 429 or a refused key marks them Failed and stops; later chunks stay "Not sent". Cancel stops
 *     before the next chunk (the request in flight is let finish, so its rows get the service's real answer);
 *  3. always (finally) save the snapshot of the rows the service confirmed and add a Push log line;
 *  4. poll the employees list (include=recent_payslips) a bounded number of times for the new nett pay of the
 *     saved rows, once per poll for all of them.
 */
import { RateLimitedError, UnauthorizedError, ValidationError, type PayrollClient } from "../../client";
import type { BulkInputResult } from "../../contract";
import type { WorkbookPort } from "../../excel";
import {
  DEFAULT_CHUNK_SIZE,
  InputSheetError,
  PUSH_LOG_COLUMNS,
  PUSH_LOG_SHEET,
  PUSH_LOG_TABLE,
  type NettPayTarget,
  type PlannedRow,
  type PushCounts,
  type PushMode,
  type RowOutcome,
  RETRY_HINT,
  applySaved,
  chunkOutcomes,
  countOutcomes,
  metaSettingKey,
  nettPayFor,
  notSentOutcomes,
  parseMeta,
  planPush,
  pushLogRow,
  readInputSheet,
  rejectedOutcomes,
  retryRowIndexes,
  snapshotFromTable,
  snapshotToTable,
  summarise,
  toEntity,
  unconfirmedOutcomes,
} from "../../sheets/push";
import { INPUT_SHEET_HEADERS as H } from "../../sheets/inputSheet";
import { CANCELLED, notSentMessage, rowsWith, stoppedNote, waitingMessage } from "../../sheets/rowOutcomes";
import { abortableSleep, type FlowProgress } from "./common";
import { BUSY, KEY_REFUSED, toAnnotation, unconfirmedReason } from "./rowWrites";

export type PushClient = Pick<PayrollClient, "bulkInput" | "listEmployees">;

export interface NettPayPolling {
  /** Polls of the employees list at most (default 10). */
  polls: number;
  /** Wait before each poll (default 1500 ms). */
  intervalMs: number;
}

export interface PushOptions extends FlowProgress {
  mode: PushMode;
  /** The client the pane is connected to: a sheet of another client is refused. */
  clientId: number;
  /** Entities per bulk_input request (default 100). */
  chunkSize?: number;
  /** false: do not wait for the recalculated nett pay. */
  nettPay?: NettPayPolling | false;
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
  /** bulk_input requests sent, and employee-list polls for nett pay. */
  requests: { bulkInput: number; polls: number };
  /** Why sending stopped early (error or cancel), or null. */
  stoppedBy: string | null;
  /** Nett pay written for this many saved rows; the rest are still recalculating (or polling was cancelled). */
  nettPay: { updated: number; pending: number };
  /** Input columns of the metadata missing from the sheet, and columns the sheet has that are not inputs. */
  missingInputs: string[];
  unknownColumns: string[];
}

const DEFAULT_POLLING: NettPayPolling = { polls: 10, intervalMs: 1500 };

/** How a failed chunk request ends its rows, and whether the push goes on. */
function chunkFailure(
  error: unknown,
  rows: PlannedRow[],
  meta: Parameters<typeof rejectedOutcomes>[3],
): { outcomes: RowOutcome[]; stop: string | null } {
  // A definite refusal of the request as a whole: nothing was saved, and the next chunk may well be fine.
  if (error instanceof ValidationError) {
    return { outcomes: rejectedOutcomes(rows, `Not saved: ${error.serviceMessage}`, error.errors, meta), stop: null };
  }
  if (error instanceof RateLimitedError) {
    return { outcomes: rejectedOutcomes(rows, `Not saved: ${BUSY} — ${RETRY_HINT}`, {}, meta), stop: BUSY };
  }
  if (error instanceof UnauthorizedError) {
    return { outcomes: rejectedOutcomes(rows, `Not saved: ${error.message}`, {}, meta), stop: KEY_REFUSED };
  }
  // No definite answer: the service may or may not have applied the chunk.
  const reason = unconfirmedReason(error);
  return { outcomes: unconfirmedOutcomes(rows, reason), stop: reason };
}

/** Push an input sheet. Throws InputSheetError (nothing sent) when the sheet cannot be pushed at all. */
export async function pushInputSheet(
  client: PushClient,
  workbook: WorkbookPort,
  sheetName: string,
  options: PushOptions,
): Promise<PushResult> {
  const { mode, signal } = options;
  const sleep = options.sleep ?? abortableSleep;
  const meta = parseMeta(await workbook.getSetting(metaSettingKey(sheetName)));
  if (!meta) {
    throw new InputSheetError(
      `"${sheetName}" is not an input sheet built by the add-in (or it was renamed). Build a new input sheet.`,
    );
  }
  if (meta.clientId !== options.clientId) {
    throw new InputSheetError(
      `"${sheetName}" belongs to ${meta.clientName} (ID ${meta.clientId}). Choose that client to push it.`,
    );
  }
  const table = await workbook.readTable(sheetName);
  if (!table) throw new InputSheetError(`"${sheetName}" has no table any more. Build the input sheet again.`);
  const stored = await workbook.readHiddenTable(meta.snapshotSheet);
  if (!stored) throw new InputSheetError(`The snapshot of "${sheetName}" is missing. Build the input sheet again.`);
  const snapshot = snapshotFromTable(stored);
  const sheet = readInputSheet(table, meta, snapshot);

  let rowIndexes: Set<number> | undefined;
  if (mode === "selected") {
    rowIndexes = new Set(await workbook.selectedRowIndexes(sheetName));
    if (rowIndexes.size === 0) throw new InputSheetError(`Select the rows to push in "${sheetName}" first.`);
  } else if (mode === "retry") {
    rowIndexes = retryRowIndexes(sheet);
    if (rowIndexes.size === 0) throw new InputSheetError(`"${sheetName}" has no Failed or Not sent rows to retry.`);
  }
  const plan = planPush(sheet, snapshot, { mode, rowIndexes, chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE });

  // Rows not in scope keep their annotations when only some rows are pushed.
  const clearOthers = mode === "changed" || mode === "all";
  await workbook.annotateRows(
    sheetName,
    [...plan.local, ...notSentOutcomes(plan.send, waitingMessage(RETRY_HINT))].map(toAnnotation),
    { clearOthers },
  );

  const outcomes = new Map<number, RowOutcome>(plan.local.map((o) => [o.rowIndex, o]));
  const saved: PlannedRow[] = [];
  let stoppedBy: string | null = null;
  let bulkRequests = 0;
  let sent = 0;
  const total = plan.send.length;
  try {
    options.update?.(0, total, `Sending ${total} row${total === 1 ? "" : "s"}`);
    for (const [i, rows] of plan.chunks.entries()) {
      if (signal?.aborted) {
        stoppedBy = CANCELLED;
        break;
      }
      let chunkResult: RowOutcome[];
      try {
        bulkRequests += 1;
        // No signal here: a request already sent is let finish, so its rows get the service's real answer.
        const results: BulkInputResult[] = await client.bulkInput(meta.clientId, rows.map(toEntity));
        chunkResult = chunkOutcomes(rows, results, meta);
      } catch (error) {
        const failure = chunkFailure(error, rows, meta);
        chunkResult = failure.outcomes;
        stoppedBy = failure.stop;
      }
      for (const o of chunkResult) outcomes.set(o.rowIndex, o);
      const savedRowIndexes = new Set(chunkResult.filter((o) => o.status === "Saved").map((o) => o.rowIndex));
      saved.push(...rows.filter((r) => savedRowIndexes.has(r.rowIndex)));
      sent += rows.length;
      await workbook.annotateRows(sheetName, chunkResult.map(toAnnotation), { clearOthers: false });
      options.update?.(sent, total, `Batch ${i + 1} of ${plan.chunks.length}`);
      if (stoppedBy) break;
    }
  } finally {
    // Whatever happened, rows never sent say so, the snapshot learns what the service confirmed, and the log gets a line.
    const unsent = plan.send.filter((r) => !outcomes.has(r.rowIndex));
    if (unsent.length > 0) {
      const notSent = notSentOutcomes(unsent, notSentMessage(stoppedBy, RETRY_HINT));
      for (const o of notSent) outcomes.set(o.rowIndex, o);
      await workbook.annotateRows(sheetName, notSent.map(toAnnotation), { clearOthers: false }).catch(() => undefined);
    }
    if (saved.length > 0) {
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

  const nettPay = await refreshNettPay(client, workbook, sheetName, meta.clientId, saved, options, sleep);
  const ordered = [...outcomes.values()].sort((a, b) => a.rowIndex - b.rowIndex);
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
    requests: { bulkInput: bulkRequests, polls: nettPay.polls },
    stoppedBy,
    nettPay: { updated: nettPay.updated, pending: nettPay.pending },
    missingInputs: sheet.missingInputs,
    unknownColumns: sheet.unknownColumns,
  };
}

/**
 * The saved rows' new nett pay, once the service has recalculated (payslips are dirty meanwhile). Their old
 * nett pay is cleared first, since it no longer holds; rows still dirty after the last poll say so.
 */
async function refreshNettPay(
  client: PushClient,
  workbook: WorkbookPort,
  sheetName: string,
  clientId: number,
  saved: readonly PlannedRow[],
  options: PushOptions,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
): Promise<{ updated: number; pending: number; polls: number }> {
  if (saved.length === 0 || options.nettPay === false) return { updated: 0, pending: 0, polls: 0 };
  const polling = options.nettPay ?? DEFAULT_POLLING;
  const targets: NettPayTarget[] = saved.map(({ rowIndex, employeeId, payslipDate }) => ({ rowIndex, employeeId, payslipDate }));
  await workbook.writeColumnValues(
    sheetName,
    H.nettPay,
    targets.map((t) => ({ rowIndex: t.rowIndex, value: null })),
    "currency",
  );

  let pending = targets;
  let polls = 0;
  let problem: string | null = null;
  while (pending.length > 0 && polls < polling.polls) {
    try {
      await sleep(polling.intervalMs, options.signal);
      polls += 1;
      options.update?.(polls, polling.polls, "Waiting for the service to recalculate nett pay");
      const employees = await client.listEmployees(clientId, ["recent_payslips"], { signal: options.signal });
      const found = nettPayFor(employees, pending);
      if (found.ready.length > 0) await workbook.writeColumnValues(sheetName, H.nettPay, found.ready, "currency");
      pending = found.pending;
    } catch (error) {
      const cancelled = options.signal?.aborted || (error instanceof Error && /Abort/.test(error.name));
      problem = cancelled
        ? "waiting was cancelled"
        : `it could not be read (${error instanceof Error ? error.message : String(error)})`;
      break;
    }
  }
  if (pending.length > 0) {
    const why = problem ?? "the service is still recalculating";
    await workbook.annotateRows(
      sheetName,
      rowsWith(
        pending.map((t) => t.rowIndex),
        "Saved",
        `Saved. New nett pay not shown: ${why}.`,
      ).map(toAnnotation),
      { clearOthers: false },
    );
  }
  return { updated: targets.length - pending.length, pending: pending.length, polls };
}
