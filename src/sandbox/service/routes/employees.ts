/** Service periods, leave and template profile mappings. */
import {
  EndServiceBody,
  LeaveBalancesQuery,
  LeaveDayCreateBody,
  LeaveDayPatchBody,
  LeaveDaysCreateMultipleBody,
  ProfileMappingCreateBody,
  ReinstateBody,
} from "../../../contract";
import { clientOr404, employeeOr404, type Ctx } from "../context";
import { openPayslipFor } from "../employees";
import { HttpError, unprocessable } from "../../http/errors";
import type { EmployeeRec, LeaveDayRec, ServicePeriodRec } from "../../store/store";
import { servicePeriodJson } from "./core";
import { routeParams, type SandboxApp, schema } from "./schemas";

export function registerEmployees(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store, payroll } = ctx;

  // ---------------------------------------------------------------- service periods

  /** Employment periods (not long-term leave), oldest first. */
  const employment = (e: EmployeeRec): ServicePeriodRec[] =>
    store.servicePeriods
      .where("employee", e.id)
      .filter((s) => !s.negative)
      .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id));

  app.get("/employees/:employee_id/service_periods", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return store.servicePeriods.where("employee", e.id).map((s) => ({ service_period: servicePeriodJson(s) }));
  });

  app.post("/employees/:employee_id/service_periods/end_service", schema(path.employee, EndServiceBody), async (req) => {
    const e = req.params.employee_id;
    const { termination_date, termination_code } = req.body.employee_action;
    const latest = employment(e).at(-1);
    if (!latest) throw new HttpError(422, "The employee has no service period to end");
    if (termination_date < latest.start_date) {
      throw unprocessable("termination_date is before the service period started", {
        "employee_action.termination_date": `must be on or after ${latest.start_date}`,
      });
    }
    const lastFinalised = store.payslips
      .where("employee", e.id)
      .filter((p) => p.finalised)
      .reduce((m, p) => (p.date > m ? p.date : m), "");
    if (lastFinalised && termination_date < lastFinalised && latest.end_date === null) {
      throw unprocessable("termination_date falls before the last finalised payslip", {
        "employee_action.termination_date": `must be on or after ${lastFinalised}`,
      });
    }
    const updating = latest.end_date !== null;
    latest.end_date = termination_date;
    latest.termination_code = termination_code;
    latest.updated_at = ctx.clock.now();
    ctx.changed();
    return {
      message: updating
        ? `Termination information updated: service ends ${termination_date} (code ${termination_code})`
        : `Employee terminated: service ends ${termination_date} (code ${termination_code})`,
    };
  });

  app.post("/employees/:employee_id/service_periods/reinstate", schema(path.employee, ReinstateBody), async (req) => {
    const e = req.params.employee_id;
    const { appointment_date } = req.body.employee_action;
    const latest = employment(e).at(-1);
    if (latest && latest.end_date === null)
      throw new HttpError(422, "The employee is in service; only a terminated employee can be reinstated");
    if (latest && appointment_date <= latest.end_date!) {
      throw unprocessable("appointment_date must be after the last service period ended", {
        "employee_action.appointment_date": `must be after ${latest.end_date}`,
      });
    }
    const now = ctx.clock.now();
    store.servicePeriods.insert({
      id: store.nextId("servicePeriod"),
      employee_id: e.id,
      start_date: appointment_date,
      end_date: null,
      negative: false,
      attribs: { ie_employment_identifier: String(employment(e).length + 1) },
      termination_code: null,
      created_at: now,
      updated_at: now,
    });
    e.appointment_date = appointment_date;
    e.updated_at = now;
    openPayslipFor(ctx, e);
    ctx.changed();
    return { message: `Employee reinstated from ${appointment_date}` };
  });

  app.delete("/employees/:employee_id/service_periods/undo_end_service", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    const latest = employment(e).at(-1);
    if (!latest || latest.end_date === null)
      throw new HttpError(422, "The employee's most recent service period has not ended; there is no termination to undo");
    latest.end_date = null;
    latest.termination_code = null;
    latest.updated_at = ctx.clock.now();
    openPayslipFor(ctx, e);
    ctx.changed();
    return { message: "Termination cancelled: the service period is open again" };
  });

  // ---------------------------------------------------------------- leave

  app.get(
    "/employees/:employee_id/leave_balances",
    { schema: { params: path.employee, querystring: LeaveBalancesQuery } },
    async (req) => payroll.leaveBalances(req.params.employee_id, req.query.date),
  );

  app.get("/clients/:client_id/leave_types", schema(path.client), async (req) => {
    const client = req.params.client_id;
    return Object.fromEntries(store.leaveTypes.where("client", client.id).map((t) => [String(t.id), t.name]));
  });

  const leaveDayJson = (d: LeaveDayRec) => ({
    id: d.id,
    date: d.date,
    hours: d.hours,
    leave_type: store.leaveTypes.get(d.type_id)?.name ?? "",
    type_id: d.type_id,
    created_at: d.created_at,
    updated_at: d.updated_at,
  });

  app.get("/employees/:employee_id/leave_days", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    // An array of arrays: one array per leave type (in the client's type order), days by date.
    const byType = new Map<number, LeaveDayRec[]>(store.leaveTypes.where("client", e.client_id).map((t) => [t.id, []]));
    for (const d of store.leaveDays.where("employee", e.id)) byType.get(d.type_id)?.push(d);
    return [...byType.values()]
      .filter((days) => days.length)
      .map((days) => days.sort((a, b) => (a.date < b.date ? -1 : 1)).map(leaveDayJson));
  });

  /** Problems with one leave day for an employee (keys are attribute names). */
  const leaveProblems = (
    e: EmployeeRec,
    day: { date: string; type_id: number; hours?: number | null },
    ignoreId?: number,
    pending: { date: string; type_id: number }[] = [],
  ) => {
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
      store.leaveDays
        .where("employee", e.id)
        .some((d) => d.id !== ignoreId && d.date === day.date && d.type_id === day.type_id) ||
      pending.some((d) => d.date === day.date && d.type_id === day.type_id);
    if (clash) errors.date ??= `already has ${type?.name ?? "leave"} on ${day.date}`;
    if (day.hours !== undefined && day.hours !== null && day.hours > payroll.hoursPerDay(e.id, day.date))
      errors.hours = `must not exceed a full day (${payroll.hoursPerDay(e.id, day.date)} hours)`;
    return errors;
  };

  const insertLeaveDay = (e: EmployeeRec, day: { date: string; type_id: number; hours?: number | null }) => {
    const now = ctx.clock.now();
    return store.leaveDays.insert({
      id: store.nextId("leaveDay"),
      employee_id: e.id,
      date: day.date,
      hours: day.hours ?? null,
      type_id: day.type_id,
      created_at: now,
      updated_at: now,
    });
  };

  const leaveChanged = (e: EmployeeRec) => {
    payroll.markEmployeeDirty(e.id);
    ctx.changed();
  };

  app.post("/employees/:employee_id/leave_days", schema(path.employee, LeaveDayCreateBody), async ({ params, body }) => {
    const e = params.employee_id;
    const errors = leaveProblems(e, body);
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    const d = insertLeaveDay(e, body);
    leaveChanged(e);
    return { message: "Leave day created", id: d.id };
  });

  app.post(
    "/employees/:employee_id/leave_days/create_multiple",
    schema(path.employee, LeaveDaysCreateMultipleBody),
    async ({ params, body }) => {
      const e = params.employee_id;
      const errors: Record<string, string> = {};
      body.dates.forEach((day, i) => {
        for (const [k, v] of Object.entries(leaveProblems(e, day, undefined, body.dates.slice(0, i))))
          errors[`dates.${i}.${k}`] = v;
      });
      if (Object.keys(errors).length) throw unprocessable("Validation failed; no leave days were created", errors);
      const ids = body.dates.map((day) => insertLeaveDay(e, day).id);
      leaveChanged(e);
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
    const errors = { ...leaveProblems(e, next, d.id) };
    const before = leaveProblems(e, { date: d.date, type_id: d.type_id }, d.id);
    if (before.date?.startsWith("falls in the finalised"))
      errors.date = `the leave day is in a finalised pay period and cannot be changed`;
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    Object.assign(d, next, { updated_at: ctx.clock.now() });
    leaveChanged(e);
    return { message: "Leave day updated", id: d.id };
  });

  app.delete("/leave_days/:id", schema(path.leaveDayId), async (req) => {
    const d = req.params.id;
    const e = employeeOr404(ctx, d.employee_id);
    if (leaveProblems(e, { date: d.date, type_id: d.type_id }, d.id).date?.startsWith("falls in the finalised")) {
      throw new HttpError(422, "The leave day is in a finalised pay period and cannot be deleted");
    }
    store.leaveDays.remove(d);
    leaveChanged(e);
    return { message: "Leave day deleted" };
  });

  // ---------------------------------------------------------------- profile mappings

  app.get("/employees/:employee_id/profile_mappings", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return store.profileMappings.where("employee", e.id).map((m) => ({ profile_mapping: m }));
  });

  app.post("/employees/:employee_id/profile_mappings", schema(path.employee, ProfileMappingCreateBody), async (req) => {
    const e = req.params.employee_id;
    const { profile_mapping: m } = req.body;
    const client = clientOr404(ctx, e.client_id);
    const errors: Record<string, string> = {};
    if (!client.profiles.some((p) => p.id === m.profile_id)) {
      errors["profile_mapping.profile_id"] =
        `is not a template of this client (templates: ${client.profiles.map((p) => `${p.id} ${p.name}`).join(", ")})`;
    }
    if (store.profileMappings.where("employee", e.id).some((x) => x.profile_id === m.profile_id))
      errors["profile_mapping.profile_id"] ??= "the employee is already mapped to this template";
    (m.included_calculations ?? []).forEach((id, i) => {
      if (store.calculations.get(id)?.employee_id !== e.id)
        errors[`profile_mapping.included_calculations.${i}`] = `calculation ${id} is not one of this employee's`;
    });
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    const now = ctx.clock.now();
    const rec = store.profileMappings.insert({
      id: store.nextId("profileMapping"),
      employee_id: e.id,
      profile_id: m.profile_id,
      inputs: m.inputs ?? {},
      excluded_calculations: m.excluded_calculations ?? [],
      included_calculations: m.included_calculations ?? [],
      created_at: now,
      updated_at: now,
    });
    ctx.changed();
    return { message: "Profile mapping created", id: rec.id };
  });
}
