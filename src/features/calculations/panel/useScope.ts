/** The Calculations panel's scope: the client, an employee or a payslip, and the flows' CalcScope built from it. */
import * as React from "react";
import type { ConnectedServices } from "../../../ui/context";
import type { CalcScope } from "../flows/calculations";
import { employeeLabel } from "../../../ui/sheets/employeeNames";
import { useEmployeeChoice, usePayslipChoices } from "../../../ui/parts/hooks";
import type { ScopeKind } from "./SheetSections";

/** Whose calculations: the scope, the chosen employee and payslip, and the flows' scope built from them. */
export function useScope(services: ConnectedServices | null) {
  const [scope, setScope] = React.useState<ScopeKind>("employee");
  const [payslipId, setPayslipId] = React.useState<number | null>(null);
  const { employeeId, employee, viewProps } = useEmployeeChoice(services, () => setPayslipId(null));
  const payslips = usePayslipChoices(services, employeeId);
  const employeeName = employee ? employeeLabel(employee) : undefined;
  const calcScope = (): CalcScope | null =>
    scope === "client"
      ? { kind: "client" }
      : scope === "employee"
        ? employeeId === null
          ? null
          : { kind: "employee", employeeId, label: employeeName }
        : payslipId === null
          ? null
          : { kind: "payslip", payslipId, label: payslips.data?.find((p) => p.id === payslipId)?.label };
  const props = {
    scope,
    onScopeChange: setScope,
    ...viewProps,
    payslips: payslips.data,
    payslipsStatus: payslips.status,
    payslipId,
    onPayslipChange: setPayslipId,
  };
  return { props, calcScope, employeeName };
}
export type Scope = ReturnType<typeof useScope>;
