/**
 * Where the PAYROLL functions register. functions.ts imports this module as `CustomFunctions`, so the build's
 * appended `CustomFunctions.associate(id, fn)` calls reach `associate` below: it records the function under its
 * namespaced name for the preview's formula engine, and passes it on to Excel's runtime when that is present.
 * `StreamingInvocation` is the type the metadata generator looks for to mark a function `"stream": true`.
 */
import { customFunctionsRuntime } from "./errors";

/** Excel's namespace for the functions (the manifest's Functions.Namespace). */
export const NAMESPACE = "PAYROLL";

export type FormulaFunction = (...args: never[]) => unknown;

/** Excel's CustomFunctions.StreamingInvocation: the last argument of a streaming function. */
export interface StreamingInvocation<T> {
  setResult(value: T | Error): void;
  onCanceled?: () => void;
}

const functions = new Map<string, FormulaFunction>();
const streaming = new Set<FormulaFunction>();
const matrixParameters = new Map<FormulaFunction, Set<number>>();

/**
 * Registers a PAYROLL function under its id, with Excel's runtime when it is there.
 * @internal The build appends `CustomFunctions.associate(…)` calls to functions.ts (webpack.config.js); knip
 * does not see them.
 */
export function associate(id: string, fn: FormulaFunction): void {
  functions.set(`${NAMESPACE}.${id.toUpperCase()}`, fn);
  customFunctionsRuntime()?.associate(id, fn);
}

/** Mark functions as streaming (their JSDoc says @streaming), for the preview's formula engine. */
export function markStreaming(...fns: FormulaFunction[]): void {
  for (const fn of fns) streaming.add(fn);
}

/** Mark parameters (0-based) that take a range (`any[][]`: functions.json dimensionality "matrix"), for the preview. */
export function markMatrix(fn: FormulaFunction, ...indexes: number[]): void {
  matrixParameters.set(fn, new Set(indexes));
}

/**
 * Whether parameter `index` of the function registered under `name` takes a range.
 * @internal Used by the preview's formula engine (not in a production build).
 */
export function takesRange(name: string, index: number): boolean {
  const fn = functions.get(name);
  return fn !== undefined && matrixParameters.get(fn)?.has(index) === true;
}

/**
 * The registered functions by full name ("PAYROLL.AMOUNT").
 * @internal Used by the preview's formula engine (not in a production build).
 */
export function registeredFunctions(): ReadonlyMap<string, FormulaFunction> {
  return functions;
}

/**
 * Whether the function registered under `name` is a streaming one.
 * @internal Used by the preview's formula engine (not in a production build).
 */
export function isStreamingFunction(name: string): boolean {
  const fn = functions.get(name);
  return fn !== undefined && streaming.has(fn);
}
