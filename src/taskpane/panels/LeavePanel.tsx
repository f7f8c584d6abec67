/** The Leave feature: wires LeaveView to the leave flows through the shell's services. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { chosenClient, useConnectedServices } from "../context";
import { todayIso } from "../../sheets/grid";
import {
  deleteLeaveDays,
  employeeLeaveBalances,
  importLeaveBalances,
  importLeaveTypes,
  LEAVE_SHEETS,
  leaveDaysToDelete,
  loadLeaveDays,
  saveLeaveDays,
} from "../flows/leave";
import { plural, rowOutcome, useConfirmSelectedRows, useFlowRunner, wroteRows } from "./parts/hooks";
import { type Outcome } from "./parts/layout";
import { LeaveView } from "./LeaveView";
import { formatDate } from "../locale";
import { useClientEmployees } from "../serverState";

export function LeavePanel() {
  const services = useConnectedServices();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [balanceDate, setBalanceDate] = React.useState(todayIso());
  const [loadIds, setLoadIds] = React.useState<number[]>([]);
  const [blankRows, setBlankRows] = React.useState(true);
  const [checkId, setCheckId] = React.useState<number | null>(null);
  const [checked, setChecked] = React.useState<{ type: string; balance: number }[] | null>(null);
  const run = useFlowRunner(services, setOutcome);
  const deletion = useConfirmSelectedRows<number[]>(services, setOutcome);
  const employees = useClientEmployees(services);
  if (!services) return <Text>Connect and choose a client to work with leave.</Text>;
  const { api, clientId, workbook } = services;
  const { target } = chosenClient(services);
  const sheet = LEAVE_SHEETS.days.sheetName;

  return (
    <LeaveView
      busy={services.progress.busy}
      employees={employees.data ?? []}
      employeesStatus={employees.status}
      balanceDate={balanceDate}
      onBalanceDateChange={setBalanceDate}
      onLeaveTypes={() =>
        void run("Leave types to sheet", (t) => importLeaveTypes(api, workbook, target, t), wroteRows("leave type"))
      }
      onBalances={() =>
        void run(
          "Leave balances to sheet",
          (t) => importLeaveBalances(api, workbook, target, balanceDate, t),
          (r) => ({
            intent: r.unmatchedEmployees.length ? "warning" : "success",
            text: `Balances of ${r.rowCount} employees at ${formatDate(balanceDate)} written to "${r.sheetName}" (${r.requests} requests).${r.unmatchedEmployees.length ? ` The report also named employees not in the list: ${r.unmatchedEmployees.join(", ")}.` : ""}`,
          }),
        )
      }
      loadEmployeeIds={loadIds}
      onLoadEmployeeIdsChange={setLoadIds}
      blankRows={blankRows}
      onBlankRowsChange={setBlankRows}
      onLoadDays={() =>
        void run(
          "Loading leave days",
          (t) => loadLeaveDays(api, workbook, target, { employeeIds: loadIds, blankRowPerEmployee: blankRows }, t),
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
        )
      }
      onSaveDays={() => void run("Saving leave days", (t) => saveLeaveDays(api, workbook, target, t), rowOutcome)}
      onDeleteSelected={() =>
        deletion.ask(sheet, async (rows) => {
          if (rows.length === 0) return { warning: `Select the rows to delete in "${sheet}" first.` };
          const found = await leaveDaysToDelete(workbook, target, rows);
          const items = found.map((f) =>
            f.id === null
              ? `Row ${f.rowIndex + 1}: no saved leave day (will be marked, not sent)`
              : `Leave day ${f.id} on ${formatDate(f.date)}`,
          );
          return { items, plan: rows };
        })
      }
      confirm={deletion.confirm}
      onCancelDelete={deletion.cancel}
      onConfirmDelete={() =>
        deletion.confirmed(
          (rows) => void run("Deleting leave days", (t) => deleteLeaveDays(api, workbook, target, rows, t), rowOutcome),
        )
      }
      checkEmployeeId={checkId}
      onCheckEmployeeChange={(id) => {
        setCheckId(id);
        setChecked(null);
      }}
      onCheckBalance={() =>
        checkId !== null &&
        void run(
          "Reading leave balances",
          async (t) =>
            employeeLeaveBalances(api, checkId, balanceDate, await services.reads.leaveTypes(clientId, { signal: t.signal }), t),
          (r) => {
            setChecked(r);
            return { intent: "info", text: `Balances at ${formatDate(balanceDate)} shown below.` };
          },
        )
      }
      checked={checked}
      outcome={outcome}
    />
  );
}
