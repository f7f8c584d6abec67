/** The Month end panel's state and flow calls: the overview, Build input sheet from its selected row, the limit. */
import * as React from "react";
import { flowContextFor, type ConnectedServices } from "../../../ui/context";
import { buildFromOverview, monthEndOverview } from "../flows/monthEnd";
import { readMovePercent, saveMovePercent } from "../flows/monthEndSheets";
import { overviewClock } from "../flows/overviewClock";
import {
  type CalendarChoices,
  DEFAULT_CALENDAR_CHOICES,
  readCalendarChoices,
  saveCalendarChoices,
} from "../flows/calendarChoices";
import { plural, useFlowRunner } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { MonthEndViewProps } from "./MonthEndView";

export function useMonthEnd(services: ConnectedServices | null): MonthEndViewProps | null {
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [limit, setLimit] = React.useState("");
  const [choices, setChoices] = React.useState<CalendarChoices>(DEFAULT_CALENDAR_CHOICES);
  const run = useFlowRunner(services, setOutcome);
  const workbook = services?.workbook;
  React.useEffect(() => {
    if (workbook)
      void readMovePercent(workbook)
        .then((p) => setLimit(String(p)))
        .catch(() => setLimit("25"));
    if (workbook)
      void readCalendarChoices(workbook)
        .then(setChoices)
        .catch(() => setChoices(DEFAULT_CALENDAR_CHOICES));
  }, [workbook]);
  if (!services) return null;

  const percent = Number(limit.replace(",", "."));
  const limitProblem =
    limit !== "" && !(Number.isFinite(percent) && percent > 0 && percent <= 1000) ? "Enter a percentage above 0." : "";
  const reachable = services.clients.map((c) => ({ id: c.id, name: c.name }));

  const onOverview = () =>
    void run(
      "Month-end overview",
      async (task) => {
        if (!limitProblem && limit !== "") await saveMovePercent(services.workbook, percent);
        await saveCalendarChoices(services.workbook, choices);
        return monthEndOverview(flowContextFor(services, task), { reachable, clock: overviewClock() });
      },
      (r) => ({
        intent: r.failed.length > 0 || r.rows.some((x) => x.status === "Needs attention") ? "warning" : "success",
        text: r.summary,
      }),
      { afterCancel: "The overview sheet was not changed." },
    );

  const onBuild = () =>
    void run(
      "Building the input sheet",
      (task) => buildFromOverview(flowContextFor(services, task), { reachable }),
      (r) =>
        r.outcome === "built"
          ? {
              intent: "success",
              text: `Input sheet "${r.sheetName}" built for ${r.clientName}: ${plural(r.rowCount, "employee")}, the inputs last used for ${r.clientName}. Refresh the overview to link it.`,
            }
          : { intent: r.outcome === "linked" ? "info" : "warning", text: r.message },
    );

  return {
    busy: services.progress.busy,
    clients: reachable.length,
    limit,
    limitProblem,
    onLimitChange: setLimit,
    order: choices.order,
    onOrderChange: (v) => setChoices((c) => ({ ...c, order: v === "deadline" ? "deadline" : "client" })),
    chartDueThisWeek: choices.chartDueThisWeek,
    onChartDueThisWeekChange: (v) => setChoices((c) => ({ ...c, chartDueThisWeek: v })),
    onOverview,
    onBuild,
    outcome,
  };
}
