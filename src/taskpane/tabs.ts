/**
 * The pane's feature tabs, in order. The shell shows them once a client is connected and chosen; each panel reads
 * the shell's services with useConnectedServices() and takes no props. A new feature adds one line here.
 */
import type * as React from "react";
import { CalculationsPanel } from "./panels/CalculationsPanel";
import { EmployeesPanel } from "./panels/EmployeesPanel";
import { ImportsPanel } from "./panels/ImportsPanel";
import { InputSheetsPanel } from "./panels/InputSheetsPanel";
import { LeavePanel } from "./panels/LeavePanel";
import { PayRunsPanel } from "./panels/PayRunsPanel";
import { ReportsPanel } from "./panels/ReportsPanel";

export interface PaneTab {
  /** Stable id: the tab value and the tab's and panel's element ids. */
  id: string;
  /** Tab label. */
  title: string;
  Panel: React.ComponentType;
}

export const TABS: readonly PaneTab[] = [
  { id: "imports", title: "Imports", Panel: ImportsPanel },
  { id: "input-sheets", title: "Input sheets", Panel: InputSheetsPanel },
  { id: "pay-runs", title: "Pay runs", Panel: PayRunsPanel },
  { id: "reports", title: "Reports", Panel: ReportsPanel },
  { id: "leave", title: "Leave", Panel: LeavePanel },
  { id: "employees", title: "Employees", Panel: EmployeesPanel },
  { id: "calculations", title: "Calculations", Panel: CalculationsPanel },
];
