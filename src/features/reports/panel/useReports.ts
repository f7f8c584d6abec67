/** The Reports panel's state and flows: the form (useReportForm), the run (useReportRun), the report sheets. */
import type { ConnectedServices } from "../../../ui/context";
import { REPORT_TITLES, newSavedReport, refreshReportSheet, runReportToSheet } from "../flows/reports";
import { variancePeriodText } from "../model";
import { formatDate } from "../../../ui/locale";
import { REPORT_OPTIONS } from "./reportTexts";
import { useReportForm } from "./useReportForm";
import { useReportRun } from "./useReportRun";
import { useReportSheets } from "./useReportSheets";
import type { ReportsViewProps } from "./viewProps";
import { useReplaceQuestion } from "./useReplaceQuestion";

export function useReports(services: ConnectedServices): ReportsViewProps {
  const form = useReportForm(services);
  const { reportSheets, loadSheets } = useReportSheets(services.workbook, services.notify);
  const { running, outcome, execute, cancel } = useReportRun(services, loadSheets);
  // A person's cells where the report goes are replaced only after they say so.
  const replace = useReplaceQuestion();

  const onRun = () => {
    const { params, built, reportId } = form;
    if (!params || !built || built.problems.length > 0) return;
    const saved = newSavedReport({
      reportId,
      mode: form.mode,
      sheetName: form.sheetName,
      requests: built.requests,
      columnLabels: built.columnLabels,
      customFields: params.reportId === "transaction_history" ? params.customFields : [],
      clientCount: form.chosenClients.length,
      ...(params.reportId === "variance"
        ? {
            showUnchanged: params.showUnchanged ?? false,
            titleDetail: variancePeriodText(params, form.data, formatDate) ?? undefined,
          }
        : {}),
    });
    void execute(`${REPORT_TITLES[reportId]} report`, (ctx, o) =>
      runReportToSheet(ctx, saved, { ...o, confirmReplace: replace.ask }),
    );
  };
  const onRefresh = (name: string) =>
    void execute(`Refreshing "${name}"`, (ctx, o) => refreshReportSheet(ctx, name, { ...o, confirmReplace: replace.ask }));

  return {
    reportOptions: REPORT_OPTIONS,
    ...form.viewProps,
    busy: services.progress.busy || running !== null,
    onRun,
    running,
    onCancel: cancel,
    outcome,
    reportSheets,
    onRefresh,
    dialogs: replace.dialog,
  };
}
