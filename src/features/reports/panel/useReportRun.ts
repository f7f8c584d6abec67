/**
 * A report run: under the shell's progress bar (with its Cancel) and the panel's own Cancel button, with the status
 * line and elapsed time while it runs, and one outcome when it ends.
 */
import * as React from "react";
import { cancelledText } from "../../../ui/sheets/rowOutcomes";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import type { FlowContext } from "../../../ui/flows/common";
import type { ReportRunOptions, ReportRunResult } from "../flows/reports";
import { isAbortError } from "../../../ui/services";
import type { Outcome } from "../../../ui/parts/layout";
import { formatElapsed, type RunningReport } from "./RunStatus";
import { runOutcome, statusText } from "./reportTexts";

/** A report flow: a context (whose signal both Cancel buttons abort) and the status callback. */
export type ReportWork = (ctx: FlowContext, o: ReportRunOptions) => Promise<ReportRunResult>;

/** `execute(label, work)` runs one; `afterRun` reads the report sheets again once a run has written one. */
export function useReportRun(services: ConnectedServices, afterRun: () => Promise<void>) {
  const { progress } = services;
  const [running, setRunning] = React.useState<RunningReport | null>(null);
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const cancelRef = React.useRef<AbortController | null>(null);

  const execute = React.useCallback(
    (label: string, work: ReportWork) =>
      progress.run(label, async (task) => {
        const controller = new AbortController();
        cancelRef.current = controller;
        const onTaskAbort = () => controller.abort();
        task.signal.addEventListener("abort", onTaskAbort, { once: true });
        const startedAt = Date.now();
        let status = "Starting…";
        setRunning({ label, startedAt, status });
        setOutcome(null);
        // The shell's progress line shows the elapsed time too.
        const tick = setInterval(
          () => task.update(0, undefined, `${status} Elapsed ${formatElapsed(Date.now() - startedAt)}`),
          1000,
        );
        try {
          // The panel's own Cancel button aborts the run as well as the shell's.
          const ctx = { ...flowContextFor(services, task), signal: controller.signal };
          const result = await work(ctx, {
            onStatus: (s) => {
              status = statusText(s);
              setRunning({ label, startedAt, status });
            },
          });
          setOutcome(runOutcome(result));
          await afterRun();
        } catch (error) {
          if (controller.signal.aborted || isAbortError(error)) {
            const text = cancelledText(label, "The sheet was not changed (the service may still finish the job on its side).");
            setOutcome({ intent: "info", text });
          } else {
            setOutcome({ intent: "error", text: error instanceof Error ? error.message : String(error) });
          }
        } finally {
          clearInterval(tick);
          task.signal.removeEventListener("abort", onTaskAbort);
          cancelRef.current = null;
          setRunning(null);
        }
      }),
    [services, progress, afterRun],
  );
  const cancel = React.useCallback(() => cancelRef.current?.abort(), []);
  return { running, outcome, execute, cancel };
}
