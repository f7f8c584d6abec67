/**
 * The Input sheets feature: the view wired to its hooks (panels/inputSheets/: the sheet list, the build choices, the
 * push actions, the pending changes, the fill) through the shell's services.
 */
import * as React from "react";
import { Button, Text } from "@fluentui/react-components";
import { useConnectedServices } from "../../../ui/context";
import { InputSheetsView } from "./InputSheetsView";
import { PendingChanges } from "./PendingChanges";
import { FillFromSheet } from "./FillFromSheet";
import { PushAll } from "./PushAll";
import { NextPeriod } from "./NextPeriod";
import { RebuildDialog } from "./RebuildDialog";
import { ChangeHistory } from "./ChangeHistory";
import { DeletedSheets } from "./DeletedSheets";
import { useInputSheetList } from "./useInputSheetList";
import { useInputChoices } from "./useInputChoices";
import { usePushActions } from "./usePushActions";
import { usePendingWatches } from "./usePendingChanges";
import { useReadOnlyReason } from "./useReadOnly";
import { useChunkSize } from "./useChunkSize";
import { usePushCheck } from "./usePushCheck";
import { usePreparedBy } from "./usePreparedBy";
import { CheckAgainstService, useReconcile } from "./useReconcile";
import { PushCheckDialog } from "./PushCheckDialog";
import { PushCheckSettingsView, useSheetInputs } from "./PushCheckSettings";
import { useFlowRunner } from "../../../ui/parts/hooks";
import { type Outcome } from "../../../ui/parts/layout";

export function InputSheetsPanel() {
  const services = useConnectedServices();
  const chunk = useChunkSize();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  // Bumped after a push or a build: the pending changes read the snapshot again.
  const [snapshotVersion, setSnapshotVersion] = React.useState(0);
  const snapshotMoved = React.useCallback(() => setSnapshotVersion((v) => v + 1), []);
  const run = useFlowRunner(services, setOutcome);
  const list = useInputSheetList(services?.workbook, services?.clientId ?? null);
  const { sheets, sheetName } = list;
  // A build (New input sheet or Next period) adds a sheet to the list and moves the snapshot.
  const afterBuild = async (built?: string) => {
    if (built) await list.refreshSheets(built).catch(() => undefined);
    snapshotMoved();
  };
  const { rebuild, ...buildProps } = useInputChoices({ services, run, sheetName, onBuilt: afterBuild });
  const pushCheck = usePushCheck(services?.workbook);
  // Every push path asks for "Prepared by" first when none is remembered: no push goes out without a name.
  const prepared = usePreparedBy();
  const actions = usePushActions({
    services,
    run,
    sheetName,
    chunkSize: chunk.size,
    onPushed: snapshotMoved,
    check: pushCheck.checkOptions,
    withName: prepared.withName,
  });
  const reconcile = useReconcile({ services, run, sheetName, onDone: snapshotMoved });
  const pending = usePendingWatches({
    workbook: services?.workbook,
    sheets,
    reloadKey: snapshotVersion,
    busy: services?.progress.busy,
    onHeadersRestored: reconcile.headersRestored,
  });
  const readOnlyReason = useReadOnlyReason({ workbook: services?.workbook, sheetName, version: snapshotVersion });
  const sheetInputs = useSheetInputs(services?.workbook, sheetName);

  if (!services) return <Text>Connect and choose a client to work with input sheets.</Text>;
  const { workbook, progress } = services;
  // What the pushes that span sheets (Push all, Undo push) share: each goes through the check before sending.
  const sheetWide = {
    services,
    chunkSize: chunk.size,
    run,
    busy: progress.busy,
    onDone: snapshotMoved,
    check: pushCheck.checkOptions,
  };

  return (
    <InputSheetsView
      {...buildProps}
      sheets={sheets}
      sheetGroups={list.groups}
      pendingCounts={pending.states}
      sheetName={sheetName}
      onSheetChange={list.setSheetName}
      chunkSize={chunk.text}
      onChunkSizeChange={chunk.setText}
      chunkSizeProblem={chunk.problem}
      onPush={actions.push}
      readOnlyReason={readOnlyReason}
      notices={<DeletedSheets services={services} run={run} list={list} onHandled={snapshotMoved} />}
      sheetTools={
        <>
          <PendingChanges
            workbook={workbook}
            sheetName={sheetName}
            state={(sheetName && pending.states.get(sheetName)) || null}
            error={(sheetName && pending.errors.get(sheetName)) || null}
            run={run}
            busy={progress.busy}
          />
          <FillFromSheet
            workbook={workbook}
            reads={services.reads}
            sheetName={sheetName}
            inputSheets={sheets}
            run={run}
            busy={progress.busy}
          />
          <NextPeriod
            services={services}
            sheetName={sheetName}
            run={run}
            busy={progress.busy}
            pushCheck={pushCheck.settings}
            version={sheetName ? pending.states.get(sheetName) : undefined}
            onBuilt={afterBuild}
          />
          <PushCheckSettingsView settings={pushCheck.settings} onChange={pushCheck.changeSettings} inputs={sheetInputs} />
          <PushCheckDialog review={pushCheck.review} onChoose={pushCheck.choose} />
        </>
      }
      pushExtras={
        <>
          <Button disabled={progress.busy || !sheetName || readOnlyReason !== null} onClick={actions.overwrite}>
            Overwrite conflicts
          </Button>
          <CheckAgainstService disabled={progress.busy || !sheetName} onClick={reconcile.check} />
          {actions.canRefreshNett && (
            <Button disabled={progress.busy} onClick={actions.refreshNett}>
              Refresh nett pay
            </Button>
          )}
        </>
      }
      afterPush={
        <>
          <PushAll {...sheetWide} withName={prepared.withName} />
          <ChangeHistory {...sheetWide} preparedBy={prepared} />
        </>
      }
      busy={progress.busy}
      outcome={outcome}
      dialogs={
        <>
          <RebuildDialog question={rebuild.question} onAnswer={rebuild.onAnswer} />
          {prepared.dialog}
        </>
      }
    />
  );
}
