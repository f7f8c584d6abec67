/** The Leave feature: what the shell may use of it (docs/architecture.md, "Features"). */
export { LeavePanel } from "./panel/LeavePanel";
