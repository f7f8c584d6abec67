import { z } from "zod";

/** `YYYY-MM-DD`, a real calendar date. */
export const DateString = z.iso.date();
/** ISO 8601 date-time with a UTC offset (the service always sends one). */
export const DateTimeString = z.iso.datetime({ offset: true });
export const Id = z.number().int();
/** Schema option: a missing value reads "is required"; other problems keep zod's message. */
export const isRequired = { error: (iss: { input?: unknown }) => (iss.input === undefined ? "is required" : undefined) };
/** Amounts arrive as strings in the document's samples; numbers are accepted too. */
export const Amount = z.union([z.string(), z.number()]);

/** `{message}`: the reply of deletes and actions. */
export const MessageResponse = z.looseObject({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `{message, id}`: the reply of creates and updates. */
export const MessageIdResponse = z.looseObject({ message: z.string(), id: Id });
export type MessageIdResponse = z.infer<typeof MessageIdResponse>;

/**
 * Error body. The document does not show one; the sandbox always answers `{message}`,
 * plus `errors` (attribute key to message) on validation failures. See docs/api-choices.md.
 */
export const ErrorBody = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A list endpoint: an array whose elements wrap the record under its type key. */
export function wrappedList<K extends string, S extends z.ZodType>(key: K, record: S) {
  return z.array(z.object({ [key]: record } as { [P in K]: S }));
}

/** Postal address as read back (client, employee, pay point). */
export const ReadAddress = z.looseObject({
  unit_no: z.string().nullish(),
  complex: z.string().nullish(),
  st_name: z.string().nullish(),
  postal_code: z.string().nullish(),
});
export type ReadAddress = z.infer<typeof ReadAddress>;
