/**
 * The Reports panel's view: report and clients, the report's form, how to run it, Run / Cancel with the elapsed
 * time, and the workbook's report sheets with Refresh. Data and callbacks only; its parts are in ./reports/viewParts.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import { ReportsForm } from "./ReportsForm";
import { OutcomeBar } from "../../../ui/parts/layout";
import { ReportSheetsList } from "./ReportSheetsList";
import { ReportChoice, RunControls, RunOptions } from "./viewParts";
import type { ReportsViewProps } from "./viewProps";

export type { ReportsViewProps } from "./viewProps";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

export function ReportsView(props: ReportsViewProps) {
  const styles = useStyles();
  const canRun = !props.busy && !props.loading && props.params !== null && props.problems.length === 0 && !props.sheetNameProblem;
  return (
    <section className={styles.root} aria-label="Reports">
      <ReportChoice {...props} />
      {props.params && !props.loading && !props.loadError ? (
        <ReportsForm data={props.data} params={props.params} onChange={props.onParamsChange} disabled={props.busy} />
      ) : null}
      <RunOptions {...props} />
      <RunControls {...props} canRun={canRun} />
      <ReportSheetsList {...props} />
      <OutcomeBar outcome={props.outcome} />
      {props.dialogs}
    </section>
  );
}
