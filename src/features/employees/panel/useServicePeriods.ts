/**
 * The Employees panel's service periods: the action (End service / Reinstate / Undo) on the rows selected in the
 * Service periods sheet, and one employee's periods shown in the pane.
 */
import * as React from "react";
import { clientOf, type ConnectedServices, flowContextFor } from "../../../ui/context";
import { employeeServicePeriods, importServicePeriods, runServiceAction, servicePeriodsSheetName } from "../flows/servicePeriods";
import { selectedRows } from "../../../ui/flows/selectedRows";
import { formatDate } from "../../../ui/locale";
import type { ProgressTask } from "../../../ui/services";
import { todayIso } from "../../../ui/sheets/grid";
import type { ServiceAction } from "../model/servicePeriods";
import { type FlowRunner, onChosen, plural, rowOutcome, type useGuarded, wroteRows } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { ServiceActionKind } from "./ServicePeriodsSection";

interface UseServiceActionsProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  guarded: ReturnType<typeof useGuarded>;
  setOutcome: (o: Outcome) => void;
}

/** Import the sheet; run the chosen action for the employees of the selected rows. */
export function useServiceActions({ services, run, guarded, setOutcome }: UseServiceActionsProps) {
  const [action, setAction] = React.useState<ServiceActionKind>("end_service");
  const [actionDate, setActionDate] = React.useState(todayIso());
  const [code, setCode] = React.useState("");
  if (!services) return null;
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  const serviceAction = (): ServiceAction =>
    action === "end_service"
      ? { kind: "end_service", termination_date: actionDate, termination_code: Number(code.trim()) }
      : action === "reinstate"
        ? { kind: "reinstate", appointment_date: actionDate }
        : { kind: "undo_end_service" };
  return {
    onServicePeriods: () =>
      void run("Service periods to sheet", (t) => importServicePeriods(ctx(t)), wroteRows("service period row")),
    action,
    onActionChange: setAction,
    actionDate,
    onActionDateChange: setActionDate,
    terminationCode: code,
    onTerminationCodeChange: setCode,
    onRunAction: () =>
      guarded(async () => {
        const sheetName = await servicePeriodsSheetName(services.workbook, clientOf(services));
        const rows = await selectedRows(services.workbook, sheetName).catch(() => [] as number[]);
        if (rows.length === 0)
          return setOutcome({
            intent: "warning",
            text: `Select rows in "${sheetName}" first (import service periods if the sheet is missing).`,
          });
        await run("Service period action", (t) => runServiceAction(ctx(t), serviceAction(), rows), rowOutcome);
      }),
  };
}

/** The chosen employee's service periods as lines in the pane (reset when another employee is chosen). */
export function useServicePeriodsShown(run: FlowRunner) {
  const [periods, setPeriods] = React.useState<string[] | null>(null);
  const onShow = (services: ConnectedServices, employeeId: number | null) =>
    onChosen(
      run,
      employeeId,
      "Reading service periods",
      (id, t) => employeeServicePeriods(flowContextFor(services, t), id),
      (list) => {
        setPeriods(
          [...list]
            .sort((a, b) => a.start_date.localeCompare(b.start_date))
            .map(
              (sp) =>
                `${formatDate(sp.start_date)} to ${sp.end_date ? formatDate(sp.end_date) : "now"}${sp.negative ? " (long-term leave)" : ""}${sp.termination_code !== null ? `, termination code ${sp.termination_code}` : ""}`,
            ),
        );
        return { intent: "info", text: `${plural(list.length, "service period")} shown below.` };
      },
    );
  return { periods, setPeriods, onShow };
}
