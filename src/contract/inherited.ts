import { z } from "zod";
import { DateString, DateTimeString, Id } from "./common";
import { Inputs } from "./calculation";

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];

const dayAttrs = Object.fromEntries(
  DAYS.flatMap((d) => [
    [`works_${d}`, z.boolean().optional()],
    [`day_type_${d}`, z.enum(["full", "partial"]).optional()],
    [`partial_hours_${d}`, z.number().int().min(0).max(24).optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodType>>;

/** Regular Hours (`week_hours`) attributes. `full_days_per_week` blank cancels an override. */
export const RegularHoursAttributes = z.strictObject({
  full_day_hours_input: z.number().int().min(0).max(24).optional(),
  schedule: z.enum(["fixed", "casual"]).optional(),
  leave_any_day: z.boolean().optional(),
  full_days_per_week: z.union([z.number().int().min(0).max(7), z.literal(""), z.null()]).optional(),
  ...dayAttrs,
});
export type RegularHoursAttributes = z.infer<typeof RegularHoursAttributes>;

export const InheritedCalculation = z.looseObject({
  id: Id,
  profile_id: Id.nullable(),
  employee_id: Id,
  short_name: z.string(),
  calculation_def_id: Id.nullable(),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  inputs: Inputs,
  /** Effective date (or "" for the base set) to the inputs from then. */
  inputs_history: z.record(z.union([DateString, z.literal("")]), Inputs),
});
export type InheritedCalculation = z.infer<typeof InheritedCalculation>;
export const InheritedCalculationList = z.array(InheritedCalculation);

export const InheritedCalculationPatchBody = z.strictObject({
  calc_type: z.string().min(1),
  effective_date: DateString.optional(),
  calculation_details: Inputs,
});
export type InheritedCalculationPatchBody = z.input<typeof InheritedCalculationPatchBody>;
