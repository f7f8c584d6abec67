/**
 * The code of a failure Office.js reported (OfficeExtension.Error.code, e.g. "InvalidOperationInCellEditMode"). A
 * module of its own: the date-system read and the session (functions.js loads both with the pane's first paint) need
 * it without the block transfers of ./transfer.
 */
export function errorCode(e: unknown): string | undefined {
  return typeof e === "object" && e !== null ? (e as { code?: string }).code : undefined;
}
