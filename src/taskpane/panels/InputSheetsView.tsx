/**
 * The Input sheets panel's view: build a calc-input sheet for a wave and period from chosen inputs, and push an
 * input sheet back (changed cells, all rows, selected rows, retry failed). Data and callbacks only.
 */
import * as React from "react";
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { PushMode } from "../../sheets/push";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, border: "none", margin: 0, padding: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  inputs: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, maxHeight: "280px", overflowY: "auto" },
  item: { border: "none", margin: 0, padding: 0 },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  action: { alignSelf: "flex-start" },
});

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

export type Outcome = { intent: "success" | "warning" | "error" | "info"; text: string };

export interface InputSheetsViewProps {
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

  sheets: string[];
  sheetName: string | null;
  onSheetChange(name: string): void;
  chunkSize: string;
  onChunkSizeChange(value: string): void;
  chunkSizeProblem: string | null;
  onPush(mode: PushMode): void;

  busy: boolean;
  outcome: Outcome | null;
}

const PUSH_BUTTONS: { mode: PushMode; label: string; primary?: boolean }[] = [
  { mode: "changed", label: "Push changes", primary: true },
  { mode: "all", label: "Push all rows" },
  { mode: "selected", label: "Push selected rows" },
  { mode: "retry", label: "Retry failed" },
];

export function InputSheetsView(props: InputSheetsViewProps) {
  const styles = useStyles();
  const pickerLabelId = React.useId();
  const groups = React.useMemo(() => {
    const byItem = new Map<string, InputChoiceItem[]>();
    for (const i of props.inputs) byItem.set(i.itemLabel, [...(byItem.get(i.itemLabel) ?? []), i]);
    return [...byItem];
  }, [props.inputs]);
  const canBuild =
    !props.busy && !props.loading && props.waveId !== null && props.payslipDate !== null && props.selectedInputs.size > 0;
  const canPush = !props.busy && props.sheetName !== null && !props.chunkSizeProblem;

  return (
    <div className={styles.root}>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Text weight="semibold">New input sheet</Text>
        </legend>
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
        <div className={styles.inputs} role="group" aria-labelledby={pickerLabelId}>
          {props.inputs.length === 0 && !props.loading && <Text>The client's calculations offer no inputs.</Text>}
          {groups.map(([itemLabel, items]) => (
            <fieldset key={itemLabel} className={styles.item}>
              <legend>
                <Text size={200} weight="semibold">
                  {itemLabel}
                </Text>
              </legend>
              {items.map((i) => (
                <Checkbox
                  key={i.key}
                  label={`${i.label} (${i.key})`}
                  checked={props.selectedInputs.has(i.key)}
                  onChange={(_, d) => props.onInputToggle(i.key, d.checked === true)}
                />
              ))}
            </fieldset>
          ))}
        </div>
        <div className={styles.buttons}>
          <Button appearance="primary" disabled={!canBuild} onClick={props.onBuild}>
            New input sheet
          </Button>
          <Button disabled={props.busy || props.loading} onClick={props.onReload}>
            Reload choices
          </Button>
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Text weight="semibold">Push an input sheet</Text>
        </legend>
        <Field label="Input sheet" hint={props.sheets.length === 0 ? "Build an input sheet first." : undefined}>
          <Select
            value={props.sheetName ?? ""}
            onChange={(_, d) => props.onSheetChange(d.value)}
            disabled={props.sheets.length === 0}
          >
            {props.sheets.length === 0 && <option value="">No input sheets</option>}
            {props.sheets.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Rows per request"
          validationState={props.chunkSizeProblem ? "error" : "none"}
          validationMessage={props.chunkSizeProblem ?? undefined}
        >
          <Input type="number" min={1} max={1000} value={props.chunkSize} onChange={(_, d) => props.onChunkSizeChange(d.value)} />
        </Field>
        <div className={styles.buttons}>
          {PUSH_BUTTONS.map((b) => (
            <Button
              key={b.mode}
              appearance={b.primary ? "primary" : "secondary"}
              disabled={!canPush}
              onClick={() => props.onPush(b.mode)}
            >
              {b.label}
            </Button>
          ))}
        </div>
      </fieldset>

      {props.outcome && (
        <MessageBar intent={props.outcome.intent} aria-live="polite">
          <MessageBarBody>{props.outcome.text}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
