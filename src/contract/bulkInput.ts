import { z } from "zod";
import { DateString } from "./common";
import { InputValue } from "./calculation";

/** `calc.<calculation_id>.<input_name>`; calculation_id is a system name or a custom numeric ID. */
export const CALC_KEY = /^calc\.([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)$/;
export function calcKey(calculationId: string | number, input: string): string {
  return `calc.${calculationId}.${input}`;
}
export function parseCalcKey(key: string): { calculationId: string; input: string } | null {
  const m = CALC_KEY.exec(key);
  return m ? { calculationId: m[1], input: m[2] } : null;
}

export const BulkInputEntity = z.strictObject({
  /** Employee ID, as a string. */
  id: z.string().regex(/^\d+$/, "must be an employee ID"),
  payslip_id: z.string().regex(/^\d+$/).optional(),
  /** The regular payslip of the period ending on this date. */
  payslip_date: DateString.optional(),
  attributes: z.record(z.string(), z.union([InputValue, z.record(z.string(), z.unknown())])),
});
export type BulkInputEntity = z.input<typeof BulkInputEntity>;

export const BulkInputBody = z.strictObject({ entities: z.array(BulkInputEntity) });
export type BulkInputBody = z.input<typeof BulkInputBody>;

export const BulkInputResult = z.looseObject({
  id: z.string(),
  payslip_id: z.string().optional(),
  payslip_date: DateString.optional(),
  /** The strings "true" / "false", as the document says. */
  success: z.enum(["true", "false"]),
  message: z.string(),
  /** Attribute key to message; present when success is "false" because an attribute failed. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type BulkInputResult = z.infer<typeof BulkInputResult>;
export const BulkInputResponse = z.array(BulkInputResult);
