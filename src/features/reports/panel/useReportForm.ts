/**
 * What a report run is made of, as the Reports panel holds it: the report, the clients, the lists its form picks
 * from (loaded per report and client through the shared reads), the parameters, how to run it and the sheet.
 */
import * as React from "react";
import type { ReportId } from "../../../contract";
import { sheetNameProblem } from "../../../xl/excelConventions";
import {
  REPORT_NEEDS,
  buildRequests,
  defaultParams,
  estimateSize,
  type ClientReportData,
  type ReportParams,
  type RunMode,
} from "../model";
import type { ConnectedServices } from "../../../ui/context";
import { defaultReportSheetName } from "../flows/reports";
import { loadReportData } from "../flows/reportsData";
import { useClientView } from "../../../ui/serverState";

/** The chosen clients as { id, name }, a new array only when their IDs or names change (so lists are not read again). */
function useChosenClients(services: ConnectedServices, clientIds: number[]) {
  const chosenKey = JSON.stringify(
    clientIds
      .map((id) => services.clients.find((c) => c.id === id))
      .filter(Boolean)
      .map((c) => [c!.id, c!.name]),
  );
  return React.useMemo(() => (JSON.parse(chosenKey) as [number, string][]).map(([id, name]) => ({ id, name })), [chosenKey]);
}

export function useReportForm(services: ConnectedServices) {
  const [reportId, setReportId] = React.useState<ReportId>("transaction_history");
  const [clientIds, setClientIds] = React.useState<number[]>([services.clientId]);
  const [data, setData] = React.useState<ClientReportData[]>([]);
  const [params, setParams] = React.useState<ReportParams | null>(null);
  const [mode, setMode] = React.useState<RunMode>("sync");
  const [sheetName, setSheetName] = React.useState(defaultReportSheetName(reportId, 1));
  const [sheetNameEdited, setSheetNameEdited] = React.useState(false);

  // The workbook's client changes: report on it by default.
  React.useEffect(() => setClientIds([services.clientId]), [services.clientId]);
  const chosenClients = useChosenClients(services, clientIds);

  React.useEffect(() => {
    if (!sheetNameEdited) setSheetName(defaultReportSheetName(reportId, clientIds.length));
  }, [reportId, clientIds.length, sheetNameEdited]);

  // The lists this report picks from, for the chosen clients (shared: read again when one of them changes).
  const loaded = useClientView({
    scope: services,
    name: "reportData",
    lists: REPORT_NEEDS[reportId],
    load: (reads, signal) => loadReportData(reads, chosenClients, reportId, { signal }),
    clients: chosenClients.map((c) => c.id),
    args: [reportId],
  });
  React.useEffect(() => {
    if (!loaded.data) return;
    setData(loaded.data);
    setParams(chosenClients.length > 0 ? defaultParams(reportId, loaded.data, new Date()) : null);
  }, [loaded.data, chosenClients.length, reportId]);

  const built = React.useMemo(() => (params ? buildRequests(params, data) : null), [params, data]);
  const estimate = React.useMemo(() => (params ? estimateSize(params, data) : null), [params, data]);

  const viewProps = {
    reportId,
    onReportChange(id: ReportId) {
      setReportId(id);
      setMode("sync");
    },
    clientOptions: services.clients.map((c) => ({ value: c.id, label: c.name })),
    clientIds,
    onClientsChange: setClientIds,
    loading: loaded.loading,
    loadError: loaded.error && `Could not load the lists for this report: ${loaded.error}`,
    onReload: loaded.reload,
    data,
    params,
    onParamsChange: setParams,
    mode,
    onModeChange: setMode,
    estimate,
    sheetName,
    onSheetNameChange(name: string) {
      setSheetName(name);
      setSheetNameEdited(true);
    },
    sheetNameProblem: sheetNameProblem(sheetName),
    problems: built?.problems ?? [],
    notices: built?.notices ?? [],
  };
  return { reportId, chosenClients, params, built, mode, sheetName, data, viewProps };
}
