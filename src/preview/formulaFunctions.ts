/**
 * The preview's formulas reach the add-in's PAYROLL functions through the emulator's AsyncFormulaFunctions, which
 * runs them as strictly as Excel (see src/emulator/asyncFunctions.ts). When the functions' results are invalidated
 * (a connection, Refresh formulas, a push or an import), the add-in asks Excel for a full recalculation; the preview
 * does the same through its Excel.
 */
import type { WorkbookModel } from "../emulator";
import { AsyncFormulaFunctions, type AsyncFunction } from "../emulator/asyncFunctions";
import { onFormulaResultsInvalidated } from "../functions/connection";
import { registeredFunctions } from "../functions/registry";

/** Give `workbook` the registered PAYROLL functions; returns the functions and the unsubscribe of the wiring. */
export function installFormulaFunctions(workbook: WorkbookModel): { functions: AsyncFormulaFunctions; remove: () => void } {
  const functions = new AsyncFormulaFunctions(
    (name) => registeredFunctions().get(name) as AsyncFunction | undefined,
    () => workbook.changed(),
  );
  workbook.formulaFunctions = functions;
  const remove = onFormulaResultsInvalidated(() => workbook.calculate());
  return { functions, remove };
}
