/**
 * Next period: from the chosen input sheet (its period finalised or past), build the next open period's sheet for the
 * same client and wave with the same inputs; optionally with this sheet's values copied in as pending changes.
 */
import * as React from "react";
import { Button, Checkbox } from "@fluentui/react-components";
import type { ConnectedServices } from "../../../ui/context";
import { buildNextPeriod, describeNextPeriod } from "../flows/nextPeriod";
import { carryIntoSheet } from "../flows/unsentWork";
import { type EmployeeValue, carryLabel, carryOffer } from "../model/unsentWork";
import { contextForSheet } from "./sheetClient";
import { formatDate } from "../../../ui/locale";
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
  /** The values the last Next period left behind, offered as pending changes of the new sheet. */
  offer?: { label: string; onCarry(): void } | null;
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
        {props.offer ? (
          <Button appearance="primary" onClick={props.offer.onCarry} disabled={props.busy}>
            {props.offer.label}
          </Button>
        ) : null}
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
  // What the last Next period left behind and did not carry: offered until carried or the next Next period.
  const [offer, setOffer] = React.useState<{ sheetName: string; payslipDate: string; values: EmployeeValue[] } | null>(null);
  const { sheetName } = props;
  const next = async () => {
    if (!sheetName) return;
    setOffer(null);
    const result = await props.run(
      `Next period: ${sheetName}`,
      async (task) => {
        const ctx = await contextForSheet(props.services, task, sheetName);
        const r = await buildNextPeriod(ctx, sheetName, { copyValues });
        // The sheet left behind then says what the service holds: Finalised rows, read only.
        return { ...r, checked: await reconcileAfter(ctx, sheetName, { quiet: true }) };
      },
      (r) => ({
        intent: r.dropped.length > 0 || carryOffer(r.left).length > 0 ? "warning" : "success",
        text: `${describeNextPeriod(r)} ${r.checked}`.trim(),
      }),
      { afterCancel: "No sheet was built.", failed: (m) => `Could not build the next period: ${m}` },
    );
    if (!result) return;
    if (result.carried === null && carryOffer(result.left).length > 0)
      setOffer({ sheetName: result.sheetName, payslipDate: result.payslipDate, values: carryOffer(result.left) });
    await props.onBuilt(result.sheetName);
  };
  const carry = async () => {
    if (!offer) return;
    const done = await props.run(
      `Carry into ${offer.sheetName}`,
      () => carryIntoSheet(props.services.workbook, offer.sheetName, offer.values),
      (r) => ({
        intent: r.notOnSheet > 0 ? "warning" : "success",
        text: `${r.values} value${r.values === 1 ? "" : "s"} in ${r.rows} row${r.rows === 1 ? "" : "s"} of "${offer.sheetName}" carried as pending changes (not sent).${r.notOnSheet > 0 ? ` ${r.notOnSheet} left out: their employee or column is not on that sheet.` : ""}`,
      }),
      { failed: (m) => `Nothing was carried: ${m}` },
    );
    if (done) setOffer(null);
  };
  return (
    <NextPeriodView
      copyValues={copyValues}
      onCopyValuesChange={setCopyValues}
      onNextPeriod={() => void next()}
      busy={props.busy}
      disabled={!sheetName}
      offer={
        offer ? { label: carryLabel(offer.values.length, offer.payslipDate, formatDate), onCarry: () => void carry() } : null
      }
    />
  );
}
