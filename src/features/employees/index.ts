/** The Employees feature: what the shell may use of it (docs/architecture.md, "Features"). */
export { EmployeesPanel } from "./panel/EmployeesPanel";
