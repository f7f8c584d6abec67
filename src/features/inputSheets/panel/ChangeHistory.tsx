/**
 * Change history and Undo push (flows/changeHistory, flows/undoPush): the "Prepared by" name every push writes on its
 * Change history lines, remembered on this computer, and Undo push on the chosen Push log line or Change history
 * lines. The view takes data and callbacks; ChangeHistory wires it to the flows.
 */
import * as React from "react";
import { Button, Field, Input, Text } from "@fluentui/react-components";
import { flowContextFor } from "../../../ui/context";
import { type UndoResult, undoPush } from "../flows/undoPush";
import { checkUndoBeforeSending } from "../flows/pushCheck";
import { reconcileAfter } from "../flows/reconcile";
import { DEFAULT_NETT_PAY_POLLING } from "../flows/nettPay";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";
import type { WithName } from "./usePreparedBy";
import type { WorkbookPushProps } from "./workbookPushProps";

export function ChangeHistoryView(props: { name: string; onNameChange(name: string): void; onUndo(): void; busy: boolean }) {
  const styles = usePartStyles();
  return (
    <Section
      title="Change history and undo"
      hint="Every push adds a line per cell to the Change history sheet: who prepared it, the value before and the value sent."
    >
      <Field label="Prepared by" hint="Your name on the Change history lines; remembered on this computer.">
        <Input value={props.name} maxLength={100} onChange={(_, d) => props.onNameChange(d.value)} />
      </Field>
      <div className={styles.row}>
        <Button onClick={props.onUndo} disabled={props.busy}>
          Undo push
        </Button>
      </div>
      <Text size={200}>
        Choose a line of the Push log, or lines of the Change history, then press Undo push. Only cells the service still holds as
        that push sent them are put back; a cell changed since keeps its value (Conflict).
      </Text>
    </Section>
  );
}

function undoOutcome(result: UndoResult) {
  const clean =
    (result.cells.Conflict ?? 0) + (result.cells.Failed ?? 0) + (result.cells["Not sent"] ?? 0) + (result.cells.Held ?? 0) === 0;
  return { intent: clean ? ("success" as const) : ("warning" as const), text: result.summary };
}

export function ChangeHistory(
  props: WorkbookPushProps & {
    /** "Prepared by" (usePreparedBy): the name shown, its change, and the ask before a push when none is. */
    preparedBy: { name: string; change(name: string): void; withName: WithName };
  },
) {
  const { name, change: onNameChange, withName } = props.preparedBy;
  const onUndo = () =>
    withName(() => {
      void props
        .run(
          "Undo push",
          (task) => {
            // Conflicts are the undo's own rule (a cell changed since the push is kept); then the check before sending
            // that every push goes through (totals, flags against last period, Send / Send all but flagged / Cancel).
            const ctx = flowContextFor(props.services, task);
            return undoPush(ctx, {
              send: { chunkSize: props.chunkSize, reachable: props.services.clients },
              steps: {
                check: (plan, sheet, _signal, reads) =>
                  checkUndoBeforeSending(ctx, { sheetName: "Undo push", ...sheet }, plan, { ...props.check(), reads }),
              },
            }).then(async (r) => {
              // The sheet the push came from then shows what the service holds: values, nett pay, what was undone.
              // For the push's client (which may not be the one the pane has chosen).
              const checked = await reconcileAfter({ ...ctx, client: r.client }, r.sheet, { polling: DEFAULT_NETT_PAY_POLLING });
              return { ...r, summary: `${r.summary} ${checked}`.trim() };
            });
          },
          undoOutcome,
          { failed: (message) => `Nothing was sent: ${message}` },
        )
        .then(props.onDone);
    });
  return <ChangeHistoryView name={name} onNameChange={onNameChange} onUndo={onUndo} busy={props.busy} />;
}
