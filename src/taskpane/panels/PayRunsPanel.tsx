/** The Pay runs feature: wires PayRunsView to the pay run flows through the shell's services. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { flowContextFor, useConnectedServices } from "../context";
import type { ProgressTask } from "../services";
import {
  browserPdfOpener,
  importEmployeePayslips,
  importJournal,
  importPayRunPayslips,
  importPayRuns,
  importPayslipDetail,
  importRecentPayslips,
  loadPayRuns,
  openPayslipPdf,
  payslipIdFromSelection,
  type PdfResult,
} from "../flows/payRuns";
import { onChosen, plural, useFlowRunner, useEmployeeChoice, usePayslipChoices, wroteRows } from "./parts/hooks";
import { type Outcome } from "./parts/layout";
import { PayRunsView } from "./PayRunsView";
import { useClientView } from "../serverState";

export function PayRunsPanel() {
  const services = useConnectedServices();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [runId, setRunId] = React.useState<number | null>(null);
  const [payslipId, setPayslipId] = React.useState<number | null>(null);
  const run = useFlowRunner(services, setOutcome);
  const runs = useClientView(services, "payRunChoices", ["paymentRuns", "waves"], (reads, signal) =>
    loadPayRuns(services!.api, services!.clientId, { signal }, reads),
  );
  const { employeeId, employee, viewProps: employeeProps } = useEmployeeChoice(services, () => setPayslipId(null));
  const payslips = usePayslipChoices(services, employeeId);

  if (!services) return <Text>Connect and choose a client to work with pay runs.</Text>;
  const { workbook } = services;
  const ctx = (task: ProgressTask) => flowContextFor(services, task);
  const chosenRun = runs.data?.runs.find((r) => r.id === runId);
  const runLabel = chosenRun ? runs.data?.labels.get(chosenRun.id) : undefined;
  const pdfOutcome = (r: PdfResult): Exclude<Outcome, null> =>
    r.shownAs === "window"
      ? { intent: "success", text: `Opened ${r.fileName} in a new window.` }
      : { intent: "info", text: `The browser blocked a new window, so ${r.fileName} was downloaded instead.` };
  const openPdf = (id: number) =>
    void run("Opening the payslip PDF", (task) => openPayslipPdf(ctx(task), id, browserPdfOpener()), pdfOutcome);

  return (
    <PayRunsView
      busy={services.progress.busy}
      runs={runs.data ? runs.data.runs.map((r) => ({ id: r.id, label: runs.data!.labels.get(r.id)! })) : runs.error ? [] : null}
      runsStatus={runs.status}
      runId={runId}
      onRunChange={setRunId}
      onPayRunsToSheet={() =>
        void run(
          "Pay runs to sheet",
          (task) => importPayRuns(ctx(task)),
          (r) => {
            runs.reload();
            return wroteRows("pay run")(r);
          },
        )
      }
      onRunPayslips={onChosen(
        run,
        chosenRun,
        "Pay run payslips to sheet",
        (payRun, task) => importPayRunPayslips(ctx(task), payRun, runLabel),
        (r) => ({
          intent: r.unmatched + r.unreadable.length > 0 ? "warning" : "success",
          text:
            `${plural(r.rowCount, "payslip")} written to "${r.sheetName}".` +
            (r.dirty ? ` ${plural(r.dirty, "payslip")} still recalculating (nett pay empty).` : "") +
            (r.unmatched ? ` ${plural(r.unmatched, "payslip")} could not be matched to an employee.` : "") +
            (r.unreadable.length ? ` ${plural(r.unreadable.length, "amount")} could not be read and were kept as text.` : ""),
        }),
      )}
      onJournal={onChosen(
        run,
        chosenRun,
        "Journal to sheet",
        (payRun, task) => importJournal(ctx(task), payRun, runLabel),
        (r) => ({
          intent: r.balanced ? "success" : "warning",
          text: r.balanced
            ? `Journal written to "${r.sheetName}": debits equal credits${r.balances.length > 1 ? ` in all ${r.balances.length} splits` : ""}.`
            : `Journal written to "${r.sheetName}", but it does not balance: ${r.balances
                .filter((b) => !b.balanced)
                .map((b) => `${b.name || "total"} off by ${b.difference.toFixed(2)}`)
                .join(", ")}.`,
        }),
      )}
      {...employeeProps}
      onEmployeePayslips={() => {
        if (employee)
          void run("Employee payslips to sheet", (task) => importEmployeePayslips(ctx(task), employee), wroteRows("payslip"));
      }}
      payslips={payslips.data}
      payslipsStatus={payslips.status}
      payslipId={payslipId}
      onPayslipChange={setPayslipId}
      onPayslipDetail={() =>
        payslipId !== null &&
        void run(
          "Payslip detail to sheet",
          (task) => importPayslipDetail(ctx(task), payslipId),
          (r) => ({
            intent: "success",
            text: `Payslip ${payslipId}: ${plural(r.rowCount, "line")} written to "${r.sheetName}".`,
          }),
        )
      }
      onOpenPdf={() => payslipId !== null && openPdf(payslipId)}
      onOpenSelectedPdf={() =>
        void (async () => {
          const id = await payslipIdFromSelection(workbook).catch(() => null);
          if (id === null)
            setOutcome({
              intent: "warning",
              text: "Select a row with a Payslip ID first (in the Pay run payslips or Payslips sheet).",
            });
          else openPdf(id);
        })()
      }
      onRecentPayslips={() =>
        void run(
          "Recent payslips to sheet",
          (task) => importRecentPayslips(ctx(task)),
          (r) =>
            r.state === "try_later"
              ? {
                  intent: "info",
                  text: `The service is still calculating payslips (${r.message}). The sheet was not changed; try again in a moment.`,
                }
              : {
                  intent: r.unreadable.length ? "warning" : "success",
                  text: `${plural(r.rowCount, "payslip")} written to "${r.sheetName}".${r.dirty ? ` ${plural(r.dirty, "payslip")} still recalculating.` : ""}`,
                },
        )
      }
      outcome={outcome}
    />
  );
}
