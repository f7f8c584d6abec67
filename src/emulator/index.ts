/** The Excel emulator, an in-browser workbook: the Excel.* subset the Excel layer uses, over a model the grid view renders. */
export { createPreviewWorkbook, createPreviewExcel, installPreviewExcel, type PreviewExcelNamespace } from "./excel";
export { WorkbookModel, SheetModel } from "./model";
export type { Rect, PreviewWorkbookOptions } from "./model";
export { formatValue } from "./numberFormat";
export { parseEntry } from "./entry";
export { chartData, copyChart, type ChartData } from "./charts";
