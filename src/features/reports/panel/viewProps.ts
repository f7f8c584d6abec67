/** What the Reports view shows and the callbacks it calls (ReportsView and its parts take these). */
import type { ReportId } from "../../../contract";
import type { ClientReportData, PickerOption, ReportParams, RunMode, SizeEstimate } from "../model";
import type { Outcome } from "../../../ui/parts/layout";
import type { ReactNode } from "react";
import type { RunningReport } from "./RunStatus";

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
  /** The question before a report replaces a person's cells (useReplaceQuestion). */
  dialogs?: ReactNode;
}
