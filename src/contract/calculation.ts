import { z } from "zod";
import { DateString, DateTimeString, Id } from "./common";

/** A calculation input value as stored: numbers, text, booleans or null. */
export const InputValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);
export type InputValue = z.infer<typeof InputValue>;
export const Inputs = z.record(z.string(), InputValue);
export type Inputs = z.infer<typeof Inputs>;

/**
 * A calculation (payslip item). `calculation_id` is the item identifier used in bulk_input keys
 * (`calc.<calculation_id>.<input>`): a system name such as `basic_salary`, or a custom item's numeric ID.
 * `id` is the record's own ID (null for inherited calculations).
 */
export const Calculation = z.looseObject({
  id: Id.nullable(),
  employee_id: Id.nullable(),
  payslip_id: Id.nullable(),
  client_id: Id.nullable(),
  inputs: Inputs,
  calculation_id: z.union([z.string(), z.number()]).nullable(),
  account_components: z.unknown().optional(),
  account_outputs: z.unknown().optional(),
  deleted: z.boolean(),
  created_at: DateTimeString.nullable(),
  updated_at: DateTimeString.nullable(),
  calculation_def_id: Id.nullable(),
  profile_id: Id.nullable(),
  skip: z.boolean(),
  multiplier: z.number().nullable(),
  input_formulas: z.unknown().optional(),
  skip_rule: z.unknown().optional(),
  overrides: z.unknown().optional(),
  outputs: z.record(z.string(), z.unknown()),
  system_type: z.string().nullable(),
});
export type Calculation = z.infer<typeof Calculation>;
export const CalculationList = z.array(Calculation);

export const CALCULATION_OPERATIONS = ["insert", "upsert", "update"] as const;
export type CalculationOperation = (typeof CALCULATION_OPERATIONS)[number];

/** POST /employees/:id/calculations and POST /payslips/:id/calculations. */
export const CalculationPostBody = z.strictObject({
  calc_type: z.string().min(1),
  calculation_details: Inputs,
  operation: z.enum(CALCULATION_OPERATIONS).optional(),
  /** Selects among several instances of a multi-instance item (the calculation record's ID). */
  calculation_id: Id.optional(),
  effective_date: DateString.optional(),
});
export type CalculationPostBody = z.input<typeof CalculationPostBody>;

export const CalculationPatchBody = z.strictObject({ calculation_details: Inputs });
export type CalculationPatchBody = z.input<typeof CalculationPatchBody>;

/**
 * items_and_outputs. The document does not show its body; this is the sandbox's shape (docs/api-choices.md).
 * `name` of a system item is what reports take as an account name; `inputs` are the keys bulk_input accepts.
 */
export const ItemDefinition = z.looseObject({
  /** System name (`basic_salary`) or a custom item's numeric ID. */
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  label: z.string(),
  category: z.string(),
  inputs: z.array(z.string()),
  multi_instance: z.boolean(),
});
export type ItemDefinition = z.infer<typeof ItemDefinition>;
export const ItemsAndOutputs = z.looseObject({
  system_items: z.array(ItemDefinition),
  custom_items: z.array(ItemDefinition),
  /** Outputs a report can name as accounts (`paye`, `nett_pay`, ...). */
  outputs: z.array(z.looseObject({ name: z.string(), label: z.string(), category: z.string() })),
  accounts: z.array(z.looseObject({ name: z.string(), label: z.string() })),
});
export type ItemsAndOutputs = z.infer<typeof ItemsAndOutputs>;
