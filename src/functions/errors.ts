/**
 * Formula errors: an Excel error value (#N/A or #VALUE!) with a message. Inside the function code they are
 * FormulaError; at the boundary (functions.ts) they become CustomFunctions.Error when Excel's custom-functions
 * runtime is there, and the preview reads `code` and `message` of either.
 */
import { NetworkError, PayrollError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError } from "../api/errors";

export type FormulaErrorCode = "#N/A" | "#VALUE!";

export class FormulaError extends Error {
  override readonly name = "FormulaError";
  constructor(
    readonly code: FormulaErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Unknown account, employee, leave type, client or field: the thing asked for is not there. */
export const notAvailable = (message: string) => new FormulaError("#N/A", message);
/** An argument that cannot be read (a date that is not a date, a blank required argument). */
export const invalidValue = (message: string) => new FormulaError("#VALUE!", message);

export const NOT_CONNECTED = "Connect in the Payroll pane";

/** The subset of Excel's custom-functions runtime the add-in uses (it has no published types in this project). */
export interface CustomFunctionsRuntime {
  associate(id: string, fn: (...args: never[]) => unknown): void;
  Error: new (code: string, message?: string) => Error;
  ErrorCode: { notAvailable: string; invalidValue: string };
}

export function customFunctionsRuntime(): CustomFunctionsRuntime | undefined {
  return (globalThis as { CustomFunctions?: CustomFunctionsRuntime }).CustomFunctions;
}

/**
 * Any failure as a FormulaError whose message is safe to show in a cell: service failures are described by their
 * type (never by the request, which could carry the key), unexpected ones by a generic sentence.
 */
export function toFormulaError(e: unknown): FormulaError {
  if (e instanceof FormulaError) return e;
  if (e instanceof UnauthorizedError) return notAvailable("The service refused the API key; connect again in the Payroll pane");
  if (e instanceof RateLimitedError)
    return notAvailable("The service is busy (too many requests); use Refresh formulas in a moment");
  if (e instanceof NetworkError || e instanceof TimeoutError)
    return notAvailable("The payroll service could not be reached; use Refresh formulas to try again");
  if (e instanceof ServerError) return notAvailable("The payroll service failed; use Refresh formulas to try again");
  if (e instanceof PayrollError) return invalidValue("The payroll service did not accept the request");
  return notAvailable("The payroll figure could not be read");
}

/** The error Excel shows: CustomFunctions.Error when the runtime is there, else the FormulaError itself. */
export function toExcelError(e: unknown): Error {
  const f = toFormulaError(e);
  const runtime = customFunctionsRuntime();
  if (!runtime) return f;
  const code = f.code === "#N/A" ? runtime.ErrorCode.notAvailable : runtime.ErrorCode.invalidValue;
  return new runtime.Error(code, f.message);
}
