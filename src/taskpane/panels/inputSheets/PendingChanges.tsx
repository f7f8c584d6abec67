/**
 * Pending changes of the chosen input sheet (./PendingChangesView) wired to the flows: the watch
 * (./usePendingChanges), Go to a change's cell, and Undo selected changes (the changed cells selected on the sheet
 * go back).
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { goToChange, undoSelectedChanges } from "../../flows/pending";
import type { FlowRunner } from "../parts/hooks";
import { PendingChangesView } from "./PendingChangesView";
import { usePendingChanges } from "./usePendingChanges";

/** The section wired to the flows: watches `sheetName` while shown. */
export function PendingChanges(props: {
  workbook: WorkbookPort;
  sheetName: string | null;
  /** Bump after a push, build or fill: the snapshot is read again. */
  reloadKey: number;
  run: FlowRunner;
  busy: boolean;
}) {
  const { workbook, sheetName, run } = props;
  const { state, error } = usePendingChanges(workbook, sheetName, props.reloadKey, props.busy);
  const [reviewing, setReviewing] = React.useState(false);
  const [goError, setGoError] = React.useState<string | null>(null);
  if (!sheetName) return null;
  return (
    <PendingChangesView
      text={state?.text ?? null}
      error={error ?? goError}
      changes={state?.changes ?? []}
      reviewing={reviewing}
      onReview={() => setReviewing((r) => !r)}
      onGoTo={(c) => {
        setGoError(null);
        goToChange(workbook, sheetName, c).catch((e) => setGoError(e instanceof Error ? e.message : String(e)));
      }}
      onUndo={() =>
        void run(
          `Undo selected changes: ${sheetName}`,
          () => undoSelectedChanges(workbook, sheetName),
          (r) => ({ intent: r.undone > 0 ? "success" : "info", text: r.summary }),
          { failed: (m) => `Nothing was undone: ${m}` },
        )
      }
      busy={props.busy}
    />
  );
}
