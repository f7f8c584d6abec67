/** The Input sheets feature: wires the view to the input-sheet and push flows through the shell's services. */
import * as React from "react";
import { Button, Text } from "@fluentui/react-components";
import { chosenClient, useConnectedServices } from "../context";
import { buildInputSheet, listInputSheets, loadInputChoices, type InputChoices } from "../flows/inputs";
import { countPendingNettPay, pushInputSheet, refreshNettPay } from "../flows/push";
import { defaultPeriod } from "../../sheets/inputSheet";
import { waveDisplayName } from "../../sheets/imports";
import { DEFAULT_CHUNK_SIZE, type PushMode } from "../../sheets/pushPlan";
import { PUSH_MODE_LABELS } from "../../sheets/pushLog";
import { InputSheetsView } from "./InputSheetsView";
import { conflictCheck, overwriteConflicts } from "../flows/conflicts";
import { PendingChanges } from "./inputSheets/PendingChanges";
import { FillFromSheet } from "./inputSheets/FillFromSheet";
import { PushAll } from "./inputSheets/PushAll";
import { useFlowRunner } from "./parts/hooks";
import { useClientView } from "../serverState";
import { formatDate } from "../locale";
import { type Outcome } from "./parts/layout";

const MAX_CHUNK = 1000;

function chunkSizeProblem(text: string): string | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= MAX_CHUNK ? null : `Enter a whole number from 1 to ${MAX_CHUNK}.`;
}

export function InputSheetsPanel() {
  const services = useConnectedServices();
  const [waveId, setWaveId] = React.useState<number | null>(null);
  const [payslipDate, setPayslipDate] = React.useState<string | null>(null);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [sheets, setSheets] = React.useState<string[]>([]);
  const [sheetName, setSheetName] = React.useState<string | null>(null);
  const [chunkSize, setChunkSize] = React.useState(String(DEFAULT_CHUNK_SIZE));
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  // Per sheet, rows whose nett pay the last push or refresh left pending (their Messages say so): offers Refresh nett pay.
  const [nettPending, setNettPending] = React.useState<Record<string, number>>({});
  const pendingAfter =
    <R extends { sheetName: string }>(pending: (r: R) => number) =>
    (r: R) => {
      setNettPending((p) => ({ ...p, [r.sheetName]: pending(r) }));
      return r;
    };
  // Bumped after a push or a build: the pending changes read the snapshot again.
  const [snapshotVersion, setSnapshotVersion] = React.useState(0);
  const snapshotMoved = React.useCallback(() => setSnapshotVersion((v) => v + 1), []);
  const run = useFlowRunner(services, setOutcome);

  const api = services?.api ?? null;
  const clientId = services?.clientId ?? null;
  const workbook = services?.workbook;

  const refreshSheets = React.useCallback(
    async (prefer?: string) => {
      if (!workbook) return;
      const names = await listInputSheets(workbook);
      const present = new Set((await workbook.listSheets()).map((s) => s.name));
      const live = names.filter((n) => present.has(n));
      setSheets(live);
      const active = await workbook.activeSheetName().catch(() => "");
      setSheetName((current) =>
        prefer && live.includes(prefer)
          ? prefer
          : live.includes(active)
            ? active
            : current && live.includes(current)
              ? current
              : (live[0] ?? null),
      );
    },
    [workbook],
  );

  const pickWave = React.useCallback((c: InputChoices, id: number | null) => {
    setWaveId(id);
    setPayslipDate(id === null ? null : (defaultPeriod(c.periods.get(id) ?? [])?.date ?? null));
  }, []);

  // Waves and items_and_outputs come from the shared lists: a new wave (or a reload elsewhere) reads them again.
  const loaded = useClientView(services, "inputChoices", ["waves", "itemsAndOutputs"], (reads, signal) =>
    loadInputChoices(services!.api, services!.clientId, { signal }, reads),
  );
  const choices = loaded.data;
  React.useEffect(() => {
    if (!choices) return;
    pickWave(choices, choices.waves[0]?.id ?? null);
    setSelected((s) => new Set([...s].filter((k) => choices.offered.some((o) => o.key === k))));
  }, [choices, pickWave]);

  React.useEffect(() => void refreshSheets().catch(() => undefined), [refreshSheets]);

  // A sheet chosen again (or after the pane reopened) whose rows still await their nett pay offers Refresh nett pay.
  React.useEffect(() => {
    if (!workbook || !sheetName) return;
    let live = true;
    countPendingNettPay(workbook, sheetName)
      .then((n) => live && setNettPending((p) => ({ ...p, [sheetName]: n })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workbook, sheetName]);

  if (!services || !api || clientId === null || !workbook)
    return <Text>Connect and choose a client to work with input sheets.</Text>;
  const { clientName } = chosenClient(services).target;
  const { progress } = services;

  const build = async () => {
    if (!choices || waveId === null || payslipDate === null) return;
    const inputKeys = choices.offered.map((o) => o.key).filter((k) => selected.has(k));
    const result = await run(
      "Building input sheet",
      (task) =>
        buildInputSheet(
          api,
          workbook,
          { clientId, clientName, waveId, payslipDate, inputKeys },
          { choices, signal: task.signal, update: task.update },
        ),
      (r) => ({
        intent: "success",
        text: `"${r.sheetName}" built: ${r.rowCount} employee${r.rowCount === 1 ? "" : "s"}. Edit the input cells, then Push changes.`,
      }),
      { afterCancel: "No sheet was built.", failed: (message) => `Could not build the input sheet: ${message}` },
    );
    if (result) await refreshSheets(result.sheetName).catch(() => undefined);
    snapshotMoved();
  };

  const push = (mode: PushMode) => {
    if (!sheetName) return;
    void run(
      `${PUSH_MODE_LABELS[mode]}: ${sheetName}`,
      (task) =>
        pushInputSheet(api, workbook, sheetName, {
          mode,
          clientId,
          chunkSize: Number(chunkSize),
          conflictCheck: conflictCheck(api, Number(chunkSize)),
          signal: task.signal,
          update: task.update,
        }).then(pendingAfter((r) => r.nettPay.pending)),
      (result) => {
        const notes = [
          result.missingInputs.length > 0 ? `Columns missing (not sent): ${result.missingInputs.join(", ")}.` : "",
          result.nettPay.pending > 0
            ? `${result.nettPay.pending} row(s) keep their old nett pay, marked pending: the service is still recalculating. Press Refresh nett pay in a moment.`
            : "",
        ].filter(Boolean);
        const c = result.counts;
        const clean = c.Failed + c.Invalid + c["Not sent"] === 0;
        return { intent: clean ? "success" : "warning", text: [result.summary, ...notes].join(" ") };
      },
      { failed: (message) => `Nothing was sent: ${message}` },
    ).then(snapshotMoved);
  };

  const refreshNett = () => {
    if (!sheetName) return;
    void run(
      `Refresh nett pay: ${sheetName}`,
      (task) =>
        refreshNettPay(api, workbook, sheetName, { clientId, signal: task.signal, update: task.update }).then(
          pendingAfter((r) => r.pending),
        ),
      (result) => ({ intent: result.pending > 0 ? "warning" : "success", text: result.summary }),
      { failed: (message) => `Could not refresh nett pay: ${message}` },
    );
  };

  const overwrite = () => {
    if (!sheetName) return;
    void run(
      `Overwrite conflicts: ${sheetName}`,
      (task) =>
        overwriteConflicts(api, workbook, sheetName, {
          clientId,
          chunkSize: Number(chunkSize),
          signal: task.signal,
          update: task.update,
        }),
      (result) => ({
        intent: result.counts.Saved > 0 && result.counts.Failed === 0 ? "success" : "warning",
        text: result.summary,
      }),
      { failed: (message) => `Nothing was sent: ${message}` },
    ).then(snapshotMoved);
  };

  const periods = (choices?.periods.get(waveId ?? -1) ?? []).map((p) => ({
    value: p.date,
    label: `${formatDate(p.date)} (${p.payslips} payslip${p.payslips === 1 ? "" : "s"}${p.finalised === p.payslips ? ", finalised" : p.finalised > 0 ? `, ${p.finalised} finalised` : ""})`,
  }));

  return (
    <InputSheetsView
      loading={loaded.loading}
      loadError={loaded.error && `Could not load the waves and inputs: ${loaded.error}`}
      onReload={loaded.reload}
      waves={(choices?.waves ?? []).map((w) => ({ value: w.id, label: waveDisplayName(w) }))}
      waveId={waveId}
      onWaveChange={(id) => choices && pickWave(choices, id)}
      periods={periods}
      payslipDate={payslipDate}
      onPeriodChange={setPayslipDate}
      inputs={(choices?.offered ?? []).map((o) => ({ key: o.key, label: o.input.replace(/_/g, " "), itemLabel: o.itemLabel }))}
      selectedInputs={selected}
      onInputToggle={(key, on) =>
        setSelected((s) => {
          const next = new Set(s);
          if (on) next.add(key);
          else next.delete(key);
          return next;
        })
      }
      onBuild={() => void build()}
      sheets={sheets}
      sheetName={sheetName}
      onSheetChange={setSheetName}
      chunkSize={chunkSize}
      onChunkSizeChange={setChunkSize}
      chunkSizeProblem={chunkSizeProblem(chunkSize)}
      onPush={push}
      sheetTools={
        <>
          <PendingChanges workbook={workbook} sheetName={sheetName} reloadKey={snapshotVersion} run={run} busy={progress.busy} />
          <FillFromSheet
            workbook={workbook}
            reads={services.reads}
            sheetName={sheetName}
            inputSheets={sheets}
            run={run}
            busy={progress.busy}
          />
        </>
      }
      pushExtras={
        <>
          <Button disabled={progress.busy || !sheetName} onClick={overwrite}>
            Overwrite conflicts
          </Button>
          {sheetName && (nettPending[sheetName] ?? 0) > 0 && (
            <Button disabled={progress.busy} onClick={refreshNett}>
              Refresh nett pay
            </Button>
          )}
        </>
      }
      afterPush={
        <PushAll
          api={api}
          workbook={workbook}
          clients={services.clients}
          chunkSize={Number(chunkSize)}
          run={run}
          busy={progress.busy}
          onDone={snapshotMoved}
        />
      }
      busy={progress.busy}
      outcome={outcome}
    />
  );
}
