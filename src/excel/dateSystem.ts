/**
 * The workbook's date system for code that reads Excel values outside the WorkbookPort: the PAYROLL functions get
 * a date cell as a bare serial, which means another day in a 1904 workbook. One Excel.run with one sync.
 */
import type { DateSystem } from "../sheets/excelConventions";
import { hostSupports, queueDateSystem } from "./host";

/** "1900" outside Excel (no Excel.run), as every workbook made on Windows or the web uses. */
export async function readWorkbookDateSystem(supports: (version: string) => boolean = hostSupports): Promise<DateSystem> {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function") return "1900";
  return Excel.run(async (ctx) => {
    const answer = queueDateSystem(ctx, supports);
    await ctx.sync();
    return answer();
  });
}
