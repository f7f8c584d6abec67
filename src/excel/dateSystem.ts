/**
 * The workbook's date system. A 1904 workbook's serials are 1,462 lower for the same day; the port speaks 1900
 * serials only (docs/excel-layer.md). queueDateSystem asks inside a batch of the layer; readWorkbookDateSystem is
 * the same question for code that reads Excel values outside the WorkbookPort: the PAYROLL functions get a date
 * cell as a bare serial, which means another day in a 1904 workbook.
 */
import { convertSerial, type DateSystem, isDateNumberFormat, isTimeOnlyNumberFormat } from "../xl/excelConventions";
import { supportsExcelApi } from "./officeHost";
import { WorkbookError } from "./port";
import { excelAvailable, runDelayedForCellEdit } from "./session";
import { errorCode } from "./officeError";

/**
 * Queue the question "which date system does this workbook use?"; the answer is read after the next sync.
 * DATE(1904,1,1) is 0 in the 1904 system and 1462 in the 1900 one. Workbook.functions is ExcelApi 1.2, so every
 * host the manifest admits (1.7) has it; Workbook.use1904DateSystem, which would say it directly, is a preview API
 * (not in a released set in @types/office-js 1.0.612), so it is not used.
 */
export function queueDateSystem(ctx: Excel.RequestContext, supports: (version: string) => boolean): () => DateSystem {
  if (!supports("1.2")) return () => "1900";
  const result = ctx.workbook.functions.date(1904, 1, 1).load("value");
  return () => (result.value === 0 ? "1904" : "1900");
}

/**
 * Turn a 1904 workbook's date cells (numbers under a date format) into the 1900-system serials the port speaks,
 * in place. `formats` is the same block's Range.numberFormat. Times and durations (h:mm, [h]:mm, mm:ss) are the same
 * number in both systems: they are left as they are.
 */
export function toPortSerials(values: unknown[][], formats: unknown[][]): void {
  values.forEach((row, i) =>
    row.forEach((v, k) => {
      const f = formats[i]?.[k];
      if (typeof v === "number" && typeof f === "string" && isCalendarFormat(f)) row[k] = convertSerial(v, "1904", "1900");
    }),
  );
}

const isCalendarFormat = (f: string) => isDateNumberFormat(f) && !isTimeOnlyNumberFormat(f);

/**
 * "1900" outside Excel (no Excel.run: no workbook to ask, as in unit tests). In Excel, the workbook's answer, or a
 * WorkbookError saying why there is none: ExcelApi 1.2 missing (the manifest asks for 1.7, so only a host that
 * ignores it) or the request refused. One batch with one sync, run with delayForCellEdit as the Excel layer's are,
 * so a user typing in a cell makes the question wait instead of fail.
 */
export async function readWorkbookDateSystem(supports: (version: string) => boolean = supportsExcelApi): Promise<DateSystem> {
  if (!excelAvailable()) return "1900";
  if (!supports("1.2"))
    throw new WorkbookError("this Excel does not support ExcelApi 1.2 (Workbook.functions)", "ApiNotSupported");
  try {
    return await runDelayedForCellEdit(async (ctx) => {
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
