/**
 * Formula errors: an Excel error value (#N/A or #VALUE!) with a message. Inside the function code they are
 * FormulaError; at the boundary (./streams) they become CustomFunctions.Error where Excel's runtime has it
 * (CustomFunctionsRuntime 1.2), and stay a plain Error otherwise: StreamingInvocation.setResult takes an Error
 * since 1.1, and Excel shows #VALUE! for it. The preview reads `code` and `message` of either.
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
  /** CustomFunctionsRuntime 1.2: absent from a 1.1 runtime. */
  Error?: new (code: string, message?: string) => Error;
  ErrorCode?: { notAvailable: string; invalidValue: string };
}

type Requirements = { isSetSupported(name: string, minVersion?: string): boolean };

/**
 * Whether CustomFunctions.Error can be used: the runtime says it supports CustomFunctionsRuntime 1.2 (when Office
 * can be asked) and has the class and its codes.
 */
export function customFunctionsErrorSupported(runtime = customFunctionsRuntime()): boolean {
  if (!runtime || typeof runtime.Error !== "function" || !runtime.ErrorCode) return false;
  const requirements = (globalThis as { Office?: { context?: { requirements?: Requirements } } }).Office?.context?.requirements;
  try {
    return requirements ? requirements.isSetSupported("CustomFunctionsRuntime", "1.2") : true;
  } catch {
    return false;
  }
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

/**
 * The error Excel shows: CustomFunctions.Error where it is supported, else the FormulaError itself (an Error: #VALUE!
 * under CustomFunctionsRuntime 1.1, its code and message in the preview). Never throws.
 */
export function toExcelError(e: unknown): Error {
  const f = toFormulaError(e);
  const runtime = customFunctionsRuntime();
  if (!runtime || !customFunctionsErrorSupported(runtime)) return f;
  try {
    const code = f.code === "#N/A" ? runtime.ErrorCode!.notAvailable : runtime.ErrorCode!.invalidValue;
    return new runtime.Error!(code, f.message);
  } catch {
    return f;
  }
}
