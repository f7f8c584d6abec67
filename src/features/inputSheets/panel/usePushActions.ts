/**
 * The push section's actions on the chosen input sheet (flows/push, flows/conflicts, flows/nettPay): push in a
 * mode, Overwrite conflicts, Refresh nett pay, and whether Refresh nett pay is offered (rows of the sheet whose
 * nett pay the last push or refresh left pending, as their Messages say).
 */
import * as React from "react";
import type { ConnectedServices } from "../../../ui/context";
import { contextForSheet } from "./sheetClient";
import { conflictCheck, overwriteConflicts } from "../flows/conflicts";
import { countPendingNettPay, refreshNettPay } from "../flows/nettPay";
import { type PushResult, pushInputSheet } from "../flows/push";
import type { PushCheckOptions } from "../flows/pushCheck";
import { PUSH_MODE_LABELS } from "../model/pushLog";
import { reconcileAfter } from "../flows/reconcile";
import type { PushMode } from "../model/pushPlan";
import type { FlowRunner } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { WithName } from "./usePreparedBy";

/** The push's outcome: its summary, with the columns it could not send and the rows still waiting for nett pay. */
function pushOutcome(result: PushResult): Exclude<Outcome, null> {
  const notes = [
    result.missingInputs.length > 0 ? `Columns missing (not sent): ${result.missingInputs.join(", ")}.` : "",
    result.nettPay.pending > 0
      ? `${result.nettPay.pending} row(s) keep their old nett pay, marked pending: the service is still recalculating. Press Refresh nett pay in a moment.`
      : "",
  ].filter(Boolean);
  const c = result.counts;
  const clean = c.Failed + c.Invalid + c.Conflict + c["Not sent"] + result.nettPay.unmoved === 0;
  return { intent: clean ? "success" : "warning", text: [result.summary, ...notes].join(" ") };
}

interface UsePushActionsProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  sheetName: string | null;
  chunkSize: number;
  /** After a push or an overwrite (the sheet's snapshot moved). */
  onPushed: () => void;
  /** The check before sending, for each push (usePushCheck). */
  check: () => PushCheckOptions;
  /** Asks for "Prepared by" before a push when none is remembered (usePreparedBy); nothing is sent without it. */
  withName: WithName;
}

export function usePushActions({ services, run, sheetName, chunkSize, onPushed, check, withName }: UsePushActionsProps) {
  // Per sheet, rows whose nett pay the last push or refresh left pending: offers Refresh nett pay.
  const [nettPending, setNettPending] = React.useState<Record<string, number>>({});
  const pendingAfter =
    <R extends { sheetName: string }>(pending: (r: R) => number) =>
    (r: R) => {
      setNettPending((p) => ({ ...p, [r.sheetName]: pending(r) }));
      return r;
    };
  const workbook = services?.workbook;

  // A sheet chosen again (or after the pane reopened) whose rows still await their nett pay offers Refresh nett pay.
  React.useEffect(() => {
    if (!workbook || !sheetName) return;
    let live = true;
    countPendingNettPay(workbook, sheetName)
      .then((n) => live && setNettPending((p) => ({ ...p, [sheetName]: n })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workbook, sheetName]);

  const push = (mode: PushMode) => {
    if (!services || !sheetName) return;
    withName(
      () =>
        void run(
          `${PUSH_MODE_LABELS[mode]}: ${sheetName}`,
          async (task) => {
            const ctx = await contextForSheet(services, task, sheetName);
            return pushInputSheet(ctx, sheetName, {
              send: { mode, chunkSize },
              steps: { conflictCheck: conflictCheck(ctx.api, chunkSize), check: check() },
            })
              .then(pendingAfter((r) => r.nettPay.pending))
              .then(async (r) =>
                // A payslip found finalised: the sheet is checked against the service (its rows say Finalised).
                r.outcomes.some((o) => o.status === "Failed" && /finalised/i.test(o.message))
                  ? { ...r, summary: `${r.summary} ${await reconcileAfter(ctx, sheetName)}` }
                  : r,
              );
          },
          pushOutcome,
          { failed: (message) => `Nothing was sent: ${message}` },
        ).then(onPushed),
    );
  };

  const refreshNett = () => {
    if (!services || !sheetName) return;
    void run(
      `Refresh nett pay: ${sheetName}`,
      async (task) =>
        refreshNettPay(await contextForSheet(services, task, sheetName), sheetName).then(pendingAfter((r) => r.pending)),
      (result) => ({ intent: result.pending > 0 ? "warning" : "success", text: result.summary }),
      { failed: (message) => `Could not refresh nett pay: ${message}` },
    );
  };

  const overwrite = () => {
    if (!services || !sheetName) return;
    withName(
      () =>
        void run(
          `Overwrite conflicts: ${sheetName}`,
          async (task) =>
            overwriteConflicts(await contextForSheet(services, task, sheetName), sheetName, {
              send: { chunkSize },
              steps: { check: check() },
            }),
          (result) => ({
            intent: result.counts.Saved > 0 && result.counts.Failed === 0 ? "success" : "warning",
            text: result.summary,
          }),
          { failed: (message) => `Nothing was sent: ${message}` },
        ).then(onPushed),
    );
  };

  const canRefreshNett = sheetName !== null && (nettPending[sheetName] ?? 0) > 0;
  return { push, overwrite, refreshNett, canRefreshNett };
}
