/** The browser preview page's grid view (the in-browser workbook itself is src/emulator). */
export { WorkbookView } from "./WorkbookView";
