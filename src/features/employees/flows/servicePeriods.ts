/**
 * Service periods: every employee's periods to a sheet in one request (employees?include=service_periods), and
 * End service / Reinstate / Undo end of service for the employees of the selected rows. Each employee's current
 * state is re-read first (one request) so an action that cannot apply is marked Invalid and not sent; each
 * action is one request (the API has no bulk form), run with bounded concurrency. Afterwards the sheet is
 * refreshed (one request) and every selected employee's most recent period row carries the result.
 */
import type { Employee } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import {
  ACTION_LABEL,
  actionProblem,
  latestEmployment,
  SERVICE_PERIOD_COLUMNS,
  servicePeriodsGrid,
  type ServiceAction,
} from "../model/servicePeriods";
import { findSheetForClient, markClientSheet, openClientSheet, sheetForClient } from "../../../ui/flows/clientSheet";
import {
  type FlowContext,
  type FlowProgress,
  type SheetResult,
  type ClientRef,
  writeSheet,
  clientLabel,
} from "../../../ui/flows/common";
import {
  annotate,
  countRows,
  describeCounts,
  type RowCounts,
  type RowRequest,
  type RowResult,
  rowsWith,
  runProgress,
  runRowRequests,
  stoppedNote,
} from "../../../ui/flows/rowWrites";

export const SERVICE_SHEET = { sheetName: "Service periods", tableName: "ServicePeriods" } as const;
/** Document setting of a client's Service periods sheet ("payroll.servicePeriods.<client ID>"; see clientMetaKey). */
const SERVICE_META_KEY = "payroll.servicePeriods";

/** The client's Service periods sheet ("Shannon · Service periods"; the plain name in an older workbook). */
export const servicePeriodsSheetName = (workbook: WorkbookPort, client: ClientRef) =>
  findSheetForClient(workbook, client, SERVICE_SHEET);
const H = Object.fromEntries(SERVICE_PERIOD_COLUMNS.map((c) => [c.key, c.header])) as Record<string, string>;

export class ServiceSheetError extends Error {
  override readonly name = "ServiceSheetError";
}

async function writeServiceSheet(
  workbook: WorkbookPort,
  client: ClientRef,
  employees: readonly Employee[],
  progress: FlowProgress,
) {
  const grid = servicePeriodsGrid(employees);
  const title = `Service periods: ${clientLabel(client)}`;
  const sheet = await sheetForClient(workbook, client, SERVICE_SHEET);
  const written = await writeSheet(workbook, { ...sheet, title, columns: grid.columns, rows: grid.rows }, progress, 1);
  await markClientSheet(workbook, SERVICE_META_KEY, client);
  return { written, grid };
}

export async function importServicePeriods(ctx: FlowContext): Promise<SheetResult> {
  const { api, workbook, client, progress } = ctx;
  progress.update?.(0, undefined, "Reading employees and their service periods");
  const employees = await api.listEmployees(client.id, ["service_periods"], { signal: ctx.signal });
  return (await writeServiceSheet(workbook, client, employees, progress)).written;
}

/** One employee's service periods (GET /employees/:id/service_periods), for the pane's detail view. */
export async function employeeServicePeriods(ctx: FlowContext, employeeId: number) {
  return ctx.api.listServicePeriods(employeeId, { signal: ctx.signal });
}

export interface ServiceActionResult {
  counts: RowCounts;
  /** Per employee acted on (or refused locally). */
  byEmployee: Map<number, RowResult>;
  summary: string;
  requests: number;
  stoppedBy: string | null;
  /** False when the sheet could not be re-read afterwards (the results are then on the rows as they were). */
  refreshed: boolean;
}

/** Runs an action for the employees of the selected rows. Throws ServiceSheetError (nothing sent) when it cannot start. */
export async function runServiceAction(
  ctx: FlowContext,
  action: ServiceAction,
  rowIndexes: readonly number[],
  options: { concurrency?: number } = {},
): Promise<ServiceActionResult> {
  const { api, workbook, client, progress } = ctx;
  const { table, sheetName } = await openClientSheet(workbook, client, {
    spec: SERVICE_SHEET,
    metaKey: SERVICE_META_KEY,
    name: "service periods",
    first: "Import service periods first.",
    again: "import again",
    error: ServiceSheetError,
  });
  const idAt = table.columns.indexOf(H.employee_id);
  if (idAt < 0) throw new ServiceSheetError(`The sheet has no "${H.employee_id}" column. Import service periods again.`);

  // Selected rows grouped by employee.
  const rowsOf = new Map<number, number[]>();
  for (const i of rowIndexes) {
    const id = Number(table.rows[i]?.[idAt]);
    if (Number.isInteger(id) && id > 0) rowsOf.set(id, [...(rowsOf.get(id) ?? []), i]);
  }
  if (rowsOf.size === 0) throw new ServiceSheetError("Select rows of the employees to act on first (rows with an Employee ID).");

  progress.update?.(0, undefined, "Checking the employees' current service periods");
  const fresh = new Map((await api.listEmployees(client.id, ["service_periods"], { signal: ctx.signal })).map((e) => [e.id, e]));
  const label = ACTION_LABEL[action.kind];
  const byEmployee = new Map<number, RowResult>();
  const local: RowResult[] = [];
  const requests: RowRequest<{ message: string }>[] = [];
  for (const [employeeId, rows] of rowsOf) {
    const employee = fresh.get(employeeId);
    const problem = employee ? actionProblem(action, employee) : "the employee no longer exists in this client";
    if (problem) {
      const results = rowsWith(rows, "Invalid", `${label} not sent: ${problem}`);
      local.push(...results);
      byEmployee.set(employeeId, results[0]);
      continue;
    }
    requests.push({
      kind: action.kind,
      rowIndexes: rows,
      send: () =>
        action.kind === "end_service"
          ? api.endService(employeeId, {
              termination_date: action.termination_date,
              termination_code: action.termination_code,
            })
          : action.kind === "reinstate"
            ? api.reinstate(employeeId, { appointment_date: action.appointment_date })
            : api.undoEndService(employeeId),
      succeeded: (r) => rowsWith(rows, "Saved", `${label}: ${r.message}`),
    });
  }
  await annotate(workbook, sheetName, local, true);
  const run = await runRowRequests(requests, {
    workbook,
    sheetName,
    ...runProgress(progress, options.concurrency),
    label,
  });
  for (const [employeeId, rows] of rowsOf) {
    const outcome = run.outcomes.get(rows[0]);
    if (outcome) byEmployee.set(employeeId, outcome);
  }

  // Show the new state: re-read and rewrite the sheet, then put each employee's result on its most recent period.
  let refreshed = false;
  try {
    const employees = await api.listEmployees(client.id, ["service_periods"]);
    const { grid, written } = await writeServiceSheet(workbook, client, employees, {});
    const latestRow = new Map<number, number>();
    grid.rowEmployee.forEach((employeeId, i) => {
      const e = employees.find((x) => x.id === employeeId);
      const latest = e ? latestEmployment(e) : null;
      if (!latestRow.has(employeeId) || grid.rows[i][3] === (latest?.id ?? null)) latestRow.set(employeeId, i);
    });
    const results: RowResult[] = [];
    for (const [employeeId, r] of byEmployee) {
      const row = latestRow.get(employeeId);
      if (row !== undefined) results.push({ ...r, rowIndex: row });
    }
    await annotate(workbook, written.sheetName, results, true);
    refreshed = true;
  } catch {
    // The results stay on the rows as they were selected.
  }
  const counts = countRows(byEmployee.values());
  return {
    counts,
    byEmployee,
    summary: `${label}: ${describeCounts(counts)} (employees).${stoppedNote(run.stoppedBy)}${refreshed ? "" : " The sheet could not be refreshed; import service periods again to see the new state."}`,
    requests: 1 + run.requests + (refreshed ? 1 : 0),
    stoppedBy: run.stoppedBy,
    refreshed,
  };
}
