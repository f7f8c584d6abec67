import { z } from "zod";
import { Amount, DateString, Id, wrappedList } from "./common";

/** `[item, amount]`: item is a system item name (or display label in the data form) or a custom item's numeric ID. */
export const ItemPair = z.tuple([z.union([z.string(), z.number()]), Amount]);
export type ItemPair = z.infer<typeof ItemPair>;
/** `[group name, [[item, amount], ...]]`: employer contributions and other lines that are not pay. */
export const SidelineGroup = z.tuple([z.string(), z.array(ItemPair)]);
export type SidelineGroup = z.infer<typeof SidelineGroup>;

export const LeaveSummary = z.looseObject({
  accrual: Amount.nullable(),
  taken: Amount.nullable(),
  balance: Amount.nullable(),
  id: Id,
});
export type LeaveSummary = z.infer<typeof LeaveSummary>;

const payslipItems = {
  income: z.array(ItemPair),
  deduction: z.array(ItemPair),
  grand_total: z.array(ItemPair),
  sideline: z.array(SidelineGroup),
  leave: z.record(z.string(), LeaveSummary),
};

/** Detail form, under key `payslip`. Totals appear as a `total` pair. */
export const PayslipDetail = z.looseObject({ ...payslipItems });
export type PayslipDetail = z.infer<typeof PayslipDetail>;
export const PayslipDetailResponse = z.object({ payslip: PayslipDetail });

/** The `data` form (pay-run payslips and the employee includes): display labels, plus `leave_payments`. */
export const PayslipData = z.looseObject({ ...payslipItems, leave_payments: z.record(z.string(), z.unknown()) });
export type PayslipData = z.infer<typeof PayslipData>;

export const PayslipListItem = z.looseObject({
  id: Id,
  date: DateString,
  special: z.boolean(),
  finalised: z.boolean(),
  dirty: z.boolean(),
  /** Absent while dirty. */
  nett_pay: z.number().optional(),
  ss_released: z.boolean(),
  payment_run_id: Id.nullable(),
  data: PayslipData.optional(),
});
export type PayslipListItem = z.infer<typeof PayslipListItem>;
export const PayslipWithData = PayslipListItem.extend({ data: PayslipData });
export type PayslipWithData = z.infer<typeof PayslipWithData>;

export const PayslipList = wrappedList("payslip", PayslipListItem);
export const PayslipWithDataList = wrappedList("payslip", PayslipWithData);
