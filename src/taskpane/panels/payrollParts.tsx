/**
 * Small pieces the feature panels share: titled sections, an employee picker (searchable by number or name), a
 * multi-employee picker, a payslip picker, a list's loading/error line, a confirmation dialog, the outcome bar,
 * and the run helper that wraps a flow in the shell's progress bar and turns its result or error into one sentence.
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
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { PayrollClient } from "../../client";
import type { AppServices, ProgressTask } from "../services";
import { isAbortError } from "../services";
import { cancelledText } from "../../sheets/rowOutcomes";
import { employeeLabel, type EmployeeRef } from "../../sheets/employeeNames";

/** An employee as the pickers show it (employeeLabel: "E001 · Mary Kelly"). */
export type EmployeeOption = EmployeeRef;

export const usePartStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, border: "none", margin: 0, padding: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  action: { alignSelf: "flex-start" },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "12em", overflowY: "auto" },
  // The outcome stays in view at the bottom of the pane, however far the panel is scrolled.
  outcome: { position: "sticky", bottom: tokens.spacingVerticalS, zIndex: 1, boxShadow: tokens.shadow8 },
  // A scrolling list inside the pane gets a frame, so the cut-off rows read as "scroll for more".
  box: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    maxHeight: "280px",
    overflowY: "auto",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
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

/** Where a list the pickers need stands: still loading, or failed with a message (and a way to try again). */
export interface ListStatus {
  loading: boolean;
  error: string | null;
  onRetry?(): void;
}

/** The hint or error a picker's Field shows for its list's status; `empty` when the loaded list is empty. */
function listFieldState(status: ListStatus | undefined, what: string, empty: string | null) {
  if (status?.error)
    return { validationState: "error" as const, validationMessage: `Could not load the ${what}: ${status.error}` };
  if (status?.loading) return { hint: `Loading ${what}…` };
  return empty ? { hint: empty } : {};
}

/** "Try again" for a list that failed to load. */
function RetryList({ status, what, disabled }: { status?: ListStatus; what: string; disabled?: boolean }) {
  const styles = usePartStyles();
  if (!status?.error || !status.onRetry) return null;
  return (
    <Button className={styles.action} size="small" disabled={disabled} onClick={status.onRetry}>
      {`Load the ${what} again`}
    </Button>
  );
}

export interface EmployeePickerProps {
  label: string;
  employees: readonly EmployeeOption[];
  value: number | null;
  onChange(id: number | null): void;
  disabled?: boolean;
  /** The employee list's loading/error state (a hint under the field, and a retry button on error). */
  status?: ListStatus;
}

/** Pick one employee; type part of a number or name to filter. */
export function EmployeePicker({ label, employees, value, onChange, disabled, status }: EmployeePickerProps) {
  const selected = employees.find((e) => e.id === value);
  const [query, setQuery] = React.useState(selected ? employeeLabel(selected) : "");
  React.useEffect(() => setQuery(selected ? employeeLabel(selected) : ""), [selected]);
  const q = query.trim().toLowerCase();
  const shown =
    (selected && query === employeeLabel(selected)) || q === ""
      ? employees
      : employees.filter((e) => employeeLabel(e).toLowerCase().includes(q));
  const loaded = !status?.loading && !status?.error;
  return (
    <>
      <Field
        label={label}
        {...listFieldState(status, "employees", loaded && employees.length === 0 ? "This client has no employees." : null)}
      >
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
            setQuery(e ? employeeLabel(e) : "");
          }}
        >
          {shown.slice(0, 200).map((e) => (
            <Option key={e.id} value={String(e.id)} text={employeeLabel(e)}>
              {employeeLabel(e)}
            </Option>
          ))}
          {shown.length > 200 ? (
            <Option key="__more" value="__more" text="More" disabled>
              {`${shown.length - 200} more: type to narrow the list`}
            </Option>
          ) : null}
        </Combobox>
      </Field>
      <RetryList status={status} what="employees" disabled={disabled} />
    </>
  );
}

export interface MultiEmployeePickerProps {
  label: string;
  employees: readonly EmployeeOption[];
  value: readonly number[];
  onChange(ids: number[]): void;
  disabled?: boolean;
  /** Shown while nothing is chosen, e.g. what choosing nobody means. */
  emptyHint?: string;
  status?: ListStatus;
}

export function MultiEmployeePicker({
  label,
  employees,
  value,
  onChange,
  disabled,
  emptyHint,
  status,
}: MultiEmployeePickerProps) {
  const text =
    value.length === 0
      ? ""
      : value.length === 1
        ? employeeLabel(employees.find((e) => e.id === value[0]) ?? { id: value[0] })
        : `${value.length} employees`;
  const fieldState = listFieldState(status, "employees", value.length > 0 ? `${value.length} chosen` : (emptyHint ?? null));
  return (
    <>
      <Field label={label} {...fieldState}>
        <Combobox
          multiselect
          disabled={disabled}
          value={text}
          selectedOptions={value.map(String)}
          placeholder="None"
          onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}
        >
          {employees.map((e) => (
            <Option key={e.id} value={String(e.id)} text={employeeLabel(e)}>
              {employeeLabel(e)}
            </Option>
          ))}
        </Combobox>
      </Field>
      <RetryList status={status} what="employees" disabled={disabled} />
    </>
  );
}

export interface Choice {
  id: number;
  label: string;
}

export interface ChoicePickerProps {
  label: string;
  /** The list; null while it loads (or while it cannot load yet, see `waiting`). */
  choices: readonly Choice[] | null;
  value: number | null;
  onChange(id: number | null): void;
  placeholder: string;
  /** What the list holds, for its messages ("pay runs"). */
  what: string;
  /** Said when the loaded list is empty. */
  emptyHint: string;
  /** Said instead of "Loading…" while the list waits for another choice ("Choose an employee first."). */
  waiting?: string;
  status?: ListStatus;
  disabled?: boolean;
}

/** One choice from a loaded list, saying whether the list is loading, empty or failed (with a retry). */
export function ChoicePicker(p: ChoicePickerProps) {
  const chosen = p.choices?.find((x) => x.id === p.value);
  const state =
    p.status?.error || p.choices !== null
      ? listFieldState(p.status, p.what, p.choices?.length === 0 ? p.emptyHint : null)
      : { hint: p.waiting ?? `Loading ${p.what}…` };
  return (
    <>
      <Field label={p.label} {...state}>
        <Dropdown
          value={chosen?.label ?? ""}
          selectedOptions={p.value === null ? [] : [String(p.value)]}
          placeholder={p.placeholder}
          disabled={p.disabled || !p.choices || p.choices.length === 0}
          onOptionSelect={(_, d) => p.onChange(d.optionValue ? Number(d.optionValue) : null)}
        >
          {(p.choices ?? []).map((x) => (
            <Option key={x.id} value={String(x.id)}>
              {x.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <RetryList status={p.status} what={p.what} disabled={p.disabled} />
    </>
  );
}

export interface PayslipPickerProps {
  /** The chosen employee's payslips; null while they load (or before an employee is chosen). */
  payslips: readonly Choice[] | null;
  value: number | null;
  onChange(id: number | null): void;
  /** Whether an employee is chosen (the list belongs to them). */
  employeeChosen: boolean;
  status?: ListStatus;
}

/** One payslip of the chosen employee. */
export function PayslipPicker({ payslips, value, onChange, employeeChosen, status }: PayslipPickerProps) {
  return (
    <ChoicePicker
      label="Payslip"
      choices={payslips}
      value={value}
      onChange={onChange}
      placeholder="Choose a payslip"
      what="payslips"
      emptyHint="This employee has no payslips."
      waiting={employeeChosen ? undefined : "Choose an employee first."}
      status={status}
    />
  );
}

/** An employee's payslips for the PayslipPicker, newest first. */
export async function employeePayslipChoices(client: Pick<PayrollClient, "listPayslips">, employeeId: number): Promise<Choice[]> {
  const list = await client.listPayslips(employeeId);
  return [...list].sort((a, b) => b.date.localeCompare(a.date)).map((p) => ({ id: p.id, label: payslipLabel(p) }));
}

/** A payslip as the pickers list it: date, special, finalised or open, nett pay when calculated. */
export function payslipLabel(p: { date: string; special: boolean; finalised: boolean; nett_pay?: number }): string {
  return `${p.date}${p.special ? " (special)" : ""}${p.finalised ? " · finalised" : " · open"}${p.nett_pay !== undefined ? ` · nett ${p.nett_pay.toFixed(2)}` : ""}`;
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

/** The last action's outcome, kept in view at the bottom of the pane. */
export function OutcomeBar({ outcome }: { outcome: Outcome }) {
  const styles = usePartStyles();
  if (!outcome) return null;
  return (
    <div className={styles.outcome}>
      <MessageBar intent={outcome.intent} role={outcome.intent === "error" ? "alert" : "status"}>
        <MessageBarBody>{outcome.text}</MessageBarBody>
      </MessageBar>
    </div>
  );
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * How a run words a cancel or a failure (default: "<label>: cancelled." and "<label> failed: <message>"). A
 * cancel is always worded by cancelledText (src/sheets/rowOutcomes), here with what it left behind.
 */
export interface FailureTexts {
  /** After "<label>: cancelled.", e.g. "The sheet was not changed." */
  afterCancel?: string;
  failed?(message: string): string;
}

/**
 * Runs a flow under the shell's progress bar. `describe` turns the result into the outcome sentence and intent;
 * an error becomes an error outcome (a cancel an info one). The outcome shows in the panel (OutcomeBar), not
 * again in the shell's messages. Returns the result, or undefined on failure.
 */
export function useFlowRunner(services: Pick<AppServices, "progress"> | null, setOutcome: (o: Outcome) => void) {
  return React.useCallback(
    async <T,>(
      label: string,
      work: (task: ProgressTask) => Promise<T>,
      describe: (result: T) => Exclude<Outcome, null>,
      texts: FailureTexts = {},
    ): Promise<T | undefined> => {
      if (!services) return undefined;
      setOutcome(null);
      try {
        const result = await services.progress.run(label, work);
        setOutcome(describe(result));
        return result;
      } catch (e) {
        const cancelled = isAbortError(e);
        setOutcome({
          intent: cancelled ? "info" : "error",
          text: cancelled
            ? cancelledText(label, texts.afterCancel)
            : (texts.failed?.(errorText(e)) ?? `${label} failed: ${errorText(e)}`),
        });
        return undefined;
      }
    },
    [services, setOutcome],
  );
}

/**
 * Work on the rows selected in a sheet before any request (e.g. listing what a delete will touch): clears the
 * outcome, and turns a thrown error into an error outcome instead of an unhandled rejection.
 */
export function useGuarded(setOutcome: (o: Outcome) => void) {
  return React.useCallback(
    (work: () => Promise<unknown>) => {
      setOutcome(null);
      work().catch((e: unknown) => setOutcome({ intent: "error", text: errorText(e) }));
    },
    [setOutcome],
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
