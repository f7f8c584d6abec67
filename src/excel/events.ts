/**
 * Change events: Worksheet.onChanged (ExcelApi 1.7). Excel fires it for people's edits and the add-in's own writes
 * alike, so a handler takes it only as a cue (flows/pending.ts diffs the sheet with its snapshot). Activation events:
 * WorksheetCollection.onActivated (ExcelApi 1.7), so the pane can follow the sheet the accountant works on.
 */
import { type SheetChange, WorkbookError } from "./port";
import { type ExcelSession, guardRead, runInContext } from "./session";

export async function onSheetChanged(
  session: ExcelSession,
  sheetName: string,
  handler: (change: SheetChange) => void,
): Promise<() => Promise<void>> {
  const registration = await guardRead(`watch sheet "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem(sheetName);
      const result = ws.onChanged.add(async (e: Excel.WorksheetChangedEventArgs) => {
        handler({ address: e.address, changeType: String(e.changeType), source: String(e.source) });
      });
      await ctx.sync();
      return result;
    }),
  );
  return removal(registration);
}

/**
 * Calls `handler` with the name of each worksheet that becomes active. The event carries the sheet's ID only, so its
 * name is read in a run of its own (a sheet deleted meanwhile is skipped). Some Excel builds refuse the registration
 * with AccessDenied (office-js #1103, #421): then nothing is watched and the stop function does nothing, so the pane
 * works on without following the active sheet and says nothing about it (nothing is wrong with the workbook).
 */
export async function onSheetActivated(
  session: ExcelSession,
  handler: (sheetName: string) => void,
): Promise<() => Promise<void>> {
  const registration = await registerActivated(session, handler).catch((e: unknown) => {
    if (e instanceof WorkbookError && e.code === "AccessDenied") return null;
    throw e;
  });
  return registration ? removal(registration) : async () => undefined;
}

function registerActivated(session: ExcelSession, handler: (sheetName: string) => void) {
  return guardRead("watch the active sheet", () =>
    session.run(async (ctx) => {
      const result = ctx.workbook.worksheets.onActivated.add(async (e: Excel.WorksheetActivatedEventArgs) => {
        const name = await session
          .run(async (c) => {
            const ws = c.workbook.worksheets.getItemOrNullObject(e.worksheetId);
            ws.load("name");
            await c.sync();
            return ws.isNullObject ? null : ws.name;
          })
          .catch(() => null);
        if (name !== null) handler(name);
      });
      await ctx.sync();
      return result;
    }),
  );
}

/** Removes a handler; removing needs the context it was added in (Office's documented pattern). */
function removal(registration: OfficeExtension.EventHandlerResult<unknown>): () => Promise<void> {
  return () =>
    runInContext(registration.context, async (ctx) => {
      registration.remove();
      await ctx.sync();
    }).catch(() => undefined);
}
