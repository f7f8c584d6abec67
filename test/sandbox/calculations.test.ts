/** bulk_input per-entity results, calculation operations and their errors, inherited week_hours. */
import type { FastifyInstance } from "fastify";
import { activeEmployee, call, employees, makeApp } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ recalcMs: 0 });
});
afterAll(() => app.close());

describe("bulk_input", () => {
  it("answers per entity, echoes payslip_date, refuses finalised payslips, names each failing attribute", async () => {
    const { employee, open, finalised } = await activeEmployee(app, 1);
    const id = String(employee.id);
    const r = await call(app, "POST", "/clients/1/bulk_input", {
      entities: [
        { id, attributes: { job_title: "Foreman" } },
        { id, payslip_date: open.date, attributes: { "calc.overtime.hours": 5, "calc.overtime.rate": 20 } },
        { id, payslip_date: finalised[0].date, attributes: { "calc.bonus.amount": 5 } },
        { id, payslip_id: String(finalised[0].id), attributes: { "calc.bonus.amount": 5 } },
        { id, attributes: { "calc.bonus.amount": "lots", "calc.nope.amount": 1, email: "bad", job_title: "Never applied" } },
        { id: "999999", attributes: { job_title: "x" } },
        { id, payslip_date: "2026-11-29", attributes: { "calc.bonus.amount": 5 } },
      ],
    });
    expect(r.status).toBe(200);
    const [a, b, c, d, e, f, g] = r.body;
    expect(a).toMatchObject({ id, success: "true" });
    expect(a).not.toHaveProperty("errors");
    expect(b).toMatchObject({ success: "true", payslip_date: open.date });
    expect(c).toMatchObject({ success: "false", payslip_date: finalised[0].date, message: expect.stringMatching(/finalised/) });
    expect(d).toMatchObject({
      success: "false",
      payslip_id: String(finalised[0].id),
      message: expect.stringMatching(/finalised/),
    });
    expect(e.success).toBe("false");
    expect(Object.keys(e.errors).sort()).toEqual(["calc.bonus.amount", "calc.nope.amount", "email"]);
    expect(f.success).toBe("false");
    expect(g).toMatchObject({ success: "false", message: expect.stringMatching(/No regular payslip/) });

    // Applied: the job title (no payslip named), the overtime on the open payslip only. Not applied: entity e.
    expect((await call(app, "GET", `/employees/${id}`)).body.employee.job_title).toBe("Foreman");
    const calcs = (await call(app, "GET", `/payslips/${open.id}/calculations`)).body;
    expect(calcs).toContainEqual(
      expect.objectContaining({
        calculation_id: "overtime",
        payslip_id: open.id,
        inputs: expect.objectContaining({ hours: 5, rate: 20 }),
      }),
    );
    const detail = (await call(app, "GET", `/payslips/${open.id}`)).body.payslip;
    expect(detail.income).toContainEqual(["overtime", "150.00"]);
  });
});

describe("once-off payslips", () => {
  it("payslip_date addresses the regular payslip, never the once-off one of the same date; payslip_id reaches it", async () => {
    const list = await employees(app, 1, "recent_payslips");
    const e = list.find((x) => x.recent_payslips.some((p: any) => p.payslip.special && !p.payslip.finalised))!;
    expect(e).toBeDefined();
    const special = e.recent_payslips.map((p: any) => p.payslip).find((p: any) => p.special && !p.finalised);
    const regular = e.recent_payslips.map((p: any) => p.payslip).find((p: any) => !p.special && !p.finalised);
    expect(special.date).toBe(regular.date);
    const onceOff = (await call(app, "GET", `/payslips/${special.id}`)).body.payslip;
    expect(onceOff.income).toEqual([
      ["bonus", "250.00"],
      ["total", "250.00"],
    ]);

    const r = await call(app, "POST", "/clients/1/bulk_input", {
      entities: [
        { id: String(e.id), payslip_date: regular.date, attributes: { "calc.commission.amount": 111 } },
        { id: String(e.id), payslip_id: String(special.id), attributes: { "calc.bonus.amount": 300 } },
      ],
    });
    expect(r.body.map((x: any) => x.success)).toEqual(["true", "true"]);
    expect((await call(app, "GET", `/payslips/${regular.id}`)).body.payslip.income).toContainEqual(["commission", "111.00"]);
    const after = (await call(app, "GET", `/payslips/${special.id}`)).body.payslip.income;
    expect(after).toEqual([
      ["bonus", "300.00"],
      ["total", "300.00"],
    ]);
    const runs = (await call(app, "GET", "/clients/1/payment_runs")).body.map((x: any) => x.payment_run);
    expect(runs.some((x: any) => x.special)).toBe(true);
  });
});

describe("calculation operations", () => {
  it("basic_salary is single-instance: insert errors, upsert updates the one instance", async () => {
    const { employee } = await activeEmployee(app, 1);
    const url = `/employees/${employee.id}/calculations`;
    const insert = await call(app, "POST", url, {
      calc_type: "basic_salary",
      operation: "insert",
      calculation_details: { amount: 100 },
    });
    expect(insert.status).toBe(422);
    expect(insert.body.errors.operation).toMatch(/single-instance/);
    const first = await call(app, "POST", url, { calc_type: "basic_salary", calculation_details: { amount: 3100 } });
    const second = await call(app, "POST", url, {
      calc_type: "basic_salary",
      operation: "upsert",
      calculation_details: { amount: 3200 },
    });
    expect(second.body.id).toBe(first.body.id);
    expect((await call(app, "GET", `/calculations/${first.body.id}`)).body).toMatchObject({
      calculation_id: "basic_salary",
      inputs: { amount: 3200 },
      employee_id: employee.id,
      payslip_id: null,
    });
  });

  it("employer_loan and savings are multi-instance: insert adds, update selects by calculation_id, update without one errors", async () => {
    const { employee } = await activeEmployee(app, 2);
    const url = `/employees/${employee.id}/calculations`;
    const existing = (await call(app, "GET", url)).body.filter((c: any) => c.calculation_id === "savings");
    const update = await call(app, "POST", url, {
      calc_type: "savings",
      operation: "update",
      calculation_details: { amount: 10 },
    });
    if (!existing.length) {
      expect(update.status).toBe(422);
      expect(update.body.errors.operation).toMatch(/existing/);
    }
    const a = await call(app, "POST", url, {
      calc_type: "savings",
      operation: "insert",
      calculation_details: { amount: 25, balance: 0 },
    });
    const b = await call(app, "POST", url, {
      calc_type: "savings",
      operation: "insert",
      calculation_details: { amount: 40, balance: 100 },
    });
    expect(a.status).toBe(200);
    expect(b.body.id).not.toBe(a.body.id);
    await call(app, "POST", url, {
      calc_type: "savings",
      operation: "update",
      calculation_id: b.body.id,
      calculation_details: { amount: 45 },
    });
    expect((await call(app, "GET", `/calculations/${b.body.id}`)).body.inputs).toEqual({ amount: 45, balance: 100 });
    expect((await call(app, "GET", `/calculations/${a.body.id}`)).body.inputs).toEqual({ amount: 25, balance: 0 });
    const wrong = await call(app, "POST", url, {
      calc_type: "savings",
      operation: "update",
      calculation_id: 1,
      calculation_details: { amount: 1 },
    });
    expect(wrong.status).toBe(422);
    const loans = await call(app, "POST", url, {
      calc_type: "employer_loan",
      operation: "insert",
      calculation_details: { amount: 50, balance: 500 },
    });
    expect(loans.status).toBe(200);
    const detail = (await call(app, "GET", `/employees/${employee.id}/payslips`)).body
      .map((p: any) => p.payslip)
      .find((p: any) => !p.finalised);
    const lines = (await call(app, "GET", `/payslips/${detail.id}`)).body.payslip.deduction.filter(
      ([k]: [string]) => k === "savings",
    );
    expect(lines.length).toBe(existing.length + 2);
  });

  it("validates inputs by the catalogue and refuses unknown calc types", async () => {
    const { employee } = await activeEmployee(app, 1);
    const url = `/employees/${employee.id}/calculations`;
    const bad = await call(app, "POST", url, { calc_type: "overtime", calculation_details: { hours: -3, colour: 1 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["calculation_details.colour", "calculation_details.hours"]);
    expect((await call(app, "POST", url, { calc_type: "moon_bonus", calculation_details: {} })).body.errors).toHaveProperty(
      "calc_type",
    );
  });

  it("PATCH and DELETE a calculation; client definitions cannot be deleted", async () => {
    const { employee, open } = await activeEmployee(app, 1);
    const created = await call(app, "POST", `/payslips/${open.id}/calculations`, {
      calc_type: "commission",
      calculation_details: { amount: 75 },
    });
    expect((await call(app, "PATCH", `/calculations/${created.body.id}`, { calculation_details: { amount: 80 } })).body).toEqual({
      message: expect.any(String),
      id: created.body.id,
    });
    expect((await call(app, "GET", `/calculations/${created.body.id}`)).body.inputs.amount).toBe(80);
    expect((await call(app, "DELETE", `/calculations/${created.body.id}`)).status).toBe(200);
    expect((await call(app, "GET", `/calculations/${created.body.id}`)).status).toBe(404);
    const definition = (await call(app, "GET", "/clients/1/calculations")).body.find((c: any) => c.employee_id === null);
    expect((await call(app, "DELETE", `/calculations/${definition.id}`)).status).toBe(422);
    void employee;
  });

  it("the client list holds definitions, employee-level and payslip-level calculations, and inherited ones with id null", async () => {
    const all = (await call(app, "GET", "/clients/3/calculations")).body;
    expect(all.some((c: any) => c.employee_id === null && c.payslip_id === null)).toBe(true);
    expect(all.some((c: any) => c.employee_id !== null && c.payslip_id === null && Object.keys(c.inputs).length)).toBe(true);
    expect(all.some((c: any) => c.payslip_id !== null)).toBe(true);
    expect(all.some((c: any) => c.id === null && c.calculation_id === "week_hours")).toBe(true);
    const io = (await call(app, "GET", "/clients/3/items_and_outputs")).body;
    const names = new Set(io.accounts.map((a: any) => a.name));
    for (const c of all) if (c.calculation_id !== "week_hours") expect(names.has(String(c.calculation_id))).toBe(true);
    expect(io.system_items.find((i: any) => i.id === "employer_loan").multi_instance).toBe(true);
    expect(io.system_items.find((i: any) => i.id === "basic_salary").multi_instance).toBe(false);
    expect(io.custom_items.every((i: any) => typeof i.id === "number")).toBe(true);
  });
});

describe("inherited week_hours", () => {
  it("needs a Regular Hours v2 client", async () => {
    const { employee } = await activeEmployee(app, 1);
    const r = await call(app, "PATCH", `/employees/${employee.id}/inherited_calculations`, {
      calc_type: "week_hours",
      effective_date: "2026-12-01",
      calculation_details: { full_day_hours_input: 7 },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.calc_type).toMatch(/version 2/);
  });

  it("requires effective_date once there are finalised payslips, keys history by it, and changes pay from then", async () => {
    const { employee, open, finalised } = await activeEmployee(app, 3);
    const url = `/employees/${employee.id}/inherited_calculations`;
    const effective = new Date(Date.parse(`${finalised[0].date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const missing = await call(app, "PATCH", url, { calc_type: "week_hours", calculation_details: { full_day_hours_input: 7 } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.effective_date).toMatch(/required/);
    const tooEarly = await call(app, "PATCH", url, {
      calc_type: "week_hours",
      effective_date: "2025-01-01",
      calculation_details: { full_day_hours_input: 7 },
    });
    expect(tooEarly.body.errors.effective_date).toMatch(/finalised/);

    const before = (await call(app, "GET", `/payslips/${open.id}`)).body.payslip.income;
    const ok = await call(app, "PATCH", url, {
      calc_type: "week_hours",
      effective_date: effective,
      calculation_details: { full_day_hours_input: 10 },
    });
    expect(ok.status).toBe(200);
    const rec = (await call(app, "GET", `/inherited_calculations/${ok.body.id}`)).body;
    expect(Object.keys(rec.inputs_history)).toEqual(expect.arrayContaining(["", effective]));
    expect(rec.inputs_history[effective]).toMatchObject({ full_day_hours_input: 10, schedule: "fixed" });
    expect(rec.inputs_history[""].full_day_hours_input).toBe(8);
    expect((await call(app, "GET", url)).body).toEqual([rec]);
    const after = (await call(app, "GET", `/payslips/${open.id}`)).body.payslip.income;
    const pay = (pairs: [string, string][]) => Number(pairs.find(([k]) => k === "hourly_pay")![1]);
    expect(pay(after)).toBeGreaterThan(pay(before));
  });

  it("a new employee (no finalised payslips) sets the base entry without effective_date, also through POST calculations", async () => {
    const wave = (await call(app, "GET", "/clients/3/waves")).body[0].wave.id;
    const { id } = (
      await call(app, "POST", "/clients/3/employees", {
        employee: {
          wave_id: wave,
          first_name: "Cian",
          last_name: "Ó Dálaigh",
          appointment_date: "2026-11-17",
          payment_method: "eft_manual",
        },
      })
    ).body;
    const r = await call(app, "POST", `/employees/${id}/calculations`, {
      calc_type: "week_hours",
      calculation_details: { schedule: "fixed", full_day_hours_input: 8, works_mon: true, day_type_mon: "full" },
    });
    expect(r.status).toBe(200);
    const [rec] = (await call(app, "GET", `/employees/${id}/inherited_calculations`)).body;
    expect(rec.inputs_history).toEqual({
      "": { schedule: "fixed", full_day_hours_input: 8, works_mon: true, day_type_mon: "full" },
    });
    const bad = await call(app, "PATCH", `/employees/${id}/inherited_calculations`, {
      calc_type: "week_hours",
      calculation_details: { schedule: "sometimes" },
    });
    expect(bad.body.errors["calculation_details.schedule"]).toMatch(/fixed/);
    const list = await employees(app, 3);
    expect(list.some((e) => e.id === id)).toBe(true);
  });
});
