/**
 * When the PAYROLL figures were last read (issue L, point 3). The functions announce each answer from the service
 * (onFiguresRead); the pane shows the time ("Formulas read at 14:32") and keeps it in the document settings, so a
 * workbook opened later says how old its figures are. A stored time from before this pane session started means the
 * cells show figures read in an earlier session: the pane then offers Refresh formulas. Lives in the first chunk,
 * with the shell, so no read is missed while the connected part loads.
 */
import * as React from "react";
import type { WorkbookPort } from "../excel";
import { onFiguresRead } from "../functions/figuresRead";

/** Document setting holding the ISO time of the last read. */
export const FORMULAS_READ_SETTING = "payroll.formulasReadAt";
/** A grid's recalculation announces many reads: the setting is written once they pause this long (ms). */
const SAVE_AFTER_MS = 1_000;

export interface FormulaFreshness {
  /** When the figures were last read (this session or, from the settings, an earlier one); null: never. */
  readAt: Date | null;
  /** True while the last read is from before this pane session (offer Refresh formulas). */
  stale: boolean;
}

export function useFormulaFreshness(workbook: WorkbookPort, saveAfterMs = SAVE_AFTER_MS): FormulaFreshness {
  const [sessionStart] = React.useState(() => Date.now());
  const [readAt, setReadAt] = React.useState<Date | null>(null);
  React.useEffect(() => {
    let live = true;
    workbook.getSetting(FORMULAS_READ_SETTING).then(
      (stored) => {
        const at = typeof stored === "string" ? new Date(stored) : null;
        // A read already announced this session is newer than anything stored.
        if (live && at && !Number.isNaN(at.getTime())) setReadAt((now) => now ?? at);
      },
      () => undefined, // no settings (outside Office): nothing to show
    );
    return () => {
      live = false;
    };
  }, [workbook]);
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let latest: Date | null = null;
    const save = () => {
      timer = null;
      if (latest) void workbook.setSetting(FORMULAS_READ_SETTING, latest.toISOString()).catch(() => undefined);
    };
    const stop = onFiguresRead((at) => {
      latest = at;
      setReadAt(at);
      timer ??= setTimeout(save, saveAfterMs);
    });
    return () => {
      stop();
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
  }, [workbook, saveAfterMs]);
  return { readAt, stale: readAt !== null && readAt.getTime() < sessionStart };
}
