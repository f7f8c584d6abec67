/** The Employees feature: EmployeesView with the state and flows of useEmployees (employees, service periods, waves). */
import { Text } from "@fluentui/react-components";
import { useConnectedServices } from "../../../ui/context";
import { EmployeesView } from "./EmployeesView";
import { useEmployees } from "./useEmployees";

export function EmployeesPanel() {
  const services = useConnectedServices();
  const props = useEmployees(services);
  if (!props) return <Text>Connect and choose a client to work with employees.</Text>;
  return <EmployeesView {...props} />;
}
