/** The Excel layer: the WorkbookPort interface and its Office implementation (Excel's cell conventions: sheets/excelConventions). */
export * from "./port";
/** @internal The preview, benches and tests create the port here; the Office entry loads officeWorkbook.ts lazily. */
export { createOfficeWorkbook } from "./officeWorkbook";
export type { SheetSettingKind } from "./session";
export { ADDIN_FILLS } from "./fills";
export { CELL_EDIT_MESSAGE, onCellEditWait } from "./cellEdit";
export {
  officeCanDownload,
  officeDisplayLanguage,
  officePartitionKey,
  officeTheme,
  onOfficeReady,
  onOfficeThemeChanged,
  type OfficeGlobals,
  type OfficeThemeColors,
} from "./officeHost";
