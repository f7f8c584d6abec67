import { z } from "zod";
import { Id, ReadAddress, wrappedList } from "./common";

export const EMPLOYEE_NUMBER_MANUAL = "EMPLOYEE_NUMBER_MANUAL";

/**
 * A client (company). The document lists id, name and physical_address and says the list is open-ended;
 * the extra fields below are what the sandbox sends so that the add-in can adapt (all optional).
 */
export const Client = z.looseObject({
  id: Id,
  name: z.string(),
  physical_address: ReadAddress.nullish(),
  employee_number_mode: z.string().nullish(),
  /** Feature flags, e.g. `wave_custom_name`, `leave_any_day`. */
  features: z.array(z.string()).optional(),
  /** 2 once the client is migrated to Regular Hours v2 (inherited `week_hours`). */
  regular_hours_version: z.number().int().optional(),
});
export type Client = z.infer<typeof Client>;

export const ClientList = wrappedList("client", Client);
export type ClientList = z.infer<typeof ClientList>;
