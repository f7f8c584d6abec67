/**
 * Pickers the feature panels share: one employee (searchable by number or name), several employees, one choice of
 * a loaded list, a payslip. Each says whether its list is loading, empty or failed (with a retry).
 */
import * as React from "react";
import { Button, Combobox, Dropdown, Field, Option } from "@fluentui/react-components";
import { employeeLabel, type EmployeeRef } from "../../../sheets/employeeNames";
import type { Choice } from "../../flows/payslips";
import type { ListStatus } from "../../serverState";
import { usePartStyles } from "./styles";

/** An employee as the pickers show it (employeeLabel: "E001 · Mary Kelly"). */
export type EmployeeOption = EmployeeRef;
export type { Choice, ListStatus };

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

/** What every employee picker of a view shares: the client's employees, their list's status, and busy. */
export function employeeSource(p: { employees: readonly EmployeeOption[]; employeesStatus?: ListStatus; busy: boolean }) {
  return { employees: p.employees, status: p.employeesStatus, disabled: p.busy };
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
