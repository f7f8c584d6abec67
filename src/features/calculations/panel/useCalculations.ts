/**
 * The Calculations panel's state and the flows its buttons run: CalculationsView's props, or null until a client
 * is connected and chosen. The scope (client, employee, payslip) is held in useScope; each section has a hook of
 * its own, and Regular Hours (one date) is here.
 */
import * as React from "react";
import { clientRecordOf, type ConnectedServices, flowContextFor } from "../../../ui/context";
import { buildRegularHoursSheet, regularHoursProblem, saveRegularHours } from "../flows/regularHours";
import type { ProgressTask } from "../../../ui/services";
import { rowOutcome, useFlowRunner } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { CalculationsViewProps } from "./CalculationsView";
import { useAddItem } from "./useAddItem";
import { useCalculationSheet } from "./useCalculationSheet";
import { useScope } from "./useScope";

export function useCalculations(services: ConnectedServices | null): CalculationsViewProps | null {
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const run = useFlowRunner(services, setOutcome);
  const scope = useScope(services);
  const sheet = useCalculationSheet({ services, run, setOutcome, scope });
  const add = useAddItem({ services, run, scope });
  const [effectiveDate, setEffectiveDate] = React.useState("");
  if (!services || !sheet || !add) return null;
  const record = clientRecordOf(services);
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  return {
    busy: services.progress.busy,
    ...scope.props,
    ...sheet,
    ...add,
    regularHoursProblem: regularHoursProblem(record),
    effectiveDate,
    onEffectiveDateChange: setEffectiveDate,
    onBuildRegularHours: () =>
      void run(
        "Building the Regular Hours sheet",
        (t) => buildRegularHoursSheet(ctx(t), { info: record }),
        (r) => ({
          intent: "success",
          text: `${r.rowCount} employees written to "${r.sheetName}"; ${r.withFinalised} have finalised payslips and need an effective date for changes.`,
        }),
      ),
    onSaveRegularHours: () =>
      void run(
        "Saving Regular Hours",
        (t) => saveRegularHours(ctx(t), { info: record, defaultEffectiveDate: effectiveDate || null }),
        rowOutcome,
      ),
    outcome,
  };
}
