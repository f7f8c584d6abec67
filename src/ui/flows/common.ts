/**
 * What every flow shares: the client a sheet is for (../clientRef), the result of writing a sheet, the progress a long
 * task reports to, and the small helpers that turn requests and row writes into progress.
 */
import type { PayrollApi } from "../../api";
import type { WorkbookPort, WriteTableOptions, WriteTableResult } from "../../excel";
import type { ClientReads } from "../serverState";
import type { ClientRef } from "../clientRef";

export { chunk } from "../sheets/chunk";
export { type ClientRef, clientLabel, clientOfMeta } from "../clientRef";

/**
 * The one argument every flow takes first: the payroll service, the workbook, the client the work is for, Cancel and
 * the progress bar. The pane builds it once per task (`flowContextFor` in context.tsx), so a flow's own
 * parameters are only what the user chose. `signal` is `progress.signal`, named for the many calls that only cancel.
 */
export interface FlowContext {
  api: PayrollApi;
  workbook: WorkbookPort;
  client: ClientRef;
  progress: FlowProgress;
  signal?: AbortSignal;
  /** Who prepares the work (typed once in the pane, remembered on this computer): the pushes' Change history says so. */
  preparedBy?: string;
  /**
   * The pane's shared reads (serverState): a flow reading a list the panels show takes it from there, fresh, rather
   * than asking again; a flow that must see what the service holds now (Next period) invalidates them first.
   * Without them (tests, benches) such flows ask the service.
   */
  reads?: Pick<ClientReads, "read" | "isFresh" | "invalidate">;
}

/** A context for work outside a progress bar (tests, benches, scripts): no Cancel, no counts. */
export function flowContext(
  api: PayrollApi,
  workbook: WorkbookPort,
  client: ClientRef,
  progress: FlowProgress = {},
): FlowContext {
  return { api, workbook, client, progress, signal: progress.signal };
}

/** A sheet written from service data, with the HTTP requests that took. */
export interface SheetResult extends WriteTableResult {
  requests: number;
}

/** What long work receives: a ProgressTask from the shell fits. */
export interface FlowProgress {
  signal?: AbortSignal;
  update?(done: number, total?: number, detail?: string): void;
}

/**
 * Counts the requests of a step as they are answered ("2 of 4 · requests answered: …"), so the bar has counts from
 * the start instead of sitting without any until the rows are written. Wrap each request's promise with it.
 */
export function requestCounter(progress: FlowProgress, total: number, what: string) {
  const detail = `requests answered: ${what}`;
  let done = 0;
  progress.update?.(0, total, detail);
  return <T>(request: Promise<T>): Promise<T> =>
    request.then((value) => {
      progress.update?.(++done, total, detail);
      return value;
    });
}

/** The rows a table write has written so far, for the bar. */
export const writingRows =
  (progress: FlowProgress) =>
  (done: number, total: number): void =>
    progress.update?.(done, total, "Writing rows");

/**
 * How every import ends: the table written to its sheet (the bar shows the rows written) and the requests it took.
 */
export async function writeSheet(
  workbook: WorkbookPort,
  table: WriteTableOptions,
  progress: FlowProgress,
  requests: number,
): Promise<SheetResult> {
  const written = await workbook.writeTable({ onProgress: writingRows(progress), ...table });
  return { ...written, requests };
}

/** The first ID in `column` among the selected rows of `sheetName`, or null. */
export async function idFromSelection(workbook: WorkbookPort, sheetName: string, column: string): Promise<number | null> {
  const rows = await workbook.selectedRowIndexes(sheetName);
  if (rows.length === 0) return null;
  const table = await workbook.readTable(sheetName);
  const at = table?.columns.indexOf(column) ?? -1;
  if (!table || at < 0) return null;
  for (const i of rows) {
    const id = Number(table.rows[i]?.[at]);
    if (table.rows[i]?.[at] !== "" && Number.isInteger(id) && id > 0) return id;
  }
  return null;
}

/** Waits `ms`, or rejects with an AbortError (carrying `message`) as soon as the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal, message = "Cancelled"): Promise<void> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException(message, "AbortError");
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * How long work waits and what time it is: the pushes' and the nett-pay wait's clock. The pane uses SYSTEM_CLOCK;
 * tests hand in their own (a fast sleep, a fixed now) as an explicit argument, not as optional fields of the work.
 */
export interface Clock {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  now(): Date;
}

export const SYSTEM_CLOCK: Clock = { sleep: (ms, signal) => abortableSleep(ms, signal), now: () => new Date() };

/** Runs `each` over `items`, at most `concurrency` at once (the PayrollApi's limiter spaces the requests further). */
export async function forEachLimited<T>(
  items: readonly T[],
  concurrency: number,
  each: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
