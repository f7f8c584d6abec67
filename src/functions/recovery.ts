/**
 * PAYROLL cells saved showing #NAME? (calculated where the functions were not loaded: office-js #6355) are found and
 * recalculated with a full rebuild (src/excel/recalc.ts): once after the functions load in Office, and on every
 * Refresh formulas. A failure is logged, never thrown: the cells then keep #NAME? until the next Refresh formulas.
 */
import { NAMESPACE } from "./registry";

const PREFIX = `=${NAMESPACE}.`;

type Requirements = { isSetSupported(name: string, minVersion?: string): boolean };

/**
 * Whether Excel runs custom functions here (CustomFunctionsRuntime 1.1, by Office.context.requirements). Without it
 * (Office 2019 loads functions.js with the pane, but never registers the functions) a rebuild would only give #NAME?
 * again, so none is asked for.
 */
function functionsRunHere(): boolean {
  const requirements = (globalThis as { Office?: { context?: { requirements?: Requirements } } }).Office?.context?.requirements;
  try {
    return requirements?.isSetSupported("CustomFunctionsRuntime", "1.1") === true;
  } catch {
    return false;
  }
}

/**
 * How many PAYROLL cells showed #NAME? (and were recalculated); 0 when none, where Excel runs no custom functions, or
 * when the workbook could not be read.
 */
export async function recoverSavedNameErrors(): Promise<number> {
  if (!functionsRunHere()) return 0;
  try {
    // The rebuild's code comes with the workbook's chunk, fetched here and not with functions.js: the pane's first
    // paint loads functions.js, and the recovery waits RECOVER_AFTER_MS anyway.
    const { recalculateNameErrors } = await import(/* webpackChunkName: "excel" */ "../excel/recalc");
    return await recalculateNameErrors(PREFIX);
  } catch (e) {
    console.warn(
      `PAYROLL functions: cells showing #NAME? could not be recalculated (${e instanceof Error ? e.message : String(e)})`,
    );
    return 0;
  }
}

/**
 * The wait after Office.onReady before the recovery: Excel takes the associate calls in asynchronously, and a rebuild
 * before it has them would give #NAME? again (not measured: docs/excel-checklist.md 9F.3; Refresh formulas recovers
 * what this misses).
 */
export const RECOVER_AFTER_MS = 2_000;

/** After the functions load in Office (Office.onReady): the recovery, once. Outside Office (tests, the preview) nothing. */
export function recoverAfterLoad(delayMs = RECOVER_AFTER_MS): void {
  const office = (globalThis as { Office?: { onReady?: () => Promise<unknown> } }).Office;
  if (typeof office?.onReady !== "function") return;
  void office.onReady().then(() => setTimeout(() => void recoverSavedNameErrors(), delayMs));
}
