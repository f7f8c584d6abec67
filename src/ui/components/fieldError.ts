/** A Field's validation props for an error message (none when there is no error): `<Field {...fieldError(e)}>`. */
export function fieldError(error: string | null | undefined) {
  return { validationState: error ? ("error" as const) : ("none" as const), validationMessage: error ?? undefined };
}
