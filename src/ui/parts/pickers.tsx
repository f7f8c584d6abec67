/**
 * Pickers the feature panels share: one employee (searchable by number or name), several employees (both in
 * ./employeePickers, exported from here), one choice of a loaded list, a payslip. Each says whether its list is
 * loading, empty or failed (with a retry).
 */
import { Dropdown, Field, Option } from "@fluentui/react-components";
import type { Choice } from "../flows/payslips";
import type { ListStatus } from "../serverState";
import type { EmployeeOption } from "./employeePickers";
import { listFieldState, RetryList } from "./listField";

export { EmployeePicker, MultiEmployeePicker, type EmployeeOption } from "./employeePickers";
export type { Choice, ListStatus };

/** What every employee picker of a view shares: the client's employees, their list's status, and busy. */
export function employeeSource(p: { employees: readonly EmployeeOption[]; employeesStatus?: ListStatus; busy: boolean }) {
  return { employees: p.employees, status: p.employeesStatus, disabled: p.busy };
}

/** A view's choice of an employee and then one of their payslips, as its props carry it. */
export interface EmployeePayslipChoice {
  employees: readonly EmployeeOption[];
  employeesStatus?: ListStatus;
  employeeId: number | null;
  onEmployeeChange(id: number | null): void;
  /** The chosen employee's payslips; null while they load or before an employee is chosen. */
  payslips: readonly Choice[] | null;
  payslipsStatus?: ListStatus;
  payslipId: number | null;
  onPayslipChange(id: number | null): void;
}

/** A view's payslip picker from its props: the chosen employee's payslips, the choice, and the list's status. */
export function payslipSource(p: EmployeePayslipChoice): PayslipPickerProps {
  return {
    payslips: p.payslips,
    value: p.payslipId,
    onChange: p.onPayslipChange,
    employeeChosen: p.employeeId !== null,
    status: p.payslipsStatus,
  };
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
