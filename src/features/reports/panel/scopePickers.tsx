/** Who a report covers: its pay frequencies and employees (one client), or everyone (several). Data and callbacks only. */
import { Switch, Text } from "@fluentui/react-components";
import {
  employeeOptions,
  waveOptions,
  type BalanceParams,
  type ClientReportData,
  type ComparisonLeaveParams,
  type TransactionHistoryParams,
} from "../model";
import { MultiPicker } from "./ReportsPickers";

type Scoped = TransactionHistoryParams | ComparisonLeaveParams | BalanceParams;

/** Pay frequencies and employees; with several clients both are "all" (their IDs belong to one client). */
export function Scope({
  params,
  data,
  onChange,
  disabled,
}: {
  params: Scoped;
  data: readonly ClientReportData[];
  onChange(p: Partial<Scoped>): void;
  disabled?: boolean;
}) {
  if (data.length > 1) return <Text size={200}>With several clients every pay frequency and employee is included.</Text>;
  return (
    <>
      <MultiPicker
        label="Pay frequencies"
        placeholder="All pay frequencies"
        options={waveOptions(data[0]?.waves ?? [])}
        selected={params.waveIds ?? []}
        onChange={(waveIds) => onChange({ waveIds: waveIds.length > 0 ? waveIds : null, employeeIds: null })}
        disabled={disabled}
      />
      <EmployeesPicker
        data={data}
        waveIds={params.waveIds}
        employeeIds={params.employeeIds}
        onChange={(employeeIds) => onChange({ employeeIds })}
        disabled={disabled}
      />
    </>
  );
}

export function EmployeesPicker(props: {
  data: readonly ClientReportData[];
  waveIds: number[] | null;
  employeeIds: number[] | null;
  onChange(ids: number[] | null): void;
  disabled?: boolean;
}) {
  const all = props.employeeIds === null;
  const options = employeeOptions(props.data[0]?.employees ?? [], props.waveIds);
  return (
    <>
      <Switch
        label={all ? "All employees" : "Only the employees chosen below"}
        checked={all}
        disabled={props.disabled}
        onChange={(_, d) => props.onChange(d.checked ? null : [])}
      />
      {all ? null : (
        <MultiPicker
          label="Employees"
          required
          placeholder="Type a name or number"
          options={options}
          selected={props.employeeIds ?? []}
          onChange={(ids) => props.onChange(ids)}
          validationMessage={(props.employeeIds ?? []).length === 0 ? "Choose employees, or switch on All employees." : undefined}
          disabled={props.disabled}
        />
      )}
    </>
  );
}
