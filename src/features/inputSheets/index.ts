/** The Input sheets feature: what the shell and other features may use of it (docs/architecture.md, "Features"). */
export { InputSheetsPanel } from "./panel/InputSheetsPanel";
export { pendingSheetsOf, type SheetPending } from "./flows/pendingSheets";
export { type BuildInputSheetResult, buildInputSheet, listInputSheets } from "./flows/inputs";
export { readLastInputs } from "./flows/lastInputs";
export { followInputSheets } from "./flows/sheetIdentity";
export { readHistory } from "./flows/changeHistory";
export { readPending, readSheetBasis } from "./flows/pending";
export { lastPushOf } from "./model/changeHistory";
export { PUSH_LOG_SHEET } from "./model/pushLog";
export { readLogTable } from "./flows/logSheets";
export { inputSheetSettings } from "./model/inputSheetModel";
