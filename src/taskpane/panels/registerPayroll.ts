/** Registers the Pay runs, Leave, Employees and Calculations panels with the shell. */
import { registerFeature } from "../features";
import { CalculationsPanel } from "./CalculationsPanel";
import { LeavePanel } from "./LeavePanel";
import { PayRunsPanel } from "./PayRunsPanel";
import { PeoplePanel } from "./PeoplePanel";

registerFeature({ id: "pay-runs", title: "Pay runs", order: 30, Panel: PayRunsPanel });
registerFeature({ id: "leave", title: "Leave", order: 50, Panel: LeavePanel });
registerFeature({ id: "employees", title: "Employees", order: 60, Panel: PeoplePanel });
registerFeature({ id: "calculations", title: "Calculations", order: 70, Panel: CalculationsPanel });
