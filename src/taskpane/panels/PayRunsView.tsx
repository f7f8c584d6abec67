/**
 * The Pay runs panel's view: the pay runs list; a run's payslips and journal; an employee's payslips, one
 * payslip's detail and PDF (also from the selected row of a payslips sheet). Data and callbacks only.
 */
import * as React from "react";
import { Button, Dropdown, Field, Option, Text } from "@fluentui/react-components";
import { EmployeePicker, type EmployeeOption, type Outcome, OutcomeBar, Section, usePartStyles } from "./payrollParts";

export interface Choice {
  id: number;
  label: string;
}

export interface PayRunsViewProps {
  busy: boolean;
  runs: readonly Choice[] | null;
  runId: number | null;
  onRunChange(id: number | null): void;
  onPayRunsToSheet(): void;
  onRunPayslips(): void;
  onJournal(): void;
  employees: readonly EmployeeOption[];
  employeeId: number | null;
  onEmployeeChange(id: number | null): void;
  onEmployeePayslips(): void;
  payslips: readonly Choice[] | null;
  payslipId: number | null;
  onPayslipChange(id: number | null): void;
  onPayslipDetail(): void;
  onOpenPdf(): void;
  onOpenSelectedPdf(): void;
  onRecentPayslips(): void;
  outcome: Outcome;
}

export function PayRunsView(p: PayRunsViewProps) {
  const styles = usePartStyles();
  const run = p.runs?.find((r) => r.id === p.runId);
  const payslip = p.payslips?.find((x) => x.id === p.payslipId);
  return (
    <div className={styles.root}>
      <Section title="Pay runs">
        <Button className={styles.action} appearance="primary" disabled={p.busy} onClick={p.onPayRunsToSheet}>
          Pay runs to sheet
        </Button>
        <Field
          label="Pay run"
          hint={p.runs === null ? "Loading pay runs…" : p.runs.length === 0 ? "This client has no pay runs." : undefined}
        >
          <Dropdown
            value={run?.label ?? ""}
            selectedOptions={p.runId === null ? [] : [String(p.runId)]}
            placeholder="Choose a pay run"
            disabled={!p.runs || p.runs.length === 0}
            onOptionSelect={(_, d) => p.onRunChange(d.optionValue ? Number(d.optionValue) : null)}
          >
            {(p.runs ?? []).map((r) => (
              <Option key={r.id} value={String(r.id)}>
                {r.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <div className={styles.row}>
          <Button disabled={p.busy || p.runId === null} onClick={p.onRunPayslips}>
            Payslips to sheet
          </Button>
          <Button disabled={p.busy || p.runId === null} onClick={p.onJournal}>
            Journal to sheet
          </Button>
        </div>
      </Section>

      <Section title="Recent payslips" hint="Every employee's last 12 payslips, items as columns, in one request.">
        <Button className={styles.action} disabled={p.busy} onClick={p.onRecentPayslips}>
          Recent payslips to sheet
        </Button>
      </Section>

      <Section title="An employee's payslips">
        <EmployeePicker
          label="Employee"
          employees={p.employees}
          value={p.employeeId}
          onChange={p.onEmployeeChange}
          disabled={p.busy}
        />
        <Button className={styles.action} disabled={p.busy || p.employeeId === null} onClick={p.onEmployeePayslips}>
          Payslips to sheet
        </Button>
        <Field label="Payslip" hint={p.employeeId !== null && p.payslips === null ? "Loading payslips…" : undefined}>
          <Dropdown
            value={payslip?.label ?? ""}
            selectedOptions={p.payslipId === null ? [] : [String(p.payslipId)]}
            placeholder="Choose a payslip"
            disabled={!p.payslips || p.payslips.length === 0}
            onOptionSelect={(_, d) => p.onPayslipChange(d.optionValue ? Number(d.optionValue) : null)}
          >
            {(p.payslips ?? []).map((x) => (
              <Option key={x.id} value={String(x.id)}>
                {x.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <div className={styles.row}>
          <Button disabled={p.busy || p.payslipId === null} onClick={p.onPayslipDetail}>
            Payslip detail to sheet
          </Button>
          <Button disabled={p.busy || p.payslipId === null} onClick={p.onOpenPdf}>
            Open PDF
          </Button>
        </div>
      </Section>

      <Section title="PDF of a selected row">
        <Text size={200}>Select a row in a payslips sheet (it has a Payslip ID column), then open its PDF.</Text>
        <Button className={styles.action} disabled={p.busy} onClick={p.onOpenSelectedPdf}>
          Open PDF of the selected payslip
        </Button>
      </Section>
      <OutcomeBar outcome={p.outcome} />
    </div>
  );
}
