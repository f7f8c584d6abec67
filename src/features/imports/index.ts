/** The Imports feature: what the shell and other features may use of it (docs/architecture.md, "Features"). */
export { ImportsPanel } from "./panel/ImportsPanel";
export { IMPORT_SHEETS } from "./flows/imports";
