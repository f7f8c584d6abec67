/** The Calculations feature: CalculationsView with the state and flows of useCalculations (calculations, Regular Hours). */
import { Text } from "@fluentui/react-components";
import { useConnectedServices } from "../../../ui/context";
import { CalculationsView } from "./CalculationsView";
import { useCalculations } from "./useCalculations";

export function CalculationsPanel() {
  const services = useConnectedServices();
  const props = useCalculations(services);
  if (!props) return <Text>Connect and choose a client to work with calculations.</Text>;
  return <CalculationsView {...props} />;
}
