/** Service period state machine, leave days and balances, profile mappings. */
import type { FastifyInstance } from "fastify";
import { activeEmployee, call, employees, makeApp } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ recalcMs: 0 });
});
afterAll(() => app.close());

const periods = async (id: number) =>
  (await call(app, "GET", `/employees/${id}/service_periods`)).body
    .map((s: any) => s.service_period)
    .filter((s: any) => !s.negative);

describe("service periods", () => {
  it("end_service -> (update) -> undo_end_service -> end_service -> reinstate, with 422 for invalid transitions", async () => {
    const { employee, open } = await activeEmployee(app, 1);
    const url = `/employees/${employee.id}/service_periods`;
    expect((await call(app, "POST", `${url}/reinstate`, { employee_action: { appointment_date: "2026-12-01" } })).status).toBe(
      422,
    );
    expect((await call(app, "DELETE", `${url}/undo_end_service`)).status).toBe(422);

    const end = await call(app, "POST", `${url}/end_service`, {
      employee_action: { termination_date: open.date, termination_code: 2 },
    });
    expect(end.status).toBe(200);
    expect(end.body.message).toMatch(/terminated/i);
    expect((await periods(employee.id)).at(-1)).toMatchObject({ end_date: open.date, termination_code: 2 });

    const update = await call(app, "POST", `${url}/end_service`, {
      employee_action: { termination_date: open.date, termination_code: 4 },
    });
    expect(update.body.message).toMatch(/updated/i);
    expect((await periods(employee.id)).at(-1).termination_code).toBe(4);

    const undo = await call(app, "DELETE", `${url}/undo_end_service`);
    expect(undo.status).toBe(200);
    expect((await periods(employee.id)).at(-1)).toMatchObject({ end_date: null, termination_code: null });

    await call(app, "POST", `${url}/end_service`, { employee_action: { termination_date: open.date, termination_code: 1 } });
    const early = await call(app, "POST", `${url}/reinstate`, { employee_action: { appointment_date: open.date } });
    expect(early.status).toBe(422);
    expect(early.body.errors["employee_action.appointment_date"]).toBeDefined();
    const back = await call(app, "POST", `${url}/reinstate`, { employee_action: { appointment_date: "2027-01-04" } });
    expect(back.status).toBe(200);
    const after = await periods(employee.id);
    expect(after.at(-1)).toMatchObject({ start_date: "2027-01-04", end_date: null });
    expect(after.at(-2)).toMatchObject({ end_date: open.date, termination_code: 1 });
  });

  it("refuses a termination before the period started or before finalised pay", async () => {
    const { employee } = await activeEmployee(app, 2);
    const r = await call(app, "POST", `/employees/${employee.id}/service_periods/end_service`, {
      employee_action: { termination_date: "1990-01-01", termination_code: 1 },
    });
    expect(r.status).toBe(422);
    const missing = await call(app, "POST", `/employees/${employee.id}/service_periods/end_service`, {
      employee_action: { termination_date: "2026-12-31" },
    });
    expect(missing.body.errors["employee_action.termination_code"]).toBeDefined();
  });

  it("the demo has leavers and long-term leave (negative periods)", async () => {
    const all = (await employees(app, 1, "service_periods")).concat(await employees(app, 3, "service_periods"));
    const sps = all.flatMap((e) => e.service_periods.map((s: any) => s.service_period));
    expect(sps.some((s: any) => s.negative)).toBe(true);
    expect(sps.some((s: any) => !s.negative && s.end_date !== null && s.termination_code !== null)).toBe(true);
  });
});

describe("leave", () => {
  it('creates full days (null or "null") and part days, lists them as arrays per type, and moves the balance', async () => {
    const { employee, open } = await activeEmployee(app, 2);
    const types = (await call(app, "GET", "/clients/2/leave_types")).body;
    const annual = Number(Object.keys(types).find((k) => types[k] === "Annual leave"));
    const balance = async () => (await call(app, "GET", `/employees/${employee.id}/leave_balances?date=2027-06-30`)).body;
    const before = await balance();
    expect(Object.keys(before).sort()).toEqual(Object.keys(types).sort());

    const a = await call(app, "POST", `/employees/${employee.id}/leave_days`, {
      date: "2027-01-11",
      hours: null,
      type_id: annual,
    });
    const b = await call(app, "POST", `/employees/${employee.id}/leave_days`, {
      date: "2027-01-12",
      hours: "null",
      type_id: annual,
    });
    const c = await call(app, "POST", `/employees/${employee.id}/leave_days`, { date: "2027-01-13", hours: 4, type_id: annual });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    const multi = await call(app, "POST", `/employees/${employee.id}/leave_days/create_multiple`, {
      dates: [
        { date: "2027-02-01", hours: null, type_id: annual },
        { date: "2027-02-02", type_id: annual },
      ],
    });
    expect(multi.body).toEqual({ message: expect.any(String), ids: [expect.any(Number), expect.any(Number)] });

    const list = (await call(app, "GET", `/employees/${employee.id}/leave_days`)).body;
    expect(Array.isArray(list[0])).toBe(true);
    const flat = list.flat();
    expect(flat.find((d: any) => d.id === b.body.id)).toMatchObject({
      date: "2027-01-12",
      hours: null,
      leave_type: "Annual leave",
      type_id: annual,
    });
    expect(flat.find((d: any) => d.id === c.body.id).hours).toBe(4);
    for (const group of list) expect(new Set(group.map((d: any) => d.type_id)).size).toBe(1);

    const after = await balance();
    expect(after[annual]).toBeCloseTo(before[annual] - 4.5, 2);

    expect((await call(app, "PATCH", `/leave_days/${c.body.id}`, { hours: null })).status).toBe(200);
    expect((await balance())[annual]).toBeCloseTo(before[annual] - 5, 2);
    expect((await call(app, "DELETE", `/leave_days/${a.body.id}`)).status).toBe(200);
    expect((await balance())[annual]).toBeCloseTo(before[annual] - 4, 2);
    void open;
  });

  it("refuses unknown types, duplicate days, finalised periods; create_multiple is all or nothing", async () => {
    const { employee, finalised } = await activeEmployee(app, 1);
    const types = Object.keys((await call(app, "GET", "/clients/1/leave_types")).body).map(Number);
    const url = `/employees/${employee.id}/leave_days`;
    expect((await call(app, "POST", url, { date: "2027-03-01", type_id: 99999 })).body.errors.type_id).toMatch(
      /not a leave type/,
    );
    expect((await call(app, "POST", url, { date: finalised[1].date, type_id: types[0] })).body.errors.date).toMatch(/finalised/);
    expect((await call(app, "POST", url, { date: "2027-03-01", type_id: types[0], hours: 0 })).status).toBe(422);
    const count = (await call(app, "GET", url)).body.flat().length;
    const multi = await call(app, "POST", `${url}/create_multiple`, {
      dates: [
        { date: "2027-03-02", type_id: types[0] },
        { date: "2027-03-02", type_id: types[0] },
      ],
    });
    expect(multi.status).toBe(422);
    expect(multi.body.errors["dates.1.date"]).toMatch(/already/);
    expect((await call(app, "GET", url)).body.flat().length).toBe(count);
  });

  it("payslip leave figures and balances agree", async () => {
    const { employee, finalised } = await activeEmployee(app, 3);
    const p = finalised[2];
    const leave = (await call(app, "GET", `/payslips/${p.id}`)).body.payslip.leave;
    const balances = (await call(app, "GET", `/employees/${employee.id}/leave_balances?date=${p.date}`)).body;
    for (const l of Object.values(leave) as any[]) expect(balances[String(l.id)]).toBeCloseTo(l.balance, 2);
    expect((await call(app, "GET", `/employees/${employee.id}/leave_balances`)).status).toBe(422);
  });
});

describe("profile mappings", () => {
  it("lists and creates; an unknown template is refused", async () => {
    const { employee } = await activeEmployee(app, 1);
    const url = `/employees/${employee.id}/profile_mappings`;
    const before = (await call(app, "GET", url)).body;
    const bad = await call(app, "POST", url, { profile_mapping: { profile_id: 12345 } });
    expect(bad.status).toBe(422);
    const clientProfiles = [501, 502].filter((id) => !before.some((m: any) => m.profile_mapping.profile_id === id));
    const calc = (await call(app, "GET", `/employees/${employee.id}/calculations`)).body.find((c: any) => c.id !== null);
    const ok = await call(app, "POST", url, {
      profile_mapping: { profile_id: clientProfiles[0], inputs: { note: "x" }, included_calculations: [calc.id] },
    });
    expect(ok.status).toBe(200);
    const after = (await call(app, "GET", url)).body;
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toEqual({
      profile_mapping: expect.objectContaining({
        id: ok.body.id,
        employee_id: employee.id,
        profile_id: clientProfiles[0],
        included_calculations: [calc.id],
        excluded_calculations: [],
      }),
    });
  });
});
