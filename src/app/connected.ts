/**
 * What the pane needs once connected, one chunk fetched right after the first paint (connectedLoader.ts): the
 * connection flow with the HTTP API (its response schemas and rate limiter are the largest part of the pane's code),
 * the server-state cache, the feature tabs, the formula tools (Refresh formulas, Explain this figure) and the progress area (empty until work runs). The panels themselves load when opened (tabs.ts).
 */
export { connect, connectionErrorMessage, normaliseServiceUrl, serviceUrlProblem } from "./connection";
export { createClientReads, createPaneQueryClient, forgetOtherConnections } from "../ui/serverState";
export { FeatureTabs } from "./FeatureTabs";
export { FormulaTools } from "../features/formulas";
export { ProgressArea } from "./components/ProgressArea";
export { ClientChangeDialog } from "./components/ClientChangeDialog";
export { pendingSheetsOf } from "../features/inputSheets";
