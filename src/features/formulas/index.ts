/** The formula tools (Refresh formulas, Explain this figure): what the shell may use of them (docs/architecture.md, "Features"). */
export { FormulaTools } from "./panel/FormulaTools";
