/** The browser preview: an in-browser workbook with Excel's semantics, and its grid view. */
export * from "./workbook";
export { WorkbookView, type WorkbookViewProps } from "./WorkbookView";
