import { z } from "zod";
import { DateString, Id } from "./common";

export const LeaveDay = z.looseObject({
  id: Id,
  date: DateString,
  /** Null means a full day. */
  hours: z.number().nullable(),
  leave_type: z.string(),
  type_id: Id,
});
export type LeaveDay = z.infer<typeof LeaveDay>;
/** The list is an array of arrays of leave days (the sandbox groups them by leave type). */
export const LeaveDayList = z.array(z.array(LeaveDay));

/** Leave type ID (string key) to balance. */
export const LeaveBalances = z.record(z.string(), z.number());
export type LeaveBalances = z.infer<typeof LeaveBalances>;
/** `?date=YYYY-MM-DD`, required: the balances as at that date. */
export const LeaveBalancesQuery = z.object({
  date: z.iso.date({ error: (iss) => (iss.input === undefined ? "is required (YYYY-MM-DD)" : "must be a YYYY-MM-DD date") }),
});
/** Leave type ID (string key) to display name. */
export const LeaveTypes = z.record(z.string(), z.string());
export type LeaveTypes = z.infer<typeof LeaveTypes>;

/** `hours` null, or the text "null", means a full day. */
const Hours = z.union([z.number().positive().max(24), z.null(), z.literal("null")]).transform((h) => (h === "null" ? null : h));

export const LeaveDayInput = z.strictObject({ date: DateString, hours: Hours.optional(), type_id: Id });
export type LeaveDayInput = z.input<typeof LeaveDayInput>;
/** POST /employees/{employee_id}/leave_days takes one leave day. @alias (a second name on purpose, for knip) */
export const LeaveDayCreateBody = LeaveDayInput;
export const LeaveDaysCreateMultipleBody = z.strictObject({ dates: z.array(LeaveDayInput).min(1) });
export type LeaveDaysCreateMultipleBody = z.input<typeof LeaveDaysCreateMultipleBody>;
export const LeaveDaysCreateMultipleResponse = z.looseObject({ message: z.string(), ids: z.array(Id) });
export const LeaveDayPatchBody = z.strictObject({ date: DateString.optional(), hours: Hours.optional(), type_id: Id.optional() });
export type LeaveDayPatchBody = z.input<typeof LeaveDayPatchBody>;
