/**
 * Undo push: the values before of a push's cells go back to the service through bulk_input, as a push of their own.
 *
 *  1. which lines: the push of the chosen Push log line, or the chosen lines of the Change history (one push);
 *  2. read what the service holds now for those employees and periods (a fixed cost above CONFLICT_LIST_CROSSOVER
 *     employees: the employees with their recent payslips and the client's calculations; below it, each one's
 *     payslip list and calculations) and plan (src/features/inputSheets/model/undoPlan.ts): a cell is sent back only while the service
 *     still holds the value that push sent; one changed since ends Conflict and keeps the service's value;
 *  3. the pre-send check every push goes through (`UndoOptions.check`, the same hook as PushOptions.conflictCheck:
 *     it may hold rows back, which then end as it says; it is given step 2's read, ./pushReads, so the check before
 *     sending reads last period from it), then the chunks, with the push's tries and definite
 *     refusals (a finalised payslip ends Failed with the service's message);
 *  4. always: a Push log line "Undo of <push ID>" with the undo's own ID, a Change history line per cell, and, where
 *     the input sheet still exists, its cells and snapshot follow the restored values (./undoSheet).
 */
import { appendLogRows, logSheetName } from "./logSheets";
import type { PayrollApi } from "../../../api";
import { type InputValue, parseCalcKey } from "../../../contract";
import { invalidateFormulaResults } from "../../../functions/connection";
import { CHANGE_HISTORY_SHEET, type HistoryLine, newPushId } from "../model/changeHistory";
import { type OfferedInput, employeeInputValues } from "../model/inputSheet";
import { InputSheetError, type InputSheetMeta, type Snapshot, rowKey } from "../model/inputSheetModel";
import { PUSH_ID_HEADER, PUSH_LOG_SHEET, PUSH_LOG_SHEET_OPTIONS, pushLogRow } from "../model/pushLog";
import type { PlannedRow, PushPlan, RowOutcome } from "../model/pushPlan";
import { chunkEntities, standingOutcomes } from "../model/standingPush";
import { formatDate } from "../../../ui/locale";
import { type UndoPlan, planUndo, undoCells, undoCounts } from "../model/undoPlan";
import { chunk } from "../../../ui/sheets/chunk";
import { checkName } from "../model/pushCheck";
import { appendHistory, changeWords, readHistory } from "./changeHistory";
import { type ClientRef, type FlowContext, type Clock, SYSTEM_CLOCK, clientLabel, clientOfMeta } from "../../../ui/flows/common";
import { PushReads } from "./pushReads";
import { type ConflictCheck, DEFAULT_TRIES, chunkFailure } from "./push";
import { followRestored } from "./undoSheet";
import { currentSheetName } from "./sheetIdentity";

/** Which lines an undo takes: a push ID, or data rows of the Change history; default the user's selection. */
export interface UndoLines {
  pushId?: string;
  historyRows?: readonly number[];
}

/** Undo push, as a push: what is sent (which lines, how), the step before sending, and the clock (SYSTEM_CLOCK by default). */
export interface UndoOptions {
  send?: UndoLines & {
    chunkSize?: number;
    tries?: number;
    /** Above this many employees the read of today's values takes the client's two lists (./pushReads). */
    crossover?: number;
    /** The clients the key can reach (the pane's list): a push of another client is undone for its own client. */
    reachable?: readonly ClientRef[];
  };
  steps?: {
    /** The check every push goes through before sending (the push's pre-send step): may hold rows back. */
    check?: ConflictCheck;
  };
  clock?: Clock;
}

export interface UndoResult {
  /** The input sheet the push came from (it may be gone since). */
  sheet: string;
  /** The push's client (from its Change history lines), whichever client the pane has chosen: the undo's. */
  client: ClientRef;
  /** The push undone, and the undo's own ID. */
  pushId: string;
  undoPushId: string;
  /** Cells by end: Saved (restored), Conflict (changed since: kept), Failed, Not sent, Held. */
  cells: Record<string, number>;
  /** Lines of the push that had not saved: nothing to undo. */
  notSaved: number;
  requests: { read: number; bulkInput: number };
  /** Input sheet cells set back to the values before. */
  sheetCells: number;
  summary: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-IE")} ${n === 1 ? one : many}`;

/**
 * The lines to undo from the user's selection: on the Push log, the chosen line's push; on the Change history, the
 * chosen lines (all of one push). Anywhere else, a sentence saying where to choose.
 */
export async function chooseUndoLines(ctx: FlowContext, options: UndoLines = {}) {
  const history = await readHistory(ctx.workbook);
  let pushId = options.pushId;
  let rows = options.historyRows;
  if (!pushId && !rows) {
    const active = await ctx.workbook.activeSheetName();
    // The logs by worksheet ID (./logSheets): renamed, they are still where Undo push is chosen.
    const [pushLog, history] = await Promise.all(
      [PUSH_LOG_SHEET, CHANGE_HISTORY_SHEET].map((n) => logSheetName(ctx.workbook, n)),
    );
    if (active === pushLog) pushId = await chosenPushLogId(ctx, pushLog);
    else if (active === history) rows = await ctx.workbook.selectedRowIndexes(history);
    else throw new InputSheetError("Choose a line of the Push log, or lines of the Change history, then press Undo push.");
  }
  const chosen = rows ? history.filter((l) => new Set(rows).has(l.rowIndex)) : history.filter((l) => l.pushId === pushId);
  if (chosen.length === 0)
    throw new InputSheetError(
      pushId
        ? `The Change history has no lines of push ${pushId}: nothing to undo.`
        : "Choose lines of the Change history (a push's lines), then press Undo push.",
    );
  const ids = [...new Set(chosen.map((l) => l.pushId))];
  if (ids.length > 1)
    throw new InputSheetError(`The chosen lines come from ${ids.length} pushes (${ids.join(", ")}): choose lines of one push.`);
  return chosen;
}

async function chosenPushLogId(ctx: FlowContext, pushLog: string): Promise<string> {
  const [rows, table] = await Promise.all([ctx.workbook.selectedRowIndexes(pushLog), ctx.workbook.readTable(pushLog)]);
  const col = table?.columns.findIndex((c) => String(c).trim() === PUSH_ID_HEADER) ?? -1;
  const ids = [...new Set(rows.map((r) => String(table?.rows[r]?.[col] ?? "").trim()).filter(Boolean))];
  if (col < 0 || ids.length === 0)
    throw new InputSheetError("Choose a line of the Push log that has a Push ID, then press Undo push.");
  if (ids.length > 1) throw new InputSheetError(`Choose one line of the Push log (${ids.length} pushes are chosen).`);
  return ids[0];
}

/** The inputs of the lines, as the input sheet build names them (their type does not matter to reading values). */
function inputsOf(lines: readonly HistoryLine[]): OfferedInput[] {
  const keys = new Map(lines.map((l) => [l.inputKey, l.input]));
  return [...keys].flatMap(([key, label]) => {
    const parsed = parseCalcKey(key);
    return parsed ? [{ key, label, itemLabel: "", type: "number" as const, ...parsed }] : [];
  });
}

/**
 * What the service holds now for the lines' employees and payslip dates, per row key; a payslip (or employee) the
 * service no longer has is left out. Above `crossover` employees, two requests whatever the count. Through `reads`
 * when given (the undo's read, shared with its check), else a read of its own.
 */
export async function readServiceInputs(
  api: PayrollApi,
  clientId: number,
  lines: readonly HistoryLine[],
  options: { signal?: AbortSignal; crossover?: number; reads?: PushReads } = {},
): Promise<{ values: Map<string, Record<string, InputValue>>; requests: number }> {
  const reads = options.reads ?? new PushReads(api, clientId, { signal: options.signal, crossover: options.crossover });
  const before = reads.requests.employeeLists + reads.requests.clientLists;
  const inputs = inputsOf(lines);
  const dates = new Map<number, Set<string>>();
  for (const l of lines) dates.set(l.employeeId, (dates.get(l.employeeId) ?? new Set()).add(l.payslipDate));
  const values = new Map<string, Record<string, InputValue>>();
  const take = (
    id: number,
    payslips: readonly { id: number; date: string; special?: boolean }[],
    calcs: Parameters<typeof employeeInputValues>[3],
  ) => {
    for (const date of dates.get(id) ?? []) {
      const payslip = payslips.find((p) => !p.special && p.date === date);
      if (payslip) values.set(rowKey(id, date), employeeInputValues(id, payslip.id, inputs, calcs));
    }
  };
  const source = await reads.read(dates.keys());
  if (source.kind === "client") {
    const { employees, calculations } = source.lists;
    for (const e of employees)
      if (dates.has(e.id))
        take(
          e.id,
          (e.recent_payslips ?? []).map((p) => p.payslip),
          calculations,
        );
  } else for (const [id, { payslips, calculations }] of source.byEmployee) take(id, payslips, calculations);
  return { values, requests: reads.requests.employeeLists + reads.requests.clientLists - before };
}

/** The undo as a push plan and the sheet it stands for, for the pre-send check every push goes through. */
function asPushPlan(plan: UndoPlan, lines: readonly HistoryLine[], chunkSize: number) {
  const first = lines[0];
  // Each input undone as it was pushed: a From-this-period-on change puts the employee's standing value back too.
  const kinds = new Map(lines.map((l) => [l.inputKey, l.kind]));
  const inputs = inputsOf(lines).map((i) => ({ key: i.key, header: i.label, type: i.type, kind: kinds.get(i.key) }));
  const meta: InputSheetMeta = {
    version: 1,
    clientId: first.clientId,
    clientName: first.clientName,
    waveId: 0, // the Change history does not keep the wave; a check that needs it reads it from the sheet's employees
    waveName: "",
    payslipDate: first.payslipDate,
    tableName: "",
    snapshotSheet: "",
    inputs,
    builtAt: "",
  };
  // The undo's "values before" are what the service holds now.
  const snapshot: Snapshot = new Map();
  for (const c of plan.cells) {
    const key = rowKey(c.line.employeeId, c.line.payslipDate);
    snapshot.set(key, { ...(snapshot.get(key) ?? {}), [c.line.inputKey]: c.current });
  }
  const push: PushPlan = {
    mode: "all",
    send: plan.send,
    chunks: chunk(plan.send, chunkSize),
    local: [],
    inScope: plan.send.length,
  };
  const names = new Map(lines.map((l) => [l.employeeId, checkName(l.name || null, l.number, l.employeeId)]));
  return { push, meta, snapshot, names };
}

/** Send the rows; each row's outcome. A refused key or Cancel stops the rest (Not sent). */
async function sendRows(
  ctx: FlowContext,
  clientId: number,
  chunks: PlannedRow[][],
  meta: Pick<InputSheetMeta, "inputs">,
  tries: number,
): Promise<{ outcomes: Map<number, RowOutcome>; requests: number; stoppedBy: string | null }> {
  const outcomes = new Map<number, RowOutcome>();
  let requests = 0;
  let stoppedBy: string | null = null;
  for (const [i, rows] of chunks.entries()) {
    if (ctx.signal?.aborted || stoppedBy) break;
    ctx.progress.update?.(i, chunks.length, `Undo: batch ${i + 1} of ${chunks.length}`);
    requests++;
    try {
      const results = await ctx.api.bulkInput(clientId, chunkEntities(rows, meta), {
        idempotent: true,
        tries,
        stopRetries: ctx.signal,
        onRetry: () => requests++,
      });
      for (const o of standingOutcomes(rows, results, meta, formatDate).outcomes) outcomes.set(o.rowIndex, o);
    } catch (error) {
      const failure = chunkFailure(error, rows, meta, tries);
      for (const o of failure.outcomes) outcomes.set(o.rowIndex, o);
      stoppedBy = failure.stop;
    }
  }
  return { outcomes, requests, stoppedBy };
}

/** Undo a push (see the module comment). Throws InputSheetError, sending nothing, when there is nothing to undo. */
export async function undoPush(ctx: FlowContext, options: UndoOptions = {}): Promise<UndoResult> {
  const { send = {}, steps = {}, clock = SYSTEM_CLOCK } = options;
  const chosen = await chooseUndoLines(ctx, send);
  // The Change history names the sheet as it was at the push; a sheet renamed since is followed under its name now.
  const sheetNow = await currentSheetName(ctx.workbook, chosen[0].sheet);
  const lines = chosen.map((l) => ({ ...l, sheet: sheetNow }));
  const pushId = lines[0].pushId;
  // The push's own client, whichever the pane has chosen (the Change history lines name it).
  const client = clientOfMeta(lines[0]);
  const clientId = client.id;
  if (clientId !== ctx.client.id && send.reachable && !send.reachable.some((c) => c.id === clientId))
    throw new InputSheetError(
      `That push was for ${clientLabel(client)}, which this key cannot reach: connect with that client's key, then press Undo push.`,
    );
  const own: FlowContext = clientId === ctx.client.id ? ctx : { ...ctx, client };
  const reads = new PushReads(ctx.api, clientId, { signal: ctx.signal, crossover: send.crossover });
  const read = await readServiceInputs(
    ctx.api,
    clientId,
    lines.filter((l) => l.outcome === "Saved"),
    { reads },
  );
  const plan = planUndo(lines, read.values);
  if (plan.cells.length === 0) throw new InputSheetError(`Push ${pushId} saved no cells: nothing to undo.`);
  const chunkSize = Math.max(1, send.chunkSize ?? 100);
  const { push, meta, snapshot, names } = asPushPlan(plan, lines, chunkSize);
  const checked = steps.check ? await steps.check(push, { meta, snapshot, names }, ctx.signal, reads) : push;
  const undoPushId = newPushId(clock.now());
  const outcomes = new Map<number, RowOutcome>(checked.local.map((o) => [o.rowIndex, o]));
  let sent = { requests: 0, stoppedBy: null as string | null };
  let historyNote: string | null = null;
  try {
    const result = await sendRows(own, clientId, chunk(checked.send, chunkSize), meta, Math.max(1, send.tries ?? DEFAULT_TRIES));
    for (const [k, o] of result.outcomes) outcomes.set(k, o);
    sent = result;
  } finally {
    historyNote = await settleUndo(own, { plan, lines, outcomes, pushId, undoPushId, time: clock.now() });
  }
  const cells = undoCells(plan, outcomes);
  const restored = plan.send.filter((r) => outcomes.get(r.rowIndex)?.status === "Saved");
  if (restored.length > 0) invalidateFormulaResults(clientId);
  let sheetNote = "";
  const sheetCells = await followRestored(ctx.workbook, lines[0].sheet, clientId, restored, plan).catch((e: unknown) => {
    sheetNote = ` "${lines[0].sheet}" could not follow the restored values (${e instanceof Error ? e.message : String(e)}): rebuild it to take the service's values.`;
    return 0;
  });
  const byEnd: Record<string, number> = {};
  for (const c of cells) byEnd[c.outcome.status] = (byEnd[c.outcome.status] ?? 0) + 1;
  const forClient = clientId === ctx.client.id ? "" : ` Undone for ${clientLabel(client)}, the client of that push.`;
  return {
    sheet: lines[0].sheet,
    client,
    pushId,
    undoPushId,
    cells: byEnd,
    notSaved: plan.notSaved,
    requests: { read: read.requests, bulkInput: sent.requests },
    sheetCells,
    summary:
      undoSummary(pushId, byEnd, plan.notSaved, sent.stoppedBy) + (historyNote ? ` ${historyNote}` : "") + sheetNote + forClient,
  };
}

/** The Push log line and the Change history lines of the undo, whatever happened while sending; why the history lacks them, or null. */
async function settleUndo(
  ctx: FlowContext,
  u: { plan: UndoPlan; lines: HistoryLine[]; outcomes: Map<number, RowOutcome>; pushId: string; undoPushId: string; time: Date },
): Promise<string | null> {
  const cells = undoCells(u.plan, u.outcomes);
  const first = u.lines[0];
  await appendLogRows(ctx.workbook, {
    ...PUSH_LOG_SHEET_OPTIONS,
    rows: [
      pushLogRow({
        time: u.time,
        clientId: first.clientId,
        clientName: first.clientName,
        payslipDate: u.lines.every((l) => l.payslipDate === first.payslipDate) ? first.payslipDate : undefined,
        sheetName: first.sheet,
        push: `Undo of ${u.pushId}`,
        counts: undoCounts(cells),
        pushId: u.undoPushId,
      }),
    ],
  });
  const push = { time: u.time, preparedBy: ctx.preparedBy ?? "", clientId: first.clientId, clientName: first.clientName };
  return appendHistory(
    ctx.workbook,
    { ...push, sheet: first.sheet, pushId: u.undoPushId },
    cells.map(({ line, current, outcome }) => ({
      employeeId: line.employeeId,
      number: line.number,
      name: line.name,
      payslipDate: line.payslipDate,
      input: line.input,
      change: changeWords(line.kind, line.payslipDate),
      inputKey: line.inputKey,
      before: current,
      sent: line.before,
      outcome: outcome.status,
      message: outcome.message,
    })),
  );
}

function undoSummary(pushId: string, byEnd: Record<string, number>, notSaved: number, stoppedBy: string | null): string {
  const parts = [
    byEnd.Saved ? `${plural(byEnd.Saved, "cell")} restored` : "no cell restored",
    byEnd.Conflict
      ? `${plural(byEnd.Conflict, "cell")} kept as the service holds ${byEnd.Conflict === 1 ? "it" : "them"} now: changed since the push (Conflict)`
      : "",
    byEnd.Failed ? `${plural(byEnd.Failed, "cell")} failed` : "",
    byEnd.Held ? `${plural(byEnd.Held, "cell")} held` : "",
    byEnd["Not sent"] ? `${plural(byEnd["Not sent"], "cell")} not sent` : "",
  ].filter(Boolean);
  const skipped = notSaved > 0 ? ` ${plural(notSaved, "line")} of the push had not saved: nothing to undo there.` : "";
  const stopped = stoppedBy ? ` Stopped: ${stoppedBy}.` : "";
  return `Undo of ${pushId}: ${parts.join(", ")}. The Change history has a line per cell.${skipped}${stopped}`;
}
