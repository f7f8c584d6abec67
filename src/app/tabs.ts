/**
 * The pane's feature tabs, in order. The shell shows them once the pane is connected and a client is chosen; each panel reads
 * the shell's services with useConnectedServices() and takes no props. A new feature adds one line here.
 *
 * Every panel is its own chunk, loaded with import() the first time its tab is opened: the first paint carries only
 * the Connection section (docs/architecture.md, "Entries and pages"). Keep these imports dynamic; a static import of
 * a panel here would pull it, and the Fluent components it uses, back into the first chunk.
 */
import * as React from "react";

export interface PaneTab {
  /** Stable id: the tab value and the tab's and panel's element ids. */
  id: string;
  /** Tab label. */
  title: string;
  Panel: React.ComponentType;
}

/** A panel component loaded on first render; webpackChunkName names its chunk (the name gets the content hash). */
function lazyPanel<K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K): React.ComponentType {
  return React.lazy(() => load().then((module): { default: React.ComponentType } => ({ default: module[name] })));
}

export const TABS: readonly PaneTab[] = [
  {
    id: "imports",
    title: "Imports",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-imports" */ "../features/imports"), "ImportsPanel"),
  },
  {
    id: "input-sheets",
    title: "Input sheets",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-input-sheets" */ "../features/inputSheets"), "InputSheetsPanel"),
  },
  {
    id: "month-end",
    title: "Month end",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-month-end" */ "../features/monthEnd"), "MonthEndPanel"),
  },
  {
    id: "pay-runs",
    title: "Pay runs",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-pay-runs" */ "../features/payRuns"), "PayRunsPanel"),
  },
  {
    id: "reports",
    title: "Reports",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-reports" */ "../features/reports"), "ReportsPanel"),
  },
  {
    id: "leave",
    title: "Leave",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-leave" */ "../features/leave"), "LeavePanel"),
  },
  {
    id: "employees",
    title: "Employees",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-employees" */ "../features/employees"), "EmployeesPanel"),
  },
  {
    id: "calculations",
    title: "Calculations",
    Panel: lazyPanel(() => import(/* webpackChunkName: "panel-calculations" */ "../features/calculations"), "CalculationsPanel"),
  },
];
