/**
 * Leave from the pane:
 *  - leave types (1 request) and every employee's balances at a date (3 requests: leave types, the
 *    comparison_leave report over all employees, the employee list) — never one request per employee;
 *  - one employee's exact balances at a date (GET leave_balances), for a spot check;
 *  - the Leave days sheet: load the days of chosen employees (the API lists leave days per employee only, so
 *    one request per chosen employee, bounded), add rows, edit, delete;
 *  - save: new rows go with create_multiple, one request per employee that has new rows (chunked; a single
 *    new day uses the plain create), edited rows with PATCH, each row annotated like bulk input.
 * The sheet's snapshot (hidden sheet) remembers the loaded days so edits are found and IDs are trusted.
 */
import type { PayrollApi, ValidationError } from "../../../api";
import type { Employee, LeaveDay, LeaveTypes } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { safeSheetName } from "../../../xl/excelConventions";
import { sortEmployees } from "../../../ui/sheets/grid";
import {
  type CreateBatch,
  LEAVE_DAY_COLUMNS,
  LEAVE_SNAPSHOT_COLUMNS,
  type LeaveDaySnapshot,
  balancesReportBody,
  leaveBalancesGrid,
  leaveDaysGrid,
  leaveSnapshotFromTable,
  leaveSnapshotToTable,
  leaveTypesGrid,
  parseLeaveRows,
  planLeaveCreates,
  snapshotOf,
} from "../model/leave";
import { employeeName } from "../../../ui/sheets/employeeNames";
import {
  findSheetForClient,
  markClientSheet,
  openClientSheet,
  parseSheetRows,
  sheetForClient,
} from "../../../ui/flows/clientSheet";
import { type FlowContext, type SheetResult, type ClientRef, writeSheet, clientLabel } from "../../../ui/flows/common";
import {
  localOutcomes,
  type RowRequest,
  type RowResult,
  type RowsResult,
  rowsWith,
  saveRows,
  runProgress,
} from "../../../ui/flows/rowWrites";

export const LEAVE_SHEETS = {
  types: { sheetName: "Leave types", tableName: "LeaveTypes" },
  balances: { sheetName: "Leave balances", tableName: "LeaveBalances" },
  days: { sheetName: "Leave days", tableName: "LeaveDays" },
} as const;
/** Document setting of a client's Leave days sheet ("payroll.leaveDays.<client ID>"; see clientMetaKey). */
const LEAVE_META_KEY = "payroll.leaveDays";
/** Each client's Leave days sheet has its own snapshot, so loading another client's days leaves it alone. */
const snapshotSheetFor = (client: ClientRef) => safeSheetName(`PayrollSnap_LeaveDays_${client.id}`);

/** The client's Leave days sheet ("Shannon · Leave days"; the plain "Leave days" of an older workbook). */
export const leaveDaysSheetName = (workbook: WorkbookPort, client: ClientRef) =>
  findSheetForClient(workbook, client, LEAVE_SHEETS.days);

interface LeaveMeta {
  clientId: number;
  clientName: string;
  snapshotSheet: string;
}

export class LeaveSheetError extends Error {
  override readonly name = "LeaveSheetError";
}

export async function importLeaveTypes(ctx: FlowContext): Promise<SheetResult> {
  const { api, workbook, client, progress } = ctx;
  progress.update?.(0, undefined, "Reading leave types");
  const types = await api.listLeaveTypes(client.id, { signal: ctx.signal });
  const title = `Leave types: ${clientLabel(client)}`;
  return writeSheet(
    workbook,
    { ...(await sheetForClient(workbook, client, LEAVE_SHEETS.types)), title, ...leaveTypesGrid(types) },
    progress,
    1,
  );
}

export interface BalancesResult extends SheetResult {
  /** Employee numbers the report named that are not in the employee list. */
  unmatchedEmployees: string[];
}

/** Every employee's balance per leave type at a date: three requests whatever the head count. */
export async function importLeaveBalances(ctx: FlowContext, date: string): Promise<BalancesResult> {
  const { api, workbook, client, progress } = ctx;
  const o = { signal: ctx.signal };
  progress.update?.(0, 3, "Reading leave types and employees");
  const [types, employees] = await Promise.all([api.listLeaveTypes(client.id, o), api.listEmployees(client.id, [], o)]);
  progress.update?.(2, 3, "Running the comparison_leave report for all employees");
  const rows =
    Object.keys(types).length === 0 ? [] : await api.runReport(client.id, "comparison_leave", balancesReportBody(date, types), o);
  const grid = leaveBalancesGrid(rows, date, types, sortEmployees(employees));
  const written = await writeSheet(
    workbook,
    {
      ...(await sheetForClient(workbook, client, LEAVE_SHEETS.balances)),
      title: `Leave balances at ${date}: ${clientLabel(client)}`,
      columns: grid.columns,
      rows: grid.rows,
    },
    progress,
    Object.keys(types).length === 0 ? 2 : 3,
  );
  return { ...written, unmatchedEmployees: grid.unmatchedEmployees };
}

/** One employee's exact balances at a date (GET leave_balances), by leave type name. */
export async function employeeLeaveBalances(
  ctx: FlowContext,
  employeeId: number,
  date: string,
  types: LeaveTypes,
): Promise<{ type: string; balance: number }[]> {
  const balances = await ctx.api.getLeaveBalances(employeeId, date, { signal: ctx.signal });
  return Object.entries(balances)
    .map(([id, balance]) => ({ type: types[id] ?? `Leave type ${id}`, balance }))
    .sort((a, b) => a.type.localeCompare(b.type));
}

export interface LoadLeaveDaysResult extends SheetResult {
  days: number;
  /** Employees whose leave days could not be read (their rows are not on the sheet). */
  failed: { employeeId: number; message: string }[];
}

/**
 * Writes the Leave days sheet: the existing days of the chosen employees, then (optionally) one blank row per
 * employee to fill in. Blank rows are ignored on save, so unused ones do no harm.
 */
export async function loadLeaveDays(
  ctx: FlowContext,
  choice: { employeeIds: readonly number[]; blankRowPerEmployee: boolean; concurrency?: number },
): Promise<LoadLeaveDaysResult> {
  const { api, workbook, client, progress, signal } = ctx;
  const employees = await api.listEmployees(client.id, [], { signal });
  const byId = new Map(employees.map((e) => [e.id, e]));
  const chosen = choice.employeeIds.filter((id) => byId.has(id));
  const days: { day: LeaveDay; employee: Employee }[] = [];
  const failed: LoadLeaveDaysResult["failed"] = [];
  let next = 0;
  let done = 0;
  progress.update?.(0, chosen.length, "Reading leave days");
  const worker = async () => {
    while (next < chosen.length) {
      const id = chosen[next++];
      try {
        const groups = await api.listLeaveDays(id, { signal });
        for (const day of groups.flat()) days.push({ day, employee: byId.get(id)! });
      } catch (error) {
        if (signal?.aborted) throw error;
        failed.push({ employeeId: id, message: error instanceof Error ? error.message : String(error) });
      }
      progress.update?.(++done, chosen.length, "Reading leave days");
    }
  };
  await Promise.all(Array.from({ length: Math.min(choice.concurrency ?? 3, chosen.length) }, worker));

  const grid = leaveDaysGrid(days);
  if (choice.blankRowPerEmployee) {
    for (const e of sortEmployees(employees)) {
      grid.rows.push([null, e.id, e.number ?? null, employeeName(e), null, null, null, null, null]);
    }
  }
  const title = `Leave days: ${clientLabel(client)}`;
  const written = await writeSheet(
    workbook,
    {
      ...(await sheetForClient(workbook, client, LEAVE_SHEETS.days)),
      title,
      stampLabel: "Loaded",
      columns: grid.columns,
      rows: grid.rows,
    },
    progress,
    1 + chosen.length,
  );
  const snapshot = new Map<number, LeaveDaySnapshot>(days.map(({ day, employee }) => [day.id, snapshotOf(day, employee.id)]));
  const snapshotSheet = snapshotSheetFor(client);
  await workbook.writeHiddenTable(snapshotSheet, LEAVE_SNAPSHOT_COLUMNS, leaveSnapshotToTable(snapshot));
  await markClientSheet(workbook, LEAVE_META_KEY, client, { snapshotSheet });
  return { ...written, days: days.length, failed };
}

async function openLeaveSheet(workbook: WorkbookPort, client: ClientRef) {
  const { meta, table, sheetName } = await openClientSheet<LeaveMeta>(workbook, client, {
    spec: LEAVE_SHEETS.days,
    metaKey: LEAVE_META_KEY,
    name: "leave days",
    first: "Load leave days first.",
    again: "load leave days again",
    notMade: (sheetName) => `Load leave days first: the "${sheetName}" sheet was not made by the add-in.`,
    error: LeaveSheetError,
  });
  const stored = await workbook.readHiddenTable(meta.snapshotSheet);
  if (!stored) throw new LeaveSheetError("The leave days snapshot is missing. Load leave days again.");
  return { meta, table, sheetName, snapshot: leaveSnapshotFromTable(stored) };
}

const H = Object.fromEntries(LEAVE_DAY_COLUMNS.map((c) => [c.key, c.header])) as Record<string, string>;

/** The service's error keys (date, hours, type_id, dates.3.date) to the sheet's headers. */
function leaveErrorHeader(key: string): string | null {
  const field = key.split(".").pop() ?? key;
  return field === "date" ? H.date : field === "hours" ? H.hours : field === "type_id" ? H.leave_type : null;
}

/** What the service confirmed while saving: new days (with their rows) and edited ones, for the snapshot. */
interface Confirmed {
  created: { rowIndex: number; snap: LeaveDaySnapshot }[];
  updated: LeaveDaySnapshot[];
}

const OTHER_DAY_REFUSED =
  "Not saved: another day of this employee was refused, so none of the request's days were created — fix that row and save again";

/**
 * create_multiple is all or nothing: names the refused day(s) (errors "dates.<i>.<field>") and says why the others
 * were not created. Null when the errors do not name days (the default wording then applies).
 */
function refusedDays(batch: CreateBatch, error: ValidationError): RowResult[] | null {
  const single = batch.dates.length === 1;
  const perRow = new Map<number, Record<string, string>>();
  for (const [key, message] of Object.entries(error.errors)) {
    const m = /^dates\.(\d+)\.(\w+)$/.exec(key) ?? (single ? /^()(\w+)$/.exec(key) : null);
    if (!m) return null;
    const i = single ? 0 : Number(m[1]);
    const header = leaveErrorHeader(m[2]) ?? m[2];
    perRow.set(i, { ...perRow.get(i), [header]: message });
  }
  if (perRow.size === 0) return null;
  return batch.rowIndexes.map((rowIndex, i) => {
    const errors = perRow.get(i);
    if (!errors) return { rowIndex, status: "Failed" as const, message: OTHER_DAY_REFUSED, errorColumns: [] };
    const text = Object.entries(errors)
      .map(([h, m]) => `${h} ${m}`)
      .join("; ");
    return { rowIndex, status: "Failed" as const, message: `Not saved: ${text}`, errorColumns: Object.keys(errors) };
  });
}

/** One employee's new days: the plain create for a single day, create_multiple for more. */
function createRequest(api: PayrollApi, batch: CreateBatch, confirmed: Confirmed): RowRequest<unknown> {
  const single = batch.dates.length === 1;
  return {
    kind: single ? "create" : "createMultiple",
    rowIndexes: batch.rowIndexes,
    send: async () => {
      if (single) {
        const r = await api.createLeaveDay(batch.employeeId, batch.dates[0]);
        return { message: r.message, ids: [r.id] };
      }
      return api.createLeaveDays(batch.employeeId, batch.dates);
    },
    refused: (error) => refusedDays(batch, error),
    succeeded: (result) => {
      const { ids, message } = result as { ids: number[]; message: string };
      if (ids.length !== batch.dates.length) {
        return rowsWith(
          batch.rowIndexes,
          "Saved",
          `${message} — but the service returned ${ids.length} IDs for ${batch.dates.length} days: load leave days again before editing these rows`,
        );
      }
      return batch.rowIndexes.map((rowIndex, i) => {
        confirmed.created.push({ rowIndex, snap: { id: ids[i], employee_id: batch.employeeId, ...batch.dates[i] } });
        return { rowIndex, status: "Saved" as const, message: `Added (leave day ${ids[i]})`, errorColumns: [] };
      });
    },
  };
}

/** Saves new and edited rows of the Leave days sheet. Throws LeaveSheetError (nothing sent) when it cannot start. */
export async function saveLeaveDays(
  ctx: FlowContext,
  options: { chunkSize?: number; concurrency?: number } = {},
): Promise<RowsResult> {
  const { api, workbook, client, progress } = ctx;
  const { meta, table, sheetName, snapshot } = await openLeaveSheet(workbook, client);
  const o = { signal: ctx.signal };
  progress.update?.(0, undefined, "Checking rows");
  const [types, employees] = await Promise.all([api.listLeaveTypes(client.id, o), api.listEmployees(client.id, [], o)]);
  const plans = parseSheetRows(LeaveSheetError, () =>
    parseLeaveRows(table.columns, table.rows, { employees, leaveTypes: types, snapshot }),
  );

  const local = [
    ...localOutcomes(plans, "No changes since the leave days were loaded or last saved"),
    ...plans.flatMap((p) =>
      p.kind === "deleted" ? rowsWith([p.rowIndex], "Deleted", `Leave day ${p.id} was deleted; remove the row`) : [],
    ),
  ];

  const confirmed: Confirmed = { created: [], updated: [] };
  const requests: RowRequest<unknown>[] = planLeaveCreates(plans, options.chunkSize ?? 50).map((batch) =>
    createRequest(api, batch, confirmed),
  );
  for (const p of plans) {
    if (p.kind !== "update") continue;
    requests.push({
      kind: "update",
      rowIndexes: [p.rowIndex],
      send: () => api.updateLeaveDay(p.id, p.patch),
      succeeded: (r) => {
        confirmed.updated.push({ ...snapshot.get(p.id)!, ...(p.patch as Partial<LeaveDaySnapshot>) });
        return rowsWith([p.rowIndex], "Saved", (r as { message: string }).message || "Updated");
      },
    });
  }

  return saveRows(requests, {
    title: "Leave days",
    local,
    clearOthers: true,
    reads: 2,
    workbook,
    sheetName,
    ...runProgress(progress, options.concurrency),
    errorHeader: leaveErrorHeader,
    label: "Saving leave days",
    // What the service confirmed goes into the snapshot and the sheet (new IDs), even after a failure.
    settle: async () => {
      const { created, updated } = confirmed;
      for (const c of created) snapshot.set(c.snap.id, c.snap);
      for (const u of updated) snapshot.set(u.id, u);
      if (created.length > 0 || updated.length > 0) {
        await workbook.writeHiddenTable(meta.snapshotSheet, LEAVE_SNAPSHOT_COLUMNS, leaveSnapshotToTable(snapshot));
      }
      if (created.length > 0) {
        await workbook.writeColumnValues(
          sheetName,
          H.id,
          created.map((c) => ({ rowIndex: c.rowIndex, value: c.snap.id })),
          "integer",
        );
      }
    },
  });
}

/** The leave-day rows (with an ID) among the given sheet rows: what "Delete selected" would delete. */
export async function leaveDaysToDelete({ workbook, client }: FlowContext, rowIndexes: readonly number[]) {
  const { table, snapshot } = await openLeaveSheet(workbook, client);
  const idAt = table.columns.indexOf(H.id);
  const rows = rowIndexes.map((rowIndex) => {
    const id = Number(table.rows[rowIndex]?.[idAt]);
    const snap = Number.isInteger(id) ? snapshot.get(id) : undefined;
    return { rowIndex, id: snap && !snap.deleted ? snap.id : null, date: snap?.date ?? null };
  });
  return rows;
}

/** Deletes the leave days of the selected rows (after the pane's confirmation). Rows without a loaded ID are not sent. */
export async function deleteLeaveDays(
  ctx: FlowContext,
  rowIndexes: readonly number[],
  options: { concurrency?: number } = {},
): Promise<RowsResult> {
  const { api, workbook, client } = ctx;
  const { meta, table, sheetName, snapshot } = await openLeaveSheet(workbook, client);
  const targets = await leaveDaysToDelete(
    ctx,
    rowIndexes.filter((i) => i >= 0 && i < table.rowCount),
  );
  const local = targets
    .filter((t) => t.id === null)
    .flatMap((t) =>
      rowsWith([t.rowIndex], "Invalid", "Not sent: this row has no saved leave day to delete (clear the row instead)", [H.id]),
    );
  const deleted: number[] = [];
  const requests: RowRequest<unknown>[] = targets
    .filter((t): t is { rowIndex: number; id: number; date: string | null } => t.id !== null)
    .map((t) => ({
      kind: "delete",
      rowIndexes: [t.rowIndex],
      send: () => api.deleteLeaveDay(t.id),
      succeeded: () => {
        deleted.push(t.id);
        return rowsWith([t.rowIndex], "Deleted", `Leave day ${t.id} deleted`);
      },
    }));
  return saveRows(requests, {
    title: "Leave days",
    local,
    workbook,
    sheetName,
    ...runProgress(ctx.progress, options.concurrency),
    label: "Deleting leave days",
    settle: async () => {
      for (const id of deleted) snapshot.set(id, { ...snapshot.get(id)!, deleted: true });
      if (deleted.length > 0)
        await workbook.writeHiddenTable(meta.snapshotSheet, LEAVE_SNAPSHOT_COLUMNS, leaveSnapshotToTable(snapshot));
    },
  });
}
