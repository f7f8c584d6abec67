/**
 * Leave: the leave types sheet, every employee's balances at a date (pivoted from the comparison_leave report,
 * one request for all employees), and the leave days sheet: loading, parsing and validating rows, and planning
 * create_multiple / PATCH / DELETE requests from them.
 */
import type { ComparisonLeaveBody, LeaveDay, LeaveDayInput, LeaveTypes } from "../../../contract";
import { parseAmount } from "../../../xl/amounts";
import { type ColumnSpec, isBlank, type Parsed, parseDate, parseInteger, parseNumber, parseText } from "../../../xl/columns";
import {
  col,
  columnPositions,
  compareEmployees,
  EMPLOYEE_COLUMNS,
  type Grid,
  type GridCell,
  recordRows,
  STATUS_COLUMNS,
} from "../../../ui/sheets/grid";
import { employeeName, type EmployeeRef } from "../../../ui/sheets/employeeNames";

// ---------------------------------------------------------------------------------------------------------------
// Leave types and balances

export const LEAVE_TYPE_COLUMNS: ColumnSpec[] = [
  col("id", "Leave type ID", "integer"),
  col("name", "Leave type", "text", { width: 160 }),
];

export function leaveTypesGrid(types: LeaveTypes): Grid {
  const rows = Object.entries(types)
    .map(([id, name]): GridCell[] => [Number(id), name])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
  return { columns: LEAVE_TYPE_COLUMNS, rows };
}

/**
 * The comparison_leave request that yields every employee's balances at `date` in one call: all employees
 * (employee_ids left out, so no filter applies), every leave type, over the year up to the date.
 */
export function balancesReportBody(date: string, leaveTypes: LeaveTypes): ComparisonLeaveBody {
  const start = new Date(`${date}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  return {
    start_date: start.toISOString().slice(0, 10),
    end_date: date,
    wave_ids: null,
    leave_types: Object.keys(leaveTypes).map(Number),
    humanize: false,
  };
}

export interface ComparisonLeaveLike {
  employee: string;
  leave_type: string;
  Date: string | null;
  Balance: unknown;
}

/**
 * One row per employee, one Balance column per leave type. The report's `employee` is the employee number and
 * `leave_type` a name (or ID); for each pair the latest row dated on or before `date` wins. The report dates its
 * rows by payslip, so a balance is as of the last payslip on or before the date ("Balances as of"). Employees the
 * report does not mention are listed with empty balances so the sheet covers everyone.
 */
export function leaveBalancesGrid(
  reportRows: readonly ComparisonLeaveLike[],
  date: string,
  leaveTypes: LeaveTypes,
  employees: readonly EmployeeRef[],
): Grid & { unmatchedEmployees: string[] } {
  const typeNames = Object.entries(leaveTypes).sort((a, b) => a[1].localeCompare(b[1]));
  const typeKey = (t: string) => {
    const byId = leaveTypes[t];
    return byId !== undefined ? t : (typeNames.find(([, name]) => name.toLowerCase() === t.trim().toLowerCase())?.[0] ?? null);
  };
  const latest = new Map<string, { date: string; balance: GridCell }>();
  for (const r of reportRows) {
    const t = typeKey(r.leave_type);
    if (t === null) continue;
    const d = r.Date ?? "";
    if (d > date) continue;
    const key = `${r.employee}\u0000${t}`;
    const prev = latest.get(key);
    if (prev && prev.date > d) continue;
    const parsed = parseAmount(r.Balance);
    latest.set(key, { date: d, balance: parsed.ok ? parsed.value : parsed.text });
  }
  const columns = [
    ...EMPLOYEE_COLUMNS,
    ...typeNames.map(([id, name]) => col(`balance:${id}`, `${name} balance`, "number")),
    col("as_of", "Balances as of", "date"),
  ];
  const known = new Set(employees.map((e) => e.number ?? ""));
  const unmatchedEmployees = [...new Set(reportRows.map((r) => r.employee))].filter((n) => !known.has(n));
  const rows = employees.map((e): GridCell[] => [
    e.id,
    e.number ?? null,
    employeeName(e),
    ...typeNames.map(([id]) => latest.get(`${e.number ?? ""}\u0000${id}`)?.balance ?? null),
    typeNames.map(([id]) => latest.get(`${e.number ?? ""}\u0000${id}`)?.date ?? "").reduce((a, b) => (b > a ? b : a), "") || null,
  ]);
  return { columns, rows, unmatchedEmployees };
}

// ---------------------------------------------------------------------------------------------------------------
// Leave days sheet

export const LEAVE_DAY_COLUMNS: ColumnSpec[] = [
  col("id", "Leave day ID", "integer"),
  ...EMPLOYEE_COLUMNS,
  col("date", "Date", "date"),
  col("hours", "Hours", "number"),
  col("leave_type", "Leave type", "text", { width: 140 }),
  ...STATUS_COLUMNS,
];
const HEADER = Object.fromEntries(LEAVE_DAY_COLUMNS.map((c) => [c.key, c.header])) as Record<string, string>;

export interface LeaveDayWithEmployee {
  day: LeaveDay;
  employee: EmployeeRef;
}

/** What the sheet held when it was loaded or last saved: the comparison point for edits. */
export interface LeaveDaySnapshot {
  id: number;
  employee_id: number;
  date: string;
  hours: number | null;
  type_id: number;
  /** Deleted from this sheet: the row stays (with its status) but is never sent again. */
  deleted?: boolean;
}

export function leaveDaysGrid(days: readonly LeaveDayWithEmployee[]): Grid {
  const sorted = [...days].sort(
    (a, b) => compareEmployees(a.employee, b.employee) || a.day.date.localeCompare(b.day.date) || a.day.id - b.day.id,
  );
  return {
    columns: LEAVE_DAY_COLUMNS,
    rows: recordRows(
      LEAVE_DAY_COLUMNS,
      sorted.map(({ day, employee }) => ({
        id: day.id,
        employee_id: employee.id,
        employee_number: employee.number,
        employee_name: employeeName(employee),
        date: day.date,
        hours: day.hours,
        leave_type: day.leave_type,
      })),
    ),
  };
}

export function snapshotOf(day: LeaveDay, employeeId: number): LeaveDaySnapshot {
  return { id: day.id, employee_id: employeeId, date: day.date, hours: day.hours, type_id: day.type_id };
}

export interface LeaveParseContext {
  employees: readonly EmployeeRef[];
  leaveTypes: LeaveTypes;
  /** Leave days loaded into the sheet, by ID. */
  snapshot: ReadonlyMap<number, LeaveDaySnapshot>;
}

export type LeaveRowPlan =
  | { kind: "blank"; rowIndex: number }
  | { kind: "invalid"; rowIndex: number; errors: Record<string, string> }
  | { kind: "create"; rowIndex: number; employeeId: number; input: LeaveDayInput & { hours: number | null } }
  | { kind: "update"; rowIndex: number; id: number; employeeId: number; patch: Partial<LeaveDayInput> }
  | { kind: "unchanged"; rowIndex: number; id: number; employeeId: number }
  | { kind: "deleted"; rowIndex: number; id: number };

/** Matches typed leave type names to IDs: case and spacing do not matter; typed IDs are not accepted. */
export function leaveTypeMatcher(types: LeaveTypes): (text: string) => { id: number } | { error: string } {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  const byName = new Map<string, number[]>();
  for (const [id, name] of Object.entries(types)) byName.set(norm(name), [...(byName.get(norm(name)) ?? []), Number(id)]);
  const choices = Object.values(types).sort().join(", ");
  return (text) => {
    const ids = byName.get(norm(text));
    if (ids?.length === 1) return { id: ids[0] };
    if (ids && ids.length > 1) return { error: `"${text}" names ${ids.length} leave types; rename one in the service` };
    return { error: `unknown leave type "${text}"; choose one of: ${choices}` };
  };
}

/** Blank, "full" or "full day" = a full day (hours null); otherwise more than 0 and at most 24. */
function readHours(value: unknown): Parsed<number | null> {
  if (typeof value === "string" && /^\s*(full( day)?|null)\s*$/i.test(value)) return { ok: true, value: null };
  const n = parseNumber(value);
  if (!n.ok) return { ok: false, message: `${n.message}; leave blank for a full day` };
  if (n.value !== null && (n.value <= 0 || n.value > 24))
    return { ok: false, message: `must be more than 0 and at most 24 (blank = full day), got ${n.value}` };
  return n;
}

/**
 * Reads and validates every row of the leave days sheet. A row without a Leave day ID is new (create); a row
 * with one is compared with the snapshot (update only the changed fields, or unchanged). Errors are keyed by
 * column header so the Excel layer can highlight the cells.
 */
export function parseLeaveRows(headers: readonly string[], rows: readonly unknown[][], ctx: LeaveParseContext): LeaveRowPlan[] {
  const idx = columnPositions(headers, LEAVE_DAY_COLUMNS);
  const missing = ["date", "leave_type"].filter((k) => !idx.has(k));
  if (!idx.has("employee_id") && !idx.has("employee_number")) missing.push("employee_id");
  if (missing.length > 0) {
    throw new Error(
      `The sheet is missing the column(s) ${missing.map((k) => `"${HEADER[k]}"`).join(", ")}. Load leave days to get the layout.`,
    );
  }
  const cell = (row: readonly unknown[], key: string) => (idx.has(key) ? row[idx.get(key)!] : "");
  const byId = new Map(ctx.employees.map((e) => [e.id, e]));
  const byNumber = new Map(ctx.employees.filter((e) => e.number).map((e) => [String(e.number).trim().toLowerCase(), e]));
  const matchType = leaveTypeMatcher(ctx.leaveTypes);
  const seen = new Map<string, number>();

  return rows.map((row, rowIndex): LeaveRowPlan => {
    // A row naming only an employee is an unused template row (the load writes one per employee).
    if (["id", "date", "hours", "leave_type"].every((k) => isBlank(cell(row, k)))) return { kind: "blank", rowIndex };
    const errors: Record<string, string> = {};

    const idRead = parseInteger(cell(row, "id"));
    if (!idRead.ok) errors[HEADER.id] = idRead.message;
    const id = idRead.ok ? idRead.value : null;
    const snap = id !== null ? ctx.snapshot.get(id) : undefined;
    if (snap?.deleted) return { kind: "deleted", rowIndex, id: snap.id };
    if (id !== null && !snap)
      errors[HEADER.id] =
        `leave day ${id} was not loaded into this sheet; load leave days again, or clear the ID to add a new day`;

    // The employee: by ID, else by number; when both are given they must agree.
    let employee: EmployeeRef | undefined;
    const eid = parseInteger(cell(row, "employee_id"));
    const enumber = parseText(cell(row, "employee_number"));
    if (!eid.ok) errors[HEADER.employee_id] = eid.message;
    else if (eid.value !== null) {
      employee = byId.get(eid.value);
      if (!employee) errors[HEADER.employee_id] = `no employee with ID ${eid.value} in this client`;
    }
    if (enumber.ok && enumber.value !== null) {
      const byNum = byNumber.get(enumber.value.trim().toLowerCase());
      if (!byNum) {
        if (!employee) errors[HEADER.employee_number] = `no employee with number "${enumber.value}" in this client`;
      } else if (employee && byNum.id !== employee.id) {
        errors[HEADER.employee_number] = `employee number "${enumber.value}" is employee ${byNum.id}, not ${employee.id}`;
      } else employee = byNum;
    }
    if (!employee && !errors[HEADER.employee_id] && !errors[HEADER.employee_number]) {
      errors[HEADER.employee_id] = "give the employee's ID or number";
    }

    const date = parseDate(cell(row, "date"));
    if (!date.ok) errors[HEADER.date] = date.message;
    else if (date.value === null) errors[HEADER.date] = "is required";

    const hours = readHours(cell(row, "hours"));
    if (!hours.ok) errors[HEADER.hours] = hours.message;

    let typeId: number | null = null;
    const typeText = parseText(cell(row, "leave_type"));
    if (!typeText.ok) errors[HEADER.leave_type] = typeText.message;
    else if (typeText.value === null) errors[HEADER.leave_type] = "is required";
    else {
      const m = matchType(typeText.value);
      if ("error" in m) errors[HEADER.leave_type] = m.error;
      else typeId = m.id;
    }

    if (snap && employee && snap.employee_id !== employee.id) {
      errors[HEADER.employee_id] = "a leave day cannot move to another employee; delete it and add a new row";
    }
    if (Object.keys(errors).length === 0 && employee && date.ok && date.value && hours.ok && typeId !== null) {
      const dupKey = `${employee.id}|${date.value}|${typeId}`;
      const first = seen.get(dupKey);
      if (first !== undefined) errors[HEADER.date] = `same employee, date and leave type as row ${first + 1} of the table`;
      else seen.set(dupKey, rowIndex);
    }
    if (Object.keys(errors).length > 0) return { kind: "invalid", rowIndex, errors };

    const value = { date: (date as { value: string }).value, hours: (hours as { value: number | null }).value, type_id: typeId! };
    if (!snap) return { kind: "create", rowIndex, employeeId: employee!.id, input: value };
    const patch: Partial<LeaveDayInput> = {};
    if (value.date !== snap.date) patch.date = value.date;
    if (value.hours !== snap.hours) patch.hours = value.hours;
    if (value.type_id !== snap.type_id) patch.type_id = value.type_id;
    return Object.keys(patch).length === 0
      ? { kind: "unchanged", rowIndex, id: snap.id, employeeId: snap.employee_id }
      : { kind: "update", rowIndex, id: snap.id, employeeId: snap.employee_id, patch };
  });
}

/** Snapshot rows for hidden storage, and back. */
export const LEAVE_SNAPSHOT_COLUMNS = ["id", "employee_id", "date", "hours", "type_id", "deleted"] as const;

export function leaveSnapshotToTable(snapshot: ReadonlyMap<number, LeaveDaySnapshot>): (string | number | boolean | null)[][] {
  return [...snapshot.values()].map((s) => [s.id, s.employee_id, s.date, s.hours, s.type_id, s.deleted === true]);
}

export function leaveSnapshotFromTable(table: {
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
}): Map<number, LeaveDaySnapshot> {
  const at = (name: string) => table.columns.indexOf(name);
  const [id, employee, date, hours, type, deleted] = LEAVE_SNAPSHOT_COLUMNS.map(at);
  if ([id, employee, date, type].some((i) => i < 0))
    throw new Error("The leave days snapshot is damaged: load leave days again.");
  const out = new Map<number, LeaveDaySnapshot>();
  for (const r of table.rows) {
    const d = parseDate(r[date]);
    if (!Number.isInteger(Number(r[id])) || !d.ok || d.value === null) continue;
    const h = r[hours];
    out.set(Number(r[id]), {
      id: Number(r[id]),
      employee_id: Number(r[employee]),
      date: d.value,
      hours: h === "" || h === null || h === undefined ? null : Number(h),
      type_id: Number(r[type]),
      deleted: deleted >= 0 && (r[deleted] === true || r[deleted] === "TRUE"),
    });
  }
  return out;
}

export interface CreateBatch {
  employeeId: number;
  rowIndexes: number[];
  dates: (LeaveDayInput & { hours: number | null })[];
}

/** create_multiple batches: one per employee that has new rows, split into chunks of at most `chunkSize` dates. */
export function planLeaveCreates(plans: readonly LeaveRowPlan[], chunkSize = 50): CreateBatch[] {
  const byEmployee = new Map<number, Extract<LeaveRowPlan, { kind: "create" }>[]>();
  for (const p of plans) if (p.kind === "create") byEmployee.set(p.employeeId, [...(byEmployee.get(p.employeeId) ?? []), p]);
  const batches: CreateBatch[] = [];
  for (const [employeeId, creates] of byEmployee) {
    for (let i = 0; i < creates.length; i += chunkSize) {
      const chunk = creates.slice(i, i + chunkSize);
      batches.push({ employeeId, rowIndexes: chunk.map((c) => c.rowIndex), dates: chunk.map((c) => c.input) });
    }
  }
  return batches;
}
