/**
 * The Imports panel's view: employees (with options), payment frequencies (full or simplified) and pay points,
 * each imported to its own sheet. Data and callbacks only.
 */
import * as React from "react";
import {
  Button,
  Checkbox,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, border: "none", margin: 0, padding: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  action: { alignSelf: "flex-start" },
});

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
  outcome: { intent: "success" | "warning" | "error" | "info"; text: string } | null;
}

export function ImportsView(props: ImportsViewProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Text>Each import writes its own sheet as a table. Importing again replaces the data in place.</Text>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <Text weight="semibold">Employees</Text>
        </legend>
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
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <Text weight="semibold">Payment frequencies</Text>
        </legend>
        <Field label="Form">
          <RadioGroup value={props.waveForm} onChange={(_, d) => props.onWaveFormChange(d.value as WaveForm)} layout="horizontal">
            <Radio value="full" label="Full" />
            <Radio value="simplified" label="Simplified" />
          </RadioGroup>
        </Field>
        <Button className={styles.action} disabled={props.busy} onClick={props.onImportWaves}>
          Import payment frequencies
        </Button>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <Text weight="semibold">Pay points</Text>
        </legend>
        <Button className={styles.action} disabled={props.busy} onClick={props.onImportPayPoints}>
          Import pay points
        </Button>
      </fieldset>

      {props.outcome && (
        <MessageBar intent={props.outcome.intent} aria-live="polite">
          <MessageBarBody>{props.outcome.text}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
