/**
 * The hooks the feature panels run flows with: a run under the shell's progress bar that ends in one outcome
 * sentence, guarded work before any request, and the confirm-then-delete sequence on a sheet's selected rows.
 */
import * as React from "react";
import type { AppServices, ProgressTask } from "../services";
import { isAbortError } from "../services";
import { cancelledText } from "../sheets/rowOutcomes";
import type { ConnectedServices } from "../context";
import { employeePayslipChoices } from "../flows/payslips";
import { selectedRows } from "../flows/selectedRows";
import { useClientEmployees, useListFor } from "../serverState";
import type { Outcome } from "./layout";

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * How a run words a cancel or a failure (default: "<label>: cancelled." and "<label> failed: <message>"). A
 * cancel is always worded by cancelledText (src/ui/sheets/rowOutcomes), here with what it left behind.
 */
export interface FailureTexts {
  /** After "<label>: cancelled.", e.g. "The sheet was not changed." */
  afterCancel?: string;
  failed?(message: string): string;
}

/**
 * Runs a flow under the shell's progress bar. `describe` turns the result into the outcome sentence and intent;
 * an error becomes an error outcome (a cancel an info one). The outcome shows in the panel (OutcomeBar), not
 * again in the shell's messages. Returns the result, or undefined on failure.
 */
export function useFlowRunner(services: Pick<AppServices, "progress"> | null, setOutcome: (o: Outcome) => void) {
  return React.useCallback(
    async <T>(
      label: string,
      work: (task: ProgressTask) => Promise<T>,
      describe: (result: T) => Exclude<Outcome, null>,
      texts: FailureTexts = {},
    ): Promise<T | undefined> => {
      if (!services) return undefined;
      setOutcome(null);
      try {
        const result = await services.progress.run(label, work);
        setOutcome(describe(result));
        return result;
      } catch (e) {
        const cancelled = isAbortError(e);
        setOutcome({
          intent: cancelled ? "info" : "error",
          text: cancelled
            ? cancelledText(label, texts.afterCancel)
            : (texts.failed?.(errorText(e)) ?? `${label} failed: ${errorText(e)}`),
        });
        return undefined;
      }
    },
    [services, setOutcome],
  );
}

/** The run function useFlowRunner gives. */
export type FlowRunner = ReturnType<typeof useFlowRunner>;

/** A handler that runs a flow on what the panel has chosen (an employee, a pay run); it does nothing while none is. */
export function onChosen<C, R>(
  run: FlowRunner,
  chosen: C | null | undefined,
  label: string,
  work: (chosen: C, task: ProgressTask) => Promise<R>,
  describe: (result: R) => Exclude<Outcome, null>,
): () => void {
  return () => {
    if (chosen !== null && chosen !== undefined) void run(label, (task) => work(chosen, task), describe);
  };
}

/**
 * Work on the rows selected in a sheet before any request (e.g. listing what a delete will touch): clears the
 * outcome, and turns a thrown error into an error outcome instead of an unhandled rejection.
 */
export function useGuarded(setOutcome: (o: Outcome) => void) {
  return React.useCallback(
    (work: () => Promise<unknown>) => {
      setOutcome(null);
      work().catch((e: unknown) => setOutcome({ intent: "error", text: errorText(e) }));
    },
    [setOutcome],
  );
}

/** An outcome from a row write's counts: success when nothing failed, warning when some rows need attention. */
export function rowOutcome(result: {
  summary: string;
  counts: { Failed: number; Invalid: number; "Not sent": number };
}): Exclude<Outcome, null> {
  const { summary, counts } = result;
  const attention = counts.Failed + counts.Invalid + counts["Not sent"];
  return {
    intent: attention > 0 ? "warning" : "success",
    text: attention > 0 ? `${summary} See the Status and Message columns.` : summary,
  };
}

/** "1 payslip", "3 payslips". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The outcome of a flow that wrote a sheet: "<n> <noun>s written to "<sheet>"." */
export const wroteRows =
  (noun: string) =>
  (r: { rowCount: number; sheetName: string }): Exclude<Outcome, null> => ({
    intent: "success",
    text: `${plural(r.rowCount, noun)} written to "${r.sheetName}".`,
  });

/** What a delete will touch, as the confirmation lists it, and what the delete needs (`plan`). */
export interface RowsToConfirm<P> {
  title?: string;
  items: string[];
  plan: P;
}

/**
 * The confirm-then-act sequence on the rows selected in a sheet: `ask(sheetName, prepare)` reads the selection
 * (before any request) and lets `prepare` list what the action will touch, or say why there is nothing to do (a
 * warning outcome); the view shows `confirm` in a dialog; `confirmed(act)` closes it and acts on the plan, and
 * `cancel()` closes it without acting.
 */
export function useConfirmSelectedRows<P>(services: Pick<AppServices, "workbook"> | null, setOutcome: (o: Outcome) => void) {
  const [confirm, setConfirm] = React.useState<RowsToConfirm<P> | null>(null);
  const guarded = useGuarded(setOutcome);
  const ask = React.useCallback(
    (sheetName: string, prepare: (rows: number[]) => Promise<RowsToConfirm<P> | { warning: string }>) =>
      services &&
      guarded(async () => {
        const prepared = await prepare(await selectedRows(services.workbook, sheetName));
        if ("warning" in prepared) setOutcome({ intent: "warning", text: prepared.warning });
        else setConfirm(prepared);
      }),
    [services, guarded, setOutcome],
  );
  const cancel = React.useCallback(() => setConfirm(null), []);
  const confirmed = React.useCallback(
    (act: (plan: P) => void) => {
      setConfirm(null);
      if (confirm) act(confirm.plan);
    },
    [confirm],
  );
  return { confirm, ask, cancel, confirmed };
}

/** The chosen employee's payslips for a PayslipPicker (nothing while no employee is chosen). */
export function usePayslipChoices(services: ConnectedServices | null, employeeId: number | null) {
  return useListFor({
    scope: services,
    name: "payslips",
    id: employeeId,
    load: (id, signal) => employeePayslipChoices(services!.api, id, { signal }),
  });
}

/**
 * The client's employees and the one chosen among them; `viewProps` are the props the views take for their
 * employee picker. `onChange` resets what hangs on the choice (a payslip, shown periods).
 */
export function useEmployeeChoice(services: ConnectedServices | null, onChange?: () => void) {
  const list = useClientEmployees(services);
  const [employeeId, setEmployeeId] = React.useState<number | null>(null);
  const viewProps = {
    employees: list.data ?? [],
    employeesStatus: list.status,
    employeeId,
    onEmployeeChange(id: number | null) {
      setEmployeeId(id);
      onChange?.();
    },
  };
  return { list, employeeId, employee: list.data?.find((e) => e.id === employeeId), viewProps };
}
