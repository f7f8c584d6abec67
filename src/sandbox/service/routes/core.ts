/** Clients, employees, waves and pay points. */
import {
  EmployeeCreateBody,
  EmployeeListQuery,
  EmployeeUpdateBody,
  RECENT_PAYSLIPS_LIMIT,
  WaveCreateBody,
  WaveListQuery,
} from "../../../contract";
import { clientOr404, type Ctx } from "../context";
import { checkAgainstClient, applyAttributes, createEmployee, deleteEmployee, employeeJson } from "../employees";
import { frequencyText, normaliseFirstEndDate, waveLengths } from "../../engine";
import { HttpError, unprocessable } from "../../http/errors";
import type { ServicePeriodRec, WaveRec } from "../../store/store";
import { routeParams, type SandboxApp, schema } from "./schemas";

export function clientJson(c: import("../../store/store").ClientRec): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    physical_address: c.physical_address,
    employee_number_mode: c.employee_number_mode,
    features: c.features,
    regular_hours_version: c.regular_hours_version,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function servicePeriodJson(s: ServicePeriodRec): Record<string, unknown> {
  return {
    id: s.id,
    employee_id: s.employee_id,
    start_date: s.start_date,
    end_date: s.end_date,
    negative: s.negative,
    created_at: s.created_at,
    updated_at: s.updated_at,
    attribs: s.attribs,
    termination_code: s.termination_code,
  };
}

export function waveJson(w: WaveRec, simplified: boolean): Record<string, unknown> {
  const common = {
    id: w.id,
    first_end_date: w.first_end_date,
    client_id: w.client_id,
    interim_first_end_date: w.interim_first_end_date,
    created_at: w.created_at,
    updated_at: w.updated_at,
    custom_name: w.custom_name,
    pay_dates: { enabled: w.pay_dates_enabled },
    name: w.name,
  };
  if (simplified) return { ...common, frequency: frequencyText(w.frequency) };
  return {
    ...common,
    length_months: w.length_months,
    length_weeks: w.length_weeks,
    first_period_offset: w.first_period_offset,
    notification_days_before: w.notification_days_before,
    finalisation_days_before: w.finalisation_days_before,
    payslip_payment_day: w.payslip_payment_day,
  };
}

export function registerCore(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store, payroll } = ctx;

  app.get("/clients", async () => store.clients.all().map((c) => ({ client: clientJson(c) })));

  app.get(
    "/clients/:client_id/employees",
    { schema: { params: path.client, querystring: EmployeeListQuery } },
    async (req, reply) => {
      const client = req.params.client_id;
      const { include } = req.query;
      const employees = store.employees.where("client", client.id);
      const withData = include.has("recent_payslips_with_data");
      const recentOf = (id: number) => store.payslipsOf(id).slice(-RECENT_PAYSLIPS_LIMIT).reverse();
      if (withData) {
        const dirty = employees.some((e) => recentOf(e.id).some((p) => p.dirty));
        if (dirty) return reply.code(202).send({ message: "Payslips are being calculated; retry later" });
      }
      return employees.map((e) => {
        const out = employeeJson(e);
        if (include.has("service_periods"))
          out.service_periods = store.servicePeriods
            .where("employee", e.id)
            .map((s) => ({ service_period: servicePeriodJson(s) }));
        if (include.has("recent_payslips")) out.recent_payslips = recentOf(e.id).map((p) => ({ payslip: payroll.listItem(p) }));
        if (withData) out.recent_payslips_with_data = recentOf(e.id).map((p) => ({ payslip: payroll.listItem(p, true) }));
        return { employee: out };
      });
    },
  );

  app.get("/employees/:id", schema(path.employeeId), async (req) => ({
    employee: employeeJson(req.params.id),
  }));

  app.post("/clients/:client_id/employees", schema(path.client, EmployeeCreateBody), async ({ params, body }) => {
    const client = params.client_id;
    const errors = checkAgainstClient(ctx, client, body.employee, null);
    if (Object.keys(errors).length) throw unprocessable("Validation failed", prefixed("employee.", errors));
    const e = createEmployee(ctx, client, body.employee);
    ctx.changed();
    return { message: "Employee created", id: e.id, number: e.number };
  });

  app.patch("/employees/:id", schema(path.employeeId, EmployeeUpdateBody), async ({ params, body }) => {
    const e = params.id;
    const client = clientOr404(ctx, e.client_id);
    const errors = checkAgainstClient(ctx, client, body.employee, e);
    if (Object.keys(errors).length) throw unprocessable("Validation failed", prefixed("employee.", errors));
    applyAttributes(ctx, e, body.employee);
    ctx.changed();
    return { message: "Employee updated", id: e.id, number: e.number };
  });

  app.delete("/employees/:id", schema(path.employeeId), async (req) => {
    const e = req.params.id;
    if (store.hasFinalisedPayslips(e.id)) {
      throw new HttpError(422, "Employee has finalised payslips and cannot be deleted; end their service instead");
    }
    deleteEmployee(ctx, e);
    ctx.changed();
    return { message: "Employee deleted" };
  });

  app.get("/clients/:client_id/waves", { schema: { params: path.client, querystring: WaveListQuery } }, async (req) => {
    const client = req.params.client_id;
    const { format } = req.query;
    return store.waves.where("client", client.id).map((w) => ({ wave: waveJson(w, format === "simplified") }));
  });

  app.post("/clients/:client_id/waves", schema(path.client, WaveCreateBody), async ({ params, body }) => {
    const client = params.client_id;
    if (body.custom_name !== undefined && !client.features.includes("wave_custom_name")) {
      throw unprocessable("custom_name is not enabled for this client", {
        custom_name: "is not enabled for this client (feature wave_custom_name)",
      });
    }
    const n = normaliseFirstEndDate(body.frequency, body.first_end_date, body.last_day_of_month);
    if (!n.ok)
      throw unprocessable("Validation failed", {
        [/last_day_of_month/.test(n.error) && !/first_end_date \d/.test(n.error) ? "last_day_of_month" : "first_end_date"]:
          n.error,
      });
    const now = ctx.clock.now();
    const w = store.waves.insert({
      id: store.nextId("wave"),
      client_id: client.id,
      frequency: body.frequency,
      ...waveLengths(body.frequency),
      first_end_date: n.first_end_date,
      first_period_offset: n.first_period_offset,
      interim_first_end_date: null,
      notification_days_before: null,
      finalisation_days_before: null,
      payslip_payment_day: null,
      custom_name: body.custom_name ?? null,
      pay_dates_enabled: false,
      name: body.custom_name ?? frequencyText(body.frequency),
      created_at: now,
      updated_at: now,
    });
    ctx.changed();
    return { message: "Payment frequency created", id: w.id };
  });

  app.get("/clients/:client_id/pay_points", schema(path.client), async (req) => {
    const client = req.params.client_id;
    return store.payPoints.where("client", client.id).map((p) => ({ pay_point: p }));
  });
}

export function prefixed(prefix: string, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));
}
