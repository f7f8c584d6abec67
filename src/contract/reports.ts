import { z } from "zod";
import { Amount, DateString, Id } from "./common";

export const REPORT_IDS = [
  "transaction_history",
  "variance",
  "comparison_leave",
  "leave_liability_v2",
  "tracked_balances",
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

const IdList = z.array(Id).nullable().optional();
const Humanize = z.boolean().nullable().optional();

/** Who a report covers (wave_ids, employee_ids) and whether it labels for display (humanize). */
const scope = { wave_ids: IdList, employee_ids: IdList, humanize: Humanize };
/** A period report's dates and scope. */
const period = { start_date: DateString, end_date: DateString, ...scope };

export const TransactionHistoryBody = z.strictObject({
  ...period,
  account_names: z.array(z.string()),
  /** Custom-field IDs, or `first_name` / `last_name`. */
  custom_fields: z.array(z.string()).nullable().optional(),
});
export const VarianceBody = z.strictObject({
  wave_id: Id,
  period_offset: z.number().int(),
  employee_ids: IdList,
  humanize: Humanize,
});
export const ComparisonLeaveBody = z.strictObject({ ...period, leave_types: z.array(Id) });
export const LeaveLiabilityBody = z.strictObject({ date: DateString, ...scope });
/** tracked_balances takes the body of leave_liability_v2. @alias (a second name on purpose, for knip) */
export const TrackedBalancesBody = LeaveLiabilityBody;

export const ReportBodies = {
  transaction_history: TransactionHistoryBody,
  variance: VarianceBody,
  comparison_leave: ComparisonLeaveBody,
  leave_liability_v2: LeaveLiabilityBody,
  tracked_balances: TrackedBalancesBody,
} as const;
export type ReportBody<R extends ReportId> = z.input<(typeof ReportBodies)[R]>;
export type TransactionHistoryBody = z.input<typeof TransactionHistoryBody>;
export type VarianceBody = z.input<typeof VarianceBody>;
export type ComparisonLeaveBody = z.input<typeof ComparisonLeaveBody>;
export type LeaveLiabilityBody = z.input<typeof LeaveLiabilityBody>;
export type TrackedBalancesBody = z.input<typeof TrackedBalancesBody>;

/** Amount columns: a number, or a currency string such as `€1,234.56` when humanize is true. */
const Money = Amount.nullable();
const rowBase = { employee: z.string() };

/** transaction_history: Date, one column per account, plus the requested custom fields. */
export const TransactionHistoryRow = z.looseObject({ ...rowBase, Date: DateString });
export const VarianceTransaction = z.looseObject({
  name: z.string(),
  type: z.string(),
  caption: z.string().nullish(),
  code: z.string().nullish(),
});
export const VarianceRow = z.looseObject({
  ...rowBase,
  Type: z.string(),
  Transaction: VarianceTransaction,
  Previous: Money,
  Selected: Money,
  Variance: Money,
});
export const ComparisonLeaveRow = z.looseObject({
  ...rowBase,
  leave_type: z.string(),
  Date: DateString.nullable(),
  Accrual: Money,
  Entitlement: Money,
  Taken: Money,
  Adjustment: Money,
  Balance: Money,
});
export const LeaveLiabilityRow = z.looseObject({
  ...rowBase,
  Days: z.union([z.number(), z.string()]).nullable(),
  "Daily Rate": Money,
  Liability: Money,
});
export const TrackedBalancesRow = z.looseObject({ ...rowBase, Loans: Money, Savings: Money, Garnishees: Money });

export const ReportRows = {
  transaction_history: z.array(TransactionHistoryRow),
  variance: z.array(VarianceRow),
  comparison_leave: z.array(ComparisonLeaveRow),
  leave_liability_v2: z.array(LeaveLiabilityRow),
  tracked_balances: z.array(TrackedBalancesRow),
} as const;
export type ReportRow<R extends ReportId> = z.infer<(typeof ReportRows)[R]>[number];
export type AnyReportRow = { employee: string } & Record<string, unknown>;

/** Async start: 200 `{message, uuid}`. */
export const AsyncReportStarted = z.looseObject({ message: z.string(), uuid: z.uuid() });
export type AsyncReportStarted = z.infer<typeof AsyncReportStarted>;
/** The document's poll limit: no more often than every 10 seconds. */
export const MIN_POLL_INTERVAL_MS = 10_000;
