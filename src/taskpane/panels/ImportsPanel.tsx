/** The Imports feature: wires the view to the import flows through the shell's services. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { useConnectedServices } from "../context";
import { isAbortError } from "../services";
import { importEmployees, importPayPoints, importWaves, type ImportResult } from "../flows/imports";
import { ImportsView, type ImportsViewProps, type WaveForm } from "./ImportsView";

export function ImportsPanel() {
  const services = useConnectedServices();
  const [customFields, setCustomFields] = React.useState(false);
  const [servicePeriod, setServicePeriod] = React.useState(true);
  const [waveForm, setWaveForm] = React.useState<WaveForm>("full");
  const [outcome, setOutcome] = React.useState<ImportsViewProps["outcome"]>(null);
  if (!services) return <Text>Connect and choose a client to import data.</Text>;

  const { client, clientId, workbook, progress } = services;
  const target = { clientId, clientName: services.clients.find((c) => c.id === clientId)?.name ?? `Client ${clientId}` };

  const run = async (label: string, what: string, work: Parameters<typeof progress.run<ImportResult>>[1]) => {
    setOutcome(null);
    try {
      const result = await progress.run(label, work);
      const text = `${what}: ${result.rowCount} row${result.rowCount === 1 ? "" : "s"} written to "${result.sheetName}".`;
      setOutcome({ intent: "success", text });
      services.notify(text, "success");
    } catch (e) {
      const text = isAbortError(e)
        ? `${what}: cancelled. The sheet was not changed.`
        : `${what} failed: ${e instanceof Error ? e.message : String(e)}`;
      setOutcome({ intent: isAbortError(e) ? "info" : "error", text });
    }
  };

  return (
    <ImportsView
      customFields={customFields}
      onCustomFieldsChange={setCustomFields}
      servicePeriod={servicePeriod}
      onServicePeriodChange={setServicePeriod}
      waveForm={waveForm}
      onWaveFormChange={setWaveForm}
      busy={progress.busy}
      onImportEmployees={() =>
        void run("Importing employees", "Employees", (task) =>
          importEmployees(client, workbook, target, { customFields, servicePeriod }, task),
        )
      }
      onImportWaves={() =>
        void run("Importing payment frequencies", "Payment frequencies", (task) =>
          importWaves(client, workbook, target, { simplified: waveForm === "simplified" }, task),
        )
      }
      onImportPayPoints={() =>
        void run("Importing pay points", "Pay points", (task) => importPayPoints(client, workbook, target, task))
      }
      outcome={outcome}
    />
  );
}
