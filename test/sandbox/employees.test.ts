/** Employees (create/update/delete rules, includes, the 12-payslip limit) and waves (normalisation, custom_name). */
import type { FastifyInstance } from "fastify";
import { activeEmployee, call, employees, makeApp } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const base = {
  wave_id: 11,
  first_name: "Saoirse",
  last_name: "Ní Bhriain",
  appointment_date: "2026-11-02",
  payment_method: "eft_manual",
};

describe("employees", () => {
  it("creates with the required attributes, numbering automatically, and reads the employee back", async () => {
    const r = await call(app, "POST", "/clients/1/employees", {
      employee: {
        ...base,
        prsi_class: "",
        bank_account: { account_number: "IE29AIBK93115212345678", branch_code: "AIBKIE2D" },
        custom_fields: { "41": "ENG-7" },
        physical_address: { line_1: "12", line_2: "Main Street, Naas", line_3: "W91 X2Y3" },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.any(String), id: expect.any(Number), number: expect.stringMatching(/^\d+$/) });
    const e = (await call(app, "GET", `/employees/${r.body.id}`)).body.employee;
    expect(e).toMatchObject({
      first_name: "Saoirse",
      prsi_class: "a",
      number: r.body.number,
      bank_account: { account_number: "IE29AIBK93115212345678" },
      custom_fields: { "41": "ENG-7" },
    });
    expect(e.physical_address).toMatchObject({ unit_no: "12", st_name: "Main Street, Naas", postal_code: "W91 X2Y3" });
    // A new employee gets an open service period and the current period's open payslip.
    const sp = (await call(app, "GET", `/employees/${r.body.id}/service_periods`)).body;
    expect(sp).toEqual([
      { service_period: expect.objectContaining({ start_date: "2026-11-02", end_date: null, negative: false }) },
    ]);
    const payslips = (await call(app, "GET", `/employees/${r.body.id}/payslips`)).body;
    expect(payslips).toEqual([{ payslip: expect.objectContaining({ date: "2026-11-30", finalised: false }) }]);
  });

  it("names every missing required attribute", async () => {
    const r = await call(app, "POST", "/clients/1/employees", { employee: { first_name: "Only" } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      "employee.appointment_date",
      "employee.last_name",
      "employee.payment_method",
      "employee.wave_id",
    ]);
  });

  it("refuses a create without number in an EMPLOYEE_NUMBER_MANUAL client, and accepts one with it", async () => {
    const client2 = (await call(app, "GET", "/clients")).body.map((c: any) => c.client).find((c: any) => c.id === 2);
    expect(client2.employee_number_mode).toBe("EMPLOYEE_NUMBER_MANUAL");
    const wave = (await call(app, "GET", "/clients/2/waves")).body[0].wave.id;
    const without = await call(app, "POST", "/clients/2/employees", { employee: { ...base, wave_id: wave } });
    expect(without.status).toBe(422);
    expect(without.body.errors["employee.number"]).toMatch(/EMPLOYEE_NUMBER_MANUAL/);
    const withNumber = await call(app, "POST", "/clients/2/employees", {
      employee: { ...base, wave_id: wave, number: "SF-9001" },
    });
    expect(withNumber.status).toBe(200);
    expect(withNumber.body.number).toBe("SF-9001");
    const again = await call(app, "POST", "/clients/2/employees", { employee: { ...base, wave_id: wave, number: "SF-9001" } });
    expect(again.body.errors["employee.number"]).toMatch(/already taken/);
  });

  it("checks attributes against the client", async () => {
    const r = await call(app, "POST", "/clients/1/employees", {
      employee: {
        ...base,
        wave_id: 13,
        pay_point_id: 9999,
        ppsn: "1234567XA",
        email: "not-an-email",
        custom_fields: { "42": "nope", "999": "x" },
      },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(["employee.email"]));
    const r2 = await call(app, "POST", "/clients/1/employees", {
      employee: { ...base, wave_id: 13, pay_point_id: 9999, ppsn: "1234567XA", custom_fields: { "42": "nope", "999": "x" } },
    });
    expect(Object.keys(r2.body.errors).sort()).toEqual([
      "employee.custom_fields.42",
      "employee.custom_fields.999",
      "employee.pay_point_id",
      "employee.ppsn",
      "employee.wave_id",
    ]);
  });

  it("updates only the attributes sent, and deletes a new employee", async () => {
    const { id } = (await call(app, "POST", "/clients/1/employees", { employee: base })).body;
    const r = await call(app, "PATCH", `/employees/${id}`, { employee: { job_title: "Estimator", prsi_class: "J" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, number: expect.any(String) });
    const e = (await call(app, "GET", `/employees/${id}`)).body.employee;
    expect(e).toMatchObject({ job_title: "Estimator", prsi_class: "j", first_name: "Saoirse" });
    expect((await call(app, "DELETE", `/employees/${id}`)).status).toBe(200);
    expect((await call(app, "GET", `/employees/${id}`)).status).toBe(404);
  });

  it("refuses to delete an employee with finalised payslips", async () => {
    const { employee } = await activeEmployee(app, 1);
    const r = await call(app, "DELETE", `/employees/${employee.id}`);
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/finalised/);
  });

  it("includes service periods and at most the 12 most recent payslips", async () => {
    const list = await employees(app, 1, "service_periods,recent_payslips");
    const weekly = list.find((e) => e.wave_id === 12)!;
    const all = (await call(app, "GET", `/employees/${weekly.id}/payslips`)).body;
    expect(all.length).toBeGreaterThan(12);
    expect(weekly.recent_payslips).toHaveLength(12);
    expect(weekly.recent_payslips[0].payslip.date).toBe(all[0].payslip.date);
    for (const e of list) {
      expect(e.recent_payslips.length).toBeLessThanOrEqual(12);
      expect(e.service_periods.length).toBeGreaterThan(0);
    }
  });

  it("refuses an unknown include", async () => {
    expect((await call(app, "GET", "/clients/1/employees?include=payslips")).status).toBe(422);
  });
});

describe("waves", () => {
  it("normalises first_end_date to January 2001 with the period offset", async () => {
    const r = await call(app, "POST", "/clients/1/waves", {
      frequency: "monthly",
      last_day_of_month: 31,
      first_end_date: "2027-04-30",
    });
    expect(r.status).toBe(200);
    const wave = (await call(app, "GET", "/clients/1/waves")).body.map((w: any) => w.wave).find((w: any) => w.id === r.body.id);
    expect(wave).toMatchObject({
      first_end_date: "2001-01-31",
      first_period_offset: (2027 - 2001) * 12 + 3,
      length_months: 1,
      length_weeks: 0,
      custom_name: null,
      name: "Monthly",
    });
    const weekly = await call(app, "POST", "/clients/1/waves", { frequency: "weekly", first_end_date: "2026-12-04" });
    const w2 = (await call(app, "GET", "/clients/1/waves")).body
      .map((w: any) => w.wave)
      .find((w: any) => w.id === weekly.body.id);
    expect(w2.first_end_date.slice(0, 7)).toBe("2001-01");
    const days = (Date.parse("2026-12-04") - Date.parse(w2.first_end_date)) / 86_400_000;
    expect(days / 7).toBe(w2.first_period_offset);
  });

  it("requires last_day_of_month for monthly and a matching date", async () => {
    expect(
      (await call(app, "POST", "/clients/1/waves", { frequency: "monthly", first_end_date: "2027-04-30" })).body.errors,
    ).toHaveProperty("last_day_of_month");
    expect(
      (await call(app, "POST", "/clients/1/waves", { frequency: "monthly", last_day_of_month: 25, first_end_date: "2027-04-30" }))
        .body.errors,
    ).toHaveProperty("first_end_date");
    expect(
      (await call(app, "POST", "/clients/1/waves", { frequency: "monthly", last_day_of_month: 32, first_end_date: "2027-04-30" }))
        .status,
    ).toBe(422);
  });

  it("accepts custom_name only where the client has the feature", async () => {
    const refused = await call(app, "POST", "/clients/1/waves", {
      frequency: "weekly",
      first_end_date: "2026-12-04",
      custom_name: "Night shift",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.custom_name).toMatch(/not enabled/);
    const ok = await call(app, "POST", "/clients/2/waves", {
      frequency: "weekly",
      first_end_date: "2026-12-04",
      custom_name: "Night shift",
    });
    expect(ok.status).toBe(200);
    const simplified = (await call(app, "GET", "/clients/2/waves?format=simplified")).body
      .map((w: any) => w.wave)
      .find((w: any) => w.id === ok.body.id);
    expect(simplified).toMatchObject({ custom_name: "Night shift", name: "Night shift", frequency: "Weekly" });
    expect(simplified).not.toHaveProperty("length_weeks");
    expect(simplified).not.toHaveProperty("first_period_offset");
  });
});
