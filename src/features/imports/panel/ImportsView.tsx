/**
 * The Imports panel's view: employees (with options), payment frequencies (full or simplified) and pay points,
 * each imported to its own sheet. Data and callbacks only.
 */
import { Button, Checkbox, Field, Radio, RadioGroup, Text } from "@fluentui/react-components";
import { type Outcome, OutcomeBar, Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

export type WaveForm = "full" | "simplified";

export interface ImportsViewProps {
  customFields: boolean;
  onCustomFieldsChange(value: boolean): void;
  servicePeriod: boolean;
  onServicePeriodChange(value: boolean): void;
  waveForm: WaveForm;
  onWaveFormChange(value: WaveForm): void;
  /** Disables the buttons while any long work runs. */
  busy: boolean;
  onImportEmployees(): void;
  onImportWaves(): void;
  onImportPayPoints(): void;
  outcome: Outcome;
}

export function ImportsView(props: ImportsViewProps) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      <Text>Each import writes its own sheet as a table. Importing again replaces the data in place.</Text>

      <Section title="Employees" hint="One row per employee. Edit the rows and save them from the Employees tab.">
        <Checkbox
          label="Custom fields as columns"
          checked={props.customFields}
          onChange={(_, d) => props.onCustomFieldsChange(d.checked === true)}
        />
        <Checkbox
          label="Current service period columns"
          checked={props.servicePeriod}
          onChange={(_, d) => props.onServicePeriodChange(d.checked === true)}
        />
        <Button className={styles.action} appearance="primary" disabled={props.busy} onClick={props.onImportEmployees}>
          Import employees
        </Button>
      </Section>

      <Section title="Payment frequencies">
        <Field
          label="Form"
          hint={
            props.waveForm === "simplified"
              ? "Simplified: the frequency as text, without period offsets, notification, finalisation and payment days."
              : "Full: every field, with the period lengths in months and weeks."
          }
        >
          <RadioGroup value={props.waveForm} onChange={(_, d) => props.onWaveFormChange(d.value as WaveForm)} layout="horizontal">
            <Radio value="full" label="Full" />
            <Radio value="simplified" label="Simplified" />
          </RadioGroup>
        </Field>
        <Button className={styles.action} disabled={props.busy} onClick={props.onImportWaves}>
          Import payment frequencies
        </Button>
      </Section>

      <Section title="Pay points" hint="The client's groups of employees, such as departments or sites.">
        <Button className={styles.action} disabled={props.busy} onClick={props.onImportPayPoints}>
          Import pay points
        </Button>
      </Section>

      <OutcomeBar outcome={props.outcome} />
    </div>
  );
}
