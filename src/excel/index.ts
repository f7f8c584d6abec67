/** The Excel layer: the WorkbookPort interface, its Office implementation, and pure cell helpers. */
export * from "./port";
export * from "./cells";
export { createOfficeWorkbook } from "./officeWorkbook";
