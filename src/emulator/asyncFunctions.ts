/**
 * Functions a formula can call that answer later, as Excel's custom functions do (the PAYROLL add-in's, registered
 * by the page). A call starts once per distinct name and arguments; until its promise settles the cell shows
 * #BUSY!, as Excel does, then the value, or the error value carried by the rejection's `code` (CustomFunctions.Error
 * and the add-in's FormulaError both have one) with its message kept for the cell's tooltip. Each settling tells the
 * workbook, which re-renders and so re-evaluates the formulas. clear() forgets every result (the add-in's
 * Refresh formulas), so the next evaluation calls again.
 */
import type { Scalar } from "./values";

export const BUSY = "#BUSY!";

export type AsyncFunction = (...args: (Scalar | null)[]) => unknown;

/** What the formula evaluator asks of the functions it does not know itself. */
export interface ExternalFunctions {
  has(name: string): boolean;
  call(name: string, args: (Scalar | null)[]): Scalar;
  /** The message that came with a call's error value, if any. */
  message(name: string, args: (Scalar | null)[]): string | undefined;
}

type Result = { state: "pending" } | { state: "done"; value: Scalar; message?: string };

const ERROR_VALUE =
  /^#(N\/A|VALUE!|REF!|NAME\?|NUM!|DIV\/0!|NULL!|BUSY!|CALC!|SPILL!|GETTING_DATA|CONNECT!|FIELD!|BLOCKED!|UNKNOWN!)$/;

export class AsyncFormulaFunctions implements ExternalFunctions {
  private readonly results = new Map<string, Result>();
  private notifyQueued = false;

  constructor(
    private readonly lookup: (name: string) => AsyncFunction | undefined,
    private readonly onSettled: () => void,
  ) {}

  has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  call(name: string, args: (Scalar | null)[]): Scalar {
    const key = `${name}${JSON.stringify(args)}`;
    const known = this.results.get(key);
    if (known) return known.state === "done" ? known.value : BUSY;
    const fn = this.lookup(name);
    if (!fn) return "#NAME?";
    const pending: Result = { state: "pending" };
    this.results.set(key, pending);
    Promise.resolve()
      .then(() => fn(...args))
      .then(
        (value) => this.settle(key, pending, { state: "done", value: cellValue(value) }),
        (error: unknown) => this.settle(key, pending, { state: "done", ...errorValue(error) }),
      );
    return BUSY;
  }

  /** The message of the error a call ended with (Excel shows it beside the cell), if any. */
  message(name: string, args: (Scalar | null)[]): string | undefined {
    const r = this.results.get(`${name}${JSON.stringify(args)}`);
    return r?.state === "done" ? r.message : undefined;
  }

  /** Forget every result: the next evaluation of each formula calls its function again. */
  clear(): void {
    this.results.clear();
    this.onSettled();
  }

  private settle(key: string, pending: Result, result: Result): void {
    if (this.results.get(key) !== pending) return; // cleared (and maybe asked again) meanwhile: this answer is stale
    this.results.set(key, result);
    // Many calls of one batch settle together: one notification for them.
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      this.onSettled();
    });
  }
}

/**
 * A function's answer as a cell value: numbers, text and TRUE/FALSE as they are; a table (a spilling function) by
 * its top-left cell, as Excel without dynamic arrays shows it (the preview does not spill); anything else is #VALUE!.
 */
function cellValue(value: unknown): Scalar {
  if (Array.isArray(value)) return Array.isArray(value[0]) && value[0].length > 0 ? cellValue(value[0][0]) : "#VALUE!";
  if (typeof value === "number") return Number.isFinite(value) ? value : "#NUM!";
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (value === null || value === undefined) return 0;
  return "#VALUE!";
}

function errorValue(error: unknown): { value: Scalar; message?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error && error.message ? error.message : undefined;
  return { value: typeof code === "string" && ERROR_VALUE.test(code) ? code : "#VALUE!", message };
}
