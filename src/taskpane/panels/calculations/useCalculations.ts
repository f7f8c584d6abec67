/**
 * The Calculations panel's state and the flows its buttons run: CalculationsView's props, or null until a client
 * is connected and chosen. The scope (client, employee, payslip) is held here; each section has a hook of its own.
 */
import * as React from "react";
import { chosenClient, type ConnectedServices, flowContextFor } from "../../context";
import {
  addCalculation,
  CALC_SHEET,
  type CalcDeleteCandidate,
  type CalcScope,
  calculationPostBody,
  calculationsToDelete,
  deleteCalculations,
  getCalculation,
  INHERITED_SHEET,
  saveCalculationEdits,
  viewCalculations,
  viewInheritedCalculations,
} from "../../flows/calculations";
import { flowContext, idFromSelection } from "../../flows/common";
import { buildRegularHoursSheet, regularHoursProblem, saveRegularHours } from "../../flows/regularHours";
import { useClientList } from "../../serverState";
import type { ProgressTask } from "../../services";
import { employeeLabel } from "../../../sheets/employeeNames";
import {
  type FlowRunner,
  rowOutcome,
  useConfirmSelectedRows,
  useEmployeeChoice,
  useFlowRunner,
  useGuarded,
  usePayslipChoices,
  wroteRows,
} from "../parts/hooks";
import type { Outcome } from "../parts/layout";
import type { CalculationsViewProps } from "../CalculationsView";
import type { Operation } from "./AddItemSection";
import type { ScopeKind } from "./SheetSections";

type SetOutcome = (o: Outcome) => void;

/** Whose calculations: the scope, the chosen employee and payslip, and the flows' scope built from them. */
function useScope(services: ConnectedServices | null) {
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
type Scope = ReturnType<typeof useScope>;

export function useCalculations(services: ConnectedServices | null): CalculationsViewProps | null {
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const run = useFlowRunner(services, setOutcome);
  const scope = useScope(services);
  const sheet = useCalculationSheet(services, run, setOutcome, scope);
  const add = useAddItem(services, run, scope);
  const [effectiveDate, setEffectiveDate] = React.useState("");
  if (!services || !sheet || !add) return null;
  const { info } = chosenClient(services);
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  return {
    busy: services.progress.busy,
    ...scope.props,
    ...sheet,
    ...add,
    regularHoursProblem: regularHoursProblem(info),
    effectiveDate,
    onEffectiveDateChange: setEffectiveDate,
    onBuildRegularHours: () =>
      void run(
        "Building the Regular Hours sheet",
        (t) => buildRegularHoursSheet(ctx(t), { info }),
        (r) => ({
          intent: "success",
          text: `${r.rowCount} employees written to "${r.sheetName}"; ${r.withFinalised} have finalised payslips and need an effective date for changes.`,
        }),
      ),
    onSaveRegularHours: () =>
      void run(
        "Saving Regular Hours",
        (t) => saveRegularHours(ctx(t), { info, defaultEffectiveDate: effectiveDate || null }),
        rowOutcome,
      ),
    outcome,
  };
}

/** The Calculations sheet (view, save, delete, show the selected row) and the Inherited calculations sheet. */
function useCalculationSheet(services: ConnectedServices | null, run: FlowRunner, setOutcome: SetOutcome, scope: Scope) {
  const [shown, setShown] = React.useState<{ title: string; lines: string[] } | null>(null);
  const guarded = useGuarded(setOutcome);
  const deletion = useConfirmSelectedRows<{ deletable: CalcDeleteCandidate[]; skipped: number[] }>(services, setOutcome);
  if (!services) return null;
  const { workbook } = services;
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  const { employeeId } = scope.props;
  /** Runs `work` on the ID in `column` of the row selected in `sheetName`, or warns with `missing`. */
  const onSelectedId = (sheetName: string, column: string, missing: string, work: (id: number) => Promise<unknown>) => () =>
    guarded(async () => {
      const id = await idFromSelection(workbook, sheetName, column).catch(() => null);
      if (id === null) return setOutcome({ intent: "warning", text: missing });
      await work(id);
    });
  return {
    onView: () => {
      const s = scope.calcScope();
      if (s)
        void run(
          "Viewing calculations",
          (t) => viewCalculations(ctx(t), s),
          (r) => ({
            intent: "success",
            text: `${r.rowCount} calculations written to "${r.sheetName}". Edit Input cells, then Save edited inputs.`,
          }),
        );
    },
    onSaveEdits: () => void run("Saving calculations", (t) => saveCalculationEdits(ctx(t)), rowOutcome),
    onDeleteSelected: () =>
      deletion.ask(CALC_SHEET.sheetName, async (rows) => {
        const sheetCtx = flowContext(services.api, workbook, chosenClient(services).target);
        const { deletable, skipped } = await calculationsToDelete(sheetCtx, rows);
        if (deletable.length === 0) return { warning: `Select rows with a Calculation ID in "${CALC_SHEET.sheetName}" first.` };
        return { items: deletable.map((d) => d.label), plan: { deletable, skipped } };
      }),
    confirm: deletion.confirm,
    onCancelDelete: deletion.cancel,
    onConfirmDelete: () =>
      deletion.confirmed(
        (c) => void run("Deleting calculations", (t) => deleteCalculations(ctx(t), c.deletable, c.skipped), rowOutcome),
      ),
    onShowSelected: onSelectedId(
      CALC_SHEET.sheetName,
      "Calculation ID",
      `Select a row with a Calculation ID in "${CALC_SHEET.sheetName}" first.`,
      (id) =>
        run(
          "Reading the calculation",
          (t) => getCalculation(ctx(t), id),
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
        ),
    ),
    shown,
    onInherited: () =>
      employeeId !== null &&
      void run(
        "Inherited calculations to sheet",
        (t) => viewInheritedCalculations(ctx(t), { employeeId, label: scope.employeeName }),
        wroteRows("row"),
      ),
    onInheritedHistory: onSelectedId(
      INHERITED_SHEET.sheetName,
      "Inherited calculation ID",
      `Select a row of "${INHERITED_SHEET.sheetName}" first.`,
      (id) =>
        run(
          "Inherited calculation history",
          (t) => viewInheritedCalculations(ctx(t), { inheritedId: id }),
          (r) => ({ intent: "success", text: `History of inherited calculation ${id}: ${r.rowCount} rows in "${r.sheetName}".` }),
        ),
    ),
  };
}

/** The Add or change an item form: the item, its inputs, the operation and instance, checked before the POST. */
function useAddItem(services: ConnectedServices | null, run: FlowRunner, scope: Scope) {
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
