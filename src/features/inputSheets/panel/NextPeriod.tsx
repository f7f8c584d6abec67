/**
 * Next period: from the chosen input sheet (its period finalised or past), build the next open period's sheet for the
 * same client and wave with the same inputs, from the service's standing values; with the payslip-only values of the
 * inputs ticked under "Copy these values as pending changes" copied in as pending changes.
 */
import * as React from "react";
import { Button, Checkbox, Text } from "@fluentui/react-components";
import type { ConnectedServices } from "../../../ui/context";
import { buildNextPeriod, describeNextPeriod, readCarryChoices } from "../flows/nextPeriod";
import { type CarryChoices, describeCarryLine, describeStanding } from "../model/nextPeriod";
import { type PushCheckSettings, isOneOff } from "../model/pushCheck";
import { carryIntoSheet } from "../flows/unsentWork";
import { type EmployeeValue, carryLabel, carryOffer } from "../model/unsentWork";
import { contextForSheet } from "./sheetClient";
import { formatDate } from "../../../ui/locale";
import { reconcileAfter } from "../flows/reconcile";
import { Section } from "../../../ui/parts/layout";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { usePartStyles } from "../../../ui/parts/styles";

/** One input under "Copy these values as pending changes": "Bonus: 3 employees, €1,250.00" and its tick. */
export interface CarryChoiceLine {
  key: string;
  text: string;
  ticked: boolean;
}

export interface NextPeriodViewProps {
  /** The chosen sheet's inputs with values to copy (none: nothing listed), and the words on standing values. */
  lines: readonly CarryChoiceLine[];
  standing: string;
  onTick(key: string, on: boolean): void;
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
      hint="Builds the next open period's input sheet for this sheet's client and wave, with the same inputs and the values its payslips start from in the service."
    >
      {props.lines.length > 0 && (
        <div className={styles.group} role="group" aria-label="Copy these values as pending changes">
          <Text>Copy these values as pending changes (for employees on both sheets; shaded and counted, not sent):</Text>
          {props.lines.map((l) => (
            <Checkbox
              key={l.key}
              label={l.text}
              checked={l.ticked}
              onChange={(_, d) => props.onTick(l.key, d.checked === true)}
              disabled={props.disabled}
            />
          ))}
        </div>
      )}
      {props.standing ? <Text>{props.standing}</Text> : null}
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
  /** The push check's settings: its one-off items (bonus, commission, overtime unless chosen) are not ticked unless chosen. */
  pushCheck: Pick<PushCheckSettings, "oneOff">;
  /** Changes when the sheet's values may have (its pending changes): the list is read again. */
  version?: unknown;
  /** After a build: the new sheet's name (it becomes the chosen sheet). */
  onBuilt(sheetName: string): Promise<void>;
}) {
  const { sheetName, pushCheck, version } = props;
  const oneOff = React.useCallback((key: string) => isOneOff(pushCheck, key), [pushCheck]);
  const { workbook, clientId } = props.services;
  const [choices, setChoices] = React.useState<(CarryChoices & { payslipDate: string }) | null>(null);
  // The accountant's ticks, by input key, over the defaults; forgotten when another sheet is chosen.
  const [ticks, setTicks] = React.useState<Record<string, boolean>>({});
  React.useEffect(() => setTicks({}), [sheetName]);
  React.useEffect(() => {
    let live = true;
    if (!sheetName) setChoices(null);
    else
      readCarryChoices(workbook, sheetName, clientId, oneOff)
        .then((c) => live && setChoices(c))
        .catch(() => live && setChoices(null));
    return () => {
      live = false;
    };
  }, [workbook, clientId, sheetName, oneOff, version]);
  const lines = (choices?.lines ?? []).map((l) => ({ key: l.key, text: describeCarryLine(l), ticked: ticks[l.key] ?? l.ticked }));
  // What the last Next period left behind and did not carry: offered until carried or the next Next period.
  const [offer, setOffer] = React.useState<{ sheetName: string; payslipDate: string; values: EmployeeValue[] } | null>(null);
  const next = async () => {
    if (!sheetName) return;
    setOffer(null);
    const result = await props.run(
      `Next period: ${sheetName}`,
      async (task) => {
        const ctx = await contextForSheet(props.services, task, sheetName);
        const r = await buildNextPeriod(ctx, sheetName, { carry: lines.filter((l) => l.ticked).map((l) => l.key) });
        // The sheet left behind then says what the service holds: Finalised rows, read only.
        return { ...r, checked: await reconcileAfter(ctx, sheetName, { quiet: true }) };
      },
      (r) => ({
        intent: r.dropped.length > 0 || carryOffer(r.left, new Set(r.carried?.keys)).length > 0 ? "warning" : "success",
        text: `${describeNextPeriod(r)} ${r.checked}`.trim(),
      }),
      { afterCancel: "No sheet was built.", failed: (m) => `Could not build the next period: ${m}` },
    );
    if (!result) return;
    const left = carryOffer(result.left, new Set(result.carried?.keys));
    if (left.length > 0) setOffer({ sheetName: result.sheetName, payslipDate: result.payslipDate, values: left });
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
      lines={lines}
      standing={choices ? describeStanding(choices.standing, choices.payslipDate, formatDate) : ""}
      onTick={(key, on) => setTicks((t) => ({ ...t, [key]: on }))}
      onNextPeriod={() => void next()}
      busy={props.busy}
      disabled={!sheetName}
      offer={
        offer ? { label: carryLabel(offer.values.length, offer.payslipDate, formatDate), onCarry: () => void carry() } : null
      }
    />
  );
}
