/** The workbook's report sheets with their saved parameters, for the list with Refresh. */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { listReportSheets, savedReportOf } from "../flows/reports";
import type { AppServices } from "../../../ui/services";
import { describeSaved } from "./reportTexts";
import type { ReportSheetEntry } from "./viewProps";

/** The list (read once, and again after each run through `loadSheets`); a failed read is a warning message. */
export function useReportSheets(workbook: WorkbookPort, notify: AppServices["notify"]) {
  const [reportSheets, setReportSheets] = React.useState<ReportSheetEntry[]>([]);
  const loadSheets = React.useCallback(async () => {
    try {
      const names = await listReportSheets(workbook);
      const entries = await Promise.all(
        names.map(async (name) => {
          const saved = await savedReportOf(workbook, name);
          return saved ? { sheetName: name, description: describeSaved(saved) } : null;
        }),
      );
      setReportSheets(entries.filter((e): e is ReportSheetEntry => e !== null));
    } catch (error) {
      notify(`Could not read the workbook's report sheets: ${error instanceof Error ? error.message : String(error)}`, "warning");
    }
  }, [workbook, notify]);
  React.useEffect(() => void loadSheets(), [loadSheets]);
  return { reportSheets, loadSheets };
}
