/**
 * The inputs last used for each client, remembered in the document settings whenever an input sheet is built, so
 * Build input sheet on the Month-end overview builds the next one with the same inputs. Never the key.
 */
import type { SettingValue, WorkbookPort } from "../../../excel";

/** { "<clientId>": { inputKeys, builtAt } }. */
export const LAST_INPUTS_SETTING = "payroll.lastInputs";

export interface LastInputs {
  inputKeys: string[];
  builtAt: string;
}

export async function readLastInputs(workbook: WorkbookPort, clientId: number): Promise<LastInputs | null> {
  const all = (await workbook.getSetting(LAST_INPUTS_SETTING)) as Record<string, unknown> | undefined;
  const entry = all?.[String(clientId)] as { inputKeys?: unknown; builtAt?: unknown } | undefined;
  if (!entry || !Array.isArray(entry.inputKeys) || entry.inputKeys.length === 0) return null;
  return { inputKeys: entry.inputKeys.map(String), builtAt: String(entry.builtAt ?? "") };
}

/** Called by the input-sheet build: the inputs a client's sheet was built with, for the next one. */
export async function rememberLastInputs(workbook: WorkbookPort, clientId: number, last: LastInputs): Promise<void> {
  const all = ((await workbook.getSetting(LAST_INPUTS_SETTING)) ?? {}) as Record<string, SettingValue>;
  await workbook.setSetting(LAST_INPUTS_SETTING, { ...all, [String(clientId)]: { ...last } });
}
