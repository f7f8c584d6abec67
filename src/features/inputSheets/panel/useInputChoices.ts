/**
 * The New input sheet section's state: what the client offers (waves, periods, inputs: flows/inputs), the wave,
 * period and inputs chosen, and the build. Its four lists are the shared reads' (serverState), read when the panel
 * first opens, once: waves, items_and_outputs, the employees with their payslips (the periods) and the calculations
 * (the inputs). The build asks the same reads, so it reuses them while they are fresh; a new wave reads the waves
 * again, a write marks the other two stale (the build reads them afresh), and Reload choices reads all four again.
 */
import * as React from "react";
import type { ConnectedServices } from "../../../ui/context";
import { inputChoicesFrom, type InputChoices } from "../flows/inputs";
import { formatDate } from "../../../ui/locale";
import { useClientList } from "../../../ui/serverState";
import { defaultPeriod, type PeriodOption } from "../../../ui/sheets/periods";
import { waveDisplayName } from "../../../ui/sheets/importTables";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { useBuild } from "./useBuild";
import { useFinalisedProbe } from "./useFinalisedProbe";
import { buildClientNote, otherClientOf } from "./sheetClient";
import type { InputSheetsViewProps } from "./InputSheetsView";

/** "31/01/2025 (12 payslips, 3 finalised)". */
const periodLabel = (p: PeriodOption) =>
  `${formatDate(p.date)} (${p.payslips} payslip${p.payslips === 1 ? "" : "s"}${p.finalised === p.payslips ? ", finalised" : p.finalised > 0 ? `, ${p.finalised} finalised` : ""})`;

interface Chosen {
  waveId: number | null;
  payslipDate: string | null;
}

/** The wave, with its default period (the oldest still open, else the newest). */
const pickWave = (c: InputChoices, waveId: number | null): Chosen => ({
  waveId,
  payslipDate: waveId === null ? null : (defaultPeriod(c.periods.get(waveId) ?? [])?.date ?? null),
});

/** The wave and period chosen, kept while the lists (read again after a write or a new wave) still offer them. */
function keptPick(c: InputChoices, p: Chosen): Chosen {
  if (p.waveId === null || !c.waves.some((w) => w.id === p.waveId)) return pickWave(c, c.waves[0]?.id ?? null);
  return (c.periods.get(p.waveId) ?? []).some((q) => q.date === p.payslipDate) ? p : pickWave(c, p.waveId);
}

interface UseInputChoicesProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  onBuilt: (sheetName?: string) => Promise<void>;
  /** The input sheet the pane follows: when it is another client's, the build says for whom it builds. */
  sheetName?: string | null;
}

/** The build section's view props, and the build; `onBuilt` gets the new sheet's name (or nothing when it failed). */
export function useInputChoices({ services, run, onBuilt, sheetName = null }: UseInputChoicesProps) {
  const [{ waveId, payslipDate }, setPick] = React.useState<Chosen>({ waveId: null, payslipDate: null });
  const [selected, setSelected] = React.useState<Set<string>>(new Set());

  const clientId = services?.clientId ?? null;
  const waves = useClientList(services, "waves");
  const items = useClientList(services, "itemsAndOutputs");
  const employees = useClientList(services, "employeesWithPayslips");
  const calculations = useClientList(services, "calculations");
  const lists = [waves, items, employees, calculations];
  const choices = React.useMemo(
    () =>
      clientId !== null && waves.data && items.data && employees.data && calculations.data
        ? inputChoicesFrom({
            clientId,
            waves: waves.data,
            items: items.data,
            employees: employees.data,
            calculations: calculations.data,
          })
        : null,
    [clientId, waves.data, items.data, employees.data, calculations.data],
  );
  const loading = lists.some((l) => l.loading);
  const loadError = lists.find((l) => l.error)?.error ?? null;
  React.useEffect(() => {
    if (!choices) return;
    setPick((p) => keptPick(choices, p));
    setSelected((s) => new Set([...s].filter((k) => choices.offered.some((o) => o.key === k))));
  }, [choices]);

  // A period finalised in the service shows as such without Reload choices (one small read to ask).
  useFinalisedProbe(services, employees.data, waveId, payslipDate);

  const { build: buildSheet, question, answer } = useBuild({ services, run, onBuilt });
  const clientNote = useBuildClientNote(services, sheetName);
  const build = async () => {
    if (!services || !choices || waveId === null || payslipDate === null) return;
    const inputKeys = choices.offered.map((o) => o.key).filter((k) => selected.has(k));
    await buildSheet({ waveId, payslipDate, inputKeys }, choices);
  };

  const viewProps = {
    loading,
    loadError: loadError && `Could not load the waves and inputs: ${loadError}`,
    onReload: () => lists.forEach((l) => l.reload()),
    waves: (choices?.waves ?? []).map((w) => ({ value: w.id, label: waveDisplayName(w) })),
    waveId,
    onWaveChange: (id: number) => choices && setPick(pickWave(choices, id)),
    periods: (choices?.periods.get(waveId ?? -1) ?? []).map((p) => ({ value: p.date, label: periodLabel(p) })),
    payslipDate,
    onPeriodChange: (date: string) => setPick((p) => ({ ...p, payslipDate: date })),
    inputs: (choices?.offered ?? []).map((o) => ({ key: o.key, label: o.label, itemLabel: o.itemLabel })),
    selectedInputs: selected,
    onInputToggle: (key: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    onBuild: () => void build(),
    buildClientNote: clientNote,
  } satisfies Partial<InputSheetsViewProps>;
  return { ...viewProps, rebuild: { question, onAnswer: answer } };
}

/** The build's sentence while the pane follows another client's sheet (./sheetClient), read again when either moves. */
function useBuildClientNote(services: ConnectedServices | null, sheetName: string | null): string | null {
  const [note, setNote] = React.useState<string | null>(null);
  const workbook = services?.workbook;
  const clientId = services?.clientId ?? null;
  const chosen = services?.clients.find((c) => c.id === clientId) ?? null;
  const chosenName = chosen?.name ?? null;
  React.useEffect(() => {
    let live = true;
    if (!workbook || clientId === null) {
      setNote(null);
      return;
    }
    void otherClientOf(workbook, sheetName, clientId).then(
      (other) => live && setNote(buildClientNote({ id: clientId, name: chosenName }, other)),
    );
    return () => {
      live = false;
    };
  }, [workbook, sheetName, clientId, chosenName]);
  return note;
}
