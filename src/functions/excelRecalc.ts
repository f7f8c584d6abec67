/**
 * In Excel, PAYROLL formulas are evaluated again only when Excel recalculates them. After the cache is emptied
 * (Refresh formulas, a push, an import) or the connection changes (a formula may say "Connect in the Payroll
 * pane"), a full recalculation makes each one ask again. The call into Excel is the Excel layer's
 * (src/excel/recalc.ts); this wires it to invalidation, only in Excel's shared runtime (the preview re-evaluates its
 * cells itself).
 */
import { canRecalculate, recalculateFully } from "../excel/recalc";
import { customFunctionsRuntime } from "./errors";
import { onFormulaResultsInvalidated } from "./connection";

let installed = false;

export function recalculateOnInvalidation(delayMs = 100): void {
  if (installed || !customFunctionsRuntime() || !canRecalculate()) return;
  installed = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  onFormulaResultsInvalidated(() => {
    // Connect and client choice come one after the other: one recalculation for both.
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      recalculateFully().catch(() => {
        // Excel refuses while a cell is being edited; the formulas keep their values until the next Refresh formulas.
      });
    }, delayMs);
  });
}
