/**
 * The parameters of one report, every value picked from lists the API provides (no typed IDs).
 * Data and callbacks only: the lists come in `data`, the chosen values in `params`, changes go to `onChange`.
 * One sub-form per report; the pieces they share are in ./reports/formParts.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import {
  accountOptions,
  customFieldOptions,
  leaveTypeOptions,
  type BalanceParams,
  type ClientReportData,
  type ComparisonLeaveParams,
  type ReportParams,
  type TransactionHistoryParams,
} from "../model";
import { formatDate } from "../../../ui/locale";
import { MultiPicker } from "./ReportsPickers";
import { AtLeastOne, DateRange, RequiredDate, type SubFormProps, unionOptions } from "./formParts";
import { Scope } from "./scopePickers";
import { VarianceForm } from "./VarianceForm";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

export interface ReportsFormProps {
  data: readonly ClientReportData[];
  params: ReportParams;
  onChange(params: ReportParams): void;
  disabled?: boolean;
}

export function ReportsForm({ data, params, onChange, disabled }: ReportsFormProps) {
  const styles = useStyles();
  const set = <P extends ReportParams>(patch: Partial<P>) => onChange({ ...params, ...patch } as ReportParams);
  const common = { data, set, disabled };
  return (
    <div className={styles.form} role="group" aria-label="Report parameters">
      {params.reportId === "transaction_history" ? <TransactionHistoryForm {...common} params={params} /> : null}
      {params.reportId === "variance" ? <VarianceForm {...common} params={params} /> : null}
      {params.reportId === "comparison_leave" ? <ComparisonLeaveForm {...common} params={params} /> : null}
      {params.reportId === "leave_liability_v2" || params.reportId === "tracked_balances" ? (
        <BalanceForm {...common} params={params} />
      ) : null}
    </div>
  );
}

/** Which payslips a transaction history covers: the service lists finalised payslips only. */
function transactionHistoryCovers(startDate: string, endDate: string): string {
  const range = startDate && endDate ? ` dated ${formatDate(startDate)} to ${formatDate(endDate)}` : " dated in the range";
  return `Covers the finalised payslips${range}. Payslips not yet finalised (the open period) are not included.`;
}

function TransactionHistoryForm({ data, params, set, disabled }: SubFormProps<TransactionHistoryParams>) {
  return (
    <>
      <DateRange
        params={params}
        onChange={set}
        disabled={disabled}
        covers={transactionHistoryCovers(params.startDate, params.endDate)}
      />
      <Scope params={params} data={data} onChange={set} disabled={disabled} />
      <AtLeastOne
        label="Accounts"
        what="account"
        hint="Items and totals from the client's items and outputs."
        options={unionOptions(data.map((d) => (d.itemsAndOutputs ? accountOptions(d.itemsAndOutputs) : [])))}
        selected={params.accountNames}
        onChange={(accountNames) => set({ accountNames })}
        disabled={disabled}
      />
      <MultiPicker
        label="Employee fields"
        placeholder="None"
        hint="First and last name, and the custom fields found on the employees (the service does not list custom fields)."
        options={unionOptions(data.map((d) => customFieldOptions(d.employees ?? [])))}
        selected={params.customFields}
        onChange={(customFields) => set({ customFields })}
        disabled={disabled}
      />
    </>
  );
}

function ComparisonLeaveForm({ data, params, set, disabled }: SubFormProps<ComparisonLeaveParams>) {
  return (
    <>
      <DateRange params={params} onChange={set} disabled={disabled} />
      <Scope params={params} data={data} onChange={set} disabled={disabled} />
      <AtLeastOne
        label="Leave types"
        what="leave type"
        options={leaveTypeOptions(data.map((d) => d.leaveTypes ?? {}))}
        selected={params.leaveTypes}
        onChange={(leaveTypes) => set({ leaveTypes })}
        disabled={disabled}
      />
    </>
  );
}

function BalanceForm({ data, params, set, disabled }: SubFormProps<BalanceParams>) {
  return (
    <>
      <RequiredDate
        label="Balances at"
        hint="Defaults to the end of the last pay period."
        value={params.date}
        missing="Choose a date."
        disabled={disabled}
        onChange={(date) => set({ date })}
      />
      <Scope params={params} data={data} onChange={set} disabled={disabled} />
    </>
  );
}
