/**
 * The new nett pay of rows an input sheet saved, read at a cost that grows with the number of rows:
 * - few employees: their payslip lists (GET /employees/:id/payslips), a few at a time;
 * - many: one employee list with recent_payslips (GET /clients/:id/employees?include=recent_payslips), whose size
 *   grows with the client, not with the rows.
 * The crossover is measured by `scripts/bench-push.ts` (figures in docs/sheets.md). Until a row's figure arrives
 * it keeps its old one, its state (sheets/rowState, kept by ./rowStates) says the figure is awaited and its Message,
 * drawn from that state, "Nett pay pending": the push waits a bounded number of looks (awaitNettPay), and Refresh
 * nett pay (refreshNettPay) looks again later. Which rows wait is read from the state, never from the Message.
 */
import type { PayrollApi } from "../../../api";
import type { PayslipListItem } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { INPUT_SHEET_HEADERS as H } from "../model/inputSheet";
import { type InputSheetMeta, type ReadSheet, readInputSheet, snapshotFromTable } from "../model/inputSheetModel";
import { type NettPayTarget, nettPayFor, nettPayFromPayslips } from "../model/nettPay";
import { unmovedNettPayNote } from "../model/nettPayUnmoved";
import { pushHighlights as highlighted } from "../model/pushPlan";
import {
  type RowRecord,
  type RowRecords,
  type TableCells,
  awaitedNettPay,
  awaitingNettPay,
  nettPayShown,
} from "../model/rowState";
import { type Clock, type FlowContext, forEachLimited, SYSTEM_CLOCK } from "../../../ui/flows/common";
import { openInputSheet, readInputSheetMeta } from "./inputs";
import { annotationOf, readRowRecords, saveRowRecords } from "./rowStates";

export interface NettPayPolling {
  /** Looks at the service at most (default 10). */
  polls: number;
  /** Wait before each look (default 1500 ms). */
  intervalMs: number;
}

/** A push's own wait: 10 looks 1.5 s apart. */
export const DEFAULT_NETT_PAY_POLLING: NettPayPolling = { polls: 10, intervalMs: 1500 };
const STILL_RECALCULATING = "the service is still recalculating — press Refresh nett pay";

/**
 * Above this many employees one employee list is cheaper than their payslip lists. Measured on a 5,000-employee
 * sandbox (scripts/bench-push.ts, docs/sheets.md): a payslip list is ~1–4 KiB and, at the client's 5 requests/s,
 * 0.2 s; the list with recent payslips is ~14 MB (grows with the client, not the rows), ~1 s on loopback and ~6.5 s
 * on a 20 Mbit/s line. By time the lists lose from 5–25 rows on loopback and ~33 on that line; by bytes they win up to
 * thousands of rows. 30 keeps a few typed cells to a few KiB and a large push to one list per look.
 */
export const NETT_PAY_LIST_CROSSOVER = 30;

/** Payslip lists in flight at once (the client's limiter spaces them further). */
export const NETT_PAY_CONCURRENCY = 4;

export interface NettPayRead {
  ready: { rowIndex: number; value: number }[];
  pending: NettPayTarget[];
  requests: number;
  via: "payslips" | "employee list" | "none";
}

/** One look at the service: which targets have their nett pay (payslip no longer dirty), which are pending. */
export async function readNettPay(
  api: PayrollApi,
  clientId: number,
  targets: readonly NettPayTarget[],
  options: { signal?: AbortSignal; crossover?: number } = {},
): Promise<NettPayRead> {
  if (targets.length === 0) return { ready: [], pending: [], requests: 0, via: "none" };
  const employeeIds = [...new Set(targets.map((t) => t.employeeId))];
  if (employeeIds.length > (options.crossover ?? NETT_PAY_LIST_CROSSOVER)) {
    const employees = await api.listEmployees(clientId, ["recent_payslips"], { signal: options.signal });
    return { ...nettPayFor(employees, targets), requests: 1, via: "employee list" };
  }
  const payslips = new Map<number, PayslipListItem[]>();
  await forEachLimited(employeeIds, NETT_PAY_CONCURRENCY, async (id) => {
    payslips.set(id, await api.listPayslips(id, { signal: options.signal }));
  });
  return { ...nettPayFromPayslips(payslips, targets), requests: employeeIds.length, via: "payslips" };
}

/** The sheet as read and its rows' states: the wait changes the states, draws the rows from them and stores them. */
export interface SheetRowStates {
  sheet: Pick<ReadSheet, "rows">;
  table: TableCells;
  records: RowRecords;
}

/** A row's state, changed (a row without one, which a wait should not meet, counts as Saved). */
function update(rows: SheetRowStates, rowIndex: number, change: (r: RowRecord) => RowRecord) {
  const next = change(rows.records.get(rowIndex) ?? { status: "Saved", reason: "" });
  rows.records.set(rowIndex, next);
  return annotationOf(rowIndex, next);
}

/** The wait for nett pay, all of it explicit: how many looks how far apart, the clock, and what to flag. */
export interface NettPayWait {
  polling: NettPayPolling;
  /** The clock's sleep (SYSTEM_CLOCK's in the pane; tests hand in a fast one). */
  sleep: Clock["sleep"];
  /** When a row's wait starts (its state keeps it). */
  now: Clock["now"];
  /** Why an employee's new nett pay moved too far against last period (the check before the push), or null. */
  flagNettPay?(employeeId: number, value: number): string | null;
}

/** What a wait for nett pay ended with. */
export interface NettPayWaited {
  updated: number;
  pending: number;
  requests: number;
  polls: number;
  /** Saved rows whose amount or hours moved while their nett pay did not (their Message says so, amber). */
  unmoved: number;
  /** The targets still pending, with what was sent and the figure before: a later look can still point out no move. */
  pendingTargets: NettPayTarget[];
}

/**
 * Looks for the targets' new nett pay up to `polls` times, writing each figure as it arrives and marking its row's
 * state shown (its Message drops the pending note). The old figure stays in place meanwhile; rows still pending at
 * the end say what to press. The states are stored once, at the end.
 */
export async function awaitNettPay(
  ctx: FlowContext,
  sheetName: string,
  meta: Pick<InputSheetMeta, "clientId" | "inputs" | "snapshotSheet">,
  targets: readonly NettPayTarget[],
  rows: SheetRowStates,
  options: NettPayWait,
): Promise<NettPayWaited> {
  if (targets.length === 0) return { updated: 0, pending: 0, requests: 0, polls: 0, unmoved: 0, pendingTargets: [] };
  const { api, workbook, signal } = ctx;
  const { polling, sleep } = options;
  let pending: readonly NettPayTarget[] = targets;
  const employeeOf = new Map(targets.map((t) => [t.rowIndex, t.employeeId]));
  const flag = options.flagNettPay;
  const flagRow = flag && ((rowIndex: number, value: number) => flag(employeeOf.get(rowIndex) ?? -1, value));
  let polls = 0;
  let requests = 0;
  let unmoved = 0;
  let problem: string | null = null;
  while (pending.length > 0 && polls < polling.polls) {
    try {
      await sleep(polling.intervalMs, signal);
      polls += 1;
      ctx.progress.update?.(targets.length - pending.length, targets.length, "Waiting for the service to recalculate nett pay");
      const read = await readNettPay(api, meta.clientId, pending, { signal });
      requests += read.requests;
      unmoved += await showNettPay(workbook, sheetName, read.ready, rows, { meta, targets }, flagRow);
      pending = read.pending;
    } catch (error) {
      const cancelled = signal?.aborted || (error instanceof Error && /Abort/.test(error.name));
      problem = cancelled
        ? "waiting was cancelled — press Refresh nett pay"
        : `it could not be read (${error instanceof Error ? error.message : String(error)}) — press Refresh nett pay`;
      break;
    }
  }
  const since = options.now().toISOString();
  await markPending(workbook, sheetName, pending, rows, { why: problem ?? STILL_RECALCULATING, since }, highlighted(meta));
  await saveRowRecords(workbook, meta, rows.table, rows.records);
  return {
    updated: targets.length - pending.length,
    pending: pending.length,
    requests,
    polls,
    unmoved,
    pendingTargets: [...pending],
  };
}

/**
 * Writes arrived figures and marks their rows' nett pay shown. A row whose amount or hours were saved but whose nett
 * pay did not move says so, amber (sheets/nettPayUnmoved).
 */
async function showNettPay(
  workbook: WorkbookPort,
  sheetName: string,
  ready: readonly { rowIndex: number; value: number }[],
  rows: SheetRowStates,
  sheet: { meta: Pick<InputSheetMeta, "inputs">; targets: readonly NettPayTarget[] },
  flagNettPay?: (rowIndex: number, value: number) => string | null,
): Promise<number> {
  if (ready.length === 0) return 0;
  let unmovedRows = 0;
  await workbook.writeColumnValues(sheetName, H.nettPay, ready, "currency");
  const byRow = new Map(sheet.targets.map((t) => [t.rowIndex, t]));
  const annotations = ready.map(({ rowIndex, value }) => {
    const target = byRow.get(rowIndex);
    const unmoved = unmovedNettPayNote(target?.sent ?? [], target?.was, value, sheet.meta);
    // A move beyond the limits against last period (the check before the push) is highlighted like a flag.
    const why = flagNettPay?.(rowIndex, value) ?? null;
    if (unmoved) unmovedRows += 1;
    return update(rows, rowIndex, (r) => nettPayShown(r, { flag: why, unmoved }));
  });
  await workbook.annotateRows(sheetName, annotations, { clearOthers: false, highlightColumns: highlighted(sheet.meta) });
  return unmovedRows;
}

async function markPending(
  workbook: WorkbookPort,
  sheetName: string,
  pending: readonly NettPayTarget[],
  rows: SheetRowStates,
  { why, since }: { why: string; since: string },
  highlightColumns: readonly string[],
): Promise<void> {
  if (pending.length === 0) return;
  const annotations = pending.map((t) => update(rows, t.rowIndex, (r) => awaitingNettPay(r, why, since, t)));
  await workbook.annotateRows(sheetName, annotations, { clearOthers: false, highlightColumns });
}

export interface RefreshNettPayOptions extends Partial<NettPayWait> {
  /** Looks at the service (default 1: whatever it has finished now). */
  polling?: NettPayPolling;
  /**
   * What the push that left these rows pending knew of them (what it sent, the figure before), when their states
   * lack it, so that a figure that did not move is still pointed out (Push all sends every sheet first and waits
   * once afterwards).
   */
  known?: readonly NettPayTarget[];
}

export interface RefreshNettPayResult {
  sheetName: string;
  updated: number;
  pending: number;
  /** Rows whose nett pay arrived unmoved although amounts or hours were saved (see NettPayWaited). */
  unmoved: number;
  pendingTargets: NettPayTarget[];
  requests: number;
  summary: string;
}

/**
 * How many rows of the sheet await their nett pay by their states (0 when it is not an input sheet, or it cannot be
 * read as one): offers Refresh nett pay.
 */
export async function countPendingNettPay(workbook: WorkbookPort, sheetName: string): Promise<number> {
  const meta = await readInputSheetMeta(workbook, sheetName);
  const table = meta && (await workbook.readTable(sheetName));
  const stored = table && (await workbook.readHiddenTable(meta.snapshotSheet));
  if (!meta || !table || !stored) return 0;
  try {
    const sheet = readInputSheet(table, meta, snapshotFromTable(stored));
    return awaitedNettPay(sheet, await readRowRecords(workbook, meta, table)).length;
  } catch {
    return 0; // no Employee ID or Payslip date column: a push says what to restore
  }
}

/** Refresh nett pay: fills in the nett pay of the rows whose state says it is awaited, as far as the service has it. */
export async function refreshNettPay(
  ctx: FlowContext,
  sheetName: string,
  options: RefreshNettPayOptions = {},
): Promise<RefreshNettPayResult> {
  const { meta, sheet, table } = await openInputSheet(ctx.workbook, sheetName, ctx.client.id);
  const records = await readRowRecords(ctx.workbook, meta, table, options.now);
  const known = new Map((options.known ?? []).map((t) => [t.rowIndex, t]));
  const targets = awaitedNettPay(sheet, records).map((t) => {
    const k = known.get(t.rowIndex);
    return k && t.sent === undefined && k.employeeId === t.employeeId && k.payslipDate === t.payslipDate
      ? { ...t, sent: k.sent, was: k.was }
      : t;
  });
  const result = await awaitNettPay(
    ctx,
    sheetName,
    meta,
    targets,
    { sheet, table, records },
    {
      polling: options.polling ?? { polls: 1, intervalMs: 0 },
      sleep: options.sleep ?? SYSTEM_CLOCK.sleep,
      now: options.now ?? SYSTEM_CLOCK.now,
      flagNettPay: options.flagNettPay,
    },
  );
  const summary =
    targets.length === 0
      ? `${sheetName}: no row is waiting for its nett pay.`
      : `${sheetName}: nett pay shown for ${result.updated} of ${targets.length} row${targets.length === 1 ? "" : "s"}.` +
        (result.pending > 0 ? ` ${result.pending} still pending: the service is recalculating; try again shortly.` : "");
  return {
    sheetName,
    updated: result.updated,
    pending: result.pending,
    unmoved: result.unmoved,
    pendingTargets: result.pendingTargets,
    requests: result.requests,
    summary,
  };
}
