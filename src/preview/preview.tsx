/**
 * The browser preview page: installs the in-browser workbook as the `Excel` global, so the Excel layer
 * (createOfficeWorkbook) runs unchanged, then shows the workbook grid beside the real task pane. The header holds
 * the pane's theme switch; F6 moves between header, workbook and pane as in Excel.
 */
import * as React from "react";
import { createRoot } from "react-dom/client";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { createPreviewWorkbook, installPreviewExcel } from "../emulator";
import { WorkbookView } from "./WorkbookView";
import { createOfficeWorkbook } from "../excel";
// The add-in's PAYROLL functions: importing them registers them (the build appends their associate calls).
import "../functions/functions";
import { installFormulaFunctions } from "./formulaFunctions";
import { mountPane } from "../app/mount";
import { sheetSettings } from "../app/sheetSettings";
import { lowerReportPollFloor } from "../features/reports";
import { fixOverviewToday } from "../features/monthEnd";
import { cycleRegionsWithF6 } from "./regions";
import { ThemeSwitch } from "./ThemeSwitch";
import { askBeforeLeaving, keepSidewaysWheelsInPage } from "./leaveGuard";

const params = new URLSearchParams(window.location.search);
// ?dateSystem=1904 opens a workbook in the 1904 date system (Excel for Mac's old default), as a real workbook can be.
// ?autoCorrectTables=off plays an Excel whose AutoCorrect option "Include new rows and columns in table" is off;
// ?onActivated=denied one that refuses the sheet-activation event with AccessDenied (some builds do).
const workbook = installPreviewExcel(
  globalThis,
  createPreviewWorkbook({
    dateSystem: params.get("dateSystem") === "1904" ? "1904" : "1900",
    autoCorrectTables: params.get("autoCorrectTables") !== "off",
    refuseActivatedEvents: params.get("onActivated") === "denied",
  }),
);
/** Closes the task pane and opens it again on the same workbook (set once the pane is mounted). */
let reopenPane = () => {};
// Handle for the browser console and the end-to-end tests (they scan the whole workbook state, and reopen the pane
// as a person closes and opens it in Excel: what it remembers must come from the workbook).
// fixOverviewToday fixes the Month-end overview's today (its pay calendar), as a test fixes a clock.
(globalThis as { __payrollPreview?: unknown }).__payrollPreview = {
  workbook,
  reopenPane: () => reopenPane(),
  fixOverviewToday,
};
// Formulas call the PAYROLL functions through their own batching and cache, showing #BUSY! until each answers; they
// are streaming functions, which set new results after a connection, Refresh formulas, a push or an import.
installFormulaFunctions(workbook);
// Leaving the page loses the workbook: the page asks first while it holds anything, and no sideways wheel or swipe
// becomes the browser's back or forward.
askBeforeLeaving(window, workbook);
keepSidewaysWheelsInPage(window);
// Test seam: ?reportPollMs=<ms> polls report jobs sooner than the service's 10 s, for the sandbox's short jobs in the
// e2e tests. The add-in in Office never reads it.
lowerReportPollFloor(Number(params.get("reportPollMs")));

const header = document.getElementById("preview-header");
const tools = document.getElementById("preview-tools");
const grid = document.getElementById("grid");
const pane = document.getElementById("pane");
if (header && tools && grid && pane) {
  createRoot(tools).render(<ThemeSwitch />);
  createRoot(grid).render(
    <FluentProvider theme={webLightTheme} style={{ height: "100%" }}>
      <WorkbookView workbook={workbook} />
    </FluentProvider>,
  );
  const open = () =>
    mountPane({ container: pane, workbook: createOfficeWorkbook({ sheetSettings }), origin: window.location.origin });
  let root = open();
  reopenPane = () => {
    root.unmount();
    root = open();
  };
  cycleRegionsWithF6(document, [
    { element: header },
    { element: grid, entry: () => grid.querySelector<HTMLElement>('[role="grid"]') },
    { element: pane },
  ]);
}
