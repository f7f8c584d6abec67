/**
 * The workbook's input sheets for the sheet picker (flows/inputs: readInputSheets, the one rule for finding them),
 * grouped by client, and the sheet chosen among them: read when the panel opens and again after a build. The pane
 * follows the accountant: an input sheet activated in Excel (WorkbookPort.onSheetActivated) becomes the chosen one.
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import type { SheetGroup } from "../model/inputSheetGroups";
import { readInputSheets } from "../flows/inputs";
import { groupInputSheets } from "../flows/inputSheetGroups";

/** The sheet to show: one just built, else the sheet active in Excel, else the one shown before, else the first. */
export function chooseInputSheet(sheets: readonly string[], active: string, current: string | null, prefer?: string) {
  if (prefer && sheets.includes(prefer)) return prefer;
  if (sheets.includes(active)) return active;
  if (current && sheets.includes(current)) return current;
  return sheets[0] ?? null;
}

export function useInputSheetList(workbook: WorkbookPort | undefined, clientId: number | null = null) {
  const [sheets, setSheets] = React.useState<string[]>([]);
  const [groups, setGroups] = React.useState<SheetGroup[]>([]);
  const [sheetName, setSheetName] = React.useState<string | null>(null);
  const sheetsRef = React.useRef<string[]>([]);
  const refreshSheets = React.useCallback(
    async (prefer?: string) => {
      if (!workbook) return;
      const found = await readInputSheets(workbook);
      sheetsRef.current = found.sheets;
      setSheets(found.sheets);
      setSheetName((current) => chooseInputSheet(found.sheets, found.active, current, prefer));
      setGroups(await groupInputSheets(workbook, found.sheets, clientId));
    },
    [workbook, clientId],
  );
  React.useEffect(() => void refreshSheets().catch(() => undefined), [refreshSheets]);

  // An input sheet activated in Excel becomes the chosen one (a tab clicked, or a sheet the add-in showed).
  React.useEffect(() => {
    if (!workbook) return;
    let stop: (() => Promise<void>) | null = null;
    let live = true;
    workbook
      .onSheetActivated((name) => {
        if (live && sheetsRef.current.includes(name)) setSheetName(name);
      })
      .then((s) => (live ? (stop = s) : void s()))
      .catch(() => undefined); // a host without the event: the picker still works
    return () => {
      live = false;
      void stop?.();
    };
  }, [workbook]);
  return { sheets, groups, sheetName, setSheetName, refreshSheets };
}
