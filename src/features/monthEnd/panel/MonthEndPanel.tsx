/** The Month end feature: every client's state on one sheet (flows/monthEnd.ts), through the shell's services. */
import { Text } from "@fluentui/react-components";
import { useConnectedServices } from "../../../ui/context";
import { MonthEndView } from "./MonthEndView";
import { useMonthEnd } from "./useMonthEnd";

export function MonthEndPanel() {
  const props = useMonthEnd(useConnectedServices());
  if (!props) return <Text>Connect and choose a client to see every client&apos;s month end.</Text>;
  return <MonthEndView {...props} />;
}
