/**
 * Push all input sheets: a bureau's month end covers many clients. Every input sheet of the workbook is pushed
 * ("Push changes", conflicts held back), client by client, each under its own client; a sheet of a client the key cannot reach is
 * skipped with a message. Each sheet ends with one summary, in the pane and as a Push log line (the push writes
 * its own; a sheet skipped or refused before sending gets one here).
 *
 * Nett pay is waited for once, after every sheet is sent, not sheet by sheet: the service recalculates the earlier
 * sheets while the later ones are sent, so a month end of many clients waits about one poll interval in all, not
 * one per sheet. Until then the saved rows keep their old figure, marked pending, as after any push.
 */
import type { Client, Employee } from "../../../contract";
import type { NettPayTarget } from "../model/nettPay";
import { NETT_PAY_UNCHANGED } from "../model/nettPayUnmoved";
import { PUSH_ALL_LABEL, PUSH_LOG_SHEET_OPTIONS, pushLogRow } from "../model/pushLog";
import type { PushCounts } from "../model/pushPlan";
import { CANCELLED } from "../../../ui/sheets/rowOutcomes";
import type { InputSheetMeta } from "../model/inputSheetModel";
import { finalisedReason } from "../model/finalisedPeriod";
import { formatDate } from "../../../ui/locale";
import { readInputSheetMeta } from "./inputs";
import { deletionsToName, followInputSheets } from "./sheetIdentity";
import { appendLogRows } from "./logSheets";
import { conflictCheck } from "./conflicts";
import { type ClientRef, type Clock, clientLabel, clientOfMeta, type FlowContext, SYSTEM_CLOCK } from "../../../ui/flows/common";
import { DEFAULT_NETT_PAY_POLLING, type NettPayPolling, type NettPayWait, refreshNettPay } from "./nettPay";
import { type PushSteps, pushInputSheet } from "./push";
import { type PushCheckOptions, checkAllBeforeSending, nettPayFlagger } from "./pushCheck";
import { employeesHeld, finalisedUnsentReason, unsentAfterPush } from "./unsentWork";

export interface SheetPushSummary {
  sheetName: string;
  /** The client the sheet was built for; null for a sheet the add-in did not build (it has no client). */
  client: ClientRef | null;
  outcome: "pushed" | "skipped" | "failed";
  /** One sentence: the push's summary, or why the sheet was skipped. */
  summary: string;
  counts: PushCounts | null;
  /** Built for a finalised period: nothing to push, and nothing wrong (sheets/finalisedPeriod). */
  readOnly?: boolean;
  /** Rows still waiting for their recalculated nett pay when the push all ended (they say so, and Refresh nett pay fetches it). */
  nettPayPending?: number;
  /** Saved rows whose amount or hours moved while their nett pay did not ("Nett pay did not change", amber). */
  nettPayUnmoved?: number;
  /** The rows left pending, with what was sent and the figure before (for the one wait after all the sheets). */
  pendingTargets?: NettPayTarget[];
}

export interface PushAllResult {
  sheets: SheetPushSummary[];
  /** Input sheets deleted since Push all last named them: not pushed, and the summary says so (once per deletion). */
  deleted?: string[];
  /** "3 input sheets: 2 pushed, 1 with 4 failed rows." */
  summary: string;
  /** Some sheet was not pushed, or has rows that did not save (Failed, Conflict, Invalid, Not sent): a warning, not a success. */
  attention: boolean;
}

/** Rows of a pushed sheet that did not save and need the accountant (Held: kept back by the check; Unchanged and Saved do not). */
const ATTENTION = ["Failed", "Conflict", "Held", "Awaiting review", "Returned", "Invalid", "Not sent"] as const;

/** How a sheet ended: pushed clean ("none"), pushed with rows to see to ("rows"), or not pushed at all. */
export function sheetAttention(sheet: SheetPushSummary): "none" | "rows" | "not pushed" | "read only" {
  if (sheet.readOnly) return "read only";
  if (sheet.outcome !== "pushed" || !sheet.counts) return "not pushed";
  return ATTENTION.some((s) => sheet.counts![s] > 0) || (sheet.nettPayUnmoved ?? 0) > 0 ? "rows" : "none";
}

/**
 * "3 input sheets: 2 pushed, 1 with 4 failed rows, 1 not pushed.": sheets pushed clean, then those with rows to
 * see to (their counts summed, by status), then those not pushed. Success is never claimed for a sheet with failures.
 */
export function pushAllSummary(sheets: readonly SheetPushSummary[]): string {
  if (sheets.length === 0) return "The workbook has no input sheets to push.";
  const by = (a: ReturnType<typeof sheetAttention>) => sheets.filter((s) => sheetAttention(s) === a);
  const withRows = by("rows");
  const rows: { status: string; n: number }[] = ATTENTION.map((status) => ({
    status: status as string,
    n: withRows.reduce((t, s) => t + s.counts![status], 0),
  })).filter((r) => r.n > 0);
  // Saved rows whose nett pay did not move count as rows to see to, never as a clean push.
  const unmoved = withRows.reduce((t, s) => t + (s.nettPayUnmoved ?? 0), 0);
  if (unmoved > 0) rows.push({ status: "nett pay unchanged", n: unmoved });
  const total = rows.reduce((t, r) => t + r.n, 0);
  const parts = [
    `${by("none").length} pushed`,
    withRows.length > 0
      ? `${withRows.length} with ${rows.map((r) => `${r.n} ${r.status.toLowerCase()}`).join(", ")} row${total === 1 ? "" : "s"}`
      : "",
    by("not pushed").length > 0 ? `${by("not pushed").length} not pushed` : "",
    by("read only").length > 0 ? `${by("read only").length} read only (finalised)` : "",
  ].filter(Boolean);
  return `${plural(sheets.length, "input sheet")}: ${parts.join(", ")}.`;
}

/** Push all, as a push: what is sent, the steps (the check, the one wait for nett pay after all the sheets), the clock. */
export interface PushAllOptions {
  send: {
    /** The clients the key can reach (GET /clients/): their sheets are pushed, client by client in this order. */
    reachable: readonly Pick<Client, "id" | "name">[];
    chunkSize?: number;
  };
  steps?: Pick<PushSteps, "check" | "nettPay">;
  clock?: Clock;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "'Liffey · Nov' was deleted, so it was not pushed: …", or "" when none was. */
export function deletedSentence(names: readonly string[]): string {
  if (names.length === 0) return "";
  const quoted = names.map((n) => `'${n}'`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
  return names.length === 1
    ? `${list} was deleted, so it was not pushed: the Input sheets tab names its changes not sent and can restore them.`
    : `${list} were deleted, so they were not pushed: the Input sheets tab names their changes not sent and can restore them.`;
}

/** Send only: every saved row is left pending, for the one wait after all the sheets. */
const NO_WAIT: NettPayPolling = { polls: 0, intervalMs: 0 };

/** A sheet's context: its own client, Cancel shared, no bar of its own (Push all counts the sheets). */
const sheetContext = (ctx: FlowContext, meta: InputSheetMeta): FlowContext => ({
  ...ctx,
  client: clientOfMeta(meta),
  progress: { signal: ctx.signal },
});

/** One sheet: pushed under its own client ("Push changes", conflicts held back), or why not. */
async function pushSheet(
  ctx: FlowContext,
  sheetName: string,
  meta: InputSheetMeta | null,
  reachable: ReadonlyMap<number, unknown>,
  options: Required<PushAllOptions> & { employeesOf: (clientId: number) => Promise<readonly Employee[] | null> },
  check: PushCheckOptions | undefined,
): Promise<SheetPushSummary> {
  const { send, steps, clock } = options;
  const base = { sheetName, client: meta ? clientOfMeta(meta) : null, counts: null };
  // What the sheet holds unsent after this (a push's Held, Failed and refused rows; all of it when not pushed) is
  // named in words, so none vanishes into a count.
  const withUnsent = async (summary: string) => {
    const left = await unsentAfterPush(ctx.workbook, sheetName, formatDate).catch(() => "");
    return left ? `${summary} ${left}` : summary;
  };
  if (!meta)
    return { ...base, outcome: "skipped", summary: "Skipped: not an input sheet built by the add-in (or it was renamed)." };
  if (!reachable.has(meta.clientId)) {
    return {
      ...base,
      outcome: "skipped",
      summary: await withUnsent(
        `Skipped: the key cannot reach ${clientLabel(clientOfMeta(meta))}. Connect with that client's key to push it.`,
      ),
    };
  }
  // A finalised period's unsent values (the period finalised in the service since the sheet was built, or typed on
  // a read-only sheet) are named, never pushed to fail.
  const finalised = await finalisedUnsentReason(ctx.workbook, sheetName, options.employeesOf, formatDate).catch(() => null);
  if (finalised) return { ...base, outcome: "skipped", summary: finalised };
  if (meta.finalised)
    return {
      ...base,
      outcome: "skipped",
      readOnly: true,
      summary: `Read only: ${finalisedReason(formatDate(meta.payslipDate))}`,
    };
  try {
    const result = await pushInputSheet(sheetContext(ctx, meta), sheetName, {
      send: { mode: "changed", chunkSize: send.chunkSize, logAs: PUSH_ALL_LABEL },
      steps: { conflictCheck: conflictCheck(ctx.api, send.chunkSize), check, nettPay: steps.nettPay === false ? false : NO_WAIT },
      clock,
    });
    return {
      ...base,
      outcome: "pushed",
      summary: await withUnsent(result.summary),
      counts: result.counts,
      nettPayPending: result.nettPay.pending,
      nettPayUnmoved: result.nettPay.unmoved,
      pendingTargets: result.pendingNettPay,
    };
  } catch (e) {
    return {
      ...base,
      outcome: "failed",
      summary: await withUnsent(`Nothing sent: ${e instanceof Error ? e.message : String(e)}`),
    };
  }
}

export async function pushAllInputSheets(ctx: FlowContext, options: PushAllOptions): Promise<PushAllResult> {
  const { workbook, signal, progress } = ctx;
  const all = { steps: {}, clock: SYSTEM_CLOCK, ...options };
  const { send, steps, clock } = all;
  const { sheets: names, deleted } = await followInputSheets(workbook);
  const metas = await Promise.all(
    names.map(async (sheetName) => ({ sheetName, meta: await readInputSheetMeta(workbook, sheetName) })),
  );
  // Client by client (in the order of the client list), each client's sheets in tab order.
  const rank = new Map(send.reachable.map((c, i) => [c.id, i]));
  const ordered = [...metas].sort(
    (a, b) => (rank.get(a.meta?.clientId ?? -1) ?? Infinity) - (rank.get(b.meta?.clientId ?? -1) ?? Infinity),
  );
  const reachable = new Map(send.reachable.map((c) => [c.id, c]));
  // One check of every sheet before the first is sent; each sheet's push then applies the choice made there.
  const pushable = ordered.flatMap(({ sheetName, meta }) => (meta && reachable.has(meta.clientId) ? [{ sheetName, meta }] : []));
  const checks = steps.check ? await checkAllBeforeSending(ctx, pushable, steps.check) : null;
  const sheets: SheetPushSummary[] = [];
  const employeesOf = employeesHeld(ctx);
  for (const [i, { sheetName, meta }] of ordered.entries()) {
    if (signal?.aborted) {
      const base = {
        sheetName,
        client: meta ? clientOfMeta(meta) : null,
        counts: null,
      };
      sheets.push({ ...base, outcome: "skipped", summary: `Not pushed: ${CANCELLED}.` });
      continue;
    }
    progress.update?.(i, ordered.length, `${sheetName} (${i + 1} of ${ordered.length})`);
    const done = await pushSheet(ctx, sheetName, meta, reachable, { ...all, employeesOf }, checks?.get(sheetName) ?? steps.check);
    sheets.push(done);
    // The push logs its own line; a sheet skipped or refused before sending gets one here.
    if (done.outcome === "pushed") continue;
    // Its reason in the Push column, zero counts; a sheet the add-in did not build names no client.
    const line = pushLogRow({
      ...done,
      clientId: null,
      clientName: "",
      ...meta,
      time: clock.now(),
      push: `${PUSH_ALL_LABEL}: ${done.summary}`,
      counts: null,
    });
    await appendLogRows(workbook, { ...PUSH_LOG_SHEET_OPTIONS, rows: [line] }).catch(() => undefined);
  }
  if (steps.nettPay !== false)
    await awaitAllNettPay(ctx, sheets, { polling: steps.nettPay ?? DEFAULT_NETT_PAY_POLLING, sleep: clock.sleep }, checks);
  progress.update?.(ordered.length, ordered.length, "Done");
  // Each deletion is named once here; the Input sheets tab names it until it is restored or let go.
  const gone = await deletionsToName(workbook, deleted);
  const summary = [sheets.length > 0 || gone.length === 0 ? pushAllSummary(sheets) : "", deletedSentence(gone)]
    .filter(Boolean)
    .join(" ");
  const attention = gone.length > 0 || sheets.some((s) => sheetAttention(s) === "rows" || sheetAttention(s) === "not pushed");
  return { sheets, deleted: gone, summary, attention };
}

/**
 * After all the sheets: looks for the pushed sheets' new nett pay, every sheet at once each round (the first round
 * straight away), until none is pending or the polls are used up. Each sheet's summary then says how many rows
 * still wait. Cancel, or a sheet that can no longer be read, ends the wait with its rows marked pending.
 */
async function awaitAllNettPay(
  ctx: FlowContext,
  sheets: SheetPushSummary[],
  { polling, sleep }: Pick<NettPayWait, "polling" | "sleep">,
  /** Each sheet's check: a new nett pay beyond its limits against last period is flagged as it arrives. */
  checks: ReadonlyMap<string, PushCheckOptions> | null,
): Promise<void> {
  const { signal } = ctx;
  // A push's own summary already says it when its figures came in while it waited.
  const saidByPush = new Set(sheets.filter((s) => (s.nettPayUnmoved ?? 0) > 0));
  let waiting = sheets.filter((s) => s.outcome === "pushed" && s.client !== null && (s.nettPayPending ?? 0) > 0);
  for (let round = 0; waiting.length > 0 && round < Math.max(1, polling.polls); round++) {
    if (round > 0) {
      try {
        await sleep(polling.intervalMs, signal);
      } catch {
        break; // cancelled: the rows not read stay marked pending on their sheets, with what to press
      }
    }
    const next: SheetPushSummary[] = [];
    for (const [i, sheet] of waiting.entries()) {
      ctx.progress.update?.(i, waiting.length, `Waiting for nett pay: ${sheet.sheetName}`);
      try {
        const sheetCtx = { ...ctx, client: sheet.client!, progress: { signal } };
        const check = checks?.get(sheet.sheetName);
        const read = await refreshNettPay(sheetCtx, sheet.sheetName, {
          flagNettPay: nettPayFlagger(check?.previous, check?.settings),
          known: sheet.pendingTargets,
        });
        sheet.nettPayPending = read.pending;
        sheet.pendingTargets = read.pendingTargets;
        sheet.nettPayUnmoved = (sheet.nettPayUnmoved ?? 0) + read.unmoved;
        if (read.pending > 0 && !signal?.aborted) next.push(sheet);
      } catch {
        // The sheet can no longer be read (deleted or renamed meanwhile): its rows keep their pending mark.
      }
    }
    waiting = next;
  }
  for (const sheet of sheets) {
    const unmoved = sheet.nettPayUnmoved ?? 0;
    if (unmoved > 0 && !saidByPush.has(sheet))
      sheet.summary += ` ${NETT_PAY_UNCHANGED} on ${plural(unmoved, "saved row")}: see the Message column.`;
    if ((sheet.nettPayPending ?? 0) > 0)
      sheet.summary += ` Nett pay pending for ${plural(sheet.nettPayPending!, "row")}: press Refresh nett pay shortly.`;
  }
}
