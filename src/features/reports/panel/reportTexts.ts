/** What the Reports panel says: the report choices, a run's status line, a saved report's summary, a run's outcome. */
import { REPORT_IDS } from "../../../contract";
import type { SavedReport } from "../model";
import { REPORT_TITLES, type ReportRunResult, type ReportStatus } from "../flows/reports";
import { formatDate } from "../../../ui/locale";
import type { Outcome } from "../../../ui/parts/layout";

/** The beta reports carry "(beta)" in their titles. */
export const REPORT_OPTIONS = REPORT_IDS.map((id) => ({ value: id, label: REPORT_TITLES[id] }));

/** One line about what a run is doing. */
export function statusText(s: ReportStatus): string {
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

/** A report sheet's line in the list: report, dates, clients, and whether it runs as a background job. */
export function describeSaved(saved: SavedReport): string {
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

/** The rows written, then the clients left out and the values kept as text (a warning when there are any). */
export function runOutcome(result: ReportRunResult): Exclude<Outcome, null> {
  const parts = [`${result.rowCount} row${result.rowCount === 1 ? "" : "s"} written to the sheet “${result.sheetName}”.`];
  if (result.failures.length > 0)
    parts.push(`Not included: ${result.failures.map((f) => `${f.clientName} (${f.message})`).join("; ")}`);
  if (result.note) parts.push(result.note);
  if (result.valueProblems) parts.push(result.valueProblems);
  const intent = result.failures.length > 0 || result.valueProblems ? "warning" : "success";
  return { intent, text: parts.join(" ") };
}
