/**
 * The check before a push: every push (Push changes, all rows, selected rows, Retry failed, Overwrite conflicts,
 * each sheet of Push all, and anything else that sends input values, e.g. an undo) goes through
 * `checkBeforeSending` after its plan is made and before the first bulk_input request. It reads the previous period
 * in a fixed number of requests (readPreviousPeriod: 2, whatever the head count), works out the control totals and
 * the variance flags (sheets/pushCheck.ts), and lets the user choose: Send, Send all but flagged (flagged rows end
 * Held) or Cancel (nothing sent). With "Check before every push" off it does not ask, and flagged rows that are
 * sent still carry their reason in the Message.
 */
import type { PayrollApi } from "../../api";
import { type InputSheetMeta, InputSheetError, type Snapshot } from "../../sheets/inputSheetModel";
import {
  type PreviousPeriod,
  type PushCheckSettings,
  type PushTotals,
  type RowFlag,
  PUSH_CHECK_SETTING,
  heldOutcomes,
  parsePushCheckSettings,
  previousPeriod,
  pushFlags,
  pushTotals,
  varianceReason,
} from "../../sheets/pushCheck";
import { type PushMode, type PushPlan, planPush } from "../../sheets/pushPlan";
import type { WorkbookPort } from "../../excel";
import { chunk } from "../../sheets/chunk";
import { formatDate } from "../locale";
import type { FlowContext } from "./common";
import { openInputSheet } from "./inputs";

/** Requests readPreviousPeriod makes, whatever the number of employees or rows (docs/sheets.md). */
export const PREVIOUS_PERIOD_REQUESTS = 2;

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
}

/** What the user sees before a push: one sheet, or every sheet of Push all input sheets (client by client). */
export interface PushCheckReview {
  sheets: SheetCheck[];
}

export type PushCheckChoice = "send" | "sendUnflagged" | "cancel";

/** How a push is checked: the workbook's limits, and who decides. */
export interface PushCheckOptions {
  settings: PushCheckSettings;
  /** Shows the review and resolves with the user's choice; not called when the setting is off or nothing is sent. */
  ask(review: PushCheckReview): Promise<PushCheckChoice>;
  /** The previous period when already read (Push all reads each client's lists once). */
  previous?: PreviousPeriod;
}

/** The plan after the check, the flags of the rows still sent (their Message keeps the reason), and last period. */
export interface CheckedPlan {
  plan: PushPlan;
  flags: Map<number, RowFlag>;
  /** null when nothing was to be sent (nothing read). */
  previous: PreviousPeriod | null;
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

/**
 * Last period's values of the sheet's inputs and nett pay for every employee of the client, in 2 requests
 * whatever the head count: the employees with their last 12 payslips (the previous payslip's date, ID and nett pay)
 * and the client's calculations (payslip-specific values of that payslip, and each employee's own).
 */
export async function readPreviousPeriod(
  api: PayrollApi,
  meta: Pick<InputSheetMeta, "clientId" | "waveId" | "payslipDate" | "inputs">,
  signal?: AbortSignal,
): Promise<PreviousPeriod> {
  const { employees, calculations } = await readClientLists(api, meta.clientId, signal);
  return previousPeriod(employees, calculations, meta);
}

async function readClientLists(api: PayrollApi, clientId: number, signal?: AbortSignal) {
  const [employees, calculations] = await Promise.all([
    api.listEmployees(clientId, ["recent_payslips"], { signal }),
    api.listClientCalculations(clientId, { signal }),
  ]);
  return { employees, calculations };
}

/** One sheet's totals and flags for its plan. */
function sheetCheck(
  sheet: { sheetName: string; meta: InputSheetMeta; snapshot: Snapshot },
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
    flags: pushFlags(plan.send, previous, meta, settings, (iso) => formatDate(iso)),
  };
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
function untilAborted(answer: Promise<PushCheckChoice>, signal: AbortSignal | undefined): Promise<PushCheckChoice> {
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
  sheet: { sheetName: string; meta: InputSheetMeta; snapshot: Snapshot },
  plan: PushPlan,
  check: PushCheckOptions,
): Promise<CheckedPlan> {
  if (plan.send.length === 0) return { plan, flags: new Map(), previous: null };
  ctx.progress.update?.(0, plan.send.length, "Checking the push against last period");
  const previous = check.previous ?? (await readPreviousPeriod(ctx.api, sheet.meta, ctx.signal));
  const review = sheetCheck(sheet, plan, previous, check.settings);
  const { flags } = review;
  const choice = check.settings.enabled ? await untilAborted(check.ask({ sheets: [review] }), ctx.signal) : "send";
  if (choice === "cancel") throw new PushCheckCancelled();
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
 * Undo push's check (flows/undoPush, UndoOptions.check): the same check as any push, in the same 2 requests. The
 * Change history keeps no wave, so the undo's wave is its employees' own, read with last period's lists.
 */
export async function checkUndoBeforeSending(
  ctx: FlowContext,
  sheet: { sheetName: string; meta: InputSheetMeta; snapshot: Snapshot },
  plan: PushPlan,
  check: PushCheckOptions,
): Promise<PushPlan> {
  const { employees, calculations } = await readClientLists(ctx.api, sheet.meta.clientId, ctx.signal);
  const sent = new Set(plan.send.map((r) => r.employeeId));
  const waveId = employees.find((e) => sent.has(e.id))?.wave_id ?? sheet.meta.waveId;
  const meta = { ...sheet.meta, waveId };
  const previous = previousPeriod(employees, calculations, meta);
  return (await checkBeforeSending(ctx, { ...sheet, meta }, plan, { ...check, previous })).plan;
}

/**
 * Push all input sheets: one check of every sheet before the first is sent (each sheet's changed cells, its
 * client's lists read once: 2 requests per client), and per sheet the check its push then goes through, with the
 * user's choice already made and last period already read. Throws PushCheckCancelled on Cancel. A sheet that cannot
 * be read here is left to its push, which says why.
 */
export async function checkAllBeforeSending(
  ctx: FlowContext,
  sheets: readonly { sheetName: string; meta: InputSheetMeta }[],
  check: PushCheckOptions,
): Promise<Map<string, PushCheckOptions>> {
  if (!check.settings.enabled) return new Map(sheets.map((s) => [s.sheetName, check]));
  const lists = new Map<number, ReturnType<typeof readClientLists>>();
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
    if (!lists.has(meta.clientId)) lists.set(meta.clientId, readClientLists(ctx.api, meta.clientId, ctx.signal));
    const { employees, calculations } = await lists.get(meta.clientId)!;
    const previous = previousPeriod(employees, calculations, meta);
    previousOf.set(sheetName, previous);
    reviews.push(sheetCheck({ sheetName, meta, snapshot: opened.snapshot }, plan, previous, check.settings));
  }
  const choice = reviews.length === 0 ? "send" : await untilAborted(check.ask({ sheets: reviews }), ctx.signal);
  if (choice === "cancel") throw new PushCheckCancelled();
  const decided = async () => choice;
  return new Map(
    sheets.map((s) => [s.sheetName, { settings: check.settings, ask: decided, previous: previousOf.get(s.sheetName) }]),
  );
}
