/**
 * Opening a sheet the add-in wrote for a client (Calculations, Leave days, Regular Hours, Service periods)
 * before saving from it. The metadata it stored in document settings must say the add-in made it for the
 * client chosen now (a sheet of another client would send its rows to the wrong company), and its table must
 * still be there. Each refusal is thrown before anything is sent, as the flow's own error in the flow's words.
 */
import type { SettingValue, TableData, WorkbookPort } from "../../excel";
import type { Target } from "./common";

export interface ClientSheet {
  sheetName: string;
  /** Document-settings key of the sheet's metadata ({ clientId, clientName, ... }). */
  metaKey: string;
  /** The sheet as named in "The <name> sheet belongs to ...". */
  name: string;
  /** What makes the sheet, as a sentence: "View calculations first." */
  first: string;
  /** How to make it again for the chosen client: "view calculations again". */
  again: string;
  /** Said when there is no metadata (default `first`). */
  notMade?: string;
  error: new (message: string) => Error;
}

/**
 * Runs the pure parse of the sheet's rows. A problem with the sheet as a whole (a missing column, say) is thrown
 * as the flow's own error, so the pane shows it as a refusal and nothing is sent.
 */
export function parseSheetRows<T>(error: new (message: string) => Error, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new error(e instanceof Error ? e.message : String(e));
  }
}

/** Records in document settings that the add-in made the sheet for this client: what openClientSheet checks. */
export async function markClientSheet(workbook: WorkbookPort, metaKey: string, target: Target, more: object = {}): Promise<void> {
  const meta = { clientId: target.clientId, clientName: target.clientName, ...more };
  await workbook.setSetting(metaKey, meta as unknown as SettingValue);
}

export async function openClientSheet<M extends { clientId: number; clientName: string }>(
  workbook: WorkbookPort,
  target: Target,
  sheet: ClientSheet,
): Promise<{ meta: M; table: TableData }> {
  const meta = (await workbook.getSetting(sheet.metaKey)) as unknown as M | undefined;
  if (!meta || typeof meta.clientId !== "number") throw new sheet.error(sheet.notMade ?? sheet.first);
  if (meta.clientId !== target.clientId)
    throw new sheet.error(
      `The ${sheet.name} sheet belongs to ${meta.clientName} (ID ${meta.clientId}). Choose that client, or ${sheet.again}.`,
    );
  const table = await workbook.readTable(sheet.sheetName);
  if (!table) throw new sheet.error(`There is no "${sheet.sheetName}" table. ${sheet.first}`);
  return { meta, table };
}
