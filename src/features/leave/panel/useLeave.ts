/** The Leave panel's state and the flows its buttons run: LeaveView's props, or null until a client is chosen. */
import * as React from "react";
import { clientOf, type ConnectedServices, flowContextFor } from "../../../ui/context";
import { flowContext } from "../../../ui/flows/common";
import {
  deleteLeaveDays,
  employeeLeaveBalances,
  importLeaveBalances,
  importLeaveTypes,
  leaveDaysSheetName,
  leaveDaysToDelete,
  loadLeaveDays,
  saveLeaveDays,
} from "../flows/leave";
import { formatDate } from "../../../ui/locale";
import { useClientEmployees } from "../../../ui/serverState";
import type { ProgressTask } from "../../../ui/services";
import { todayIso } from "../../../ui/sheets/grid";
import { plural, rowOutcome, useConfirmSelectedRows, useFlowRunner, wroteRows } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { LeaveViewProps } from "./LeaveView";

export function useLeave(services: ConnectedServices | null): LeaveViewProps | null {
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [balanceDate, setBalanceDate] = React.useState(todayIso());
  const [loadIds, setLoadIds] = React.useState<number[]>([]);
  const [blankRows, setBlankRows] = React.useState(true);
  const [checkId, setCheckId] = React.useState<number | null>(null);
  const [checked, setChecked] = React.useState<{ type: string; balance: number }[] | null>(null);
  const run = useFlowRunner(services, setOutcome);
  const deletion = useConfirmSelectedRows<number[]>(services, setOutcome);
  const employees = useClientEmployees(services);
  if (!services) return null;
  const client = clientOf(services);
  const ctx = (t: ProgressTask) => flowContextFor(services, t);

  return {
    busy: services.progress.busy,
    employees: employees.data ?? [],
    employeesStatus: employees.status,
    balanceDate,
    onBalanceDateChange: setBalanceDate,
    onLeaveTypes: () => void run("Leave types to sheet", (t) => importLeaveTypes(ctx(t)), wroteRows("leave type")),
    onBalances: () =>
      void run(
        "Leave balances to sheet",
        (t) => importLeaveBalances(ctx(t), balanceDate),
        (r) => ({
          intent: r.unmatchedEmployees.length ? "warning" : "success",
          text: `Balances of ${r.rowCount} employees at ${formatDate(balanceDate)} written to "${r.sheetName}" (${r.requests} requests).${r.unmatchedEmployees.length ? ` The report also named employees not in the list: ${r.unmatchedEmployees.join(", ")}.` : ""}`,
        }),
      ),
    loadEmployeeIds: loadIds,
    onLoadEmployeeIdsChange: setLoadIds,
    blankRows,
    onBlankRowsChange: setBlankRows,
    onLoadDays: () =>
      void run(
        "Loading leave days",
        (t) => loadLeaveDays(ctx(t), { employeeIds: loadIds, blankRowPerEmployee: blankRows }),
        (r) => ({
          intent: r.failed.length ? "warning" : "success",
          text: [
            `"${r.sheetName}" is ready:`,
            loadIds.length === 0
              ? "no existing days (no employees chosen)"
              : `${plural(r.days, "existing leave day")} of ${plural(loadIds.length, "employee")}`,
            blankRows ? `and ${plural(r.rowCount - r.days, "blank row")} for new days.` : "and no blank rows.",
            r.failed.length ? `Could not read the days of ${plural(r.failed.length, "employee")}: ${r.failed[0].message}` : "",
          ]
            .filter(Boolean)
            .join(" "),
        }),
      ),
    onSaveDays: () => void run("Saving leave days", (t) => saveLeaveDays(ctx(t)), rowOutcome),
    onDeleteSelected: () =>
      void leaveDaysSheetName(services.workbook, client).then((sheet) =>
        deletion.ask(sheet, async (rows) => {
          if (rows.length === 0) return { warning: `Select the rows to delete in "${sheet}" first.` };
          const found = await leaveDaysToDelete(flowContext(services.api, services.workbook, client), rows);
          const items = found.map((f) =>
            f.id === null
              ? `Row ${f.rowIndex + 1}: no saved leave day (will be marked, not sent)`
              : `Leave day ${f.id} on ${formatDate(f.date)}`,
          );
          return { items, plan: rows };
        }),
      ),
    confirm: deletion.confirm,
    onCancelDelete: deletion.cancel,
    onConfirmDelete: () =>
      deletion.confirmed((rows) => void run("Deleting leave days", (t) => deleteLeaveDays(ctx(t), rows), rowOutcome)),
    checkEmployeeId: checkId,
    onCheckEmployeeChange: (id) => {
      setCheckId(id);
      setChecked(null);
    },
    onCheckBalance: () =>
      checkId !== null &&
      void run(
        "Reading leave balances",
        async (t) =>
          employeeLeaveBalances(
            ctx(t),
            checkId,
            balanceDate,
            await services.reads.leaveTypes(services.clientId, { signal: t.signal }),
          ),
        (r) => {
          setChecked(r);
          return { intent: "info", text: `Balances at ${formatDate(balanceDate)} shown below.` };
        },
      ),
    checked,
    outcome,
  };
}
