/** The Pay runs feature: what the shell may use of it (docs/architecture.md, "Features"). */
export { PayRunsPanel } from "./panel/PayRunsPanel";
