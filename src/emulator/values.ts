/**
 * The emulator's leaf types: a cell's scalar value and Excel's error. Every module of the emulator
 * imports these from here, so the helpers (formula, entry, number formats, requirement sets) never
 * import the model that uses them.
 */

export type Scalar = string | number | boolean;

/** An error shaped like OfficeExtension.Error: `code` is Excel's error code string. */
export class PreviewExcelError extends Error {
  override readonly name = "RichApi.Error";
  readonly debugInfo: { code: string; message: string; errorLocation?: string };
  readonly traceMessages: string[] = [];
  constructor(
    readonly code: string,
    message: string,
    errorLocation?: string,
  ) {
    super(message);
    this.debugInfo = { code, message, errorLocation };
  }
}
