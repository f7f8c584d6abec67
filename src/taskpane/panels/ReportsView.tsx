/**
 * The Reports panel's view: report and clients, the report's form, how to run it, Run / Cancel with the elapsed
 * time, and the workbook's report sheets with Refresh. Data and callbacks only.
 */
import * as React from "react";
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
import type { ReportId } from "../../contract";
import type { ClientReportData, PickerOption, ReportParams, RunMode, SizeEstimate } from "../../sheets/reports";
import { ReportsForm } from "./ReportsForm";
import { type Outcome, OutcomeBar } from "./parts/layout";
import { fieldError } from "../components/fieldError";
import { MultiPicker, SinglePicker } from "./ReportsPickers";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: "none" },
  item: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: tokens.spacingHorizontalS },
});

export interface RunningReport {
  label: string;
  startedAt: number;
  status: string;
}

export interface ReportSheetEntry {
  sheetName: string;
  description: string;
}

export interface ReportsViewProps {
  reportOptions: PickerOption<ReportId>[];
  reportId: ReportId;
  onReportChange(reportId: ReportId): void;
  clientOptions: PickerOption<number>[];
  clientIds: number[];
  onClientsChange(ids: number[]): void;

  loading: boolean;
  loadError: string | null;
  onReload(): void;
  data: ClientReportData[];
  params: ReportParams | null;
  onParamsChange(params: ReportParams): void;

  mode: RunMode;
  onModeChange(mode: RunMode): void;
  estimate: SizeEstimate | null;
  sheetName: string;
  onSheetNameChange(name: string): void;
  sheetNameProblem: string | null;

  problems: string[];
  notices: string[];
  busy: boolean;
  onRun(): void;
  running: RunningReport | null;
  onCancel(): void;
  outcome: Outcome;

  reportSheets: ReportSheetEntry[];
  onRefresh(sheetName: string): void;
}

export function ReportsView(props: ReportsViewProps) {
  const styles = useStyles();
  const canRun = !props.busy && !props.loading && props.params !== null && props.problems.length === 0 && !props.sheetNameProblem;
  return (
    <section className={styles.root} aria-label="Reports">
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

      {props.params && !props.loading && !props.loadError ? (
        <ReportsForm data={props.data} params={props.params} onChange={props.onParamsChange} disabled={props.busy} />
      ) : null}

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
        <Button appearance="primary" disabled={!canRun} onClick={props.onRun}>
          Run report
        </Button>
        {props.running ? (
          <Button onClick={props.onCancel} aria-label={`Cancel ${props.running.label}`}>
            Cancel
          </Button>
        ) : null}
      </div>
      {props.running ? <RunStatus running={props.running} /> : null}

      <section aria-label="Report sheets">
        <Text weight="semibold">Report sheets in this workbook</Text>
        {props.reportSheets.length === 0 ? (
          <Text block size={200}>
            None yet. Each report you run gets a sheet with Refresh here.
          </Text>
        ) : (
          <ul className={styles.list}>
            {props.reportSheets.map((s) => (
              <li key={s.sheetName} className={styles.item}>
                <Text>
                  <Text weight="semibold">{s.sheetName}</Text> · {s.description}
                </Text>
                <Button
                  size="small"
                  disabled={props.busy}
                  onClick={() => props.onRefresh(s.sheetName)}
                  aria-label={`Refresh ${s.sheetName}`}
                >
                  Refresh
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <OutcomeBar outcome={props.outcome} />
    </section>
  );
}

/** The running report's status and elapsed time, ticking every second. */
function RunStatus({ running }: { running: RunningReport }) {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div>
      <Text block aria-live="polite">
        {running.status}
      </Text>
      <Text block role="timer" aria-label="Elapsed time">
        {`Elapsed ${formatElapsed(now - running.startedAt)}`}
      </Text>
    </div>
  );
}

/** 75 000 ms → "1:15". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
