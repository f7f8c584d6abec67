/** The employee pickers the feature panels share: one employee (searchable by number or name), or several. */
import * as React from "react";
import { Combobox, Field, Option } from "@fluentui/react-components";
import { employeeLabel, type EmployeeRef } from "../sheets/employeeNames";
import type { ListStatus } from "../serverState";
import { listFieldState, RetryList } from "./listField";

/** An employee as the pickers show it (employeeLabel: "E001 · Mary Kelly"). */
export type EmployeeOption = EmployeeRef;

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
