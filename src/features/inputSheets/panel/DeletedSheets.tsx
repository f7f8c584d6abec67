/**
 * Input sheets deleted with changes not sent (flows/deletedSheets): each named once, in a sentence, with Restore (a
 * rebuilt sheet with those changes back as pending changes) and Let them go. Read again whenever the list of deleted
 * sheets moves (a deletion found by ID, or one handled).
 */
import * as React from "react";
import { Button, MessageBar, MessageBarActions, MessageBarBody } from "@fluentui/react-components";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { usePartStyles } from "../../../ui/parts/styles";
import { type DeletedSheetNotice, deletedSheetNotices, dismissDeletedSheet, restoreDeletedSheet } from "../flows/deletedSheets";

export interface DeletedSheetsViewProps {
  notices: readonly DeletedSheetNotice[];
  busy: boolean;
  onRestore(id: string): void;
  onDismiss(id: string): void;
}

export function DeletedSheetsView({ notices, busy, onRestore, onDismiss }: DeletedSheetsViewProps) {
  const styles = usePartStyles();
  if (notices.length === 0) return null;
  return (
    <div className={styles.root} aria-label="Deleted input sheets">
      {notices.map((n) => (
        <MessageBar key={n.id} intent={n.changes > 0 ? "warning" : "info"} layout="multiline">
          <MessageBarBody>{n.text}</MessageBarBody>
          <MessageBarActions>
            {n.changes > 0 && (
              <Button size="small" disabled={busy} onClick={() => onRestore(n.id)}>
                Restore into a rebuilt sheet
              </Button>
            )}
            <Button size="small" disabled={busy} onClick={() => onDismiss(n.id)}>
              {n.changes > 0 ? "Let them go" : "OK"}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ))}
    </div>
  );
}

export function DeletedSheets(props: {
  services: ConnectedServices;
  run: FlowRunner;
  /** The sheet list (./useInputSheetList): its deleted sheets' key, and listing again after a restore or a dismissal. */
  list: { deletedKey: string; refreshSheets(prefer?: string): Promise<void> };
  /** After a restore: the snapshots moved (the rebuilt sheet's watch reads its own). */
  onHandled(): void;
}) {
  const { services, run, list } = props;
  const { deletedKey } = list;
  const { workbook } = services;
  const busy = services.progress.busy;
  const onHandled = async (built?: string) => {
    await list.refreshSheets(built).catch(() => undefined);
    props.onHandled();
  };
  const [notices, setNotices] = React.useState<DeletedSheetNotice[]>([]);
  React.useEffect(() => {
    let live = true;
    if (!deletedKey) setNotices([]);
    else
      deletedSheetNotices(workbook)
        .then((n) => live && setNotices(n))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workbook, deletedKey]);

  const restore = async (id: string) => {
    const name = notices.find((n) => n.id === id)?.name ?? "the deleted sheet";
    const result = await run(
      `Restore the changes of '${name}'`,
      (task) => restoreDeletedSheet(flowContextFor(services, task), id),
      (r) => ({ intent: r.left.length > 0 ? "warning" : "success", text: r.summary }),
      { afterCancel: "Nothing was restored.", failed: (m) => `Could not restore the changes of '${name}': ${m}` },
    );
    if (result) await onHandled(result.build.sheetName);
  };
  const dismiss = async (id: string) => {
    const name = notices.find((n) => n.id === id)?.name ?? "the deleted sheet";
    await run(
      `Let go of '${name}'`,
      () => dismissDeletedSheet(workbook, id),
      () => ({ intent: "info", text: `'${name}' is no longer named: what it kept beside it was removed.` }),
      { failed: (m) => `Could not let go of '${name}': ${m}` },
    );
    await onHandled();
  };
  return (
    <DeletedSheetsView notices={notices} busy={busy} onRestore={(id) => void restore(id)} onDismiss={(id) => void dismiss(id)} />
  );
}
