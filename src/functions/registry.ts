/**
 * Where the PAYROLL functions register. `registry.associate` is what the build's appended
 * `CustomFunctions.associate(id, fn)` calls reach (see functions.ts): it records the function under its
 * namespaced name for the preview's formula engine, and passes it on to Excel's runtime when that is present.
 */
import { customFunctionsRuntime } from "./errors";

/** Excel's namespace for the functions (the manifest's Functions.Namespace). */
export const NAMESPACE = "PAYROLL";

export type FormulaFunction = (...args: never[]) => unknown;

const functions = new Map<string, FormulaFunction>();

export const registry = {
  associate(id: string, fn: FormulaFunction): void {
    functions.set(`${NAMESPACE}.${id.toUpperCase()}`, fn);
    customFunctionsRuntime()?.associate(id, fn);
  },
};

/** The registered functions by full name ("PAYROLL.AMOUNT"). */
export function registeredFunctions(): ReadonlyMap<string, FormulaFunction> {
  return functions;
}
