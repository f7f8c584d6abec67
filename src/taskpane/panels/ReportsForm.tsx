/**
 * The parameters of one report, every value picked from lists the API provides (no typed IDs).
 * Data and callbacks only: the lists come in `data`, the chosen values in `params`, changes go to `onChange`.
 */
import { Switch, Text, makeStyles, tokens } from "@fluentui/react-components";
import {
  accountOptions,
  customFieldOptions,
  employeeOptions,
  leaveTypeOptions,
  paymentRunOptions,
  periodEndOptions,
  waveOptions,
  type BalanceParams,
  type ClientReportData,
  type ComparisonLeaveParams,
  type PickerOption,
  type ReportParams,
  type TransactionHistoryParams,
  type VarianceParams,
} from "../../sheets/reports";
import { DateField, MultiPicker, type MultiPickerProps, SinglePicker } from "./ReportsPickers";
import { formatDate } from "../locale";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  pair: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalS },
});

export interface ReportsFormProps {
  data: readonly ClientReportData[];
  params: ReportParams;
  onChange(params: ReportParams): void;
  disabled?: boolean;
}

export function ReportsForm({ data, params, onChange, disabled }: ReportsFormProps) {
  const styles = useStyles();
  const several = data.length > 1;
  const set = <P extends ReportParams>(patch: Partial<P>) => onChange({ ...params, ...patch } as ReportParams);

  return (
    <div className={styles.form} role="group" aria-label="Report parameters">
      {params.reportId === "transaction_history" ? (
        <>
          <DateRange params={params} onChange={set} disabled={disabled} />
          <Scope params={params} data={data} onChange={set} disabled={disabled} />
          <AtLeastOne
            label="Accounts"
            what="account"
            hint="Items and totals from the client's items and outputs."
            options={unionOptions(data.map((d) => (d.itemsAndOutputs ? accountOptions(d.itemsAndOutputs) : [])))}
            selected={params.accountNames}
            onChange={(accountNames) => set<TransactionHistoryParams>({ accountNames })}
            disabled={disabled}
          />
          <MultiPicker
            label="Employee fields"
            placeholder="None"
            hint="First and last name, and the custom fields found on the employees (the service does not list custom fields)."
            options={unionOptions(data.map((d) => customFieldOptions(d.employees ?? [])))}
            selected={params.customFields}
            onChange={(customFields) => set<TransactionHistoryParams>({ customFields })}
            disabled={disabled}
          />
        </>
      ) : null}

      {params.reportId === "variance" ? (
        several ? (
          <>
            <SinglePicker
              label="Period"
              placeholder="Choose a period"
              hint="Each client's pay frequencies with a pay run ending on this date are compared with their previous period."
              options={periodEndOptions(
                data.map((d) => d.paymentRuns ?? []),
                formatDate,
              )}
              value={params.periodEndDate}
              onChange={(periodEndDate) => set<VarianceParams>({ periodEndDate })}
              disabled={disabled}
            />
            <Text size={200}>With several clients every employee is included.</Text>
          </>
        ) : (
          <>
            <SinglePicker
              label="Pay frequency"
              placeholder="Choose a pay frequency"
              options={waveOptions(data[0]?.waves ?? [])}
              value={params.waveId}
              onChange={(waveId) => {
                const runs = paymentRunOptions(data[0]?.paymentRuns ?? [], waveId, formatDate);
                set<VarianceParams>({ waveId, paymentRunId: runs[0]?.value ?? null, employeeIds: null });
              }}
              disabled={disabled}
            />
            <SinglePicker
              label="Period (pay run)"
              placeholder={params.waveId === null ? "Choose a pay frequency first" : "This pay frequency has no pay runs"}
              hint="Compared with the period before it."
              options={params.waveId === null ? [] : paymentRunOptions(data[0]?.paymentRuns ?? [], params.waveId, formatDate)}
              value={params.paymentRunId}
              onChange={(paymentRunId) => set<VarianceParams>({ paymentRunId })}
              disabled={disabled}
            />
            <EmployeesPicker
              data={data}
              waveIds={params.waveId === null ? null : [params.waveId]}
              employeeIds={params.employeeIds}
              onChange={(employeeIds) => set<VarianceParams>({ employeeIds })}
              disabled={disabled}
            />
          </>
        )
      ) : null}

      {params.reportId === "comparison_leave" ? (
        <>
          <DateRange params={params} onChange={set} disabled={disabled} />
          <Scope params={params} data={data} onChange={set} disabled={disabled} />
          <AtLeastOne
            label="Leave types"
            what="leave type"
            options={leaveTypeOptions(data.map((d) => d.leaveTypes ?? {}))}
            selected={params.leaveTypes}
            onChange={(leaveTypes) => set<ComparisonLeaveParams>({ leaveTypes })}
            disabled={disabled}
          />
        </>
      ) : null}

      {params.reportId === "leave_liability_v2" || params.reportId === "tracked_balances" ? (
        <>
          <DateField
            label="Balances at"
            hint="Defaults to the end of the last pay period."
            value={params.date}
            onChange={(date) => set<BalanceParams>({ date })}
            validationMessage={params.date ? undefined : "Choose a date."}
            disabled={disabled}
          />
          <Scope params={params} data={data} onChange={set} disabled={disabled} />
        </>
      ) : null}
    </div>
  );
}

/** A required multi-select: "Choose <what>s", and an error while nothing is chosen. */
function AtLeastOne(props: {
  label: string;
  what: string;
  hint?: string;
  options: MultiPickerProps<string>["options"];
  selected: readonly string[];
  onChange(selected: string[]): void;
  disabled?: boolean;
}) {
  const { what, ...rest } = props;
  return (
    <MultiPicker
      {...rest}
      required
      placeholder={`Choose ${what}s`}
      validationMessage={props.selected.length === 0 ? `Choose at least one ${what}.` : undefined}
    />
  );
}

type Ranged = TransactionHistoryParams | ComparisonLeaveParams;

function DateRange({ params, onChange, disabled }: { params: Ranged; onChange(p: Partial<Ranged>): void; disabled?: boolean }) {
  const styles = useStyles();
  const order =
    params.startDate && params.endDate && params.startDate > params.endDate ? "The start date is after the end date." : undefined;
  return (
    <div className={styles.pair}>
      <DateField
        label="From"
        hint="Default: the start of the tax year."
        value={params.startDate}
        onChange={(startDate) => onChange({ startDate })}
        validationMessage={params.startDate ? undefined : "Choose a start date."}
        disabled={disabled}
      />
      <DateField
        label="To"
        hint="Default: the end of the tax year."
        value={params.endDate}
        onChange={(endDate) => onChange({ endDate })}
        validationMessage={params.endDate ? order : "Choose an end date."}
        disabled={disabled}
      />
    </div>
  );
}

type Scoped = TransactionHistoryParams | ComparisonLeaveParams | BalanceParams;

/** Pay frequencies and employees; with several clients both are "all" (their IDs belong to one client). */
function Scope({
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

function EmployeesPicker(props: {
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

/** Options of several clients merged by value (accounts and fields mostly share names across clients). */
function unionOptions<V extends string | number>(lists: readonly (readonly PickerOption<V>[])[]): PickerOption<V>[] {
  const seen = new Map<string, PickerOption<V>>();
  for (const list of lists) for (const o of list) if (!seen.has(String(o.value))) seen.set(String(o.value), o);
  return [...seen.values()];
}
