/** The Leave feature: LeaveView with the state and flows of useLeave (leave types, balances, the Leave days sheet). */
import { Text } from "@fluentui/react-components";
import { useConnectedServices } from "../../../ui/context";
import { LeaveView } from "./LeaveView";
import { useLeave } from "./useLeave";

export function LeavePanel() {
  const services = useConnectedServices();
  const props = useLeave(services);
  if (!props) return <Text>Connect and choose a client to work with leave.</Text>;
  return <LeaveView {...props} />;
}
