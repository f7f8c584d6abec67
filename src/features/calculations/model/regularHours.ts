/**
 * Regular Hours (the inherited calculation `week_hours`) for many employees from one sheet.
 *
 * The sheet is prefilled from the client's calculation list (inherited calculations appear there with id null),
 * so building it takes a fixed number of requests. On push each row is compared with what the service holds
 * now and only the changed attributes are sent ("only supplied attributes change"), with the row's effective
 * date or the default one. The document's rule: effective_date is required when the employee has finalised
 * payslips; that is checked locally from the employees' recent payslips so such a row is never sent without one.
 */
import { z } from "zod";
import {
  type Calculation,
  DAYS,
  type Day,
  type Employee,
  type InputValue,
  type Inputs,
  RegularHoursAttributes,
} from "../../../contract";
import { type ColumnSpec, describeCell, isBlank, type CellType, parseCell, parseDate } from "../../../xl/columns";
import {
  col,
  columnPositions,
  EMPLOYEE_COLUMNS,
  type Grid,
  type GridCell,
  sortEmployees,
  STATUS_COLUMNS,
} from "../../../ui/sheets/grid";
import { employeeName } from "../../../ui/sheets/employeeNames";

export const WEEK_HOURS = "week_hours";

const DAY_LABEL: Record<Day, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

/** The attribute columns, in the order of the document's table. */
export function regularHoursAttributeColumns(options: { leaveAnyDay: boolean }): ColumnSpec[] {
  return [
    col("full_day_hours_input", "Full day hours", "integer"),
    col("schedule", "Schedule", "text"),
    ...(options.leaveAnyDay ? [col("leave_any_day", "Leave any day", "boolean")] : []),
    ...DAYS.map((d) => col(`works_${d}`, `Works ${DAY_LABEL[d]}`, "boolean")),
    ...DAYS.map((d) => col(`day_type_${d}`, `Day type ${DAY_LABEL[d]}`, "text")),
    ...DAYS.map((d) => col(`partial_hours_${d}`, `Partial hours ${DAY_LABEL[d]}`, "integer")),
    col("full_days_per_week", "Full days per week", "integer"),
  ];
}

export const RH_FIXED = {
  employee_id: EMPLOYEE_COLUMNS[0],
  finalised: col("finalised", "Has finalised payslips", "boolean"),
  effective_date: col("effective_date", "Effective date", "date"),
};

export function regularHoursColumns(options: { leaveAnyDay: boolean }): ColumnSpec[] {
  return [
    ...EMPLOYEE_COLUMNS,
    RH_FIXED.finalised,
    RH_FIXED.effective_date,
    ...regularHoursAttributeColumns(options),
    ...STATUS_COLUMNS,
  ];
}

/** Each employee's current `week_hours` inputs, from a calculation list (client or employee form). */
export function currentWeekHours(calculations: readonly Calculation[]): Map<number, Inputs> {
  const out = new Map<number, Inputs>();
  for (const c of calculations) {
    const type = c.system_type ?? (typeof c.calculation_id === "string" ? c.calculation_id : null);
    if (type !== WEEK_HOURS || c.employee_id === null || c.payslip_id !== null || c.deleted) continue;
    out.set(c.employee_id, c.inputs);
  }
  return out;
}

/** The latest finalised payslip date of each employee, from employees listed with include=recent_payslips. */
export function latestFinalised(employees: readonly Employee[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of employees) {
    for (const { payslip } of e.recent_payslips ?? []) {
      if (!payslip.finalised) continue;
      const prev = out.get(e.id);
      if (!prev || payslip.date > prev) out.set(e.id, payslip.date);
    }
  }
  return out;
}

export function regularHoursGrid(
  employees: readonly Employee[],
  current: ReadonlyMap<number, Inputs>,
  options: { leaveAnyDay: boolean },
): Grid {
  const finalised = latestFinalised(employees);
  const attrs = regularHoursAttributeColumns(options);
  const sorted = sortEmployees(employees);
  return {
    columns: regularHoursColumns(options),
    rows: sorted.map((e): GridCell[] => {
      const inputs = current.get(e.id) ?? {};
      return [
        e.id,
        e.number ?? null,
        employeeName(e),
        finalised.has(e.id),
        null,
        ...attrs.map((c) => cellValue(inputs[c.key])),
        null,
        null,
      ];
    }),
  };
}

function cellValue(v: InputValue | undefined): GridCell {
  return v === undefined ? null : v;
}

export interface RegularHoursContext {
  /** The service's current week_hours inputs per employee (compared with the sheet). */
  current: ReadonlyMap<number, Inputs>;
  /** Latest finalised payslip date per employee. */
  finalised: ReadonlyMap<number, string>;
  /** Employees of the client (IDs the sheet may name). */
  employeeIds: ReadonlySet<number>;
  /** Used for rows whose Effective date cell is blank; null = none. */
  defaultEffectiveDate: string | null;
  leaveAnyDay: boolean;
}

export type RegularHoursRowPlan =
  | { kind: "blank"; rowIndex: number }
  | { kind: "invalid"; rowIndex: number; errors: Record<string, string> }
  | { kind: "unchanged"; rowIndex: number; employeeId: number }
  | { kind: "send"; rowIndex: number; employeeId: number; effectiveDate: string | null; details: Inputs };

/** Parsed to the attribute's own type: schedule and day types are lower-case words. */
function parseAttribute(
  key: string,
  type: CellType,
  cell: unknown,
): { ok: true; value: InputValue } | { ok: false; message: string } {
  const parsed = parseCell(type, cell);
  if (!parsed.ok) return parsed;
  if (typeof parsed.value === "string" && (key === "schedule" || key.startsWith("day_type_")))
    return { ok: true, value: parsed.value.trim().toLowerCase() };
  return parsed as { ok: true; value: InputValue };
}

const same = (a: InputValue | undefined, b: InputValue | undefined) =>
  (a ?? null) === (b ?? null) || (a == null && b === "") || (a === "" && b == null);

export function parseRegularHoursRows(
  headers: readonly string[],
  rows: readonly unknown[][],
  ctx: RegularHoursContext,
): RegularHoursRowPlan[] {
  const attrs = regularHoursAttributeColumns({ leaveAnyDay: ctx.leaveAnyDay });
  const pos = columnPositions(headers, [RH_FIXED.employee_id, RH_FIXED.effective_date, ...attrs]);
  if (!pos.has("employee_id"))
    throw new Error(`The sheet has no "${RH_FIXED.employee_id.header}" column. Build the Regular Hours sheet again.`);
  const present = attrs.filter((c) => pos.has(c.key));
  const headerOf = new Map(attrs.map((c) => [c.key, c.header]));
  const seen = new Map<number, number>();

  return rows.map((row, rowIndex): RegularHoursRowPlan => {
    const at = (key: string) => (pos.has(key) ? row[pos.get(key)!] : "");
    if ([at("employee_id"), at("effective_date"), ...present.map((c) => at(c.key))].every(isBlank))
      return { kind: "blank", rowIndex };
    const errors: Record<string, string> = {};

    const idCell = parseCell("integer", at("employee_id"));
    let employeeId: number | null = null;
    if (!idCell.ok) errors[RH_FIXED.employee_id.header] = `Employee ID ${idCell.message}`;
    else if (idCell.value === null) errors[RH_FIXED.employee_id.header] = "Employee ID is empty";
    else if (!ctx.employeeIds.has(idCell.value as number))
      errors[RH_FIXED.employee_id.header] = `No employee with ID ${idCell.value} in this client`;
    else employeeId = idCell.value as number;
    if (employeeId !== null) {
      const first = seen.get(employeeId);
      if (first !== undefined) errors[RH_FIXED.employee_id.header] = `Same employee as row ${first + 1}: one row per employee`;
      else seen.set(employeeId, rowIndex);
    }

    const dateCell = parseDate(at("effective_date"));
    let effectiveDate: string | null = null;
    if (!dateCell.ok) errors[RH_FIXED.effective_date.header] = `Effective date ${dateCell.message}`;
    else effectiveDate = dateCell.value ?? ctx.defaultEffectiveDate;

    const held = (employeeId !== null ? ctx.current.get(employeeId) : undefined) ?? {};
    const values: Record<string, InputValue> = {};
    const details: Inputs = {};
    for (const c of present) {
      const parsed = parseAttribute(c.key, c.type, at(c.key));
      if (!parsed.ok) {
        errors[c.header] = `${c.header}: ${parsed.message}`;
        continue;
      }
      values[c.key] = parsed.value;
      if (same(parsed.value, held[c.key])) continue;
      if (parsed.value === null) {
        // Blank cancels a full_days_per_week override (the document's rule); other blanks are never sent.
        if (c.key === "full_days_per_week") details[c.key] = "";
        else
          errors[c.header] = `${c.header} is empty but the service holds ${describeCell(held[c.key])}: blank cells are not sent`;
        continue;
      }
      details[c.key] = parsed.value;
    }

    // Coherence the document states: works_# applies to a fixed schedule, partial hours to a partial day.
    const effective = (k: string) => (k in values ? values[k] : held[k]);
    for (const d of DAYS) {
      if (
        effective(`day_type_${d}`) === "partial" &&
        (effective(`partial_hours_${d}`) ?? null) === null &&
        pos.has(`partial_hours_${d}`)
      ) {
        errors[headerOf.get(`partial_hours_${d}`)!] =
          `Partial hours ${DAY_LABEL[d]} is needed when Day type ${DAY_LABEL[d]} is partial`;
      }
    }

    // The contract's schema: allowed words and ranges.
    const checked = RegularHoursAttributes.safeParse(details);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? "");
        const header = headerOf.get(key) ?? key;
        errors[header] = `${header}: ${friendlyIssue(issue)}`;
      }
    }

    if (employeeId !== null && Object.keys(details).length > 0 && effectiveDate === null && ctx.finalised.has(employeeId)) {
      errors[RH_FIXED.effective_date.header] =
        `Effective date is required: this employee has finalised payslips (latest ${ctx.finalised.get(employeeId)}), ` +
        "and the service only accepts a Regular Hours change for them from an effective date, so finalised periods keep their hours";
    }
    const lastFinalised = employeeId !== null ? ctx.finalised.get(employeeId) : undefined;
    if (Object.keys(details).length > 0 && effectiveDate !== null && lastFinalised && effectiveDate <= lastFinalised) {
      errors[RH_FIXED.effective_date.header] =
        `Effective date must be after ${lastFinalised}, the employee's last finalised payslip: finalised periods keep their hours`;
    }
    if (Object.keys(errors).length > 0) return { kind: "invalid", rowIndex, errors };
    if (Object.keys(details).length === 0) return { kind: "unchanged", rowIndex, employeeId: employeeId! };
    return { kind: "send", rowIndex, employeeId: employeeId!, effectiveDate, details };
  });
}

function friendlyIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value" && "values" in issue) return `must be one of ${(issue.values as unknown[]).join(", ")}`;
  if (issue.code === "too_big") return `must be at most ${String((issue as { maximum: unknown }).maximum)}`;
  if (issue.code === "too_small") return `must be at least ${String((issue as { minimum: unknown }).minimum)}`;
  if (issue.code === "unrecognized_keys") return "is not a Regular Hours attribute";
  return issue.message;
}
