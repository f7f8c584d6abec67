/** The Input sheets view's New input sheet section: a wave, a period and the inputs to edit, then build. */
import * as React from "react";
import { Button, Checkbox, Field, MessageBar, MessageBarBody, Select, Spinner, Text } from "@fluentui/react-components";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

export interface Choice<V> {
  value: V;
  label: string;
}

export interface InputChoiceItem {
  key: string;
  /** Label of the input within its item ("amount"). */
  label: string;
  itemLabel: string;
}

export interface NewInputSheetProps {
  loading: boolean;
  loadError: string | null;
  onReload(): void;

  waves: Choice<number>[];
  waveId: number | null;
  onWaveChange(waveId: number): void;
  periods: Choice<string>[];
  payslipDate: string | null;
  onPeriodChange(date: string): void;
  inputs: InputChoiceItem[];
  selectedInputs: ReadonlySet<string>;
  onInputToggle(key: string, selected: boolean): void;
  onBuild(): void;
  busy: boolean;
  /** For whom New input sheet builds, when the pane follows another client's sheet (./sheetClient buildClientNote). */
  buildClientNote?: string | null;
}

export function NewInputSheetSection(props: NewInputSheetProps) {
  const styles = usePartStyles();
  const pickerLabelId = React.useId();
  const groups = React.useMemo(() => {
    const byItem = new Map<string, InputChoiceItem[]>();
    for (const i of props.inputs) byItem.set(i.itemLabel, [...(byItem.get(i.itemLabel) ?? []), i]);
    return [...byItem];
  }, [props.inputs]);
  const ready = !props.loading && props.waveId !== null && props.payslipDate !== null;
  const canBuild = !props.busy && ready && props.selectedInputs.size > 0;

  return (
    <Section title="New input sheet">
      {props.loading && <Spinner size="tiny" label="Loading waves, periods and inputs…" />}
      {props.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{props.loadError}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Wave (pay frequency)">
        <Select
          value={props.waveId === null ? "" : String(props.waveId)}
          onChange={(_, d) => props.onWaveChange(Number(d.value))}
          disabled={props.waves.length === 0}
        >
          {props.waves.length === 0 && <option value="">No waves</option>}
          {props.waves.map((w) => (
            <option key={w.value} value={String(w.value)}>
              {w.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Period (payslip date)" hint={props.periods.length === 0 ? "This wave has no payslips yet." : undefined}>
        <Select
          value={props.payslipDate ?? ""}
          onChange={(_, d) => props.onPeriodChange(d.value)}
          disabled={props.periods.length === 0}
        >
          {props.periods.length === 0 && <option value="">No periods</option>}
          {props.periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </Select>
      </Field>
      <Text id={pickerLabelId}>Inputs to edit ({props.selectedInputs.size} chosen)</Text>
      <div className={styles.box} role="group" aria-labelledby={pickerLabelId}>
        {props.inputs.length === 0 && !props.loading && <Text>The client's calculations offer no inputs.</Text>}
        {groups.map(([itemLabel, items]) => (
          <fieldset key={itemLabel} className={styles.group}>
            <legend className={styles.legend}>
              <Text size={200} weight="semibold">
                {itemLabel}
              </Text>
            </legend>
            {items.map((i) => (
              <Checkbox
                key={i.key}
                label={{ children: i.label, title: `API name: ${i.key}` }}
                checked={props.selectedInputs.has(i.key)}
                onChange={(_, d) => props.onInputToggle(i.key, d.checked === true)}
              />
            ))}
          </fieldset>
        ))}
      </div>
      {ready && props.selectedInputs.size === 0 && props.inputs.length > 0 ? (
        <Text size={200}>Tick at least one input to build a sheet.</Text>
      ) : null}
      {props.buildClientNote ? <Text size={200}>{props.buildClientNote}</Text> : null}
      <div className={styles.row}>
        <Button appearance="primary" disabled={!canBuild} onClick={props.onBuild}>
          New input sheet
        </Button>
        <Button disabled={props.busy || props.loading} onClick={props.onReload}>
          Reload choices
        </Button>
      </div>
    </Section>
  );
}
