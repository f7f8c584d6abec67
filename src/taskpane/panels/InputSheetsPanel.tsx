/** The Input sheets feature: wires the view to the input-sheet and push flows through the shell's services. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { useConnectedServices } from "../context";
import { isAbortError } from "../services";
import { buildInputSheet, listInputSheets, loadInputChoices, type InputChoices } from "../flows/inputs";
import { pushInputSheet } from "../flows/push";
import { defaultPeriod } from "../../sheets/inputSheet";
import { waveDisplayName } from "../../sheets/imports";
import { DEFAULT_CHUNK_SIZE, PUSH_MODE_LABELS, type PushMode } from "../../sheets/push";
import { InputSheetsView, type Outcome } from "./InputSheetsView";

const MAX_CHUNK = 1000;

function chunkSizeProblem(text: string): string | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= MAX_CHUNK ? null : `Enter a whole number from 1 to ${MAX_CHUNK}.`;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function InputSheetsPanel() {
  const services = useConnectedServices();
  const [choices, setChoices] = React.useState<InputChoices | null>(null);
  const [loading, setLoading] = React.useState(false);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [waveId, setWaveId] = React.useState<number | null>(null);
  const [payslipDate, setPayslipDate] = React.useState<string | null>(null);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [sheets, setSheets] = React.useState<string[]>([]);
  const [sheetName, setSheetName] = React.useState<string | null>(null);
  const [chunkSize, setChunkSize] = React.useState(String(DEFAULT_CHUNK_SIZE));
  const [outcome, setOutcome] = React.useState<Outcome | null>(null);

  const client = services?.client ?? null;
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

  const load = React.useCallback(async () => {
    if (!client || clientId === null) return;
    setLoading(true);
    setLoadError(null);
    try {
      const c = await loadInputChoices(client, clientId);
      setChoices(c);
      pickWave(c, c.waves[0]?.id ?? null);
      setSelected((s) => new Set([...s].filter((k) => c.offered.some((o) => o.key === k))));
    } catch (e) {
      setLoadError(`Could not load the waves and inputs: ${errorText(e)}`);
    } finally {
      setLoading(false);
    }
  }, [client, clientId, pickWave]);

  React.useEffect(() => {
    void load();
    void refreshSheets().catch(() => undefined);
  }, [load, refreshSheets]);

  if (!services || !client || clientId === null || !workbook)
    return <Text>Connect and choose a client to work with input sheets.</Text>;
  const clientName = services.clients.find((c) => c.id === clientId)?.name ?? `Client ${clientId}`;
  const { progress } = services;

  const build = async () => {
    if (!choices || waveId === null || payslipDate === null) return;
    setOutcome(null);
    const inputKeys = choices.offered.map((o) => o.key).filter((k) => selected.has(k));
    try {
      const result = await progress.run("Building input sheet", (task) =>
        buildInputSheet(
          client,
          workbook,
          { clientId, clientName, waveId, payslipDate, inputKeys },
          { choices, signal: task.signal, update: task.update },
        ),
      );
      const text = `"${result.sheetName}" built: ${result.rowCount} employee${result.rowCount === 1 ? "" : "s"}. Edit the input cells, then Push changes.`;
      setOutcome({ intent: "success", text });
      await refreshSheets(result.sheetName);
    } catch (e) {
      setOutcome(
        isAbortError(e)
          ? { intent: "info", text: "Cancelled: no sheet was built." }
          : { intent: "error", text: `Could not build the input sheet: ${errorText(e)}` },
      );
    }
  };

  const push = async (mode: PushMode) => {
    if (!sheetName) return;
    setOutcome(null);
    try {
      const result = await progress.run(`${PUSH_MODE_LABELS[mode]}: ${sheetName}`, (task) =>
        pushInputSheet(client, workbook, sheetName, {
          mode,
          clientId,
          chunkSize: Number(chunkSize),
          signal: task.signal,
          update: task.update,
        }),
      );
      const notes = [
        result.missingInputs.length > 0 ? `Columns missing (not sent): ${result.missingInputs.join(", ")}.` : "",
        result.nettPay.pending > 0 ? `${result.nettPay.pending} saved row(s) still await their new nett pay.` : "",
      ].filter(Boolean);
      const c = result.counts;
      const clean = c.Failed + c.Invalid + c["Not sent"] === 0;
      setOutcome({ intent: clean ? "success" : "warning", text: [result.summary, ...notes].join(" ") });
    } catch (e) {
      setOutcome({ intent: "error", text: `Nothing was sent: ${errorText(e)}` });
    }
  };

  const periods = (choices?.periods.get(waveId ?? -1) ?? []).map((p) => ({
    value: p.date,
    label: `${p.date} (${p.payslips} payslip${p.payslips === 1 ? "" : "s"}${p.finalised === p.payslips ? ", finalised" : p.finalised > 0 ? `, ${p.finalised} finalised` : ""})`,
  }));

  return (
    <InputSheetsView
      loading={loading}
      loadError={loadError}
      onReload={() => void load()}
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
      onPush={(mode) => void push(mode)}
      busy={progress.busy}
      outcome={outcome}
    />
  );
}
