/**
 * Check against the service: one step that reads what the service holds for an input sheet's rows and redraws each
 * row's Status, Message and Nett pay from it (the plan: ../model/reconcile.ts), through the rows' states (./rowStates).
 *
 * Reads at the request floor, through the push's shared reads (./pushReads): up to CONFLICT_LIST_CROSSOVER employees,
 * each one's payslip list and calculations (two requests an employee, a few KiB each); above it, the client's two
 * lists (the employees with their recent payslips, and the calculations), two requests whatever the rows. Nothing is
 * sent. Writes: the input cells that follow the service (one write a column), the Nett pay column (one write), the
 * snapshot and the rows' states (one hidden-table write each) and the redrawn rows (one annotate), when they changed.
 *
 * The pane runs it on demand ("Check against the service"), and by itself after Undo push, after Next period, when
 * the chosen sheet's period is found finalised, when the pane opens on an input sheet, and when a header is restored.
 */
import { type InputValue, parseCalcKey } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { type Clock, type FlowContext } from "../../../ui/flows/common";
import { formatDate } from "../../../ui/locale";
import { type HistoryLine } from "../model/changeHistory";
import { type OfferedInput, INPUT_SHEET_HEADERS as H, employeeInputValues } from "../model/inputSheet";
import { type InputSheetMeta, metaSettingKey, rowKey, snapshotToTable } from "../model/inputSheetModel";
import { PUSH_ID_HEADER, PUSH_LOG_SHEET } from "../model/pushLog";
import { readLogTable } from "./logSheets";
import { pushHighlights } from "../model/pushPlan";
import { type ReconcilePlan, type ServiceRow, describeReconcile, planReconcile } from "../model/reconcile";
import { readHistory } from "./changeHistory";
import { openInputSheet, readInputSheetMeta } from "./inputs";
import { type NettPayPolling, refreshNettPay } from "./nettPay";
import { PushReads } from "./pushReads";
import { annotationOf, readRowRecords, saveRowRecords } from "./rowStates";

export interface ReconcileOptions {
  /** Above this many employees the client's two lists are read (./pushReads; a test seam). */
  crossover?: number;
  /** A read already made (a push's or an undo's): what it holds costs nothing more. */
  reads?: PushReads;
  now?: () => Date;
}

export interface ReconcileResult {
  sheetName: string;
  counts: ReconcilePlan["counts"];
  nettPay: number;
  /** The sheet was found finalised (its metadata now says read only). */
  finalised: boolean;
  /** HTTP requests this reconcile made (0 when `reads` already held them). */
  requests: number;
  summary: string;
}

const PUSH_MODE_HEADER = "Push";
const UNDO_OF = /^Undo of (\S+)$/;

/**
 * The pushes the Push log says were undone, each with the rows (and inputs) its undo put back: the undo's own Change
 * history lines that saved. Workbook reads only.
 */
export async function undonePushes(workbook: WorkbookPort): Promise<Map<string, Map<string, string[]>>> {
  const log = await readLogTable(workbook, PUSH_LOG_SHEET); // wherever it is now, renamed or not (./logSheets)
  const undone = new Map<string, Map<string, string[]>>();
  if (!log) return undone;
  const col = (h: string) => log.columns.findIndex((c) => String(c).trim() === h);
  const mode = col(PUSH_MODE_HEADER);
  const id = col(PUSH_ID_HEADER);
  if (mode < 0 || id < 0) return undone;
  const undoOf = new Map<string, string>();
  for (const line of log.rows) {
    const m = UNDO_OF.exec(String(line[mode] ?? "").trim());
    if (m) undoOf.set(String(line[id] ?? "").trim(), m[1]);
  }
  if (undoOf.size === 0) return undone;
  for (const l of (await readHistory(workbook)) as HistoryLine[]) {
    const pushId = undoOf.get(l.pushId);
    if (!pushId || l.outcome !== "Saved") continue;
    const rows = undone.get(pushId) ?? new Map<string, string[]>();
    const key = rowKey(l.employeeId, l.payslipDate);
    rows.set(key, [...(rows.get(key) ?? []), l.inputKey]);
    undone.set(pushId, rows);
  }
  return undone;
}

/** The sheet's inputs as the service's calculations name them. */
const offered = (meta: Pick<InputSheetMeta, "inputs">): OfferedInput[] =>
  meta.inputs.flatMap((i) => {
    const parsed = parseCalcKey(i.key);
    return parsed ? [{ key: i.key, label: i.header, itemLabel: "", type: i.type, ...parsed }] : [];
  });

/** What the service holds for these employees and payslip dates, per row key (a payslip it lacks is left out). */
export async function readServiceRows(
  reads: PushReads,
  meta: Pick<InputSheetMeta, "inputs">,
  rows: readonly { employeeId: number; payslipDate: string }[],
): Promise<Map<string, ServiceRow>> {
  const inputs = offered(meta);
  const dates = new Map<number, Set<string>>();
  for (const r of rows) dates.set(r.employeeId, (dates.get(r.employeeId) ?? new Set()).add(r.payslipDate));
  const service = new Map<string, ServiceRow>();
  const take = (
    id: number,
    payslips: readonly { id: number; date: string; special?: boolean; dirty: boolean; finalised: boolean; nett_pay?: number }[],
    calcs: Parameters<typeof employeeInputValues>[3],
  ) => {
    for (const date of dates.get(id) ?? []) {
      const p = payslips.find((s) => !s.special && s.date === date);
      if (!p) continue;
      const values: Record<string, InputValue> = employeeInputValues(id, p.id, inputs, calcs);
      service.set(rowKey(id, date), {
        values,
        nettPay: typeof p.nett_pay === "number" ? p.nett_pay : null,
        dirty: p.dirty,
        finalised: p.finalised,
      });
    }
  };
  if (dates.size === 0) return service;
  const source = await reads.read(dates.keys());
  if (source.kind === "client") {
    for (const e of source.lists.employees)
      if (dates.has(e.id))
        take(
          e.id,
          (e.recent_payslips ?? []).map((w) => w.payslip),
          source.lists.calculations,
        );
  } else for (const [id, { payslips, calculations }] of source.byEmployee) take(id, payslips, calculations);
  return service;
}

const requestsOf = (reads: PushReads) => reads.requests.employeeLists + reads.requests.clientLists;

/** Check the sheet against the service (see the module comment). Throws InputSheetError when it is not one to check. */
export async function reconcileSheet(
  ctx: FlowContext,
  sheetName: string,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const { workbook } = ctx;
  const now = options.now ?? (() => new Date());
  const { meta, snapshot, table, sheet } = await openInputSheet(workbook, sheetName, ctx.client.id);
  const [records, undone] = await Promise.all([readRowRecords(workbook, meta, table, now), undonePushes(workbook)]);
  const reads = options.reads ?? new PushReads(ctx.api, ctx.client.id, { signal: ctx.signal, crossover: options.crossover });
  const before = requestsOf(reads);
  ctx.progress.update?.(0, 1, `Checking ${sheetName} against the service`);
  const rows = sheet.rows.flatMap((r) =>
    r.employeeId !== null && r.payslipDate !== null ? [r as typeof r & { employeeId: number; payslipDate: string }] : [],
  );
  const service = await readServiceRows(reads, meta, rows);
  const plan = planReconcile({
    sheet,
    cells: table.rows,
    meta,
    snapshot,
    records,
    service,
    undone,
    period: formatDate(meta.payslipDate),
    now: now().toISOString(),
  });
  await writePlan(ctx, sheetName, meta, table, plan, snapshot);
  const finalised = plan.finalised && !meta.finalised;
  if (finalised) await workbook.setSetting(metaSettingKey(sheetName), { ...meta, finalised: true });
  return {
    sheetName,
    counts: plan.counts,
    nettPay: plan.nettPay.length,
    finalised: plan.finalised,
    requests: requestsOf(reads) - before,
    summary: `${sheetName}: ${describeReconcile(plan)}`,
  };
}

async function writePlan(
  ctx: FlowContext,
  sheetName: string,
  meta: InputSheetMeta,
  table: Parameters<typeof saveRowRecords>[2],
  plan: ReconcilePlan,
  was: ReconcilePlan["snapshot"],
): Promise<void> {
  const { workbook } = ctx;
  for (const [header, { type, updates }] of plan.cells) await workbook.writeColumnValues(sheetName, header, updates, type);
  if (plan.nettPay.length > 0) await workbook.writeColumnValues(sheetName, H.nettPay, plan.nettPay, "currency");
  const keys = meta.inputs.map((i) => i.key);
  const next = snapshotToTable(plan.snapshot, keys);
  if (JSON.stringify(next) !== JSON.stringify(snapshotToTable(was, keys)))
    await workbook.writeHiddenTable(meta.snapshotSheet, next.columns, next.rows);
  if (plan.redraw.length === 0) return;
  await workbook.annotateRows(
    sheetName,
    plan.redraw.map((i) => annotationOf(i, plan.records.get(i))),
    { clearOthers: false, highlightColumns: pushHighlights(meta) },
  );
  await saveRowRecords(workbook, meta, table, plan.records);
}

/**
 * A reconcile another step runs by itself (after Undo push, Next period, a header restored): the sentence to add to
 * that step's outcome, never a failure of it. A sheet that is gone, of another client or unreadable is left alone
 * ("" or why). With `polling`, rows whose nett pay the service is still recalculating are waited for, as a push waits.
 */
export async function reconcileAfter(
  ctx: FlowContext,
  sheetName: string | null | undefined,
  options: ReconcileOptions & {
    polling?: NettPayPolling;
    sleep?: Clock["sleep"];
    /** Say nothing unless it fails (the rows say what was found): after Next period, whose outcome is the new sheet. */
    quiet?: boolean;
  } = {},
): Promise<string> {
  if (!sheetName) return "";
  const meta = await readInputSheetMeta(ctx.workbook, sheetName).catch(() => null);
  if (!meta || meta.clientId !== ctx.client.id) return "";
  try {
    const result = await reconcileSheet(ctx, sheetName, options);
    let waited = "";
    if (options.polling) {
      const nett = await refreshNettPay(ctx, sheetName, { polling: options.polling, sleep: options.sleep, now: options.now });
      if (nett.pending > 0) waited = ` Nett pay pending on ${nett.pending}: press Refresh nett pay shortly.`;
    }
    return options.quiet ? "" : `${result.summary}${waited}`;
  } catch (e) {
    return `"${sheetName}" could not be checked against the service (${e instanceof Error ? e.message : String(e)}): press Check against the service.`;
  }
}
