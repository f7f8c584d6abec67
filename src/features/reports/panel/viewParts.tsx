/**
 * The parts of the Reports view, top to bottom: report and clients (with the lists' loading state), how to run and
 * where, what stops a run and the Run / Cancel row (the workbook's report sheets are in ./ReportSheetsList). Data and
 * callbacks only.
 */
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { RunMode } from "../model";
import { fieldError } from "../../../ui/components/fieldError";
import { MultiPicker, SinglePicker } from "./ReportsPickers";
import { RunStatus } from "./RunStatus";
import type { ReportsViewProps } from "./viewProps";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: "none" },
});

type Props<K extends keyof ReportsViewProps> = Pick<ReportsViewProps, K>;

type ChoiceProps = Props<"reportOptions" | "reportId" | "onReportChange" | "clientOptions" | "clientIds" | "onClientsChange">;

export function ReportChoice(props: ChoiceProps & Props<"busy" | "loading" | "loadError" | "onReload">) {
  return (
    <>
      <SinglePicker
        label="Report"
        placeholder="Choose a report"
        options={props.reportOptions}
        value={props.reportId}
        onChange={props.onReportChange}
        disabled={props.busy}
      />
      <MultiPicker
        label="Clients"
        required
        placeholder="Choose clients"
        hint="Several clients go into one sheet with a Client column."
        options={props.clientOptions}
        selected={props.clientIds}
        onChange={props.onClientsChange}
        validationMessage={props.clientIds.length === 0 ? "Choose at least one client." : undefined}
        disabled={props.busy}
      />

      {props.loading ? <Spinner size="tiny" label="Loading the lists to choose from…" /> : null}
      {props.loadError ? (
        <MessageBar intent="error">
          <MessageBarBody>{props.loadError}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={props.onReload}>Try again</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
    </>
  );
}

export function RunOptions(
  props: Props<"mode" | "onModeChange" | "estimate" | "sheetName" | "onSheetNameChange" | "sheetNameProblem" | "busy">,
) {
  return (
    <>
      <Field label="How to run">
        <RadioGroup value={props.mode} onChange={(_, d) => props.onModeChange(d.value as RunMode)} disabled={props.busy}>
          <Radio value="sync" label="Now: wait for the answer" />
          <Radio value="async" label="As a background job: checked every 10 seconds (large reports)" />
        </RadioGroup>
      </Field>
      {props.estimate?.suggestAsync && props.mode === "sync" ? (
        <MessageBar intent="warning">
          <MessageBarBody>{`This report looks large. ${props.estimate.reason} A background job is suggested.`}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => props.onModeChange("async")}>Use a background job</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}

      <Field
        label="Sheet"
        required
        hint="An existing report sheet of this name is replaced."
        {...fieldError(props.sheetNameProblem)}
      >
        <Input value={props.sheetName} disabled={props.busy} onChange={(_, d) => props.onSheetNameChange(d.value)} />
      </Field>
    </>
  );
}

export function RunControls(
  props: Props<"problems" | "notices" | "params" | "loading" | "onRun" | "running" | "onCancel"> & { canRun: boolean },
) {
  const styles = useStyles();
  return (
    <>
      {props.problems.length > 0 && props.params && !props.loading ? (
        <ul aria-label="Before running" className={styles.list}>
          {props.problems.map((p) => (
            <li key={p}>
              <Text>{p}</Text>
            </li>
          ))}
        </ul>
      ) : null}
      {props.notices.map((n) => (
        <MessageBar key={n} intent="info">
          <MessageBarBody>{n}</MessageBarBody>
        </MessageBar>
      ))}

      <div className={styles.row}>
        <Button appearance="primary" disabled={!props.canRun} onClick={props.onRun}>
          Run report
        </Button>
        {props.running ? (
          <Button onClick={props.onCancel} aria-label={`Cancel ${props.running.label}`}>
            Cancel
          </Button>
        ) : null}
      </div>
      {props.running ? <RunStatus running={props.running} /> : null}
    </>
  );
}
