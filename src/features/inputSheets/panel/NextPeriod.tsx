/**
 * Next period: from the chosen input sheet (its period finalised or past), build the next open period's sheet for the
 * same client and wave with the same inputs; optionally with this sheet's values copied in as pending changes.
 */
import * as React from "react";
import { Button, Checkbox } from "@fluentui/react-components";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import { buildNextPeriod, describeNextPeriod } from "../flows/nextPeriod";
import { reconcileAfter } from "../flows/reconcile";
import { Section } from "../../../ui/parts/layout";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { usePartStyles } from "../../../ui/parts/styles";

export interface NextPeriodViewProps {
  copyValues: boolean;
  onCopyValuesChange(on: boolean): void;
  onNextPeriod(): void;
  busy: boolean;
  disabled: boolean;
}

export function NextPeriodView(props: NextPeriodViewProps) {
  const styles = usePartStyles();
  return (
    <Section
      title="Next period"
      hint="Builds the next open period's input sheet for this sheet's client and wave, with the same inputs and the service's values."
    >
      <Checkbox
        label="Copy values as pending changes (for employees on both sheets; shaded and counted, not sent)"
        checked={props.copyValues}
        onChange={(_, d) => props.onCopyValuesChange(d.checked === true)}
        disabled={props.disabled}
      />
      <div className={styles.row}>
        <Button onClick={props.onNextPeriod} disabled={props.busy || props.disabled}>
          Next period
        </Button>
      </div>
    </Section>
  );
}

export function NextPeriod(props: {
  services: ConnectedServices;
  sheetName: string | null;
  run: FlowRunner;
  busy: boolean;
  /** After a build: the new sheet's name (it becomes the chosen sheet). */
  onBuilt(sheetName: string): Promise<void>;
}) {
  const [copyValues, setCopyValues] = React.useState(false);
  const { sheetName } = props;
  const next = async () => {
    if (!sheetName) return;
    const result = await props.run(
      `Next period: ${sheetName}`,
      async (task) => {
        const ctx = flowContextFor(props.services, task);
        const r = await buildNextPeriod(ctx, sheetName, { copyValues });
        // The sheet left behind then says what the service holds: Finalised rows, read only.
        return { ...r, checked: await reconcileAfter(ctx, sheetName, { quiet: true }) };
      },
      (r) => ({ intent: r.dropped.length > 0 ? "warning" : "success", text: `${describeNextPeriod(r)} ${r.checked}`.trim() }),
      { afterCancel: "No sheet was built.", failed: (m) => `Could not build the next period: ${m}` },
    );
    if (result) await props.onBuilt(result.sheetName);
  };
  return (
    <NextPeriodView
      copyValues={copyValues}
      onCopyValuesChange={setCopyValues}
      onNextPeriod={() => void next()}
      busy={props.busy}
      disabled={!sheetName}
    />
  );
}
