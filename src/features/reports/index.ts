/** The Reports feature: what the shell, the preview and other features may use of it (docs/architecture.md, "Features"). */
export { ReportsPanel } from "./panel/ReportsPanel";
export { itemLabels } from "./model";
export { lowerReportPollFloor } from "./flows/reportPolling";
export { REPORT_SHEETS_SETTING, reportSheetSettings } from "./model/saved";
export { cellsInTheWay } from "./model/keepCells";
