/**
 * Check against the service (flows/reconcile) from the pane: on demand for the chosen input sheet, and once by itself
 * when the pane opens on a workbook that already has an input sheet of this client (the sheet the picker then shows:
 * the one active in Excel, else the first). Edits made while the pane was closed are then shaded and counted, and
 * rows whose period was finalised or whose push was undone meanwhile say so. And when the pane's watch finds an input
 * header typed back (renamed, then put back): the rows it repaired from the snapshot are checked against the service.
 */
import * as React from "react";
import { Button } from "@fluentui/react-components";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { type ReconcileResult, reconcileSheet } from "../flows/reconcile";
import { readInputSheets, readInputSheetMeta } from "../flows/inputs";
import { chooseInputSheet } from "./useInputSheetList";

interface UseReconcileProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  sheetName: string | null;
  /** After a reconcile that changed the sheet (its snapshot and states moved). */
  onDone: () => void;
}

const outcome = (r: ReconcileResult) => ({
  intent: r.counts.changed + r.counts.finalised + r.counts.undone > 0 ? ("warning" as const) : ("success" as const),
  text: r.summary,
});

export function useReconcile({ services, run, sheetName, onDone }: UseReconcileProps) {
  const reconcile = React.useCallback(
    (name: string) => {
      if (!services) return Promise.resolve(undefined);
      return run(`Check against the service: ${name}`, (task) => reconcileSheet(flowContextFor(services, task), name), outcome, {
        failed: (m) => `Could not check "${name}" against the service: ${m}`,
      }).then((r) => {
        if (r) onDone();
        return r;
      });
    },
    [services, run, onDone],
  );

  // Once per pane: the sheet the pane opens on, when the workbook already has one of this client.
  const opened = React.useRef(false);
  const workbook = services?.workbook;
  const clientId = services?.clientId ?? null;
  React.useEffect(() => {
    if (!workbook || opened.current) return;
    opened.current = true;
    void (async () => {
      const found = await readInputSheets(workbook);
      const name = chooseInputSheet(found.sheets, found.active, null);
      const meta = name ? await readInputSheetMeta(workbook, name) : null;
      if (name && meta && meta.clientId === clientId) await reconcile(name);
    })().catch(() => undefined);
    // Only the first workbook the pane sees: a later change of the callback is not a new opening.
  }, [workbook]);

  // A header typed back: the watch has repaired its rows from the snapshot; the service says whether they still hold.
  const headersRestored = React.useCallback(
    (name: string) => {
      if (!workbook) return;
      void readInputSheetMeta(workbook, name)
        .then((meta) => (meta?.clientId === clientId ? reconcile(name) : undefined))
        .catch(() => undefined);
    },
    [workbook, clientId, reconcile],
  );

  return { check: () => (sheetName ? void reconcile(sheetName) : undefined), headersRestored };
}

/** The on-demand button, beside the push buttons. */
export const CheckAgainstService = (props: { onClick(): void; disabled: boolean }) => (
  <Button disabled={props.disabled} onClick={props.onClick}>
    Check against the service
  </Button>
);
