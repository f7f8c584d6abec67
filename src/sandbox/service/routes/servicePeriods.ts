/** Service periods: the list, end of service (termination), reinstatement and undoing a termination. */
import { EndServiceBody, ReinstateBody } from "../../../contract";
import { HttpError, unprocessable } from "../../http/errors";
import type { EmployeeRec, ServicePeriodRec, Store } from "../../store/store";
import type { Ctx } from "../context";
import { openPayslipFor } from "../employees";
import { servicePeriodJson } from "./core";
import { routeParams, type SandboxApp, schema } from "./schemas";

/** Employment periods (not long-term leave), oldest first. */
function employment(store: Store, e: EmployeeRec): ServicePeriodRec[] {
  return store.servicePeriods
    .where("employee", e.id)
    .filter((s) => !s.negative)
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id));
}

export function registerServicePeriods(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store } = ctx;

  app.get("/employees/:employee_id/service_periods", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return store.servicePeriods.where("employee", e.id).map((s) => ({ service_period: servicePeriodJson(s) }));
  });

  app.post("/employees/:employee_id/service_periods/end_service", schema(path.employee, EndServiceBody), async (req) => {
    const e = req.params.employee_id;
    const { termination_date, termination_code } = req.body.employee_action;
    const latest = employment(store, e).at(-1);
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
    const latest = employment(store, e).at(-1);
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
      attribs: { ie_employment_identifier: String(employment(store, e).length + 1) },
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
    const latest = employment(store, e).at(-1);
    if (!latest || latest.end_date === null)
      throw new HttpError(422, "The employee's most recent service period has not ended; there is no termination to undo");
    latest.end_date = null;
    latest.termination_code = null;
    latest.updated_at = ctx.clock.now();
    openPayslipFor(ctx, e);
    ctx.changed();
    return { message: "Termination cancelled: the service period is open again" };
  });
}
