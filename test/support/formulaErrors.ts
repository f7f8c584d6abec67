/** What a PAYROLL argument reader threw: the FormulaError (#VALUE! and its words); any other outcome fails the test. */
import { FormulaError } from "../../src/functions/errors";

export function formulaErrorOf(f: () => unknown): FormulaError {
  try {
    f();
  } catch (e) {
    if (e instanceof FormulaError) return e;
    throw e;
  }
  throw new Error("no error");
}
