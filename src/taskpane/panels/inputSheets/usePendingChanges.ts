/**
 * Watches the chosen input sheet's pending changes while the panel shows it (flows/pending): the state, what went
 * wrong. A new `reloadKey` (after a push or a build) re-reads the snapshot and re-shades; while `busy` the watch
 * only notes changes.
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { type PendingState, type PendingWatch, watchPendingChanges } from "../../flows/pending";

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function usePendingChanges(
  workbook: WorkbookPort | undefined,
  sheetName: string | null,
  reloadKey: number,
  /** True while a task writes to the workbook: changes are looked at once it ends. */
  busy = false,
) {
  const [state, setState] = React.useState<PendingState | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const watch = React.useRef<PendingWatch | null>(null);
  const busyRef = React.useRef(busy);
  busyRef.current = busy;
  React.useEffect(() => watch.current?.setPaused(busy), [busy]);

  React.useEffect(() => {
    setState(null);
    setError(null);
    if (!workbook || !sheetName) return;
    let live = true;
    let started: PendingWatch | null = null;
    watchPendingChanges(workbook, sheetName, (s) => live && (setState(s), setError(null)), {
      onError: (e) => live && setError(errorText(e)),
    })
      .then((w) => {
        started = w;
        if (live) watch.current = w;
        else void w.stop();
        w.setPaused(busyRef.current);
      })
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
      watch.current = null;
      void started?.stop();
    };
  }, [workbook, sheetName]);

  React.useEffect(() => {
    if (reloadKey === 0) return;
    watch.current?.refresh({ reload: true }).catch((e) => setError(errorText(e)));
  }, [reloadKey]);

  return { state, error };
}
