/** The Imports feature: wires the view to the import flows through the shell's services. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { flowContextFor, useConnectedServices } from "../../../ui/context";
import type { FlowContext } from "../../../ui/flows/common";
import { importEmployees, importPayPoints, importWaves, type ImportResult } from "../flows/imports";
import { plural, useFlowRunner } from "../../../ui/parts/hooks";
import { type Outcome } from "../../../ui/parts/layout";
import { ImportsView, type WaveForm } from "./ImportsView";

export function ImportsPanel() {
  const services = useConnectedServices();
  const [customFields, setCustomFields] = React.useState(false);
  const [servicePeriod, setServicePeriod] = React.useState(true);
  const [waveForm, setWaveForm] = React.useState<WaveForm>("full");
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const run = useFlowRunner(services, setOutcome);
  if (!services) return <Text>Connect and choose a client to import data.</Text>;

  /** One import under the progress bar: "<what>: N rows written to "<sheet>"." or why not. */
  const importTo = (label: string, what: string, work: (ctx: FlowContext) => Promise<ImportResult>) =>
    void run(
      label,
      (task) => work(flowContextFor(services, task)),
      (r) => ({
        intent: "success",
        text: `${what}: ${plural(r.rowCount, "row")} written to "${r.sheetName}".`,
      }),
      { afterCancel: "The sheet was not changed.", failed: (message) => `${what} failed: ${message}` },
    );

  return (
    <ImportsView
      customFields={customFields}
      onCustomFieldsChange={setCustomFields}
      servicePeriod={servicePeriod}
      onServicePeriodChange={setServicePeriod}
      waveForm={waveForm}
      onWaveFormChange={setWaveForm}
      busy={services.progress.busy}
      onImportEmployees={() =>
        importTo("Importing employees", "Employees", (ctx) => importEmployees(ctx, { customFields, servicePeriod }))
      }
      onImportWaves={() =>
        importTo("Importing payment frequencies", "Payment frequencies", (ctx) =>
          importWaves(ctx, { simplified: waveForm === "simplified" }),
        )
      }
      onImportPayPoints={() => importTo("Importing pay points", "Pay points", importPayPoints)}
      outcome={outcome}
    />
  );
}
