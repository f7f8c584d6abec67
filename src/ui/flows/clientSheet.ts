/**
 * Opening a sheet the add-in wrote for a client ("Shannon · Calculations", Leave days, Regular Hours, Service
 * periods; in an older workbook the plain-named sheet) before saving from it. The metadata it stored in document settings must say the add-in made it for the
 * client chosen now (a sheet of another client would send its rows to the wrong company), and its table must
 * still be there. Each refusal is thrown before anything is sent, as the flow's own error in the flow's words.
 */
import type { SettingValue, TableData, WorkbookPort } from "../../excel";
import { chooseShortName, clientSheetName } from "../sheets/sheetNames";
import { type ClientRef, clientOfMeta, clientLabel } from "./common";

/** Document setting: each client's short name in this workbook's sheet names ({ "<client ID>": "Shannon" }). */
export const SHORT_NAMES_SETTING = "payroll.clientShortNames";

/**
 * The client's short name for sheet names, recorded on first use so that it stays the same in this workbook and no
 * other client of the workbook takes it (two "Shannon …" clients get "Shannon" and "Shannon Logistics").
 */
export async function clientShortName(workbook: WorkbookPort, client: ClientRef): Promise<string> {
  const value = await workbook.getSetting(SHORT_NAMES_SETTING);
  const recorded =
    value && typeof value === "object" && !Array.isArray(value) ? (value as unknown as Record<string, string>) : {};
  const name = chooseShortName(client.name ?? "", client.id, recorded);
  if (recorded[String(client.id)] !== name)
    await workbook.setSetting(SHORT_NAMES_SETTING, { ...recorded, [String(client.id)]: name } as unknown as SettingValue);
  return name;
}

/** A sheet the add-in writes for one client, by its plain name ("Employees") and table name. */
export interface SheetSpec {
  sheetName: string;
  tableName: string;
}

/**
 * The client's own sheet and table for `spec`: "Shannon · Employees", table "Employees_12". Table names are unique
 * in a workbook, so each client's table carries the client ID.
 */
export async function sheetForClient(workbook: WorkbookPort, client: ClientRef, spec: SheetSpec): Promise<SheetSpec> {
  const short = await clientShortName(workbook, client);
  return { sheetName: clientSheetName(short, spec.sheetName), tableName: `${spec.tableName}_${client.id}` };
}

/**
 * The sheet to read back for the client: its own ("Shannon · Employees"), or in a workbook made before sheet names
 * carried the client, the sheet of the plain name ("Employees"), so an old workbook keeps working.
 */
export async function findSheetForClient(workbook: WorkbookPort, client: ClientRef, spec: SheetSpec): Promise<string> {
  const own = (await sheetForClient(workbook, client, spec)).sheetName;
  const present = new Set((await workbook.listSheets()).map((s) => s.name.toLowerCase()));
  return !present.has(own.toLowerCase()) && present.has(spec.sheetName.toLowerCase()) ? spec.sheetName : own;
}

/**
 * Document-settings key of the metadata of a client's sheet: one per client's sheet ("payroll.calculations.12"), so
 * loading the sheet for another client leaves this one's alone. The plain-named sheet of an older workbook kept the
 * plain key ("payroll.calculations").
 */
function clientMetaKey(metaKey: string, client: ClientRef, sheetName?: string, spec?: SheetSpec): string {
  return spec && sheetName === spec.sheetName ? metaKey : `${metaKey}.${client.id}`;
}

export interface ClientSheet {
  /** The sheet's plain name and table ("Calculations"): the client's own is found with findSheetForClient. */
  spec: SheetSpec;
  /** Document-settings key of the sheets' metadata ({ clientId, clientName, ... }), before the client (clientMetaKey). */
  metaKey: string;
  /** The sheet as named in "The <name> sheet belongs to ...". */
  name: string;
  /** What makes the sheet, as a sentence: "View calculations first." */
  first: string;
  /** How to make it again for the chosen client: "view calculations again". */
  again: string;
  /** Said when there is no metadata (default `first`). */
  notMade?: (sheetName: string) => string;
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

/**
 * Records in document settings that the add-in made the client's own sheet (sheetForClient) for this client: what
 * openClientSheet checks.
 */
export async function markClientSheet(
  workbook: WorkbookPort,
  metaKey: string,
  client: ClientRef,
  more: object = {},
): Promise<void> {
  const meta = { clientId: client.id, clientName: client.name ?? "", ...more };
  await workbook.setSetting(clientMetaKey(metaKey, client), meta as unknown as SettingValue);
}

export async function openClientSheet<M extends { clientId: number; clientName: string }>(
  workbook: WorkbookPort,
  client: ClientRef,
  sheet: ClientSheet,
): Promise<{ meta: M; table: TableData; sheetName: string }> {
  const sheetName = await findSheetForClient(workbook, client, sheet.spec);
  const meta = (await workbook.getSetting(clientMetaKey(sheet.metaKey, client, sheetName, sheet.spec))) as unknown as
    M | undefined;
  if (!meta || typeof meta.clientId !== "number") throw new sheet.error(sheet.notMade?.(sheetName) ?? sheet.first);
  if (meta.clientId !== client.id)
    throw new sheet.error(
      `The ${sheet.name} sheet belongs to ${clientLabel(clientOfMeta(meta))} (ID ${meta.clientId}). Choose that client, or ${sheet.again}.`,
    );
  const table = await workbook.readTable(sheetName);
  if (!table) throw new sheet.error(`There is no "${sheetName}" table. ${sheet.first}`);
  return { meta, table, sheetName };
}
