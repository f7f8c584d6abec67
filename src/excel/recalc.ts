/**
 * A full recalculation of the workbook. The PAYROLL functions do not need it (they are streaming functions that set
 * their own results: docs/formulas.md), and it would not re-run cells showing an error (office-js #4502); it stays
 * for any other recalculation the add-in asks for, with delayForCellEdit so that cell-edit mode delays it rather than
 * refusing it.
 */
import { runDelayedForCellEdit } from "./session";

/** Asks Excel for a full recalculation; while a cell is being edited Excel runs it when the edit ends. */
export function recalculateFully(): Promise<void> {
  return runDelayedForCellEdit(async (ctx) => {
    ctx.workbook.application.calculate(Excel.CalculationType.full);
    await ctx.sync();
  });
}
