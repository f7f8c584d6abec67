/**
 * PAYROLL cells saved showing #NAME? (calculated where the functions were not loaded: office-js #6355) are found and
 * recalculated with a full rebuild (src/excel/recalc.ts): once after the functions load in Office, and on every
 * Refresh formulas. A failure is logged, never thrown: the cells then keep #NAME? until the next Refresh formulas.
 */
import { recalculateNameErrors } from "../excel/recalc";
import { NAMESPACE } from "./registry";

const PREFIX = `=${NAMESPACE}.`;

/** How many PAYROLL cells showed #NAME? (and were recalculated); 0 when none, or when the workbook could not be read. */
export async function recoverSavedNameErrors(): Promise<number> {
  try {
    return await recalculateNameErrors(PREFIX);
  } catch (e) {
    console.warn(
      `PAYROLL functions: cells showing #NAME? could not be recalculated (${e instanceof Error ? e.message : String(e)})`,
    );
    return 0;
  }
}

/** After the functions load in Office (Office.onReady): the recovery, once. Outside Office (tests, the preview) nothing. */
export function recoverAfterLoad(): void {
  const office = (globalThis as { Office?: { onReady?: () => Promise<unknown> } }).Office;
  if (typeof office?.onReady !== "function") return;
  void office.onReady().then(() => recoverSavedNameErrors());
}
