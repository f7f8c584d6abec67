/**
 * Pending changes of the chosen input sheet (./PendingChangesView) wired to the flows: its state from the watches of
 * every input sheet (./usePendingChanges), Go to a change's cell, and Undo selected changes (the changed cells selected on the sheet
 * go back).
 */
import * as React from "react";
import type { WorkbookPort } from "../../../excel";
import { type PendingState, goToChange, undoSelectedChanges } from "../flows/pending";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { PendingChangesView } from "./PendingChangesView";

/** The section wired to the flows, for `sheetName` (watched with every other input sheet by the panel). */
export function PendingChanges(props: {
  workbook: WorkbookPort;
  sheetName: string | null;
  state: PendingState | null;
  error: string | null;
  run: FlowRunner;
  busy: boolean;
}) {
  const { workbook, sheetName, run, state, error } = props;
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
