/**
 * The Input sheets panel's view: build a calc-input sheet for a wave and period from chosen inputs, and push an
 * input sheet back (changed cells, all rows, selected rows, retry failed). Data and callbacks only.
 */
import * as React from "react";
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Select, Spinner, Text } from "@fluentui/react-components";
import type { PushMode } from "../../sheets/pushPlan";
import { type Outcome as PanelOutcome, OutcomeBar, Section } from "./parts/layout";
import { fieldError } from "../components/fieldError";
import { usePartStyles } from "./parts/styles";

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

export type Outcome = NonNullable<PanelOutcome>;

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
  /** The chosen sheet's editing tools (pending changes, fill from a sheet), under the sheet picker. */
  sheetTools?: React.ReactNode;
  /** More push actions beside the push buttons (Overwrite conflicts). */
  pushExtras?: React.ReactNode;
  /** After the push section (Push all input sheets). */
  afterPush?: React.ReactNode;

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
  const styles = usePartStyles();
  const pickerLabelId = React.useId();
  const groups = React.useMemo(() => {
    const byItem = new Map<string, InputChoiceItem[]>();
    for (const i of props.inputs) byItem.set(i.itemLabel, [...(byItem.get(i.itemLabel) ?? []), i]);
    return [...byItem];
  }, [props.inputs]);
  const ready = !props.loading && props.waveId !== null && props.payslipDate !== null;
  const canBuild = !props.busy && ready && props.selectedInputs.size > 0;
  const canPush = !props.busy && props.sheetName !== null && !props.chunkSizeProblem;

  return (
    <div className={styles.root}>
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
                  label={`${i.label} (${i.key})`}
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
        <div className={styles.row}>
          <Button appearance="primary" disabled={!canBuild} onClick={props.onBuild}>
            New input sheet
          </Button>
          <Button disabled={props.busy || props.loading} onClick={props.onReload}>
            Reload choices
          </Button>
        </div>
      </Section>

      <Section
        title="Push an input sheet"
        hint="Sends the edited input cells through bulk input; each row gets a Status and Message, and a line goes to the Push log sheet."
      >
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
        {props.sheetTools}
        <div className={styles.row}>
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
          {props.pushExtras}
        </div>
        <Field
          label="Rows per request"
          hint="Rows sent in one bulk input request (1 to 1000)."
          {...fieldError(props.chunkSizeProblem)}
        >
          <Input type="number" min={1} max={1000} value={props.chunkSize} onChange={(_, d) => props.onChunkSizeChange(d.value)} />
        </Field>
      </Section>
      {props.afterPush}

      <OutcomeBar outcome={props.outcome} />
    </div>
  );
}
