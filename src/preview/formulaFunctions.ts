/**
 * The preview's formulas reach the add-in's PAYROLL functions through the emulator's AsyncFormulaFunctions, which
 * runs them as strictly as Excel (see src/emulator/asyncFunctions.ts). The PAYROLL functions are streaming ones:
 * they set new results themselves when the connection or their cache changes (src/functions/streams.ts), so the
 * preview, like Excel, does nothing on an invalidation.
 */
import type { WorkbookModel } from "../emulator";
import { AsyncFormulaFunctions, type AsyncFunction } from "../emulator/asyncFunctions";
import { isStreamingFunction, registeredFunctions } from "../functions/registry";

/** Give `workbook` the registered PAYROLL functions. */
export function installFormulaFunctions(workbook: WorkbookModel): AsyncFormulaFunctions {
  const functions = new AsyncFormulaFunctions(
    (name) => registeredFunctions().get(name) as AsyncFunction | undefined,
    () => workbook.changed(),
    isStreamingFunction,
  );
  workbook.formulaFunctions = functions;
  return functions;
}
