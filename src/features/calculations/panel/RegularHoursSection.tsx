/** The Calculations view's Regular Hours (week_hours) section: build the sheet, edit it, save with an effective date. */
import { Button, Field, Text } from "@fluentui/react-components";
import { DateField } from "../../../ui/components/DateField";
import { fieldError } from "../../../ui/components/fieldError";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

export interface RegularHoursProps {
  busy: boolean;
  regularHoursProblem: string | null;
  effectiveDate: string;
  onEffectiveDateChange(v: string): void;
  onBuildRegularHours(): void;
  onSaveRegularHours(): void;
}

export function RegularHoursSection(p: RegularHoursProps) {
  const styles = usePartStyles();
  const dateOk = p.effectiveDate === "" || /^\d{4}-\d{2}-\d{2}$/.test(p.effectiveDate);
  return (
    <Section title="Regular Hours (week_hours)">
      {p.regularHoursProblem ? (
        <Text>{p.regularHoursProblem}</Text>
      ) : (
        <>
          <Text size={200}>
            Build the sheet, edit the rows (one per employee), then save. Employees with finalised payslips need an effective date
            after their last finalised payslip.
          </Text>
          <Button className={styles.action} disabled={p.busy} onClick={p.onBuildRegularHours}>
            Build Regular Hours sheet
          </Button>
          <Field
            label="Default effective date (for rows without one)"
            {...fieldError(dateOk ? null : "Enter a date, or leave it blank")}
          >
            <DateField value={p.effectiveDate} onChange={p.onEffectiveDateChange} />
          </Field>
          <Button className={styles.action} appearance="primary" disabled={p.busy || !dateOk} onClick={p.onSaveRegularHours}>
            Save Regular Hours
          </Button>
        </>
      )}
    </Section>
  );
}
