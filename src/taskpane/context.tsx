import * as React from "react";
import type { AppServices } from "./services";

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

/** The services once a client is connected and chosen; null before. Panels render a hint when it is null. */
export function useConnectedServices(): ConnectedServices | null {
  const services = useAppServices();
  if (!services.api || services.clientId === null || !services.reads) return null;
  return services as ConnectedServices;
}

/** The chosen client's record (undefined if the list lacks it) and the target flows write for: ID and name. */
export function chosenClient(services: ConnectedServices) {
  const { clientId } = services;
  const info = services.clients.find((c) => c.id === clientId);
  return { info, target: { clientId, clientName: info?.name ?? `Client ${clientId}` } };
}
