/**
 * Why the chosen input sheet cannot be pushed, from its metadata: built for a finalised period (sheets/finalisedPeriod).
 * Read again when another sheet is chosen or a build or push moved its snapshot.
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { finalisedReason } from "../model/finalisedPeriod";
import { readInputSheetMeta } from "../flows/inputs";
import { formatDate } from "../../../ui/locale";

interface UseReadOnlyReasonProps {
  workbook: WorkbookPort | undefined;
  sheetName: string | null;
  version: number;
}

export function useReadOnlyReason({ workbook, sheetName, version }: UseReadOnlyReasonProps): string | null {
  const [reason, setReason] = React.useState<string | null>(null);
  React.useEffect(() => {
    setReason(null);
    if (!workbook || !sheetName) return;
    let live = true;
    readInputSheetMeta(workbook, sheetName)
      .then((meta) => live && setReason(meta?.finalised ? finalisedReason(formatDate(meta.payslipDate)) : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workbook, sheetName, version]);
  return reason;
}
