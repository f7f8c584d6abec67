/**
 * The workbook's date system for code that reads Excel values outside the WorkbookPort: the PAYROLL functions get
 * a date cell as a bare serial, which means another day in a 1904 workbook. One Excel.run with one sync, asking
 * what host.ts's queueDateSystem asks for the Excel layer (DATE(1904,1,1) through Workbook.functions, ExcelApi 1.2).
 */
import type { DateSystem } from "../sheets/excelConventions";
import { hostSupports, queueDateSystem } from "./host";
import { WorkbookError } from "./port";
import { errorCode } from "./transfer";

/**
 * "1900" outside Excel (no Excel.run: no workbook to ask, as in unit tests). In Excel, the workbook's answer, or a
 * WorkbookError saying why there is none: ExcelApi 1.2 missing (the manifest asks for 1.7, so only a host that
 * ignores it) or the request refused. The batch runs with delayForCellEdit, as the Excel layer's do, so a user
 * typing in a cell makes the question wait instead of fail.
 */
export async function readWorkbookDateSystem(supports: (version: string) => boolean = hostSupports): Promise<DateSystem> {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function") return "1900";
  if (!supports("1.2"))
    throw new WorkbookError("this Excel does not support ExcelApi 1.2 (Workbook.functions)", "ApiNotSupported");
  try {
    return await Excel.run({ delayForCellEdit: true }, async (ctx) => {
      const answer = queueDateSystem(ctx, supports);
      await ctx.sync();
      return answer();
    });
  } catch (e) {
    const code = errorCode(e) ?? "GeneralException";
    const detail = e instanceof Error && e.message ? `: ${e.message}` : "";
    throw new WorkbookError(`Excel refused the request (${code}${detail})`, code);
  }
}
