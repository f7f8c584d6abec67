/** The Calculations feature: wires CalculationsView to the calculation and Regular Hours flows. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { chosenClient, useConnectedServices } from "../context";
import {
  addCalculation,
  CALC_SHEET,
  type CalcDeleteCandidate,
  calculationPostBody,
  calculationsToDelete,
  deleteCalculations,
  getCalculation,
  INHERITED_SHEET,
  saveCalculationEdits,
  viewCalculations,
  viewInheritedCalculations,
  type CalcScope,
} from "../flows/calculations";
import { idFromSelection } from "../flows/common";
import { buildRegularHoursSheet, regularHoursProblem, saveRegularHours } from "../flows/regularHours";
import { CalculationsView, type Operation, type ScopeKind } from "./CalculationsView";
import { employeeLabel } from "../../sheets/employeeNames";
import {
  rowOutcome,
  useConfirmSelectedRows,
  useFlowRunner,
  useGuarded,
  useEmployeeChoice,
  usePayslipChoices,
  wroteRows,
} from "./parts/hooks";
import { type Outcome } from "./parts/layout";
import { useClientList } from "../serverState";

export function CalculationsPanel() {
  const services = useConnectedServices();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [scope, setScope] = React.useState<ScopeKind>("employee");
  const [payslipId, setPayslipId] = React.useState<number | null>(null);
  const [shown, setShown] = React.useState<{ title: string; lines: string[] } | null>(null);
  const [itemId, setItemId] = React.useState("");
  const [inputs, setInputs] = React.useState<Record<string, string>>({});
  const [operation, setOperation] = React.useState<Operation>("");
  const [instanceId, setInstanceId] = React.useState("");
  const [formErrors, setFormErrors] = React.useState<Record<string, string>>({});
  const [effectiveDate, setEffectiveDate] = React.useState("");
  const run = useFlowRunner(services, setOutcome);
  const guarded = useGuarded(setOutcome);
  const deletion = useConfirmSelectedRows<{ deletable: CalcDeleteCandidate[]; skipped: number[] }>(services, setOutcome);
  const { employeeId, employee, viewProps: employeeProps } = useEmployeeChoice(services, () => setPayslipId(null));
  const items = useClientList(services, "itemsAndOutputs");
  const payslips = usePayslipChoices(services, employeeId);

  if (!services) return <Text>Connect and choose a client to work with calculations.</Text>;
  const { api, workbook } = services;
  const { info, target } = chosenClient(services);
  const calcScope = (): CalcScope | null =>
    scope === "client"
      ? { kind: "client" }
      : scope === "employee"
        ? employeeId === null
          ? null
          : { kind: "employee", employeeId, label: employee ? employeeLabel(employee) : undefined }
        : payslipId === null
          ? null
          : { kind: "payslip", payslipId, label: payslips.data?.find((p) => p.id === payslipId)?.label };
  const allItems = items.data ? [...items.data.system_items, ...items.data.custom_items] : [];

  return (
    <CalculationsView
      busy={services.progress.busy}
      scope={scope}
      onScopeChange={setScope}
      {...employeeProps}
      payslips={payslips.data}
      payslipsStatus={payslips.status}
      payslipId={payslipId}
      onPayslipChange={setPayslipId}
      onView={() => {
        const s = calcScope();
        if (s)
          void run(
            "Viewing calculations",
            (t) => viewCalculations(api, workbook, target, s, t),
            (r) => ({
              intent: "success",
              text: `${r.rowCount} calculations written to "${r.sheetName}". Edit Input cells, then Save edited inputs.`,
            }),
          );
      }}
      onSaveEdits={() => void run("Saving calculations", (t) => saveCalculationEdits(api, workbook, target, t), rowOutcome)}
      onDeleteSelected={() =>
        deletion.ask(CALC_SHEET.sheetName, async (rows) => {
          const { deletable, skipped } = await calculationsToDelete(workbook, target, rows);
          if (deletable.length === 0) return { warning: `Select rows with a Calculation ID in "${CALC_SHEET.sheetName}" first.` };
          return { items: deletable.map((d) => d.label), plan: { deletable, skipped } };
        })
      }
      confirm={deletion.confirm}
      onCancelDelete={deletion.cancel}
      onConfirmDelete={() =>
        deletion.confirmed(
          (c) =>
            void run(
              "Deleting calculations",
              (t) => deleteCalculations(api, workbook, target, c.deletable, c.skipped, t),
              rowOutcome,
            ),
        )
      }
      onShowSelected={() =>
        guarded(async () => {
          const id = await idFromSelection(workbook, CALC_SHEET.sheetName, "Calculation ID").catch(() => null);
          if (id === null)
            return setOutcome({
              intent: "warning",
              text: `Select a row with a Calculation ID in "${CALC_SHEET.sheetName}" first.`,
            });
          await run(
            "Reading the calculation",
            (t) => getCalculation(api, id, t),
            (c) => {
              const fmt = (o: Record<string, unknown>) =>
                Object.entries(o).map(([k, v]) => `${k} = ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
              setShown({
                title: `Calculation ${id}`,
                lines: [
                  `Item: ${String(c.calculation_id)}`,
                  ...fmt(c.inputs).map((l) => `Input ${l}`),
                  ...fmt(c.outputs).map((l) => `Output ${l}`),
                ],
              });
              return { intent: "info", text: `Calculation ${id} as the service holds it now is shown below.` };
            },
          );
        })
      }
      shown={shown}
      items={allItems}
      itemsStatus={items.status}
      itemId={itemId}
      onItemChange={(id) => {
        setItemId(id);
        setInputs({});
        setOperation("");
        setFormErrors({});
      }}
      inputs={inputs}
      onInputChange={(name, value) => setInputs((x) => ({ ...x, [name]: value }))}
      operation={operation}
      onOperationChange={setOperation}
      instanceId={instanceId}
      onInstanceIdChange={setInstanceId}
      formErrors={formErrors}
      onAdd={() => {
        const form = {
          target:
            scope === "payslip" && payslipId !== null
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
          (t) => addCalculation(api, form, checked.body, t),
          (r) => ({ intent: "success", text: `${r.message} (calculation ${r.id}). View calculations to see it.` }),
        );
      }}
      onInherited={() =>
        employeeId !== null &&
        void run(
          "Inherited calculations to sheet",
          (t) =>
            viewInheritedCalculations(
              api,
              workbook,
              target,
              { employeeId, label: employee ? employeeLabel(employee) : undefined },
              t,
            ),
          wroteRows("row"),
        )
      }
      onInheritedHistory={() =>
        guarded(async () => {
          const id = await idFromSelection(workbook, INHERITED_SHEET.sheetName, "Inherited calculation ID").catch(() => null);
          if (id === null)
            return setOutcome({ intent: "warning", text: `Select a row of "${INHERITED_SHEET.sheetName}" first.` });
          await run(
            "Inherited calculation history",
            (t) => viewInheritedCalculations(api, workbook, target, { inheritedId: id }, t),
            (r) => ({
              intent: "success",
              text: `History of inherited calculation ${id}: ${r.rowCount} rows in "${r.sheetName}".`,
            }),
          );
        })
      }
      regularHoursProblem={regularHoursProblem(info)}
      effectiveDate={effectiveDate}
      onEffectiveDateChange={setEffectiveDate}
      onBuildRegularHours={() =>
        void run(
          "Building the Regular Hours sheet",
          (t) => buildRegularHoursSheet(api, workbook, { ...target, info }, t),
          (r) => ({
            intent: "success",
            text: `${r.rowCount} employees written to "${r.sheetName}"; ${r.withFinalised} have finalised payslips and need an effective date for changes.`,
          }),
        )
      }
      onSaveRegularHours={() =>
        void run(
          "Saving Regular Hours",
          (t) =>
            saveRegularHours(
              api,
              workbook,
              { ...target, info },
              { ...t, signal: t.signal, update: t.update, defaultEffectiveDate: effectiveDate || null },
            ),
          rowOutcome,
        )
      }
      outcome={outcome}
    />
  );
}
