/**
 * The browser preview page: installs the in-browser workbook as the `Excel` global, so the Excel layer
 * (createOfficeWorkbook) runs unchanged, then shows the workbook grid beside the real task pane.
 */
import * as React from "react";
import { createRoot } from "react-dom/client";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { installPreviewExcel, WorkbookView } from ".";
import { createOfficeWorkbook } from "../excel";
import { mountPane } from "../taskpane/mount";

const workbook = installPreviewExcel(globalThis);
// Handle for the browser console and the end-to-end tests (they scan the whole workbook state).
(globalThis as { __payrollPreview?: unknown }).__payrollPreview = { workbook };

const grid = document.getElementById("grid");
const pane = document.getElementById("pane");
if (grid && pane) {
  createRoot(grid).render(
    <FluentProvider theme={webLightTheme} style={{ height: "100%" }}>
      <WorkbookView workbook={workbook} />
    </FluentProvider>,
  );
  mountPane({ container: pane, workbook: createOfficeWorkbook(), origin: window.location.origin });
}
