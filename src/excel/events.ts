/**
 * Change events: Worksheet.onChanged (ExcelApi 1.7). Excel fires it for people's edits and the add-in's own writes
 * alike, so a handler takes it only as a cue (flows/pending.ts diffs the sheet with its snapshot).
 */
import type { SheetChange } from "./port";
import { type ExcelSession, guard, runInContext } from "./session";

export async function onSheetChanged(
  session: ExcelSession,
  sheetName: string,
  handler: (change: SheetChange) => void,
): Promise<() => Promise<void>> {
  const registration = await guard(`watch sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem(sheetName);
      const result = ws.onChanged.add(async (e: Excel.WorksheetChangedEventArgs) => {
        handler({ address: e.address, changeType: String(e.changeType), source: String(e.source) });
      });
      await ctx.sync();
      return result;
    }),
  );
  // Removing needs the context the handler was added in (Office's documented pattern).
  return () =>
    runInContext(registration.context, async (ctx) => {
      registration.remove();
      await ctx.sync();
    }).catch(() => undefined);
}
