/**
 * Watches the pending changes of EVERY input sheet of the workbook while the panel is open (flows/pending, one watch
 * per sheet), so an edit on any of them is shaded and counted, whichever sheet the pane has chosen. A new
 * `reloadKey` (after a push, a build or a fill) re-reads the snapshots and re-shades; while `busy` the watches only
 * note changes.
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { type PendingState, type PendingWatch, watchPendingChanges } from "../flows/pending";

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface PendingWatches {
  /** Per sheet: its pending changes (missing until the first look). */
  states: ReadonlyMap<string, PendingState>;
  /** Per sheet: why its watch failed. */
  errors: ReadonlyMap<string, string>;
}

interface UsePendingWatchesProps {
  workbook: WorkbookPort | undefined;
  sheets: readonly string[];
  reloadKey: number;
  /** True while a task writes to the workbook: changes are looked at once it ends. */
  busy?: boolean;
  /** A sheet's input headers were typed back: its rows are checked against the service (./useReconcile). */
  onHeadersRestored?(sheet: string): void;
}

export function usePendingWatches({
  workbook,
  sheets,
  reloadKey,
  busy = false,
  onHeadersRestored,
}: UsePendingWatchesProps): PendingWatches {
  const [states, setStates] = React.useState<ReadonlyMap<string, PendingState>>(new Map());
  const [errors, setErrors] = React.useState<ReadonlyMap<string, string>>(new Map());
  const watches = React.useRef(new Map<string, PendingWatch>());
  const busyRef = React.useRef(busy);
  busyRef.current = busy;
  // The latest handler, without restarting the watches when it changes.
  const restoredRef = React.useRef(onHeadersRestored);
  restoredRef.current = onHeadersRestored;
  React.useEffect(() => {
    for (const w of watches.current.values()) w.setPaused(busy);
  }, [busy]);

  const setOne = React.useCallback(
    <T>(set: React.Dispatch<React.SetStateAction<ReadonlyMap<string, T>>>, sheet: string, value: T | null) => {
      set((m) => {
        const next = new Map(m);
        if (value === null) next.delete(sheet);
        else next.set(sheet, value);
        return next;
      });
    },
    [],
  );

  const key = sheets.join("\u0000");
  React.useEffect(() => {
    if (!workbook) return;
    let live = true;
    const started: PendingWatch[] = [];
    for (const sheet of key ? key.split("\u0000") : []) {
      watchPendingChanges(workbook, sheet, (s) => live && (setOne(setStates, sheet, s), setOne(setErrors, sheet, null)), {
        onError: (e) => live && setOne(setErrors, sheet, errorText(e)),
        onHeadersRestored: () => live && restoredRef.current?.(sheet),
      })
        .then((w) => {
          started.push(w);
          if (!live) return void w.stop();
          watches.current.set(sheet, w);
          w.setPaused(busyRef.current);
        })
        .catch((e) => live && setOne(setErrors, sheet, errorText(e)));
    }
    return () => {
      live = false;
      watches.current.clear();
      setStates(new Map());
      setErrors(new Map());
      for (const w of started) void w.stop();
    };
  }, [workbook, key, setOne]);

  React.useEffect(() => {
    if (reloadKey === 0) return;
    for (const [sheet, w] of watches.current) w.refresh({ reload: true }).catch((e) => setOne(setErrors, sheet, errorText(e)));
  }, [reloadKey, setOne]);

  return { states, errors };
}
