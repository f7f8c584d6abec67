/** The Calculations feature: what the shell may use of it (docs/architecture.md, "Features"). */
export { CalculationsPanel } from "./panel/CalculationsPanel";
