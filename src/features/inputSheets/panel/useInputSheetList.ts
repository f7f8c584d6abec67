/**
 * The workbook's input sheets for the sheet picker (flows/inputs: readInputSheets, the one rule for finding them),
 * grouped by client, and the sheet chosen among them: read when the panel opens and again after a build. The pane
 * follows the accountant: an input sheet activated in Excel (WorkbookPort.onSheetActivated) becomes the chosen one.
 * A sheet renamed or deleted (WorkbookPort.onSheetRenamedOrDeleted) lists again: a renamed sheet stays chosen under its
 * new name, its watch starts again under it, and a deleted one leaves every picker.
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

/** The chosen sheet under its name now: one renamed since keeps being chosen. */
const renamedTo = (current: string | null, former: ReadonlyMap<string, readonly string[]>) =>
  [...former].find(([, names]) => current !== null && names.includes(current))?.[0] ?? current;

export function useInputSheetList(workbook: WorkbookPort | undefined, clientId: number | null = null) {
  const [sheets, setSheets] = React.useState<string[]>([]);
  // The deleted input sheets not yet handled (their IDs, joined): the deleted-sheet notices read again when it moves.
  const [deletedKey, setDeletedKey] = React.useState("");
  const [groups, setGroups] = React.useState<SheetGroup[]>([]);
  const [sheetName, setSheetName] = React.useState<string | null>(null);
  const sheetsRef = React.useRef<string[]>([]);
  const refreshSheets = React.useCallback(
    async (prefer?: string) => {
      if (!workbook) return;
      const found = await readInputSheets(workbook);
      sheetsRef.current = found.sheets;
      setSheets(found.sheets);
      setSheetName((current) => chooseInputSheet(found.sheets, found.active, renamedTo(current, found.former), prefer));
      setDeletedKey(found.deleted.join("\u0000"));
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

  // Renames and deletions list the sheets again (Excel's events; a host without onNameChanged finds renames at the
  // next list). Registered again whenever the list changes, for the input sheets' IDs.
  const key = sheets.join("\u0000");
  React.useEffect(() => {
    if (!workbook) return;
    let stop: (() => Promise<void>) | null = null;
    let live = true;
    const names = new Set(key ? key.split("\u0000") : []);
    workbook
      .listSheets({ hidden: true })
      .then((all) =>
        workbook.onSheetRenamedOrDeleted(
          all.filter((s) => names.has(s.name)).map((s) => s.id),
          () => void (live && refreshSheets().catch(() => undefined)),
        ),
      )
      .then((s) => (live ? (stop = s) : void s()))
      .catch(() => undefined); // a host without the events: renames are found at the next list
    return () => {
      live = false;
      void stop?.();
    };
  }, [workbook, key, refreshSheets]);
  return { sheets, groups, sheetName, setSheetName, refreshSheets, deletedKey };
}
