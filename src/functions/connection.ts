/**
 * The pane's connection as the PAYROLL functions see it. The pane sets it on connect, on a client change and on
 * Forget (null); the functions run in the same (shared) runtime and read it here. Its client is the one the workbook's
 * formulas are linked to, which the pane's client picker does not change. The key stays inside the
 * PayrollApi, in memory: nothing here is written to the workbook. Each connection gets a fresh cache, so no
 * figure outlives its key, service or client; invalidateFormulaResults() empties it after Refresh formulas, a push
 * or an import, and tells the listeners (Excel's recalculation, the preview) to evaluate the formulas again.
 */
import type { PayrollApi } from "../api";
import { FormulaCache } from "./cache";

/** The client methods the functions call (a test passes a counting stand-in). */
export type FormulaSource = Pick<
  PayrollApi,
  "runReport" | "listEmployees" | "getEmployee" | "listWaves" | "listLeaveTypes" | "getLeaveBalances"
>;

export interface FunctionsConnection {
  source: FormulaSource;
  /**
   * The client the workbook's formulas are linked to (its document setting payroll.formulasClientId), used by a
   * formula without a client_id; null until linked. Not the pane's current choice: switching that changes no figure.
   */
  clientId: number | null;
}

interface Current extends FunctionsConnection {
  cache: FormulaCache;
}

let current: Current | null = null;
const listeners = new Set<() => void>();

/** The pane calls this on connect and when the workbook's formulas are linked (with the new values) and on Forget (null). */
export function setFunctionsConnection(connection: FunctionsConnection | null): void {
  const sameSource = current !== null && connection !== null && current.source === connection.source;
  // A new key or service starts an empty cache; another linked client keeps figures of other clients (keyed by client).
  current = connection ? { ...connection, cache: sameSource ? current!.cache : new FormulaCache() } : null;
  notify();
}

export function functionsConnection(): Readonly<Current> | null {
  return current;
}

/**
 * Forget cached figures (of one client, or all) and have the formulas evaluated again. Flows call this after a push
 * or an import that changes payroll data; the pane's Refresh formulas button calls it with no client.
 */
export function invalidateFormulaResults(clientId?: number): void {
  current?.cache.clear(clientId);
  notify();
}

/** Run `listener` whenever the formulas should be evaluated again; returns the unsubscribe function. */
export function onFormulaResultsInvalidated(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const l of [...listeners]) l();
}
