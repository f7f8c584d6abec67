/**
 * The Reports panel: the view (ReportsView) with the state and flows of useReports (./reports). Lists for the
 * pickers are loaded per report and client (shared reads); a run goes through the shell's progress area (with
 * Cancel) and the panel's own Cancel button and elapsed time.
 */
import { Text } from "@fluentui/react-components";
import { type ConnectedServices, useConnectedServices } from "../../../ui/context";
import { useReports } from "./useReports";
import { ReportsView } from "./ReportsView";

export function ReportsPanel() {
  const services = useConnectedServices();
  if (!services) return <Text>Connect and choose a client to run reports.</Text>;
  return <ConnectedReports services={services} />;
}

function ConnectedReports({ services }: { services: ConnectedServices }) {
  return <ReportsView {...useReports(services)} />;
}
