/**
 * The preview's formulas reach the add-in's PAYROLL functions through the emulator's AsyncFormulaFunctions, which
 * runs them as strictly as Excel (see src/emulator/asyncFunctions.ts). The PAYROLL functions are streaming ones:
 * they set new results themselves when the connection or their cache changes (src/functions/streams.ts), so the
 * preview, like Excel, does nothing on an invalidation. The functions get their arguments as Excel passes them: an
 * entity cell as its documented object, a range as rows only for TRANSACTIONS' matrix `accounts`, and a range given
 * to any other parameter spreads over one call per cell (src/emulator/formula.ts).
 */
import type { WorkbookModel } from "../emulator";
import { AsyncFormulaFunctions, type AsyncFunction } from "../emulator/asyncFunctions";
import { isStreamingFunction, NAMESPACE, registeredFunctions, takesRange } from "../functions/registry";

/** Give `workbook` the registered PAYROLL functions. */
export function installFormulaFunctions(workbook: WorkbookModel): AsyncFormulaFunctions {
  const functions = new AsyncFormulaFunctions(
    (name) => registeredFunctions().get(name) as AsyncFunction | undefined,
    () => workbook.changed(),
    isStreamingFunction,
    {
      // Excel knows the namespace's names from functions.json before the code registers them (then #NAME?, kept).
      declared: (name) => name.startsWith(`${NAMESPACE}.`),
      takesRange,
    },
  );
  workbook.formulaFunctions = functions;
  return functions;
}
