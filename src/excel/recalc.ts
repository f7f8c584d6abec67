/**
 * Recovering cells saved showing #NAME?. A PAYROLL cell calculated where the functions were not loaded (Office 2019,
 * a workbook opened before the add-in) is saved showing #NAME?, and stays so after the add-in loads (office-js #6355):
 * Excel does not evaluate it again on its own, and a full recalculation skips custom-function cells that show an
 * error (#4502). After load and on Refresh formulas, the cells whose formula starts with the functions' prefix are
 * read (one used range per sheet, in blocks within Excel's response limit); if any shows #NAME?, Excel is asked for
 * a full rebuild (CalculationType.fullRebuild, ExcelApi 1.1), which evaluates every formula again.
 *
 * Requirement sets as Office documents them: getUsedRangeOrNullObject is ExcelApi 1.4 and getRangeByIndexes 1.7 (the
 * manifest's minimum), delayForCellEdit is ExcelApi 1.11 (without it a cell being edited makes Excel refuse the
 * batch, and the recovery is tried again at the next Refresh formulas).
 */
import { supportsExcelApi } from "./officeHost";
import { excelAvailable, runDelayedForCellEdit, runNow } from "./session";
import { formulaCellsIn } from "./formulaCells";

const NAME_ERROR = "#NAME?";
/** Cells read per request: as the Excel layer's reads (the response stays well under 5 MB). */
const READ_CELLS = 50_000;

type Batch<T> = (ctx: Excel.RequestContext) => Promise<T>;

/**
 * Find the cells whose formula starts with `prefix` (e.g. "=PAYROLL.") and show #NAME?, and if there are any, ask
 * for a full rebuild. Returns how many there were; 0 outside Excel.
 */
export async function recalculateNameErrors(
  prefix: string,
  supports: (version: string) => boolean = supportsExcelApi,
): Promise<number> {
  if (!excelAvailable()) return 0;
  const run = <T>(batch: Batch<T>) => (supports("1.11") ? runDelayedForCellEdit(batch) : runNow(batch));
  return run(async (ctx) => {
    const found = await countNameErrors(ctx, prefix.toUpperCase());
    if (found > 0) {
      ctx.workbook.application.calculate(Excel.CalculationType.fullRebuild);
      await ctx.sync();
    }
    return found;
  });
}

/** The cells with our formulas that show #NAME? (read as Refresh formulas reads them, within Excel's limits). */
async function countNameErrors(ctx: Excel.RequestContext, prefix: string): Promise<number> {
  const cells = await formulaCellsIn(ctx, prefix, { cells: READ_CELLS });
  return cells.filter((cell) => cell.value === NAME_ERROR).length;
}
