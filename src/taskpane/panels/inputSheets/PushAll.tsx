/** Push all input sheets: every client's input sheet in the workbook, with one summary per sheet. */
import * as React from "react";
import { Button, Text } from "@fluentui/react-components";
import { type ConnectedServices, flowContextFor } from "../../context";
import { type SheetPushSummary, pushAllInputSheets } from "../../flows/pushAll";
import type { PushCheckOptions } from "../../flows/pushCheck";
import { Section } from "../parts/layout";
import type { FlowRunner } from "../parts/hooks";
import { usePartStyles } from "../parts/styles";

export function PushAllView(props: { onPushAll(): void; busy: boolean; sheets: readonly SheetPushSummary[] | null }) {
  const styles = usePartStyles();
  return (
    <Section
      title="Every client's input sheets"
      hint="Pushes the changed cells of every input sheet in this workbook, client by client. Sheets of clients this key cannot reach are skipped."
    >
      <div className={styles.row}>
        <Button onClick={props.onPushAll} disabled={props.busy}>
          Push all input sheets
        </Button>
      </div>
      {props.sheets && props.sheets.length > 0 && (
        <ul aria-label="Push all input sheets: one summary per sheet">
          {props.sheets.map((s) => (
            <li key={s.sheetName}>
              <Text weight="semibold">{s.clientName}</Text> — {s.summary}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function PushAll(props: {
  services: ConnectedServices;
  chunkSize: number;
  run: FlowRunner;
  busy: boolean;
  /** After the pushes (the sheets' snapshots moved). */
  onDone(): void;
  /** The check before sending each sheet (usePushCheck). */
  check(): PushCheckOptions;
}) {
  const [sheets, setSheets] = React.useState<SheetPushSummary[] | null>(null);
  const pushAll = async () => {
    setSheets(null);
    const result = await props.run(
      "Push all input sheets",
      (task) =>
        pushAllInputSheets(flowContextFor(props.services, task), {
          reachable: props.services.clients,
          chunkSize: props.chunkSize,
          check: props.check(),
        }),
      (r) => ({ intent: r.sheets.every((s) => s.outcome === "pushed") ? "success" : "warning", text: r.summary }),
      { failed: (m) => `Push all input sheets stopped: ${m}` },
    );
    if (result) setSheets(result.sheets);
    props.onDone();
  };
  return <PushAllView onPushAll={() => void pushAll()} busy={props.busy} sheets={sheets} />;
}
