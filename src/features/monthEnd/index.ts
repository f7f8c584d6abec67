/** The Month end feature: what the shell may use of it (docs/architecture.md, "Features"). */
export { MonthEndPanel } from "./panel/MonthEndPanel";
export { fixOverviewToday } from "./flows/overviewClock";
