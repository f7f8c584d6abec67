/** The Calculations panel's sheets: view, save, delete and show rows of Calculations; inherited calculations. */
import * as React from "react";
import { clientOf, type ConnectedServices, flowContextFor } from "../../../ui/context";
import {
  type CalcDeleteCandidate,
  calculationsSheetName,
  calculationsToDelete,
  deleteCalculations,
  getCalculation,
  INHERITED_SHEET,
  saveCalculationEdits,
  viewCalculations,
  viewInheritedCalculations,
} from "../flows/calculations";
import { flowContext, idFromSelection } from "../../../ui/flows/common";
import type { ProgressTask } from "../../../ui/services";
import { type FlowRunner, rowOutcome, useConfirmSelectedRows, useGuarded, wroteRows } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { Scope } from "./useScope";

interface UseCalculationSheetProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  setOutcome: (o: Outcome) => void;
  scope: Scope;
}

/** The Calculations sheet (view, save, delete, show the selected row) and the Inherited calculations sheet. */
export function useCalculationSheet({ services, run, setOutcome, scope }: UseCalculationSheetProps) {
  const [shown, setShown] = React.useState<{ title: string; lines: string[] } | null>(null);
  const guarded = useGuarded(setOutcome);
  const deletion = useConfirmSelectedRows<{ deletable: CalcDeleteCandidate[]; skipped: number[] }>(services, setOutcome);
  if (!services) return null;
  const { workbook } = services;
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  const { employeeId } = scope.props;
  /** Runs `work` on the ID in `column` of the row selected in `sheetName`, or warns with `missing`. */
  const onSelectedId =
    (
      sheet: () => Promise<string>,
      column: string,
      missing: (sheetName: string) => string,
      work: (id: number) => Promise<unknown>,
    ) =>
    () =>
      guarded(async () => {
        const sheetName = await sheet();
        const id = await idFromSelection(workbook, sheetName, column).catch(() => null);
        if (id === null) return setOutcome({ intent: "warning", text: missing(sheetName) });
        await work(id);
      });
  /** The chosen client's Calculations sheet ("Shannon · Calculations"). */
  const calcSheet = () => calculationsSheetName(workbook, clientOf(services));
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
      void calcSheet().then((sheetName) =>
        deletion.ask(sheetName, async (rows) => {
          const sheetCtx = flowContext(services.api, workbook, clientOf(services));
          const { deletable, skipped } = await calculationsToDelete(sheetCtx, rows);
          if (deletable.length === 0) return { warning: `Select rows with a Calculation ID in "${sheetName}" first.` };
          return { items: deletable.map((d) => d.label), plan: { deletable, skipped } };
        }),
      ),
    confirm: deletion.confirm,
    onCancelDelete: deletion.cancel,
    onConfirmDelete: () =>
      deletion.confirmed(
        (c) => void run("Deleting calculations", (t) => deleteCalculations(ctx(t), c.deletable, c.skipped), rowOutcome),
      ),
    onShowSelected: onSelectedId(
      calcSheet,
      "Calculation ID",
      (sheetName) => `Select a row with a Calculation ID in "${sheetName}" first.`,
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
      () => Promise.resolve(INHERITED_SHEET.sheetName),
      "Inherited calculation ID",
      (sheetName) => `Select a row of "${sheetName}" first.`,
      (id) =>
        run(
          "Inherited calculation history",
          (t) => viewInheritedCalculations(ctx(t), { inheritedId: id }),
          (r) => ({ intent: "success", text: `History of inherited calculation ${id}: ${r.rowCount} rows in "${r.sheetName}".` }),
        ),
    ),
  };
}
