/** The Excel emulator, an in-browser workbook: the Excel.* subset the Excel layer uses, over a model the grid view renders. */
export { createPreviewWorkbook, createPreviewExcel, installPreviewExcel, type PreviewExcelNamespace } from "./excel";
export { WorkbookModel, SheetModel, FIVE_MB, parseAddress, rectAddress } from "./model";
export type { Cell, CellRef, Rect, TableModel, PreviewWorkbookOptions, SyncRecord } from "./model";
export { PreviewExcelError, type Scalar } from "./values";
export { formatValue } from "./numberFormat";
export { parseEntry } from "./entry";
