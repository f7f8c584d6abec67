/**
 * The New input sheet section's state: what the client offers (waves, periods, inputs: flows/inputs), the wave,
 * period and inputs chosen, and the build. Its lists are read when the panel first opens, once: waves and
 * items_and_outputs from the shared lists (a new wave reads them again), the employees with their payslips and the
 * calculations as a view of their own, which only Reload reads again.
 */
import * as React from "react";
import { chosenClient, type ConnectedServices, flowContextFor } from "../../context";
import { flowContext } from "../../flows/common";
import { buildInputSheet, inputChoicesFrom, loadEmployeesAndCalculations, type InputChoices } from "../../flows/inputs";
import { formatDate } from "../../locale";
import { finalisedReason } from "../../../sheets/finalisedPeriod";
import { useClientView } from "../../serverState";
import { defaultPeriod, type PeriodOption } from "../../../sheets/inputSheet";
import { waveDisplayName } from "../../../sheets/imports";
import type { FlowRunner } from "../parts/hooks";
import type { InputSheetsViewProps } from "../InputSheetsView";

/** "31/01/2025 (12 payslips, 3 finalised)". */
const periodLabel = (p: PeriodOption) =>
  `${formatDate(p.date)} (${p.payslips} payslip${p.payslips === 1 ? "" : "s"}${p.finalised === p.payslips ? ", finalised" : p.finalised > 0 ? `, ${p.finalised} finalised` : ""})`;

/** The build section's view props, and the build; `onBuilt` gets the new sheet's name (or nothing when it failed). */
export function useInputChoices(
  services: ConnectedServices | null,
  run: FlowRunner,
  onBuilt: (sheetName?: string) => Promise<void>,
) {
  const [waveId, setWaveId] = React.useState<number | null>(null);
  const [payslipDate, setPayslipDate] = React.useState<string | null>(null);
  const [selected, setSelected] = React.useState<Set<string>>(new Set());

  const pickWave = React.useCallback((c: InputChoices, id: number | null) => {
    setWaveId(id);
    setPayslipDate(id === null ? null : (defaultPeriod(c.periods.get(id) ?? [])?.date ?? null));
  }, []);

  const clientId = services?.clientId ?? null;
  const lists = useClientView(services, "inputLists", ["waves", "itemsAndOutputs"], (reads, signal) =>
    Promise.all([reads.waves(clientId!, { signal }), reads.itemsAndOutputs(clientId!, { signal })]),
  );
  const employeesAndCalculations = useClientView(services, "inputEmployeesAndCalculations", [], (_reads, signal) =>
    loadEmployeesAndCalculations(flowContext(services!.api, services!.workbook, chosenClient(services!).target, { signal })),
  );
  const choices = React.useMemo(
    () =>
      clientId !== null && lists.data && employeesAndCalculations.data
        ? inputChoicesFrom({ clientId, waves: lists.data[0], items: lists.data[1], ...employeesAndCalculations.data })
        : null,
    [clientId, lists.data, employeesAndCalculations.data],
  );
  const loading = lists.loading || employeesAndCalculations.loading;
  const loadError = lists.error ?? employeesAndCalculations.error;
  React.useEffect(() => {
    if (!choices) return;
    pickWave(choices, choices.waves[0]?.id ?? null);
    setSelected((s) => new Set([...s].filter((k) => choices.offered.some((o) => o.key === k))));
  }, [choices, pickWave]);

  const build = async () => {
    if (!services || !choices || waveId === null || payslipDate === null) return;
    const inputKeys = choices.offered.map((o) => o.key).filter((k) => selected.has(k));
    const result = await run(
      "Building input sheet",
      (task) => buildInputSheet(flowContextFor(services, task), { waveId, payslipDate, inputKeys }, { choices }),
      (r) => ({
        intent: r.finalised ? "info" : "success",
        text:
          `"${r.sheetName}" built: ${r.rowCount} employee${r.rowCount === 1 ? "" : "s"}. ` +
          (r.finalised ? finalisedReason(formatDate(payslipDate)) : "Edit the input cells, then Push changes."),
      }),
      { afterCancel: "No sheet was built.", failed: (message) => `Could not build the input sheet: ${message}` },
    );
    await onBuilt(result?.sheetName);
  };

  const viewProps = {
    loading,
    loadError: loadError && `Could not load the waves and inputs: ${loadError}`,
    onReload: () => {
      lists.reload();
      employeesAndCalculations.reload();
    },
    waves: (choices?.waves ?? []).map((w) => ({ value: w.id, label: waveDisplayName(w) })),
    waveId,
    onWaveChange: (id: number) => choices && pickWave(choices, id),
    periods: (choices?.periods.get(waveId ?? -1) ?? []).map((p) => ({ value: p.date, label: periodLabel(p) })),
    payslipDate,
    onPeriodChange: setPayslipDate,
    inputs: (choices?.offered ?? []).map((o) => ({ key: o.key, label: o.input.replace(/_/g, " "), itemLabel: o.itemLabel })),
    selectedInputs: selected,
    onInputToggle: (key: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    onBuild: () => void build(),
  } satisfies Partial<InputSheetsViewProps>;
  return viewProps;
}
