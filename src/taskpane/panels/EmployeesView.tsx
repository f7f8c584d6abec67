/**
 * The Employees panel's view: save the Employees sheet (create/update), delete selected employees with
 * confirmation, service periods (import; End service / Reinstate / Undo for the selected rows), one employee's
 * record and profile mappings, and a new payment frequency. Data and callbacks only.
 */
import { Button, Dropdown, Field, Input, Option, Radio, RadioGroup, Text, Textarea } from "@fluentui/react-components";
import { ActionRow, DeleteDialog, type Outcome, OutcomeBar, Section } from "./parts/layout";
import { fieldError } from "../components/fieldError";
import { DateField } from "../components/DateField";
import { EmployeePicker, type EmployeeOption, type ListStatus, employeeSource } from "./parts/pickers";
import { usePartStyles } from "./parts/styles";

export type ServiceActionKind = "end_service" | "reinstate" | "undo_end_service";

export interface WaveFormState {
  frequency: "weekly" | "fortnightly" | "monthly";
  firstEndDate: string;
  lastDayOfMonth: string;
  customName: string;
}

export interface EmployeesViewProps {
  busy: boolean;
  manualNumbers: boolean;
  onSaveEmployees(): void;
  onDeleteSelected(): void;
  confirm: { title: string; items: string[] } | null;
  onConfirm(): void;
  onCancelConfirm(): void;

  onServicePeriods(): void;
  action: ServiceActionKind;
  onActionChange(a: ServiceActionKind): void;
  actionDate: string;
  onActionDateChange(v: string): void;
  terminationCode: string;
  onTerminationCodeChange(v: string): void;
  onRunAction(): void;

  employees: readonly EmployeeOption[];
  employeesStatus?: ListStatus;
  employeeId: number | null;
  onEmployeeChange(id: number | null): void;
  onEmployeeDetail(): void;
  onProfileMappings(): void;
  onEmployeeServicePeriods(): void;
  /** The chosen employee's service periods, shown in the pane. */
  periods: string[] | null;
  profileId: string;
  onProfileIdChange(v: string): void;
  profileInputs: string;
  onProfileInputsChange(v: string): void;
  onCreateMapping(): void;
  mappingError: string | null;

  wave: WaveFormState;
  onWaveChange(w: WaveFormState): void;
  customNameAllowed: boolean;
  waveErrors: Record<string, string>;
  onCreateWave(): void;
  outcome: Outcome;
}

const FREQUENCIES: { value: WaveFormState["frequency"]; label: string }[] = [
  { value: "weekly", label: "Weekly" },
  { value: "fortnightly", label: "Fortnightly" },
  { value: "monthly", label: "Monthly" },
];

/** A blank code only keeps End service disabled; a typed code that is not a whole number gets a message. */
export function terminationCodeMessage(code: string): string | undefined {
  const c = code.trim();
  return c !== "" && !/^\d+$/.test(c) ? "Enter a whole number" : undefined;
}

const ACTIONS: { value: ServiceActionKind; label: string }[] = [
  { value: "end_service", label: "End service" },
  { value: "reinstate", label: "Reinstate" },
  { value: "undo_end_service", label: "Undo end of service" },
];

export function EmployeesView(p: EmployeesViewProps) {
  const styles = usePartStyles();
  const codeOk = p.action !== "end_service" || /^\d+$/.test(p.terminationCode.trim());
  const codeMessage = terminationCodeMessage(p.terminationCode);
  const dateOk = p.action === "undo_end_service" || /^\d{4}-\d{2}-\d{2}$/.test(p.actionDate);
  const w = p.wave;
  return (
    <div className={styles.root}>
      <Section
        title="Employees sheet"
        hint={`Edit rows of the Employees sheet, or add rows with a blank Employee ID for new employees${p.manualNumbers ? " (this client numbers employees manually: give each new employee a Number)" : ""}. Only changed cells are sent.`}
      >
        <ActionRow
          busy={p.busy}
          actions={[
            { label: "Save employees", onClick: p.onSaveEmployees, primary: true },
            { label: "Delete selected employees…", onClick: p.onDeleteSelected },
          ]}
        />
      </Section>

      <Section
        title="Service periods"
        hint="Select rows in the Service periods sheet; the action applies to each selected employee."
      >
        <Button className={styles.action} disabled={p.busy} onClick={p.onServicePeriods}>
          Service periods to sheet
        </Button>
        <Field label="Action">
          <RadioGroup value={p.action} onChange={(_, d) => p.onActionChange(d.value as ServiceActionKind)}>
            {ACTIONS.map((a) => (
              <Radio key={a.value} value={a.value} label={a.label} />
            ))}
          </RadioGroup>
        </Field>
        {p.action !== "undo_end_service" && (
          <Field
            label={p.action === "end_service" ? "Termination date" : "Appointment date"}
            {...fieldError(dateOk ? null : "Enter a date")}
          >
            <DateField value={p.actionDate} onChange={p.onActionDateChange} />
          </Field>
        )}
        {p.action === "end_service" && (
          <Field
            label="Termination code"
            hint="The number of the reason, from the payroll service's Reason For Termination list"
            {...fieldError(codeMessage)}
          >
            <Input inputMode="numeric" value={p.terminationCode} onChange={(_, d) => p.onTerminationCodeChange(d.value)} />
          </Field>
        )}
        <Button className={styles.action} appearance="primary" disabled={p.busy || !codeOk || !dateOk} onClick={p.onRunAction}>
          {ACTIONS.find((a) => a.value === p.action)!.label} for selected rows
        </Button>
      </Section>

      <Section title="One employee">
        <EmployeePicker label="Employee" value={p.employeeId} onChange={p.onEmployeeChange} {...employeeSource(p)} />
        <ActionRow
          busy={p.busy}
          actions={[
            { label: "Full record to sheet", onClick: p.onEmployeeDetail, disabled: p.employeeId === null },
            { label: "Profile mappings to sheet", onClick: p.onProfileMappings, disabled: p.employeeId === null },
            { label: "Show service periods", onClick: p.onEmployeeServicePeriods, disabled: p.employeeId === null },
          ]}
        />
        {p.periods && (
          <ul className={styles.list} aria-label="Service periods" tabIndex={0}>
            {p.periods.length === 0 ? <li>No service periods.</li> : p.periods.map((line, i) => <li key={i}>{line}</li>)}
          </ul>
        )}
        <Text size={200}>New template profile mapping for this employee</Text>
        <Field label="Profile (template) ID">
          <Input inputMode="numeric" value={p.profileId} onChange={(_, d) => p.onProfileIdChange(d.value)} />
        </Field>
        <Field label="Inputs (JSON object, optional)" {...fieldError(p.mappingError)}>
          <Textarea value={p.profileInputs} onChange={(_, d) => p.onProfileInputsChange(d.value)} resize="vertical" />
        </Field>
        <Button
          className={styles.action}
          disabled={p.busy || p.employeeId === null || p.profileId.trim() === ""}
          onClick={p.onCreateMapping}
        >
          Create mapping
        </Button>
      </Section>

      <Section title="New payment frequency">
        <Field label="Frequency">
          <Dropdown
            value={FREQUENCIES.find((f) => f.value === w.frequency)?.label ?? w.frequency}
            selectedOptions={[w.frequency]}
            onOptionSelect={(_, d) => p.onWaveChange({ ...w, frequency: d.optionValue as WaveFormState["frequency"] })}
          >
            {FREQUENCIES.map((f) => (
              <Option key={f.value} value={f.value}>
                {f.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="First period end date" {...fieldError(p.waveErrors.first_end_date)}>
          <DateField value={w.firstEndDate} onChange={(iso) => p.onWaveChange({ ...w, firstEndDate: iso })} />
        </Field>
        {w.frequency === "monthly" && (
          <Field label="Last day of month (1–31)" {...fieldError(p.waveErrors.last_day_of_month)}>
            <Input
              inputMode="numeric"
              value={w.lastDayOfMonth}
              onChange={(_, d) => p.onWaveChange({ ...w, lastDayOfMonth: d.value })}
            />
          </Field>
        )}
        {p.customNameAllowed && (
          <Field label="Custom name (optional)" {...fieldError(p.waveErrors.custom_name)}>
            <Input value={w.customName} onChange={(_, d) => p.onWaveChange({ ...w, customName: d.value })} />
          </Field>
        )}
        <Button className={styles.action} disabled={p.busy} onClick={p.onCreateWave}>
          Create payment frequency
        </Button>
      </Section>
      <OutcomeBar outcome={p.outcome} />
      <DeleteDialog title={p.confirm?.title ?? ""} confirm={p.confirm} onConfirm={p.onConfirm} onCancel={p.onCancelConfirm} />
    </div>
  );
}
