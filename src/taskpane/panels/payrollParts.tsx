/**
 * Small pieces the Pay runs, Leave, Employees and Calculations panels share: an employee picker (searchable by
 * number or name), a multi-employee picker, a confirmation dialog, the outcome bar, and the run helper that
 * wraps a flow in the shell's progress bar and turns its result or error into one sentence.
 */
import * as React from "react";
import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { AppServices, ProgressTask } from "../services";
import { isAbortError } from "../services";

export interface EmployeeOption {
  id: number;
  number?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export const employeeText = (e: EmployeeOption) =>
  [e.number, [e.first_name, e.last_name].filter(Boolean).join(" ")].filter(Boolean).join(" · ") || `Employee ${e.id}`;

export const usePartStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, border: "none", margin: 0, padding: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  action: { alignSelf: "flex-start" },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "12em", overflowY: "auto" },
});

/** A titled group of controls (a fieldset, so screen readers announce the title with each control). */
export function Section(props: { title: string; children: React.ReactNode; hint?: string }) {
  const styles = usePartStyles();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        <Text weight="semibold">{props.title}</Text>
      </legend>
      {props.hint && <Text size={200}>{props.hint}</Text>}
      {props.children}
    </fieldset>
  );
}

export interface EmployeePickerProps {
  label: string;
  employees: readonly EmployeeOption[];
  value: number | null;
  onChange(id: number | null): void;
  disabled?: boolean;
}

/** Pick one employee; type part of a number or name to filter. */
export function EmployeePicker({ label, employees, value, onChange, disabled }: EmployeePickerProps) {
  const selected = employees.find((e) => e.id === value);
  const [query, setQuery] = React.useState(selected ? employeeText(selected) : "");
  React.useEffect(() => setQuery(selected ? employeeText(selected) : ""), [selected]);
  const q = query.trim().toLowerCase();
  const shown =
    (selected && query === employeeText(selected)) || q === ""
      ? employees
      : employees.filter((e) => employeeText(e).toLowerCase().includes(q));
  return (
    <Field label={label}>
      <Combobox
        disabled={disabled}
        freeform
        value={query}
        selectedOptions={value === null ? [] : [String(value)]}
        placeholder="Type a number or name"
        onChange={(ev) => setQuery(ev.target.value)}
        onOptionSelect={(_, d) => {
          const id = d.optionValue ? Number(d.optionValue) : null;
          onChange(id);
          const e = employees.find((x) => x.id === id);
          setQuery(e ? employeeText(e) : "");
        }}
      >
        {shown.slice(0, 200).map((e) => (
          <Option key={e.id} value={String(e.id)} text={employeeText(e)}>
            {employeeText(e)}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

export interface MultiEmployeePickerProps {
  label: string;
  employees: readonly EmployeeOption[];
  value: readonly number[];
  onChange(ids: number[]): void;
  disabled?: boolean;
}

export function MultiEmployeePicker({ label, employees, value, onChange, disabled }: MultiEmployeePickerProps) {
  const text =
    value.length === 0
      ? ""
      : value.length === 1
        ? employeeText(employees.find((e) => e.id === value[0]) ?? { id: value[0] })
        : `${value.length} employees`;
  return (
    <Field label={label} hint={value.length > 0 ? `${value.length} chosen` : undefined}>
      <Combobox
        multiselect
        disabled={disabled}
        value={text}
        selectedOptions={value.map(String)}
        placeholder="None"
        onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}
      >
        {employees.map((e) => (
          <Option key={e.id} value={String(e.id)} text={employeeText(e)}>
            {employeeText(e)}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will be affected, one line each. */
  items: readonly string[];
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before destructive work, listing what it will touch. Escape or Cancel closes it without acting. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const styles = usePartStyles();
  return (
    <Dialog open={props.open} modalType="alert" onOpenChange={(_, d) => !d.open && props.onCancel()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>
            <ul className={styles.list} aria-label="Affected records">
              {props.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export type Outcome = { intent: "success" | "warning" | "error" | "info"; text: string } | null;

export function OutcomeBar({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <MessageBar intent={outcome.intent} role={outcome.intent === "error" ? "alert" : "status"}>
      <MessageBarBody>{outcome.text}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * Runs a flow under the shell's progress bar. `describe` turns the result into the outcome sentence and intent;
 * an error becomes an error outcome (a cancel an info one). Returns the result, or undefined on failure.
 */
export function useFlowRunner(services: Pick<AppServices, "progress" | "notify"> | null, setOutcome: (o: Outcome) => void) {
  return React.useCallback(
    async <T,>(
      label: string,
      work: (task: ProgressTask) => Promise<T>,
      describe: (result: T) => Exclude<Outcome, null>,
    ): Promise<T | undefined> => {
      if (!services) return undefined;
      setOutcome(null);
      try {
        const result = await services.progress.run(label, work);
        const outcome = describe(result);
        setOutcome(outcome);
        services.notify(outcome.text, outcome.intent === "warning" ? "warning" : outcome.intent);
        return result;
      } catch (e) {
        const cancelled = isAbortError(e);
        setOutcome({
          intent: cancelled ? "info" : "error",
          text: cancelled ? `${label}: cancelled.` : `${label} failed: ${e instanceof Error ? e.message : String(e)}`,
        });
        return undefined;
      }
    },
    [services, setOutcome],
  );
}

/** An outcome from row counts: success when nothing failed, warning when some rows need attention. */
export function rowOutcome(
  summary: string,
  counts: { Failed: number; Invalid: number; "Not sent": number },
): Exclude<Outcome, null> {
  const attention = counts.Failed + counts.Invalid + counts["Not sent"];
  return {
    intent: attention > 0 ? "warning" : "success",
    text: attention > 0 ? `${summary} See the Status and Message columns.` : summary,
  };
}
