/** The Employees view's Service periods section: import, then End service / Reinstate / Undo for the selected rows. */
import { Button, Field, Input, Radio, RadioGroup } from "@fluentui/react-components";
import { fieldError } from "../../../ui/components/fieldError";
import { DateField } from "../../../ui/components/DateField";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

export type ServiceActionKind = "end_service" | "reinstate" | "undo_end_service";

export interface ServicePeriodsProps {
  busy: boolean;
  onServicePeriods(): void;
  action: ServiceActionKind;
  onActionChange(a: ServiceActionKind): void;
  actionDate: string;
  onActionDateChange(v: string): void;
  terminationCode: string;
  onTerminationCodeChange(v: string): void;
  onRunAction(): void;
}

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

export function ServicePeriodsSection(p: ServicePeriodsProps) {
  const styles = usePartStyles();
  const codeOk = p.action !== "end_service" || /^\d+$/.test(p.terminationCode.trim());
  const codeMessage = terminationCodeMessage(p.terminationCode);
  const dateOk = p.action === "undo_end_service" || /^\d{4}-\d{2}-\d{2}$/.test(p.actionDate);
  return (
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
  );
}
