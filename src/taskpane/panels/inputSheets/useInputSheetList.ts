/**
 * The workbook's input sheets for the sheet picker (flows/inputs: readInputSheets, the one rule for finding them)
 * and the sheet chosen among them, read when the panel opens and again after a build.
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { readInputSheets } from "../../flows/inputs";

/** The sheet to show: one just built, else the sheet active in Excel, else the one shown before, else the first. */
export function chooseInputSheet(sheets: readonly string[], active: string, current: string | null, prefer?: string) {
  if (prefer && sheets.includes(prefer)) return prefer;
  if (sheets.includes(active)) return active;
  if (current && sheets.includes(current)) return current;
  return sheets[0] ?? null;
}

export function useInputSheetList(workbook: WorkbookPort | undefined) {
  const [sheets, setSheets] = React.useState<string[]>([]);
  const [sheetName, setSheetName] = React.useState<string | null>(null);
  const refreshSheets = React.useCallback(
    async (prefer?: string) => {
      if (!workbook) return;
      const found = await readInputSheets(workbook);
      setSheets(found.sheets);
      setSheetName((current) => chooseInputSheet(found.sheets, found.active, current, prefer));
    },
    [workbook],
  );
  React.useEffect(() => void refreshSheets().catch(() => undefined), [refreshSheets]);
  return { sheets, sheetName, setSheetName, refreshSheets };
}
