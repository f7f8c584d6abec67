import * as React from "react";
import type { AppServices, ProgressTask } from "./services";
import type { Client } from "../contract";
import type { ClientRef, FlowContext } from "./flows/common";
import { preparedBy } from "./preparedBy";

const AppServicesContext = React.createContext<AppServices | null>(null);

/** Supplies the shell's services to every panel below it. The shell (App) renders it; tests may too. */
export const AppServicesProvider = AppServicesContext.Provider;

/** The shell's services. Throws outside the shell so a panel mounted on its own fails loudly, not silently. */
export function useAppServices(): AppServices {
  const services = React.useContext(AppServicesContext);
  if (!services) throw new Error("useAppServices() must be used inside the task-pane shell (AppServicesProvider).");
  return services;
}

export type ConnectedServices = AppServices & {
  api: NonNullable<AppServices["api"]>;
  clientId: number;
  reads: NonNullable<AppServices["reads"]>;
};

/** The services once the pane is connected and a client is chosen; null before. Panels render a hint when it is null. */
export function useConnectedServices(): ConnectedServices | null {
  const services = useAppServices();
  if (!services.api || services.clientId === null || !services.reads) return null;
  return services as ConnectedServices;
}

/** The chosen client's record in the service's client list (features, numbering), undefined if the list lacks it. */
export function clientRecordOf(services: ConnectedServices): Client | undefined {
  return services.clients.find((c) => c.id === services.clientId);
}

/** The chosen client as flows take it: its ID and the name the service's list gives (null, not invented, when it lacks it). */
export function clientOf(services: ConnectedServices): ClientRef {
  return { id: services.clientId, name: clientRecordOf(services)?.name ?? null };
}

/**
 * The FlowContext for one task under the progress bar: the connected services, the chosen client, and
 * the task's Cancel and counts. Panels build it here, once per run, and hand it to a flow as its first argument:
 * `run(label, (task) => importWaves(flowContextFor(services, task), options), describe)`.
 */
export function flowContextFor(services: ConnectedServices, task: ProgressTask): FlowContext {
  return {
    api: services.api,
    workbook: services.workbook,
    client: clientOf(services),
    progress: task,
    signal: task.signal,
    preparedBy: preparedBy(),
    reads: services.reads,
  };
}
