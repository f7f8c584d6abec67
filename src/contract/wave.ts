import { z } from "zod";
import { DateString, DateTimeString, Id, wrappedList } from "./common";

export const WAVE_FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;

const PayDates = z.looseObject({ enabled: z.boolean() });

const waveCommon = {
  id: Id,
  first_end_date: DateString,
  client_id: Id,
  interim_first_end_date: DateString.nullable(),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  custom_name: z.string().nullable(),
  pay_dates: PayDates,
  name: z.string(),
};

/** Full form. */
export const Wave = z.looseObject({
  ...waveCommon,
  length_months: z.number().int(),
  length_weeks: z.number().int(),
  first_period_offset: z.number().int(),
  notification_days_before: z.number().int().nullable(),
  finalisation_days_before: z.number().int().nullable(),
  payslip_payment_day: z.number().int().nullable(),
});
export type Wave = z.infer<typeof Wave>;

/** `format=simplified`: `frequency` replaces the lengths; offset, notification, finalisation, payment day omitted. */
export const WaveSimplified = z.looseObject({ ...waveCommon, frequency: z.string() });
export type WaveSimplified = z.infer<typeof WaveSimplified>;

export const WaveList = wrappedList("wave", Wave);
export const WaveSimplifiedList = wrappedList("wave", WaveSimplified);

/** Create attributes: a flat object, not wrapped. */
export const WaveCreateBody = z
  .strictObject({
    frequency: z.enum(WAVE_FREQUENCIES),
    last_day_of_month: z.number().int().min(1).max(31).optional(),
    first_end_date: DateString,
    custom_name: z.string().optional(),
  })
  .superRefine((w, ctx) => {
    if (w.frequency === "monthly" && w.last_day_of_month === undefined) {
      ctx.addIssue({ code: "custom", path: ["last_day_of_month"], message: "is required for a monthly frequency" });
    }
  });
export type WaveCreateBody = z.input<typeof WaveCreateBody>;

/** `?format=simplified` selects WaveSimplified; without it the full form. */
export const WaveListQuery = z.object({
  format: z.enum(["simplified"], { error: "must be simplified, or left out for the full form" }).optional(),
});
