/**
 * The Input sheets panel's view, in steps that fold: 1. build a calc-input sheet for a wave and period
 * (./inputSheets/NewInputSheetSection); then, on the input sheet chosen, 2. edit and fill it (pending changes, fill
 * from a sheet) and 3. push it (./inputSheets/PushSection); 4. push every input sheet. Data and callbacks only.
 */
import * as React from "react";
import { type Outcome as PanelOutcome, OutcomeBar } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";
import { type NewInputSheetProps, NewInputSheetSection } from "./NewInputSheetSection";
import { type PushSectionProps, PushSection } from "./PushSection";
import { SheetPicker } from "./SheetPicker";
import { Fold } from "./Fold";

export type Outcome = NonNullable<PanelOutcome>;

export type InputSheetsViewProps = NewInputSheetProps &
  PushSectionProps & {
    /** The last step (Push all input sheets). */
    afterPush?: React.ReactNode;
    /** Said above the sheet picker (input sheets deleted with changes not sent). */
    notices?: React.ReactNode;
    /** Questions asked before work (Rebuild over pending changes). */
    dialogs?: React.ReactNode;
    outcome: Outcome | null;
  };

export function InputSheetsView(props: InputSheetsViewProps) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      <Fold title="1. Build an input sheet">
        <NewInputSheetSection {...props} />
      </Fold>
      {props.notices}
      <SheetPicker {...props} />
      <Fold title="2. Edit and fill">{props.sheetTools}</Fold>
      <Fold title="3. Push">
        <PushSection {...props} />
      </Fold>
      {props.afterPush && <Fold title="4. Push all">{props.afterPush}</Fold>}

      <OutcomeBar outcome={props.outcome} />
      {props.dialogs}
    </div>
  );
}
