/**
 * Report flows: run a report (sync or async, one or several clients) into a sheet, and Refresh it from the
 * parameters saved in the workbook.
 *
 * Async: jobs are started while the service's queue accepts them; every running job is polled no more often than
 * every MIN_POLL_INTERVAL_MS (10 s, the document's limit). A 429 on start means the queue is full: with jobs
 * running we poll them first; with none we wait (the service's Retry-After, else 10 s) and say so. A 404 on poll
 * means the service lost the job. Cancel stops waiting at once and leaves the sheet as it was; the service offers
 * no way to cancel a job, so it may still finish on its side.
 */
import { NotFoundError, RateLimitedError, type PayrollApi } from "../../../api";
import type { ReportId } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { safeSheetName, safeTableName } from "../../../xl/excelConventions";
import {
  cellsInTheWay,
  columnOrder,
  describeProblems,
  describeVariance,
  flattenReport,
  fromSetting,
  REPORT_SHEETS_SETTING,
  savedReportSettingKey,
  toSetting,
  type ReportRequest,
  type ReportRowsPart,
  type ReportTable,
  type RunMode,
  type SavedReport,
  type VariancePart,
  varianceTable,
} from "../model";
import { abortableSleep, type FlowContext } from "../../../ui/flows/common";
import { followSheets, recordSheet } from "../../../ui/flows/sheetRecords";
import { reportPollFloorMs } from "./reportPolling";

export const REPORT_TITLES: Record<ReportId, string> = {
  transaction_history: "Transaction history",
  variance: "Variance",
  comparison_leave: "Leave comparison",
  leave_liability_v2: "Leave liability (beta)",
  tracked_balances: "Tracked balances (beta)",
};

/** Consecutive 429s with no job of ours running before giving up (about five minutes at 10 s). */
export const MAX_QUEUE_WAITS = 30;

export type ReportStatus =
  | { phase: "requesting"; done: number; total: number; clientName: string }
  | { phase: "queued"; started: number; total: number; startedAt: number }
  | { phase: "polling"; elapsedMs: number; running: number; finished: number; total: number; polls: number }
  | { phase: "queue-full"; waitMs: number; attempt: number; message: string }
  | { phase: "writing"; rows: number };

/** How a run reports and waits; Cancel is the context's `signal`. */
export interface ReportRunOptions {
  onStatus?(status: ReportStatus): void;
  /** Poll interval; anything below MIN_POLL_INTERVAL_MS is raised to it. */
  pollIntervalMs?: number;
  /** Test seam: how to wait (default: an abortable timer). Tests shorten real time but see the requested waits. */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  now?(): number;
  /**
   * Asked when the write would replace cells a person typed on the sheet outside the add-in's own table (below a
   * report that comes back longer, or on a sheet that is not a report's): true replaces them. Without it, or on
   * false, nothing is written.
   */
  confirmReplace?(question: { sheetName: string; cells: readonly string[] }): Promise<boolean>;
}

export interface ReportFailure {
  clientName: string;
  message: string;
}

export interface ReportRunResult {
  sheetName: string;
  tableName: string;
  rowCount: number;
  /** Requests whose client failed; the sheet holds the other clients' rows and says it is incomplete. */
  failures: ReportFailure[];
  /** Values kept as text because they could not be read as amounts or dates (one sentence), or null. */
  valueProblems: string | null;
  /** What else the sheet's reader should know (e.g. the variance's hidden unchanged employees), or null. */
  note?: string | null;
}

/** The report job is unknown to the service (404 on poll). */
export class ReportJobLostError extends Error {
  override readonly name = "ReportJobLostError";
  constructor(clientName: string) {
    super(
      `The payroll service no longer knows the report job for ${clientName} (it may have expired or the service ` +
        "restarted). Nothing was written to the sheet; run the report again.",
    );
  }
}

/** The report would replace a person's cells and was not allowed to: nothing was written. */
export class CellsKeptError extends Error {
  override readonly name = "CellsKeptError";
  constructor(sheetName: string, cells: readonly string[]) {
    const shown = cells.slice(0, 5).join(", ") + (cells.length > 5 ? ` and ${cells.length - 5} more` : "");
    super(
      `Nothing was written: the report would replace ${cells.length === 1 ? "a cell" : `${cells.length} cells`} you typed on "${sheetName}" (${shown}). ` +
        "Move them, or run it again and choose Replace.",
    );
  }
}

/**
 * A person's cells the write of `cols` × `rows` would replace on an existing sheet (workbook reads only, no
 * request): asked about through `confirm`; without a yes nothing is written.
 */
async function askBeforeReplacing(
  workbook: WorkbookPort,
  sheetName: string,
  cols: number,
  rows: number,
  confirm: ReportRunOptions["confirmReplace"],
): Promise<void> {
  const same = (n: string) => n.toLowerCase() === sheetName.toLowerCase();
  if (!(await workbook.listSheets()).some((s) => same(s.name))) return;
  const [used, table, recorded] = await Promise.all([
    workbook.readValues(sheetName),
    workbook.readTable(sheetName),
    listReportSheets(workbook),
  ]);
  const ours = table && recorded.some(same) ? { rows: table.rowCount, cols: table.columns.length } : null;
  const cells = cellsInTheWay({ used, table: ours }, cols, rows);
  if (cells.length > 0 && !(await confirm?.({ sheetName, cells }))) throw new CellsKeptError(sheetName, cells);
}

/** Every request failed: nothing to write, the sheet is unchanged. */
export class ReportFailedError extends Error {
  override readonly name = "ReportFailedError";
  constructor(readonly failures: ReportFailure[]) {
    super(
      failures.length === 1
        ? `The report failed: ${failures[0].message} The sheet was not changed.`
        : `The report failed for every client (${failures.map((f) => `${f.clientName}: ${f.message}`).join(" ")}) The sheet was not changed.`,
    );
  }
}

export function defaultReportSheetName(reportId: ReportId, clientCount: number): string {
  const base = REPORT_TITLES[reportId].replace(" (beta)", "");
  return safeSheetName(clientCount > 1 ? `${base} (${clientCount} clients)` : base);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "AbortedError");
}

type Outcome = { ok: true; rows: Record<string, unknown>[] } | { ok: false; message: string; lost?: boolean };

/** The options with the context's Cancel, as the request steps below use them. */
type StepOptions = ReportRunOptions & { signal?: AbortSignal };

/** Runs each request with the synchronous endpoint, one after another (one request per client). */
async function runSync(
  api: PayrollApi,
  reportId: ReportId,
  requests: readonly ReportRequest[],
  o: StepOptions,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, r] of requests.entries()) {
    o.onStatus?.({ phase: "requesting", done: i, total: requests.length, clientName: r.clientName });
    try {
      const rows = await api.runReport(r.clientId, reportId, r.body as never, { signal: o.signal });
      outcomes.push({ ok: true, rows: rows as Record<string, unknown>[] });
    } catch (error) {
      if (isAbort(error)) throw error;
      outcomes.push({ ok: false, message: messageOf(error) });
    }
  }
  return outcomes;
}

interface Job {
  index: number;
  uuid: string;
}

/** Runs the requests through the async endpoints (see the module comment for the rules). */
export async function runAsync(
  api: PayrollApi,
  reportId: ReportId,
  requests: readonly ReportRequest[],
  o: StepOptions = {},
): Promise<Outcome[]> {
  const interval = Math.max(reportPollFloorMs(), o.pollIntervalMs ?? reportPollFloorMs()); // 10 s; lower only in the preview (reportPolling.ts)
  const sleep = o.sleep ?? ((ms: number, signal?: AbortSignal) => abortableSleep(ms, signal, "The report was cancelled."));
  const now = o.now ?? Date.now;
  const startedAt = now();
  const outcomes: (Outcome | undefined)[] = requests.map(() => undefined);
  const pending = requests.map((_, i) => i);
  const running: Job[] = [];
  let queueWaits = 0;
  let polls = 0;
  const finished = () => outcomes.filter(Boolean).length;

  // Set by a 429 while our jobs run: the next start waits until one of them has finished (freeing a place).
  let queueFull = false;

  while (pending.length > 0 || running.length > 0) {
    // Start as many jobs as the queue accepts.
    let waitMs = interval;
    while (pending.length > 0 && !(queueFull && running.length > 0)) {
      const index = pending[0];
      const r = requests[index];
      try {
        const started = await api.startReportAsync(r.clientId, reportId, r.body as never, { signal: o.signal });
        pending.shift();
        running.push({ index, uuid: started.uuid });
        queueWaits = 0;
        o.onStatus?.({ phase: "queued", started: running.length + finished(), total: requests.length, startedAt });
      } catch (error) {
        if (isAbort(error)) throw error;
        if (error instanceof RateLimitedError) {
          if (running.length === 0) {
            queueWaits += 1;
            if (queueWaits > MAX_QUEUE_WAITS) {
              for (const i of pending.splice(0)) {
                outcomes[i] = { ok: false, message: "The service's report queue stayed full; the report was not started." };
              }
              break;
            }
            waitMs = Math.max(error.retryAfterMs ?? interval, 1000);
            o.onStatus?.({
              phase: "queue-full",
              waitMs,
              attempt: queueWaits,
              message: `The service's report queue is full. Trying again in ${Math.ceil(waitMs / 1000)} s (attempt ${queueWaits}).`,
            });
          }
          queueFull = running.length > 0;
          break; // with jobs running, poll them first: they free the queue
        }
        pending.shift();
        outcomes[index] = { ok: false, message: messageOf(error) };
      }
    }
    if (running.length === 0 && pending.length === 0) break;

    await sleep(running.length > 0 ? interval : waitMs, o.signal);
    if (running.length === 0) continue;

    polls += 1;
    for (const job of [...running]) {
      const r = requests[job.index];
      try {
        const result = await api.pollReport(r.clientId, job.uuid, { signal: o.signal });
        if (result.state === "complete") {
          outcomes[job.index] = { ok: true, rows: result.rows as Record<string, unknown>[] };
          running.splice(running.indexOf(job), 1);
          queueFull = false;
        }
      } catch (error) {
        if (isAbort(error)) throw error;
        const lost = error instanceof NotFoundError;
        queueFull = false;
        outcomes[job.index] = {
          ok: false,
          lost,
          message: lost ? new ReportJobLostError(r.clientName).message : messageOf(error),
        };
        running.splice(running.indexOf(job), 1);
      }
    }
    o.onStatus?.({
      phase: "polling",
      elapsedMs: now() - startedAt,
      running: running.length,
      finished: finished(),
      total: requests.length,
      polls,
    });
  }
  return outcomes.map((x) => x ?? { ok: false, message: "The report was not run." });
}

/**
 * Runs a report and writes it: a new sheet, or the same sheet replaced in place. The parameters are saved in the
 * workbook for Refresh (after the rows are written, so a failed run never leaves parameters without a sheet). The
 * report's clients are the saved requests' own, so `ctx.client` is not used; `ctx.signal` cancels.
 */
export async function runReportToSheet(ctx: FlowContext, saved: SavedReport, o: ReportRunOptions = {}): Promise<ReportRunResult> {
  const { api, workbook, signal } = ctx;
  const checked = toSetting(saved); // refuses anything but report parameters before any request
  const outcomes =
    checked.mode === "async"
      ? await runAsync(api, checked.reportId, checked.requests, { ...o, signal })
      : await runSync(api, checked.reportId, checked.requests, { ...o, signal });

  const failures: ReportFailure[] = [];
  const parts: (ReportRowsPart & { clientId: number })[] = [];
  outcomes.forEach((outcome, i) => {
    const r = checked.requests[i];
    if (outcome.ok) parts.push({ clientId: r.clientId, clientName: r.clientName, rows: outcome.rows });
    else failures.push({ clientName: r.clientName, message: outcome.message });
  });
  if (parts.length === 0) {
    const only = outcomes[0];
    if (outcomes.length === 1 && !only.ok && only.lost) throw new ReportJobLostError(checked.requests[0].clientName);
    throw new ReportFailedError(failures);
  }

  let note: string | null = null;
  let table: ReportTable;
  if (checked.reportId === "variance") {
    const wide = varianceTable(await withEmployees(ctx, parts), {
      labels: checked.columnLabels,
      showUnchanged: checked.showUnchanged ?? false,
      clientColumn: checked.clientColumn,
    });
    note = describeVariance(wide, checked.showUnchanged ?? false);
    table = wide;
  } else {
    table = flattenReport(checked.reportId, parts, {
      columnLabels: checked.columnLabels,
      customFields: checked.customFields,
      clientColumn: checked.clientColumn,
      order: columnOrder(checked.reportId, checked.requests[0].body),
    });
  }
  await askBeforeReplacing(workbook, checked.sheetName, table.columns.length, table.rows.length, o.confirmReplace);
  o.onStatus?.({ phase: "writing", rows: table.rows.length });
  const incomplete = failures.length > 0 ? ` — INCOMPLETE, missing: ${failures.map((f) => f.clientName).join(", ")}` : "";
  const written = await workbook.writeTable({
    sheetName: checked.sheetName,
    tableName: checked.tableName,
    columns: table.columns,
    rows: table.rows,
    title: `${checked.title}${incomplete}`,
    stampLabel: "Report run",
    // Only the table's own columns are rewritten: a note a person typed beside the table stays (as on the overview).
    keepCellsRight: true,
  });
  await workbook.setSetting(savedReportSettingKey(checked.sheetName), toSetting(checked) as never);
  await recordSheet(workbook, REPORT_SHEETS_SETTING, checked.sheetName);
  return {
    sheetName: written.sheetName,
    tableName: written.tableName,
    rowCount: written.rowCount,
    failures,
    valueProblems: describeProblems(table.problems),
    note,
  };
}

/**
 * The variance report names employees by number only: each client's employee list (one request per client) gives
 * the names. A list that cannot be read leaves the names blank rather than failing the report.
 */
async function withEmployees(
  ctx: FlowContext,
  parts: readonly (ReportRowsPart & { clientId: number })[],
): Promise<VariancePart[]> {
  return Promise.all(
    parts.map(async (part) => {
      try {
        return { ...part, employees: await ctx.api.listEmployees(part.clientId, [], { signal: ctx.signal }) };
      } catch (error) {
        if (isAbort(error)) throw error;
        return part;
      }
    }),
  );
}

/** Re-runs the report of a sheet from its saved parameters and replaces its rows in place (notes beside it stay). */
export async function refreshReportSheet(
  ctx: FlowContext,
  sheetName: string,
  o: ReportRunOptions = {},
): Promise<ReportRunResult> {
  const stored = fromSetting(await ctx.workbook.getSetting(savedReportSettingKey(sheetName)), sheetName);
  if (!stored.ok) throw new Error(stored.message);
  return runReportToSheet(ctx, stored.saved, o);
}

/**
 * Names of the workbook's report sheets, found by worksheet ID (../../../ui/flows/sheetRecords): a renamed report
 * keeps its parameters under its new name; a deleted one's are dropped.
 */
export async function listReportSheets(workbook: WorkbookPort): Promise<string[]> {
  const { present, renamed, deleted } = await followSheets(workbook, REPORT_SHEETS_SETTING);
  for (const { from, to } of renamed) {
    const stored = fromSetting(await workbook.getSetting(savedReportSettingKey(from)), from);
    if (!stored.ok) continue;
    await workbook.setSetting(savedReportSettingKey(to), toSetting({ ...stored.saved, sheetName: to }) as never);
    await workbook.removeSetting(savedReportSettingKey(from));
  }
  for (const gone of deleted) await workbook.removeSetting(savedReportSettingKey(gone.name));
  return present.map((r) => r.name);
}

/** The parameters saved for a sheet, or null. */
export async function savedReportOf(workbook: WorkbookPort, sheetName: string): Promise<SavedReport | null> {
  const stored = fromSetting(await workbook.getSetting(savedReportSettingKey(sheetName)), sheetName);
  return stored.ok ? stored.saved : null;
}

/** Builds the saved parameters of a new report run. */
export function newSavedReport(args: {
  reportId: ReportId;
  mode: RunMode;
  sheetName: string;
  requests: ReportRequest[];
  columnLabels: Record<string, string>;
  customFields: string[];
  clientCount: number;
  /** Variance: list the employees and accounts with no change too. */
  showUnchanged?: boolean;
  /** Words after the clients in the title, e.g. the variance's period. */
  titleDetail?: string;
}): SavedReport {
  const sheetName = safeSheetName(args.sheetName);
  const clients = [...new Set(args.requests.map((r) => r.clientName))];
  return {
    version: 1,
    reportId: args.reportId,
    mode: args.mode,
    sheetName,
    tableName: safeTableName(`Report_${sheetName}`),
    title:
      `${REPORT_TITLES[args.reportId]} — ${clients.length > 2 ? `${clients.length} clients` : clients.join(", ")}` +
      (args.titleDetail ? ` — ${args.titleDetail}` : ""),
    requests: args.requests,
    columnLabels: args.columnLabels,
    customFields: args.customFields,
    clientColumn: args.clientCount > 1,
    ...(args.reportId === "variance" ? { showUnchanged: args.showUnchanged ?? false } : {}),
  };
}
