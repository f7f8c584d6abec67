/**
 * Push all input sheets: every client's input sheet in the workbook. The outcome is one sentence that never claims
 * success while a sheet has rows to see to, with one line per sheet under it, each with its own icon.
 */
import * as React from "react";
import { Button, Text } from "@fluentui/react-components";
import { flowContextFor } from "../../../ui/context";
import { type PushAllResult, type SheetPushSummary, pushAllInputSheets, sheetAttention } from "../flows/pushAll";
import { PUSH_ALL_LABEL } from "../model/pushLog";
import type { Outcome } from "../../../ui/parts/layout";
import type { OutcomeDetail } from "../../../ui/parts/outcomeDetails";
import { usePartStyles } from "../../../ui/parts/styles";
import type { WithName } from "./usePreparedBy";
import type { WorkbookPushProps } from "./workbookPushProps";
import { clientLabel } from "../../../ui/flows/common";

export function PushAllView(props: { onPushAll(): void; busy: boolean }) {
  const styles = usePartStyles();
  return (
    <>
      <Text size={200}>
        Pushes the changed cells of every input sheet in this workbook, client by client. Sheets of clients this key cannot reach
        are skipped.
      </Text>
      <div className={styles.row}>
        <Button onClick={props.onPushAll} disabled={props.busy}>
          {PUSH_ALL_LABEL}
        </Button>
      </div>
    </>
  );
}

const DETAIL_INTENT: Record<ReturnType<typeof sheetAttention>, OutcomeDetail["intent"]> = {
  none: "success",
  rows: "warning",
  "not pushed": "skipped",
  "read only": "skipped",
};

/** A sheet's line: its icon (pushed clean, with rows to see to, refused, skipped), its client (if it has one) and summary. */
const sheetDetail = (s: SheetPushSummary): OutcomeDetail => ({
  intent: s.outcome === "failed" ? "error" : DETAIL_INTENT[sheetAttention(s)],
  text: s.client ? `${clientLabel(s.client)}: ${s.summary}` : s.summary,
});

/** The outcome of Push all input sheets: a warning whenever a sheet was not pushed or has rows that did not save. */
export const pushAllOutcome = (r: PushAllResult): Exclude<Outcome, null> => ({
  intent: r.attention ? "warning" : "success",
  text: r.summary,
  details: r.sheets.map(sheetDetail),
  detailsLabel: `${PUSH_ALL_LABEL}: one summary per sheet`,
});

export function PushAll(
  props: WorkbookPushProps & {
    /** Asks for "Prepared by" first when none is remembered (usePreparedBy). */
    withName: WithName;
  },
) {
  const pushAll = async () => {
    await props.run(
      PUSH_ALL_LABEL,
      (task) =>
        pushAllInputSheets(flowContextFor(props.services, task), {
          send: { reachable: props.services.clients, chunkSize: props.chunkSize },
          steps: { check: props.check() },
        }),
      pushAllOutcome,
      { failed: (m) => `${PUSH_ALL_LABEL} stopped: ${m}` },
    );
    props.onDone();
  };
  return <PushAllView onPushAll={() => props.withName(() => void pushAll())} busy={props.busy} />;
}
