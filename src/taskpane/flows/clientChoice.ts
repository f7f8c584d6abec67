/** The workbook's client: its ID is kept in the document settings (never anything secret there). */
import type { Client } from "../../contract";
import type { WorkbookPort } from "../../excel";

export const CLIENT_ID_SETTING = "payroll.clientId";

/** The client ID this workbook is linked to, or null (missing or not a whole number). */
export async function readWorkbookClientId(workbook: WorkbookPort): Promise<number | null> {
  const value = await workbook.getSetting(CLIENT_ID_SETTING);
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

export async function rememberWorkbookClientId(workbook: WorkbookPort, clientId: number): Promise<void> {
  await workbook.setSetting(CLIENT_ID_SETTING, clientId);
}

/** The remembered client if the key can reach it; otherwise null (the user chooses again). */
export function pickRememberedClient(clients: readonly Client[], rememberedId: number | null): Client | null {
  if (rememberedId === null) return null;
  return clients.find((c) => c.id === rememberedId) ?? null;
}
