/**
 * The check before a push: every push (Push changes, all rows, selected rows, Retry failed, Overwrite conflicts,
 * each sheet of Push all, and anything else that sends input values, e.g. an undo) goes through
 * `checkBeforeSending` after its plan is made and before the first bulk_input request. It reads the previous period
 * with the conflict check's own read (./pushReads: each employee's payslips and calculations up to the crossover,
 * else the client-wide pair), or not at all once that period, finalised, is known to the session
 * (./previousPeriods), works out the control totals and
 * the variance flags (../model/pushCheck.ts), and lets the user choose: Send, Send all but flagged (flagged rows end
 * Held) or Cancel (nothing sent). With "Check before every push" off it does not ask, and flagged rows that are
 * sent still carry their reason in the Message. With "Pushes with flagged rows need a second person" on, flagged rows
 * end Awaiting review instead, and the rows awaiting review are shown for another person to approve or return
 * (./review).
 */
import type { InputValue } from "../../../contract";
import { type InputSheetMeta, InputSheetError, type Snapshot } from "../model/inputSheetModel";
import {
  type PreviousPayslip,
  type PreviousPeriod,
  type PushCheckSettings,
  type PushTotals,
  type RowFlag,
  currentRates,
  hoursRateKeys,
  PUSH_CHECK_SETTING,
  heldOutcomes,
  latestRegularBefore,
  checkName,
  parsePushCheckSettings,
  previousPayslipOf,
  previousPeriod,
  pushFlags,
  pushTotals,
  varianceReason,
} from "../model/pushCheck";
import { type PushMode, type PushPlan, planPush } from "../model/pushPlan";
import type { WorkbookPort } from "../../../excel";
import { chunk } from "../../../ui/sheets/chunk";
import { formatDate } from "../../../ui/locale";
import type { FlowContext } from "../../../ui/flows/common";
import { openInputSheet } from "./inputs";
import { employeesOf } from "./changeHistory";
import { type EmployeeLists, PushReads } from "./pushReads";
import { knownFor, knownPeriod, knownPeriodsOf, rememberPeriod } from "./previousPeriods";
import { type ReviewedAnswer, answerParts, newFlags, reviewOf, reviewedPlan } from "./review";
import type { AwaitingRow, ReviewState } from "../model/review";
import type { RowRecords } from "../model/rowState";
import { readRowRecords } from "./rowStates";

/** What the user sees of one sheet before it is pushed: totals, flags, and the period they are compared with. */
export interface SheetCheck {
  sheetName: string;
  clientId: number;
  clientName: string;
  mode: PushMode;
  /** The wave's previous regular payslip date; null when the sheet's period is the wave's first. */
  previousDate: string | null;
  totals: PushTotals;
  flags: RowFlag[];
  /** Rows in scope that will not be sent (Invalid), each with its name and why: "'ten' is not a number". */
  notSent: { rowIndex: number; name: string; reason: string }[];
  /** With a second person's review on: the rows awaiting review (not in `flags`), for the person pushing to decide. */
  awaiting?: AwaitingRow[];
}

/** What the user sees before a push: one sheet, or every sheet of Push all input sheets (client by client). */
export interface PushCheckReview {
  sheets: SheetCheck[];
}

export type PushCheckChoice = "send" | "sendUnflagged" | "cancel";
/** The choice, with a reviewer's answers per sheet and row when rows awaited review (../model/review). */
export type PushCheckAnswer = ReviewedAnswer<PushCheckChoice>;

/** How a push is checked: the workbook's limits, and who decides. */
export interface PushCheckOptions {
  settings: PushCheckSettings;
  /** Shows the review and resolves with the user's choice; not called when the setting is off or nothing is sent. */
  ask(review: PushCheckReview): Promise<PushCheckAnswer>;
  /** The previous period when already read (Push all reads each client's lists once). */
  previous?: PreviousPeriod;
  /** The push's shared read when already made (Push all: the first sheet of a client pushes on its check's read). */
  reads?: PushReads;
}

/** A sheet as the check sees it; `names`: "Ann Byrne (0012)" per employee, from the sheet's Number and Name. */
export interface CheckedSheet {
  sheetName: string;
  meta: InputSheetMeta;
  snapshot: Snapshot;
  names?: ReadonlyMap<number, string>;
  /** The sheet's table (Number and Name columns): names the rows that will not be sent. */
  table?: { columns: readonly string[]; rows: readonly (readonly unknown[])[] };
  /** The rows' states: where a second person's review is kept (none: the push is not reviewed, e.g. Undo push). */
  records?: RowRecords;
}

/** The plan after the check, the flags of the rows still sent (their Message keeps the reason), and last period. */
export interface CheckedPlan {
  plan: PushPlan;
  flags: Map<number, RowFlag>;
  /** null when nothing was to be sent (nothing read). */
  previous: PreviousPeriod | null;
  /** Rows awaiting review, returned, or approved by a second person: their review, kept in their state. */
  reviews?: Map<number, ReviewState>;
}

/** Thrown when the user cancels at the check: nothing was sent and the sheet is as it was. */
export class PushCheckCancelled extends InputSheetError {
  constructor() {
    super("you cancelled at the check before the push. The changes stay pending.");
  }
}

/** The workbook's check settings (document setting payroll.pushCheck; the defaults when none). */
export async function readPushCheckSettings(workbook: WorkbookPort): Promise<PushCheckSettings> {
  return parsePushCheckSettings(await workbook.getSetting(PUSH_CHECK_SETTING));
}

export async function savePushCheckSettings(workbook: WorkbookPort, settings: PushCheckSettings): Promise<void> {
  await workbook.setSetting(PUSH_CHECK_SETTING, { ...settings });
}

/** "Ann Byrne (0012)" for the employees of `rows`, from the sheet's Number and Name columns. */
export function sheetNames(
  table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] },
  rows: readonly { rowIndex: number; employeeId: number }[],
): Map<number, string> {
  const who = employeesOf(table);
  return new Map(
    rows.map((r) => {
      const { name, number } = who(r.rowIndex);
      return [r.employeeId, checkName(name || null, number, r.employeeId)];
    }),
  );
}

type PeriodMeta = Pick<InputSheetMeta, "clientId" | "waveId" | "payslipDate" | "inputs">;

/**
 * Last period's values of the sheet's inputs and nett pay for `employeeIds`: nothing read when the session knows
 * them (a finalised period); else from the push's shared read (`reads`, the conflict check's own): per employee, the
 * wave's previous date is the latest regular payslip before the sheet's among them, checked against the wave's pay
 * runs (one small list) only when one of them has no payslip on it; above the crossover, the client-wide pair.
 */
export async function readPreviousPeriod(
  reads: PushReads,
  meta: PeriodMeta,
  employeeIds: readonly number[],
  names: ReadonlyMap<number, string> = new Map(),
): Promise<PreviousPeriod> {
  const { api } = reads;
  // Hours whose rate the sheet does not show need the service's rate now: read, even for a known period.
  const needsRates = [...hoursRateKeys(meta.inputs).values()].some((k) => !meta.inputs.some((i) => i.key === k));
  const known = needsRates ? undefined : knownFor(api, meta, employeeIds);
  if (known) return known;
  const source = await reads.read(employeeIds);
  if (source.kind === "client") {
    const p = previousPeriod(source.lists.employees, source.lists.calculations, meta);
    if (p.date && p.finalised) rememberPeriod(api, meta, p.date, p);
    return { date: p.date, payslips: p.payslips, names: p.names, rates: p.rates };
  }
  const { byEmployee } = source;
  const ids = [...new Set(employeeIds)].filter((id) => byEmployee.has(id));
  let date =
    knownPeriod(api, meta)?.date ??
    latestRegularBefore(
      ids.flatMap((id) => byEmployee.get(id)!.payslips),
      meta.payslipDate,
    );
  const onDate = (id: number) => byEmployee.get(id)!.payslips.some((p) => !p.special && p.date === date);
  if (date === null || !ids.every(onDate)) {
    // Someone without a payslip on that date: the wave's latest finalised period says whether it is the wave's.
    const runs = (await reads.paymentRuns()).filter((r) => r.wave_id === meta.waveId);
    const runDate = latestRegularBefore(
      runs.map((r) => ({ date: r.period_end_date, special: r.special })),
      meta.payslipDate,
    );
    if (runDate !== null && (date === null || runDate > date)) date = runDate;
  }
  const payslips = new Map<number, PreviousPayslip>();
  const allNames = new Map(ids.map((id) => [id, names.get(id) ?? checkName(null, null, id)]));
  const rates = new Map<number, Record<string, InputValue>>();
  for (const id of ids) {
    const r = currentRates(byEmployee.get(id)!.payslips, byEmployee.get(id)!.calculations, meta.payslipDate, meta.inputs);
    if (r) rates.set(id, r);
  }
  if (date === null) return { date, payslips, names: allNames, rates };
  let finalised = true;
  for (const id of ids) {
    const { payslips: list, calculations } = byEmployee.get(id)!;
    const p = previousPayslipOf(list, calculations, date, meta.inputs);
    if (!p) continue;
    finalised &&= p.finalised;
    payslips.set(id, { values: p.values, nettPay: p.nettPay });
  }
  if (finalised && payslips.size > 0) rememberPeriod(api, meta, date, { payslips, names: allNames, employees: ids });
  return { date, payslips, names: allNames, rates };
}

/** One sheet's totals and flags for its plan. */
function sheetCheck(
  sheet: CheckedSheet,
  plan: PushPlan,
  previous: PreviousPeriod,
  settings: PushCheckSettings,
): SheetCheck {
  const { meta } = sheet;
  return {
    sheetName: sheet.sheetName,
    clientId: meta.clientId,
    clientName: meta.clientName,
    mode: plan.mode,
    previousDate: previous.date,
    totals: pushTotals(plan.send, sheet.snapshot, meta),
    flags: pushFlags(plan.send, previous, meta, settings, (iso) => formatDate(iso), sheet.snapshot),
    notSent: notSentRows(plan, sheet.table),
  };
}

/** The plan's Invalid rows, named from the sheet ("Ann Byrne (0012)", else "Row 4"), with why in the row's words. */
function notSentRows(plan: PushPlan, table: CheckedSheet["table"]): SheetCheck["notSent"] {
  const who = table ? employeesOf(table) : () => ({ name: "", number: "" });
  return plan.local
    .filter((o) => o.status === "Invalid")
    .map((o) => {
      const { name, number } = who(o.rowIndex);
      return {
        rowIndex: o.rowIndex,
        name: name || number ? checkName(name || `Row ${o.rowIndex + 1}`, number, 0) : `Row ${o.rowIndex + 1}`,
        reason: o.cause ?? o.message,
      };
    });
}

/**
 * After a checked push: why an employee's new nett pay moved beyond the amount limits against last period, as a flag
 * says it, or null. Undefined when there is no last period to compare with.
 */
export function nettPayFlagger(previous: PreviousPeriod | null | undefined, settings: PushCheckSettings | undefined) {
  if (!previous?.date || !settings) return undefined;
  const against = formatDate(previous.date);
  return (employeeId: number, value: number): string | null => {
    const before = previous.payslips.get(employeeId)?.nettPay ?? null;
    return before === null ? null : varianceReason("Nett pay", "currency", before, value, settings, against);
  };
}

/** The user's answer, or "cancel" when the task is cancelled (the pane's Cancel) while the question is open. */
function untilAborted(answer: Promise<PushCheckAnswer>, signal: AbortSignal | undefined): Promise<PushCheckAnswer> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.resolve("cancel");
  return new Promise((resolve) => {
    const onAbort = () => resolve("cancel");
    signal.addEventListener("abort", onAbort, { once: true });
    void answer.then((c) => {
      signal.removeEventListener("abort", onAbort);
      resolve(c);
    });
  });
}

/**
 * The single point every push goes through before sending: the totals and flags of `plan`, the user's choice, and
 * the plan that choice leaves (flagged rows Held, or the whole push cancelled by throwing PushCheckCancelled).
 * Nothing to send: no request and no question.
 */
export async function checkBeforeSending(
  ctx: FlowContext,
  sheet: CheckedSheet,
  plan: PushPlan,
  check: PushCheckOptions,
): Promise<CheckedPlan> {
  if (plan.send.length === 0) return { plan, flags: new Map(), previous: null };
  ctx.progress.update?.(0, plan.send.length, "Checking the push against last period");
  const reads = () => check.reads ?? new PushReads(ctx.api, sheet.meta.clientId, { signal: ctx.signal });
  const ids = plan.send.map((r) => r.employeeId);
  const previous = check.previous ?? (await readPreviousPeriod(reads(), sheet.meta, ids, sheet.names));
  const review = sheetCheck(sheet, plan, previous, check.settings);
  const { flags } = review;
  const me = ctx.preparedBy ?? "";
  const awaiting = reviewOf(check.settings, plan, sheet.records, me, sheet.names ?? previous.names);
  if (awaiting) Object.assign(review, { awaiting, flags: newFlags(flags, awaiting) });
  // Rows another person may review are shown even when the check does not ask before every push.
  const asks = check.settings.enabled || (awaiting ?? []).some((a) => a.mayReview);
  const answer = asks ? await untilAborted(check.ask({ sheets: [review] }), ctx.signal) : "send";
  const { choice, decisions } = answerParts(answer);
  if (choice === "cancel") throw new PushCheckCancelled();
  if (awaiting && sheet.records)
    return { ...reviewedPlan(plan, flags, sheet.records, me, decisions, sheet.sheetName), previous };
  if (choice === "send" || flags.length === 0) return { plan, flags: new Map(flags.map((f) => [f.rowIndex, f])), previous };
  const held = new Set(flags.map((f) => f.rowIndex));
  const send = plan.send.filter((r) => !held.has(r.rowIndex));
  return {
    plan: {
      ...plan,
      send,
      chunks: chunk(send, Math.max(1, plan.chunks[0]?.length ?? 1)),
      local: [...plan.local, ...heldOutcomes(flags)].sort((a, b) => a.rowIndex - b.rowIndex),
    },
    flags: new Map(),
    previous,
  };
}

/**
 * Undo push's check (flows/undoPush, UndoOptions.check): the same check as any push, on the undo's own read
 * (`check.reads`: each employee's lists, or the client-wide pair). The Change history keeps no wave, so the undo's
 * wave is its employees' own: a period the session knows for all of them (nothing read); the pair's wave_id; or,
 * per employee, the wave of the pay run of their latest finalised payslip before the period (the client's pay runs,
 * one small list).
 */
export async function checkUndoBeforeSending(
  ctx: FlowContext,
  sheet: CheckedSheet,
  plan: PushPlan,
  check: PushCheckOptions,
): Promise<PushPlan> {
  const sent = [...new Set(plan.send.map((r) => r.employeeId))];
  const { clientId, payslipDate } = sheet.meta;
  const known = knownPeriodsOf(ctx.api, clientId, payslipDate).find((k) => sent.every((id) => k.period.known.has(id)));
  let meta = sheet.meta;
  let previous: PreviousPeriod;
  if (known) {
    meta = { ...meta, waveId: known.waveId };
    previous = { date: known.period.date, payslips: known.period.payslips, names: known.period.names };
  } else {
    const reads = check.reads ?? new PushReads(ctx.api, clientId, { signal: ctx.signal });
    const source = plan.send.length === 0 ? null : await reads.read(sent);
    if (source?.kind === "employees") {
      const runs = new Map((await reads.paymentRuns()).map((r) => [r.id, r.wave_id]));
      const waveOf = (lists: EmployeeLists) =>
        lists.payslips
          .filter((p) => !p.special && p.date < payslipDate && p.payment_run_id != null && runs.has(p.payment_run_id))
          .sort((a, b) => (a.date < b.date ? 1 : -1))
          .map((p) => runs.get(p.payment_run_id!)!)[0];
      const waveId = [...source.byEmployee.values()].map(waveOf).find((w) => w !== undefined);
      meta = { ...meta, waveId: waveId ?? meta.waveId };
      previous = await readPreviousPeriod(reads, meta, sent, sheet.names);
    } else {
      const { employees, calculations } = source?.lists ?? { employees: [], calculations: [] };
      const sentSet = new Set(sent);
      meta = { ...meta, waveId: employees.find((e) => sentSet.has(e.id))?.wave_id ?? meta.waveId };
      const p = previousPeriod(employees, calculations, meta);
      if (p.date && p.finalised) rememberPeriod(ctx.api, meta, p.date, p);
      previous = { date: p.date, payslips: p.payslips, names: p.names };
    }
  }
  return (await checkBeforeSending(ctx, { ...sheet, meta }, plan, { ...check, previous })).plan;
}

/**
 * Push all input sheets: one check of every sheet before the first is sent (each sheet's changed cells, read as a
 * push reads them: per employee up to the crossover, else the client's pair, read once for all its sheets; nothing
 * for a period the session knows), and per sheet the check its push then goes through, with the user's choice
 * already made and last period already read. The first sheet pushed of each client also takes its check's read for
 * its conflict check (nothing of that client sent yet, so today's values still hold); a later one reads afresh.
 * Throws PushCheckCancelled on Cancel. A sheet that cannot be read here is left to its push, which says why.
 */
export async function checkAllBeforeSending(
  ctx: FlowContext,
  sheets: readonly { sheetName: string; meta: InputSheetMeta }[],
  check: PushCheckOptions,
): Promise<Map<string, PushCheckOptions>> {
  if (!check.settings.enabled) return new Map(sheets.map((s) => [s.sheetName, check]));
  const reads = new Map<number, PushReads>();
  const readsOf = (clientId: number) => {
    if (!reads.has(clientId)) reads.set(clientId, new PushReads(ctx.api, clientId, { signal: ctx.signal }));
    return reads.get(clientId)!;
  };
  const reviews: SheetCheck[] = [];
  const previousOf = new Map<string, PreviousPeriod>();
  for (const [i, { sheetName, meta }] of sheets.entries()) {
    ctx.progress.update?.(i, sheets.length, `Checking ${sheetName} against last period`);
    let opened: Awaited<ReturnType<typeof openInputSheet>>;
    try {
      opened = await openInputSheet(ctx.workbook, sheetName, meta.clientId);
    } catch {
      continue;
    }
    const plan = planPush(opened.sheet, opened.snapshot, { mode: "changed" });
    if (plan.send.length === 0) continue;
    const names = sheetNames(opened.table, plan.send);
    const ids = plan.send.map((r) => r.employeeId);
    const previous = await readPreviousPeriod(readsOf(meta.clientId), meta, ids, names);
    previousOf.set(sheetName, previous);
    const sheet = { sheetName, meta, snapshot: opened.snapshot, names, table: opened.table };
    const review = sheetCheck(sheet, plan, previous, check.settings);
    const states = check.settings.secondPerson ? await readRowRecords(ctx.workbook, meta, opened.table) : undefined;
    const awaiting = reviewOf(check.settings, plan, states, ctx.preparedBy ?? "", names);
    reviews.push(awaiting ? { ...review, awaiting, flags: newFlags(review.flags, awaiting) } : review);
  }
  const answer = reviews.length === 0 ? "send" : await untilAborted(check.ask({ sheets: reviews }), ctx.signal);
  if (answerParts(answer).choice === "cancel") throw new PushCheckCancelled();
  // Each sheet's push applies the same answer (a reviewer's answers are by sheet and row).
  const decided = async () => answer;
  return new Map(
    sheets.map((s) => {
      // The client's read goes to its first sheet only.
      const shared = reads.get(s.meta.clientId);
      reads.delete(s.meta.clientId);
      return [s.sheetName, { settings: check.settings, ask: decided, previous: previousOf.get(s.sheetName), reads: shared }];
    }),
  );
}
