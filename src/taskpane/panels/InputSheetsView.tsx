/**
 * The Input sheets panel's view: build a calc-input sheet for a wave and period from chosen inputs
 * (./inputSheets/NewInputSheetSection), and push an input sheet back (changed cells, all rows, selected rows, retry
 * failed: ./inputSheets/PushSection). Data and callbacks only.
 */
import * as React from "react";
import { type Outcome as PanelOutcome, OutcomeBar } from "./parts/layout";
import { usePartStyles } from "./parts/styles";
import { type NewInputSheetProps, NewInputSheetSection } from "./inputSheets/NewInputSheetSection";
import { type PushSectionProps, PushSection } from "./inputSheets/PushSection";

export type Outcome = NonNullable<PanelOutcome>;

export type InputSheetsViewProps = NewInputSheetProps &
  PushSectionProps & {
    /** After the push section (Push all input sheets). */
    afterPush?: React.ReactNode;
    /** Questions asked before work (Rebuild over pending changes). */
    dialogs?: React.ReactNode;
    outcome: Outcome | null;
  };

export function InputSheetsView(props: InputSheetsViewProps) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      <NewInputSheetSection {...props} />
      <PushSection {...props} />
      {props.afterPush}

      <OutcomeBar outcome={props.outcome} />
      {props.dialogs}
    </div>
  );
}
