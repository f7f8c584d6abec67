/** The Calculations panel's Add or change an item form. */
import * as React from "react";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import { addCalculation, calculationPostBody } from "../flows/calculations";
import { useClientList } from "../../../ui/serverState";
import type { FlowRunner } from "../../../ui/parts/hooks";
import type { Operation } from "./AddItemSection";
import type { Scope } from "./useScope";

interface UseAddItemProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  scope: Scope;
}

/** The Add or change an item form: the item, its inputs, the operation and instance, checked before the POST. */
export function useAddItem({ services, run, scope }: UseAddItemProps) {
  const [itemId, setItemId] = React.useState("");
  const [inputs, setInputs] = React.useState<Record<string, string>>({});
  const [operation, setOperation] = React.useState<Operation>("");
  const [instanceId, setInstanceId] = React.useState("");
  const [formErrors, setFormErrors] = React.useState<Record<string, string>>({});
  const items = useClientList(services, "itemsAndOutputs");
  if (!services) return null;
  const { scope: kind, employeeId, payslipId } = scope.props;
  return {
    items: items.data ? [...items.data.system_items, ...items.data.custom_items] : [],
    itemsStatus: items.status,
    itemId,
    onItemChange: (id: string) => {
      setItemId(id);
      setInputs({});
      setOperation("");
      setFormErrors({});
    },
    inputs,
    onInputChange: (name: string, value: string) => setInputs((x) => ({ ...x, [name]: value })),
    operation,
    onOperationChange: setOperation,
    instanceId,
    onInstanceIdChange: setInstanceId,
    formErrors,
    onAdd: () => {
      const form = {
        target:
          kind === "payslip" && payslipId !== null
            ? ({ kind: "payslip", payslipId } as const)
            : ({ kind: "employee", employeeId: employeeId! } as const),
        calcType: itemId,
        inputs,
        operation: operation === "upsert" ? ("" as const) : operation,
        calculationId: operation === "update" ? instanceId : "",
        effectiveDate: "",
      };
      const checked = calculationPostBody(form);
      if ("errors" in checked) return setFormErrors(checked.errors);
      setFormErrors({});
      void run(
        "Saving the item",
        (t) => addCalculation(flowContextFor(services, t), form, checked.body),
        (r) => ({ intent: "success", text: `${r.message} (calculation ${r.id}). View calculations to see it.` }),
      );
    },
  };
}
