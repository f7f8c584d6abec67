/**
 * Change events: Worksheet.onChanged (ExcelApi 1.7). Excel fires it for people's edits and the add-in's own writes
 * alike, so a handler takes it only as a cue (flows/pending.ts diffs the sheet with its snapshot). Activation events:
 * WorksheetCollection.onActivated (ExcelApi 1.7), so the pane can follow the sheet the accountant works on.
 */
import { type SheetChange, type SheetIdentityEvent, WorkbookError } from "./port";
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

/**
 * Sheets renamed or deleted: WorksheetCollection.onDeleted (ExcelApi 1.7) for every sheet, and Worksheet.onNameChanged
 * (ExcelApi 1.17, asked with isSetSupported) for each sheet of `renamed` (IDs; one gone meanwhile is skipped). A host
 * without 1.17 hears no renames: the flows find them by ID when they next list the sheets. Refused registrations
 * (AccessDenied, as for onActivated) leave nothing watched.
 */
export async function onSheetRenamedOrDeleted(
  session: ExcelSession,
  renamed: readonly string[],
  handler: (event: SheetIdentityEvent) => void,
): Promise<() => Promise<void>> {
  const registrations = await guardRead("watch the sheets", () =>
    session.run(async (ctx) => {
      const results: OfficeExtension.EventHandlerResult<unknown>[] = [];
      results.push(
        ctx.workbook.worksheets.onDeleted.add(async (e: Excel.WorksheetDeletedEventArgs) => {
          handler({ kind: "deleted", sheetId: e.worksheetId });
        }),
      );
      if (renamed.length > 0 && session.supports("1.17")) {
        const sheets = renamed.map((id) => ctx.workbook.worksheets.getItemOrNullObject(id));
        await ctx.sync();
        for (const ws of sheets) {
          if (ws.isNullObject) continue;
          results.push(
            ws.onNameChanged.add(async (e: Excel.WorksheetNameChangedEventArgs) => {
              handler({ kind: "renamed", sheetId: e.worksheetId, nameBefore: e.nameBefore, nameAfter: e.nameAfter });
            }),
          );
        }
      }
      await ctx.sync();
      return results;
    }),
  ).catch((e: unknown) => {
    if (e instanceof WorkbookError && e.code === "AccessDenied") return [];
    throw e;
  });
  const stops = registrations.map(removal);
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}

/** Removes a handler; removing needs the context it was added in (Office's documented pattern). */
function removal(registration: OfficeExtension.EventHandlerResult<unknown>): () => Promise<void> {
  return () =>
    runInContext(registration.context, async (ctx) => {
      registration.remove();
      await ctx.sync();
    }).catch(() => undefined);
}
