/**
 * The Pay runs feature: wires PayRunsView to the pay run flows through the shell's services; what each flow's end
 * says is in ./payRuns/payRunOutcomes.
 */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { flowContextFor, useConnectedServices } from "../../../ui/context";
import type { ProgressTask } from "../../../ui/services";
import type { FlowContext } from "../../../ui/flows/common";
import type { PaymentRun } from "../../../contract";
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
} from "../flows/payRuns";
import { journalFile, paneDelivery, payslipPack } from "../flows/handover";
import { onChosen, useFlowRunner, useEmployeeChoice, usePayslipChoices, wroteRows } from "../../../ui/parts/hooks";
import {
  journalFileOutcome,
  journalOutcome,
  packOutcome,
  payslipDetailOutcome,
  pdfOutcome,
  recentPayslipsOutcome,
  runPayslipsOutcome,
} from "./payRunOutcomes";
import { type Outcome } from "../../../ui/parts/layout";
import { PayRunsView } from "./PayRunsView";
import { useClientView } from "../../../ui/serverState";

export function PayRunsPanel() {
  const services = useConnectedServices();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [runId, setRunId] = React.useState<number | null>(null);
  const [payslipId, setPayslipId] = React.useState<number | null>(null);
  const run = useFlowRunner(services, setOutcome);
  const runs = useClientView({
    scope: services,
    name: "payRunChoices",
    lists: ["paymentRuns", "waves"],
    load: (reads, signal) => loadPayRuns(services!.api, services!.clientId, { signal }, reads),
  });
  const { employeeId, employee, viewProps: employeeProps } = useEmployeeChoice(services, () => setPayslipId(null));
  const payslips = usePayslipChoices(services, employeeId);
  // Downloads in a browser; sheets in Excel's apps, which cannot save a file from the pane (docs/handover.md).
  const delivery = React.useMemo(paneDelivery, []);

  if (!services) return <Text>Connect and choose a client to work with pay runs.</Text>;
  const { workbook } = services;
  const ctx = (task: ProgressTask) => flowContextFor(services, task);
  const chosenRun = runs.data?.runs.find((r) => r.id === runId);
  const runLabel = chosenRun ? runs.data?.labels.get(chosenRun.id) : undefined;
  // Work on the chosen run (its sheets, its handover files) in the task's flow context; nothing while none is chosen.
  const onRun = <R,>(
    label: string,
    work: (flow: FlowContext, payRun: PaymentRun) => Promise<R>,
    describe: (result: R) => Exclude<Outcome, null>,
  ) => onChosen(run, chosenRun, label, (payRun, task) => work(ctx(task), payRun), describe);
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
      onRunPayslips={onRun(
        "Pay run payslips to sheet",
        (flow, payRun) => importPayRunPayslips(flow, payRun, runLabel),
        runPayslipsOutcome,
      )}
      onJournal={onRun("Journal to sheet", (flow, payRun) => importJournal(flow, payRun, runLabel), journalOutcome)}
      posted={chosenRun ? chosenRun.posted_to_accounting_system : null}
      downloads={delivery.kind === "download"}
      onPayslipPack={onRun("Payslips as one PDF", (flow, payRun) => payslipPack(flow, payRun, runs.data!, delivery), packOutcome)}
      onJournalFile={onRun(
        "Journal as CSV",
        (flow, payRun) => journalFile(flow, payRun, runs.data!, delivery),
        journalFileOutcome,
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
        void run("Payslip detail to sheet", (task) => importPayslipDetail(ctx(task), payslipId), payslipDetailOutcome(payslipId))
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
        void run("Recent payslips to sheet", (task) => importRecentPayslips(ctx(task)), recentPayslipsOutcome)
      }
      outcome={outcome}
    />
  );
}
