/**
 * The shell contract: what every feature panel gets from the task-pane shell.
 * Panels read it with `useAppServices()` (see ./context) and hand it to their flows in ./flows.
 */
import type { PayrollApi } from "../api";
import type { Client } from "../contract";
import type { WorkbookPort } from "../excel";
import type { ClientReads } from "./serverState";

export type NotifyIntent = "success" | "info" | "warning" | "error";

/** Handed to long work by `progress.run`: report counts and watch the Cancel button through `signal`. */
export interface ProgressTask {
  /** Aborted when the user presses Cancel. Pass it to every PayrollApi call (`{ signal }`) and stop between steps. */
  readonly signal: AbortSignal;
  /** `done` of `total` units (rows, requests...). Leave `total` out while it is unknown (indeterminate bar). */
  update(done: number, total?: number, detail?: string): void;
}

export interface ProgressApi {
  /**
   * Runs `work` with a progress bar, counts and a Cancel button, and resolves or rejects with its outcome.
   * Cancelling only aborts the signal: the work decides what "stop without losing what is done" means,
   * typically by finishing the current step and marking the rest of the rows as not sent.
   */
  run<T>(label: string, work: (task: ProgressTask) => Promise<T>): Promise<T>;
  /** True while at least one task runs: panels disable their start buttons with it. */
  readonly busy: boolean;
}

export interface AppServices {
  /** The connected PayrollApi, or null until the user connects with a key the service accepts. */
  api: PayrollApi | null;
  /** The client (company) the workbook is linked to; remembered in the workbook's document settings. */
  clientId: number | null;
  /** Every client the key can reach (GET /clients/). */
  clients: Client[];
  /**
   * The lists panels share (waves, items_and_outputs, employees, pay runs, leave types) through react-query, read
   * once per client for this connection; null until connected. Invalidate a list after a write that changes it.
   */
  reads: ClientReads | null;
  /** The workbook: Excel in Office, the in-browser workbook in the preview. */
  workbook: WorkbookPort;
  progress: ProgressApi;
  /** Shows a message in the pane. Never pass the API key or raw request data. */
  notify(message: string, intent?: NotifyIntent): void;
}

/** True when an error comes from a cancelled task (the PayrollApi's AbortedError or a DOM AbortError). */
export function isAbortError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "AbortedError" || error.name === "AbortError";
}
