import { z } from "zod";
import { DateString, DateTimeString, Id, wrappedList } from "./common";

export const ServicePeriod = z.looseObject({
  id: Id,
  employee_id: Id,
  start_date: DateString,
  /** Null while open. */
  end_date: DateString.nullable(),
  /** True: long-term leave (e.g. maternity), not a termination. */
  negative: z.boolean(),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  attribs: z.looseObject({ ie_employment_identifier: z.string().nullish() }).nullable(),
  termination_code: z.number().int().nullable(),
});
export type ServicePeriod = z.infer<typeof ServicePeriod>;
export const ServicePeriodList = wrappedList("service_period", ServicePeriod);

export const EndServiceBody = z.strictObject({
  employee_action: z.strictObject({ termination_date: DateString, termination_code: z.number().int() }),
});
export type EndServiceBody = z.input<typeof EndServiceBody>;
export const ReinstateBody = z.strictObject({ employee_action: z.strictObject({ appointment_date: DateString }) });
export type ReinstateBody = z.input<typeof ReinstateBody>;
