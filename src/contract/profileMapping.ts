import { z } from "zod";
import { DateTimeString, Id, wrappedList } from "./common";

export const ProfileMapping = z.looseObject({
  id: Id,
  employee_id: Id,
  profile_id: Id,
  inputs: z.record(z.string(), z.unknown()),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  excluded_calculations: z.array(z.unknown()),
  included_calculations: z.array(Id),
});
export type ProfileMapping = z.infer<typeof ProfileMapping>;
export const ProfileMappingList = wrappedList("profile_mapping", ProfileMapping);

/** The document does not show the create body; the sandbox takes `{profile_mapping: {profile_id, inputs?}}`. */
export const ProfileMappingCreateBody = z.strictObject({
  profile_mapping: z.strictObject({
    profile_id: Id,
    inputs: z.record(z.string(), z.unknown()).optional(),
    included_calculations: z.array(Id).optional(),
    excluded_calculations: z.array(z.unknown()).optional(),
  }),
});
export type ProfileMappingCreateBody = z.input<typeof ProfileMappingCreateBody>;
