/** Leave: balances, leave types and leave days (create one or several, change, delete). */
import { LeaveBalancesQuery, LeaveDayCreateBody, LeaveDayPatchBody, LeaveDaysCreateMultipleBody } from "../../../contract";
import { HttpError, unprocessable } from "../../http/errors";
import type { EmployeeRec, LeaveDayRec, Store } from "../../store/store";
import { employeeOr404, type Ctx } from "../context";
import { routeParams, type SandboxApp, schema } from "./schemas";

type LeaveDayInput = { date: string; type_id: number; hours?: number | null };

function leaveDayJson(store: Store, d: LeaveDayRec) {
  return {
    id: d.id,
    date: d.date,
    hours: d.hours,
    leave_type: store.leaveTypes.get(d.type_id)?.name ?? "",
    type_id: d.type_id,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** Problems with one leave day for an employee (keys are attribute names). */
function leaveProblems(
  ctx: Ctx,
  e: EmployeeRec,
  day: LeaveDayInput,
  ignoreId?: number,
  pending: { date: string; type_id: number }[] = [],
): Record<string, string> {
  const { store, payroll } = ctx;
  const errors: Record<string, string> = {};
  const type = store.leaveTypes.get(day.type_id);
  if (!type || type.client_id !== e.client_id) {
    const types = store.leaveTypes.where("client", e.client_id).map((t) => `${t.id} ${t.name}`);
    errors.type_id = `is not a leave type of this client (types: ${types.join(", ")})`;
  }
  const finalised = store.payslips
    .where("employee", e.id)
    .find((p) => p.finalised && !p.special && payroll.periodStart(p) <= day.date && day.date <= p.date);
  if (finalised) errors.date = `falls in the finalised pay period ending ${finalised.date}`;
  else if (day.date < e.appointment_date) errors.date = `is before the appointment date ${e.appointment_date}`;
  const clash =
    store.leaveDays.where("employee", e.id).some((d) => d.id !== ignoreId && d.date === day.date && d.type_id === day.type_id) ||
    pending.some((d) => d.date === day.date && d.type_id === day.type_id);
  if (clash) errors.date ??= `already has ${type?.name ?? "leave"} on ${day.date}`;
  if (day.hours !== undefined && day.hours !== null && day.hours > payroll.hoursPerDay(e.id, day.date))
    errors.hours = `must not exceed a full day (${payroll.hoursPerDay(e.id, day.date)} hours)`;
  return errors;
}

function insertLeaveDay(ctx: Ctx, e: EmployeeRec, day: LeaveDayInput): LeaveDayRec {
  const now = ctx.clock.now();
  return ctx.store.leaveDays.insert({
    id: ctx.store.nextId("leaveDay"),
    employee_id: e.id,
    date: day.date,
    hours: day.hours ?? null,
    type_id: day.type_id,
    created_at: now,
    updated_at: now,
  });
}

function leaveChanged(ctx: Ctx, e: EmployeeRec): void {
  ctx.payroll.markEmployeeDirty(e.id);
  ctx.changed();
}

export function registerLeave(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store, payroll } = ctx;

  app.get(
    "/employees/:employee_id/leave_balances",
    { schema: { params: path.employee, querystring: LeaveBalancesQuery } },
    async (req) => payroll.leaveBalances(req.params.employee_id, req.query.date),
  );

  app.get("/clients/:client_id/leave_types", schema(path.client), async (req) => {
    const client = req.params.client_id;
    return Object.fromEntries(store.leaveTypes.where("client", client.id).map((t) => [String(t.id), t.name]));
  });

  app.get("/employees/:employee_id/leave_days", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    // An array of arrays: one array per leave type (in the client's type order), days by date.
    const byType = new Map<number, LeaveDayRec[]>(store.leaveTypes.where("client", e.client_id).map((t) => [t.id, []]));
    for (const d of store.leaveDays.where("employee", e.id)) byType.get(d.type_id)?.push(d);
    return [...byType.values()]
      .filter((days) => days.length)
      .map((days) => days.sort((a, b) => (a.date < b.date ? -1 : 1)).map((d) => leaveDayJson(store, d)));
  });

  app.post("/employees/:employee_id/leave_days", schema(path.employee, LeaveDayCreateBody), async ({ params, body }) => {
    const e = params.employee_id;
    const errors = leaveProblems(ctx, e, body);
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    const d = insertLeaveDay(ctx, e, body);
    leaveChanged(ctx, e);
    return { message: "Leave day created", id: d.id };
  });

  app.post(
    "/employees/:employee_id/leave_days/create_multiple",
    schema(path.employee, LeaveDaysCreateMultipleBody),
    async ({ params, body }) => {
      const e = params.employee_id;
      const errors: Record<string, string> = {};
      body.dates.forEach((day, i) => {
        for (const [k, v] of Object.entries(leaveProblems(ctx, e, day, undefined, body.dates.slice(0, i))))
          errors[`dates.${i}.${k}`] = v;
      });
      if (Object.keys(errors).length) throw unprocessable("Validation failed; no leave days were created", errors);
      const ids = body.dates.map((day) => insertLeaveDay(ctx, e, day).id);
      leaveChanged(ctx, e);
      return { message: `${ids.length} leave day${ids.length === 1 ? "" : "s"} created`, ids };
    },
  );

  app.patch("/leave_days/:id", schema(path.leaveDayId, LeaveDayPatchBody), async ({ params, body }) => {
    const d = params.id;
    const e = employeeOr404(ctx, d.employee_id);
    const next = {
      date: body.date ?? d.date,
      type_id: body.type_id ?? d.type_id,
      hours: body.hours === undefined ? d.hours : body.hours,
    };
    const errors = { ...leaveProblems(ctx, e, next, d.id) };
    const before = leaveProblems(ctx, e, { date: d.date, type_id: d.type_id }, d.id);
    if (before.date?.startsWith("falls in the finalised"))
      errors.date = `the leave day is in a finalised pay period and cannot be changed`;
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    Object.assign(d, next, { updated_at: ctx.clock.now() });
    leaveChanged(ctx, e);
    return { message: "Leave day updated", id: d.id };
  });

  app.delete("/leave_days/:id", schema(path.leaveDayId), async (req) => {
    const d = req.params.id;
    const e = employeeOr404(ctx, d.employee_id);
    if (leaveProblems(ctx, e, { date: d.date, type_id: d.type_id }, d.id).date?.startsWith("falls in the finalised")) {
      throw new HttpError(422, "The leave day is in a finalised pay period and cannot be deleted");
    }
    store.leaveDays.remove(d);
    leaveChanged(ctx, e);
    return { message: "Leave day deleted" };
  });
}
