/** The workbook's client: its ID is kept in the document settings (never anything secret there). */
import type { Client } from "../../contract";
import type { WorkbookPort } from "../../excel";

export const CLIENT_ID_SETTING = "payroll.clientId";
/**
 * The client the workbook's PAYROLL formulas are linked to: a formula without a client_id argument uses it. Written
 * once, when the first client is chosen in a workbook without it, and never changed by choosing another client in
 * the pane: a cell's figure depends on its arguments and the workbook, never on the pane's later choice.
 */
export const FORMULAS_CLIENT_ID_SETTING = "payroll.formulasClientId";

/** The client ID this workbook is linked to, or null (missing or not a whole number). */
export async function readWorkbookClientId(workbook: WorkbookPort): Promise<number | null> {
  const value = await workbook.getSetting(CLIENT_ID_SETTING);
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

export async function rememberWorkbookClientId(workbook: WorkbookPort, clientId: number): Promise<void> {
  await workbook.setSetting(CLIENT_ID_SETTING, clientId);
}

/** The client this workbook's formulas are linked to, or null (not linked yet, or not a whole number). */
export async function readFormulasClientId(workbook: WorkbookPort): Promise<number | null> {
  const value = await workbook.getSetting(FORMULAS_CLIENT_ID_SETTING);
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The client the workbook's formulas use: the linked one, or, in a workbook not linked yet, `chosenId` (the client
 * chosen in the pane), which is then written to the workbook. Switching the pane's client later changes nothing.
 */
export async function linkFormulasClient(workbook: WorkbookPort, chosenId: number): Promise<number> {
  const linked = await readFormulasClientId(workbook);
  if (linked !== null) return linked;
  await workbook.setSetting(FORMULAS_CLIENT_ID_SETTING, chosenId);
  return chosenId;
}

/** The remembered client if the key can reach it; otherwise null (the user chooses again). */
export function pickRememberedClient(clients: readonly Client[], rememberedId: number | null): Client | null {
  if (rememberedId === null) return null;
  return clients.find((c) => c.id === rememberedId) ?? null;
}
