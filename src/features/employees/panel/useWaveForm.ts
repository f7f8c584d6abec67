/** The Employees panel's New payment frequency form. */
import * as React from "react";
import { clientRecordOf, type ConnectedServices, flowContextFor } from "../../../ui/context";
import { createWave, waveCreateBody } from "../flows/employees";
import type { FlowRunner } from "../../../ui/parts/hooks";
import type { WaveFormState } from "./WaveSection";

/** The New payment frequency form, checked with the contract before the request. */
export function useWaveForm(services: ConnectedServices | null, run: FlowRunner) {
  const [wave, setWave] = React.useState<WaveFormState>({
    frequency: "monthly",
    firstEndDate: "",
    lastDayOfMonth: "",
    customName: "",
  });
  const [waveErrors, setWaveErrors] = React.useState<Record<string, string>>({});
  if (!services) return null;
  const customNameAllowed = (clientRecordOf(services)?.features ?? []).includes("wave_custom_name");
  return {
    wave,
    onWaveChange: setWave,
    customNameAllowed,
    waveErrors,
    onCreateWave: () => {
      const checked = waveCreateBody(wave, customNameAllowed);
      if ("errors" in checked) return setWaveErrors(checked.errors);
      setWaveErrors({});
      void run(
        "Creating a payment frequency",
        (t) => createWave(flowContextFor(services, t), checked.body),
        (r) => {
          // The pickers of the other panels show the new wave.
          services.reads.invalidate(services.clientId, "waves");
          return { intent: "success", text: `${r.message} (wave ${r.id}). Import payment frequencies to see it.` };
        },
      );
    },
  };
}
