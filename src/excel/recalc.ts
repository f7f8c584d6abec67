/**
 * A full recalculation of the workbook, for the PAYROLL functions (src/functions/excelRecalc.ts): Excel evaluates
 * custom functions again only when it recalculates them, so after their cache is emptied or the connection changes
 * this makes each formula ask again. Only in Excel's runtime: the preview re-evaluates its cells itself.
 */
import { runNow } from "./session";

/** Whether the Excel API is on the page to ask for a recalculation. */
export function canRecalculate(): boolean {
  return typeof Excel !== "undefined";
}

/** Asks Excel for a full recalculation. Excel refuses while a cell is being edited: the promise then rejects. */
export function recalculateFully(): Promise<void> {
  return runNow(async (ctx) => {
    ctx.workbook.application.calculate(Excel.CalculationType.full);
    await ctx.sync();
  });
}
