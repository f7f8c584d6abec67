/** The workbook's input sheets with the client each belongs to (its metadata), grouped for the sheet picker. */
import type { WorkbookPort } from "../../../excel";
import { type SheetGroup, groupSheetsByClient } from "../model/inputSheetGroups";
import { readInputSheetMeta } from "./inputs";

export async function groupInputSheets(
  workbook: WorkbookPort,
  sheets: readonly string[],
  chosenClientId: number | null,
): Promise<SheetGroup[]> {
  const entries = await Promise.all(
    sheets.map(async (sheetName) => {
      const meta = await readInputSheetMeta(workbook, sheetName).catch(() => null);
      return { sheetName, clientId: meta?.clientId ?? null, clientName: meta?.clientName ?? null };
    }),
  );
  return groupSheetsByClient(entries, chosenClientId);
}
