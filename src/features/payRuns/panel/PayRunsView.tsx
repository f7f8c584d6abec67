/**
 * The Pay runs panel's view: the pay runs list; a run's payslips and journal; an employee's payslips, one
 * payslip's detail and PDF (also from the selected row of a payslips sheet); a run's handover pack (its payslips as
 * one PDF, its journal as a CSV file; sheets where the pane cannot offer downloads). Data and callbacks only.
 */
import { Button, Text } from "@fluentui/react-components";
import { FeatureView, type FeatureViewProps, ActionRow, Section } from "../../../ui/parts/layout";
import {
  type Choice,
  ChoicePicker,
  EmployeePicker,
  type EmployeePayslipChoice,
  type ListStatus,
  PayslipPicker,
  employeeSource,
  payslipSource,
} from "../../../ui/parts/pickers";
import { usePartStyles } from "../../../ui/parts/styles";

export type { Choice };

export interface PayRunsViewProps extends FeatureViewProps, EmployeePayslipChoice {
  /** The client's pay runs; null while they load. */
  runs: readonly Choice[] | null;
  runsStatus?: ListStatus;
  runId: number | null;
  onRunChange(id: number | null): void;
  onPayRunsToSheet(): void;
  onRunPayslips(): void;
  onJournal(): void;
  /** Whether the chosen run was posted to accounting; null when no run is chosen. */
  posted: boolean | null;
  /** True where the pane can offer downloads (a browser); false in Excel's apps, where the pack goes to sheets. */
  downloads: boolean;
  onPayslipPack(): void;
  onJournalFile(): void;
  onEmployeePayslips(): void;
  onPayslipDetail(): void;
  onOpenPdf(): void;
  onOpenSelectedPdf(): void;
  onRecentPayslips(): void;
}

export function PayRunsView(p: PayRunsViewProps) {
  const styles = usePartStyles();
  return (
    <FeatureView outcome={p.outcome}>
      <Section title="Pay runs">
        <Button className={styles.action} appearance="primary" disabled={p.busy} onClick={p.onPayRunsToSheet}>
          Pay runs to sheet
        </Button>
        <ChoicePicker
          label="Pay run"
          choices={p.runs}
          value={p.runId}
          onChange={p.onRunChange}
          placeholder="Choose a pay run"
          what="pay runs"
          emptyHint="This client has no pay runs."
          status={p.runsStatus}
          disabled={p.busy}
        />
        <ActionRow
          busy={p.busy}
          actions={[
            { label: "Payslips to sheet", onClick: p.onRunPayslips, disabled: p.runId === null },
            { label: "Journal to sheet", onClick: p.onJournal, disabled: p.runId === null },
          ]}
        />
        {p.posted !== null && (
          <Text>{p.posted ? "This pay run was posted to accounting." : "This pay run is not yet posted to accounting."}</Text>
        )}
      </Section>

      <Section
        title="Handover pack"
        hint={
          p.downloads
            ? "The chosen pay run's payslips as one PDF with a cover page, and its journal as a CSV file for an accounting package."
            : "Excel cannot save files from the pane: the payslip list and the journal's import rows are written to sheets."
        }
      >
        <ActionRow
          busy={p.busy}
          actions={
            p.downloads
              ? [
                  { label: "Download payslips as one PDF", onClick: p.onPayslipPack, disabled: p.runId === null },
                  { label: "Download journal as CSV", onClick: p.onJournalFile, disabled: p.runId === null },
                ]
              : [
                  { label: "Payslip pack to sheet", onClick: p.onPayslipPack, disabled: p.runId === null },
                  { label: "Journal import to sheet", onClick: p.onJournalFile, disabled: p.runId === null },
                ]
          }
        />
      </Section>

      <Section title="Recent payslips" hint="Every employee's last 12 payslips, items as columns, in one request.">
        <Button className={styles.action} disabled={p.busy} onClick={p.onRecentPayslips}>
          Recent payslips to sheet
        </Button>
      </Section>

      <Section title="An employee's payslips">
        <EmployeePicker label="Employee" value={p.employeeId} onChange={p.onEmployeeChange} {...employeeSource(p)} />
        <Button className={styles.action} disabled={p.busy || p.employeeId === null} onClick={p.onEmployeePayslips}>
          Employee's payslips to sheet
        </Button>
        <PayslipPicker {...payslipSource(p)} />
        <ActionRow
          busy={p.busy}
          actions={[
            { label: "Payslip detail to sheet", onClick: p.onPayslipDetail, disabled: p.payslipId === null },
            { label: "Open PDF", onClick: p.onOpenPdf, disabled: p.payslipId === null },
          ]}
        />
      </Section>

      <Section
        title="PDF of a selected row"
        hint="Select a row in a payslips sheet (one with a Payslip ID column), then open its PDF."
      >
        <Button className={styles.action} disabled={p.busy} onClick={p.onOpenSelectedPdf}>
          Open PDF of the selected payslip
        </Button>
      </Section>
    </FeatureView>
  );
}
