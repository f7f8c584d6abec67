/**
 * The pieces the report forms share: a required multi-select, a date range, and options merged across clients
 * (the pay frequency and employee scope is in ./scopePickers). Data and callbacks only.
 */
import { Caption1, makeStyles, tokens } from "@fluentui/react-components";
import type { ClientReportData, ComparisonLeaveParams, PickerOption, ReportParams, TransactionHistoryParams } from "../model";
import { DateField } from "../../../ui/components/DateField";
import { MultiPicker, type MultiPickerProps, PickerField } from "./ReportsPickers";

const useStyles = makeStyles({
  // Two dates side by side where they fit, one under the other in a narrow (320 px) pane: never cut off.
  pair: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(9rem, 1fr))",
    gap: tokens.spacingHorizontalS,
    "& > *": { minWidth: 0 },
  },
  covers: { gridColumn: "1 / -1" },
  // Fluent's Input keeps a minimum width of its own; a date field takes its column's width instead.
  date: { minWidth: 0, width: "100%", boxSizing: "border-box" },
  dateInput: { minWidth: 0, width: "100%" },
});

/** What each sub-form gets: the lists, its report's parameters, a patch to them, and whether it is disabled. */
export interface SubFormProps<P extends ReportParams> {
  data: readonly ClientReportData[];
  params: P;
  set(patch: Partial<P>): void;
  disabled?: boolean;
}

/** A required multi-select: "Choose <what>s", and an error while nothing is chosen. */
export function AtLeastOne(props: {
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

export function DateRange({
  params,
  onChange,
  disabled,
  covers,
}: {
  params: Ranged;
  onChange(p: Partial<Ranged>): void;
  disabled?: boolean;
  /** What the dates select, said under them (e.g. which payslips a transaction history covers). */
  covers?: string;
}) {
  const styles = useStyles();
  const order =
    params.startDate && params.endDate && params.startDate > params.endDate ? "The start date is after the end date." : undefined;
  return (
    <div className={styles.pair}>
      <RequiredDate
        label="From"
        hint="Default: the start of the tax year."
        value={params.startDate}
        missing="Choose a start date."
        disabled={disabled}
        onChange={(startDate) => onChange({ startDate })}
      />
      <RequiredDate
        label="To"
        hint="Default: the end of the tax year."
        value={params.endDate}
        missing="Choose an end date."
        problem={order}
        disabled={disabled}
        onChange={(endDate) => onChange({ endDate })}
      />
      {covers ? <Caption1 className={styles.covers}>{covers}</Caption1> : null}
    </div>
  );
}

/** A required date of a report form: the labelled field, `missing` while it is empty, else `problem` if any. */
export function RequiredDate(props: {
  label: string;
  hint: string;
  value: string;
  missing: string;
  problem?: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const styles = useStyles();
  return (
    <PickerField label={props.label} hint={props.hint} validationMessage={props.value ? props.problem : props.missing} required>
      <DateField
        className={styles.date}
        input={{ className: styles.dateInput }}
        value={props.value}
        disabled={props.disabled}
        onChange={props.onChange}
      />
    </PickerField>
  );
}

/** Options of several clients merged by value (accounts and fields mostly share names across clients). */
export function unionOptions<V extends string | number>(lists: readonly (readonly PickerOption<V>[])[]): PickerOption<V>[] {
  const seen = new Map<string, PickerOption<V>>();
  for (const list of lists) for (const o of list) if (!seen.has(String(o.value))) seen.set(String(o.value), o);
  return [...seen.values()];
}
