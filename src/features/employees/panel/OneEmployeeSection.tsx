/** The Employees view's One employee section: the full record, profile mappings, service periods, a new mapping. */
import { Button, Field, Input, Text, Textarea } from "@fluentui/react-components";
import { fieldError } from "../../../ui/components/fieldError";
import { ActionRow, Section } from "../../../ui/parts/layout";
import { EmployeePicker, type EmployeeOption, type ListStatus, employeeSource } from "../../../ui/parts/pickers";
import { usePartStyles } from "../../../ui/parts/styles";

export interface OneEmployeeProps {
  busy: boolean;
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
}

export function OneEmployeeSection(p: OneEmployeeProps) {
  const styles = usePartStyles();
  return (
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
  );
}
