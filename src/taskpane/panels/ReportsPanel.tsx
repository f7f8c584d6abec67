/**
 * The Reports panel: wires the shell's services to the report flows and the view.
 * Lists for the pickers are loaded per report and client (cached for the session); a run goes through the shell's
 * progress area (with Cancel) and the panel's own Cancel button and elapsed time.
 */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { REPORT_IDS, type ReportId } from "../../contract";
import { sheetNameProblem } from "../../sheets/excelConventions";
import {
  REPORT_NEEDS,
  buildRequests,
  defaultParams,
  estimateSize,
  type ClientReportData,
  type ReportParams,
  type RunMode,
  type SavedReport,
} from "../../sheets/reports";
import { type ConnectedServices, flowContextFor, useConnectedServices } from "../context";
import type { FlowContext } from "../flows/common";
import { isAbortError } from "../services";
import { formatDate } from "../locale";
import { cancelledText } from "../../sheets/rowOutcomes";
import { loadReportData } from "../flows/reportsData";
import { useClientView } from "../serverState";
import {
  REPORT_TITLES,
  defaultReportSheetName,
  listReportSheets,
  newSavedReport,
  refreshReportSheet,
  runReportToSheet,
  savedReportOf,
  type ReportRunOptions,
  type ReportRunResult,
  type ReportStatus,
} from "../flows/reports";
import { ReportsView, formatElapsed, type ReportSheetEntry, type ReportsViewProps, type RunningReport } from "./ReportsView";

export function ReportsPanel() {
  const services = useConnectedServices();
  if (!services) return <Text>Connect and choose a client to run reports.</Text>;
  return <ConnectedReports services={services} />;
}

/** The beta reports carry "(beta)" in their titles. */
const REPORT_OPTIONS = REPORT_IDS.map((id) => ({ value: id, label: REPORT_TITLES[id] }));

/** One line about what a run is doing. */
function statusText(s: ReportStatus): string {
  switch (s.phase) {
    case "requesting":
      return s.total > 1 ? `Asking the service for ${s.clientName} (${s.done + 1} of ${s.total})…` : "Asking the service…";
    case "queued":
      return `Report job${s.total > 1 ? "s" : ""} started (${s.started} of ${s.total}). Checking every 10 seconds.`;
    case "polling":
      return `Waiting for the service: ${s.finished} of ${s.total} finished, checked ${s.polls} time${s.polls === 1 ? "" : "s"}.`;
    case "queue-full":
      return s.message;
    case "writing":
      return `Writing ${s.rows} rows…`;
  }
}

function describeSaved(saved: SavedReport): string {
  const b = saved.requests[0].body;
  const when =
    typeof b.start_date === "string" && typeof b.end_date === "string"
      ? `${formatDate(b.start_date)} – ${formatDate(b.end_date)}`
      : typeof b.date === "string"
        ? `at ${formatDate(b.date)}`
        : "";
  const clients = new Set(saved.requests.map((r) => r.clientName)).size;
  return [
    REPORT_TITLES[saved.reportId],
    when,
    clients > 1 ? `${clients} clients` : saved.requests[0].clientName,
    saved.mode === "async" ? "background job" : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function ConnectedReports({ services }: { services: ConnectedServices }) {
  const { workbook, progress, notify } = services;
  const [reportId, setReportId] = React.useState<ReportId>("transaction_history");
  const [clientIds, setClientIds] = React.useState<number[]>([services.clientId]);
  const [data, setData] = React.useState<ClientReportData[]>([]);
  const [params, setParams] = React.useState<ReportParams | null>(null);
  const [mode, setMode] = React.useState<RunMode>("sync");
  const [sheetName, setSheetName] = React.useState(defaultReportSheetName(reportId, 1));
  const [sheetNameEdited, setSheetNameEdited] = React.useState(false);
  const [running, setRunning] = React.useState<RunningReport | null>(null);
  const [outcome, setOutcome] = React.useState<ReportsViewProps["outcome"]>(null);
  const [reportSheets, setReportSheets] = React.useState<ReportSheetEntry[]>([]);
  const cancelRef = React.useRef<AbortController | null>(null);

  // The workbook's client changes: report on it by default.
  React.useEffect(() => setClientIds([services.clientId]), [services.clientId]);

  // Keyed by IDs and names so that a new but equal clients array does not reload the lists.
  const chosenKey = JSON.stringify(
    clientIds
      .map((id) => services.clients.find((c) => c.id === id))
      .filter(Boolean)
      .map((c) => [c!.id, c!.name]),
  );
  const chosenClients = React.useMemo(
    () => (JSON.parse(chosenKey) as [number, string][]).map(([id, name]) => ({ id, name })),
    [chosenKey],
  );

  React.useEffect(() => {
    if (!sheetNameEdited) setSheetName(defaultReportSheetName(reportId, clientIds.length));
  }, [reportId, clientIds.length, sheetNameEdited]);

  // The lists this report picks from, for the chosen clients (shared: read again when one of them changes).
  const loaded = useClientView(
    services,
    "reportData",
    REPORT_NEEDS[reportId],
    (reads, signal) => loadReportData(reads, chosenClients, reportId, { signal }),
    { clients: chosenClients.map((c) => c.id), args: [reportId] },
  );
  React.useEffect(() => {
    if (!loaded.data) return;
    setData(loaded.data);
    setParams(chosenClients.length > 0 ? defaultParams(reportId, loaded.data, new Date()) : null);
  }, [loaded.data, chosenClients.length, reportId]);

  const loadSheets = React.useCallback(async () => {
    try {
      const names = await listReportSheets(workbook);
      const entries = await Promise.all(
        names.map(async (name) => {
          const saved = await savedReportOf(workbook, name);
          return saved ? { sheetName: name, description: describeSaved(saved) } : null;
        }),
      );
      setReportSheets(entries.filter((e): e is ReportSheetEntry => e !== null));
    } catch (error) {
      notify(`Could not read the workbook's report sheets: ${error instanceof Error ? error.message : String(error)}`, "warning");
    }
  }, [workbook, notify]);
  React.useEffect(() => void loadSheets(), [loadSheets]);

  const built = React.useMemo(() => (params ? buildRequests(params, data) : null), [params, data]);
  const estimate = React.useMemo(() => (params ? estimateSize(params, data) : null), [params, data]);

  const execute = React.useCallback(
    (label: string, work: (ctx: FlowContext, o: ReportRunOptions) => Promise<ReportRunResult>) =>
      progress.run(label, async (task) => {
        const controller = new AbortController();
        cancelRef.current = controller;
        const onTaskAbort = () => controller.abort();
        task.signal.addEventListener("abort", onTaskAbort, { once: true });
        const startedAt = Date.now();
        let status = "Starting…";
        setRunning({ label, startedAt, status });
        setOutcome(null);
        // The shell's progress line shows the elapsed time too.
        const tick = setInterval(
          () => task.update(0, undefined, `${status} Elapsed ${formatElapsed(Date.now() - startedAt)}`),
          1000,
        );
        try {
          // The panel's own Cancel button aborts the run as well as the shell's.
          const ctx = { ...flowContextFor(services, task), signal: controller.signal };
          const result = await work(ctx, {
            onStatus: (s) => {
              status = statusText(s);
              setRunning({ label, startedAt, status });
            },
          });
          const parts = [`${result.rowCount} row${result.rowCount === 1 ? "" : "s"} written to the sheet “${result.sheetName}”.`];
          if (result.failures.length > 0)
            parts.push(`Not included: ${result.failures.map((f) => `${f.clientName} (${f.message})`).join("; ")}`);
          if (result.valueProblems) parts.push(result.valueProblems);
          const intent = result.failures.length > 0 || result.valueProblems ? "warning" : "success";
          setOutcome({ intent, text: parts.join(" ") });
          await loadSheets();
        } catch (error) {
          if (controller.signal.aborted || isAbortError(error)) {
            const text = cancelledText(label, "The sheet was not changed (the service may still finish the job on its side).");
            setOutcome({ intent: "info", text });
          } else {
            setOutcome({ intent: "error", text: error instanceof Error ? error.message : String(error) });
          }
        } finally {
          clearInterval(tick);
          task.signal.removeEventListener("abort", onTaskAbort);
          cancelRef.current = null;
          setRunning(null);
        }
      }),
    [services, progress, loadSheets],
  );

  const onRun = () => {
    if (!params || !built || built.problems.length > 0) return;
    const saved = newSavedReport({
      reportId,
      mode,
      sheetName,
      requests: built.requests,
      columnLabels: built.columnLabels,
      customFields: params.reportId === "transaction_history" ? params.customFields : [],
      clientCount: chosenClients.length,
    });
    void execute(`${REPORT_TITLES[reportId]} report`, (ctx, o) => runReportToSheet(ctx, saved, o));
  };

  const onRefresh = (name: string) => void execute(`Refreshing "${name}"`, (ctx, o) => refreshReportSheet(ctx, name, o));

  return (
    <ReportsView
      reportOptions={REPORT_OPTIONS}
      reportId={reportId}
      onReportChange={(id) => {
        setReportId(id);
        setMode("sync");
      }}
      clientOptions={services.clients.map((c) => ({ value: c.id, label: c.name }))}
      clientIds={clientIds}
      onClientsChange={setClientIds}
      loading={loaded.loading}
      loadError={loaded.error && `Could not load the lists for this report: ${loaded.error}`}
      onReload={loaded.reload}
      data={data}
      params={params}
      onParamsChange={setParams}
      mode={mode}
      onModeChange={setMode}
      estimate={estimate}
      sheetName={sheetName}
      onSheetNameChange={(name) => {
        setSheetName(name);
        setSheetNameEdited(true);
      }}
      sheetNameProblem={sheetNameProblem(sheetName)}
      problems={built?.problems ?? []}
      notices={built?.notices ?? []}
      busy={progress.busy || running !== null}
      onRun={onRun}
      running={running}
      onCancel={() => cancelRef.current?.abort()}
      outcome={outcome}
      reportSheets={reportSheets}
      onRefresh={onRefresh}
    />
  );
}
