/** The operator's finalise (outside /v1): open payslips freeze into a pay run, bulk_input refuses them, the next period opens. */
import type { FastifyInstance } from "fastify";
import { activeEmployee, call, eventually, KEY, makeApp } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ recalcMs: 20 });
});
afterAll(() => app.close());

const finalise = (body: unknown, authorization = KEY) =>
  app.inject({
    method: "POST",
    url: "/sandbox/finalise",
    headers: { authorization, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

const payslipsOf = async (employeeId: number) =>
  (await call(app, "GET", `/employees/${employeeId}/payslips`)).body.map((x: any) => x.payslip);

it("refuses a wrong key and is not reachable under /v1", async () => {
  expect((await finalise({ client_id: 1 }, "wrong")).statusCode).toBe(401);
  expect((await call(app, "POST", "/sandbox/finalise", { client_id: 1 })).status).toBe(404);
});

it("finalises one open payslip: its figures freeze, bulk_input refuses it, a pay run lists it and the next period opens", async () => {
  const { employee, open } = await activeEmployee(app, 1);
  const r = await finalise({ client_id: 1, payslip_ids: [open.id] });
  expect(r.statusCode).toBe(200);
  const outcome = JSON.parse(r.body);
  expect(outcome.finalised).toEqual([{ payslip_id: open.id, payment_run_id: expect.any(Number) }]);
  expect(outcome.opened).toHaveLength(1);

  const after = await payslipsOf(employee.id);
  const done = after.find((p: any) => p.id === open.id);
  expect(done.finalised).toBe(true);
  expect(done.nett_pay).toBe(open.nett_pay);
  const next = after.find((p: any) => p.id === outcome.opened[0]);
  expect(next.finalised).toBe(false);
  expect(next.date > open.date).toBe(true);

  // The frozen payslip keeps its figures while the employee's salary changes; the new open one follows it.
  const before = (await call(app, "GET", `/payslips/${open.id}`)).body;
  const write = await call(app, "POST", "/clients/1/bulk_input", {
    entities: [{ id: String(employee.id), attributes: { "calc.bonus.amount": 750 } }],
  });
  expect(write.body[0].success).toBe("true");
  const recalculated = await eventually(async () => {
    const p = (await payslipsOf(employee.id)).find((x: any) => x.id === next.id);
    return p.dirty ? undefined : p;
  });
  expect(recalculated.nett_pay).toBeGreaterThan(next.nett_pay);
  expect((await call(app, "GET", `/payslips/${open.id}`)).body).toEqual(before);

  const refused = await call(app, "POST", "/clients/1/bulk_input", {
    entities: [{ id: String(employee.id), payslip_id: String(open.id), attributes: { "calc.bonus.amount": 1 } }],
  });
  expect(refused.body[0].success).toBe("false");
  expect(refused.body[0].message).toMatch(/finalised/);

  const runs = (await call(app, "GET", `/clients/1/payment_runs?wave_id=${open.wave_id}`)).body;
  expect(JSON.stringify(runs)).toContain(String(outcome.finalised[0].payment_run_id));
});

it("a standing value (bulk_input without a payslip) shows on the open payslip and is what the next period starts from; a payslip-only one is not", async () => {
  const { employee, open } = await activeEmployee(app, 2);
  const id = String(employee.id);
  const salaryOf = (calcs: any[]) => calcs.find((c) => c.calculation_id === "basic_salary")?.inputs.amount;
  const r = await call(app, "POST", "/clients/2/bulk_input", {
    entities: [
      { id, payslip_date: open.date, attributes: { "calc.basic_salary.amount": 6123.45, "calc.bonus.amount": 400 } },
      { id, attributes: { "calc.basic_salary.amount": 6123.45 } },
    ],
  });
  expect(r.body.map((x: any) => x.success)).toEqual(["true", "true"]);
  const own = (await call(app, "GET", `/employees/${id}/calculations`)).body.filter((c: any) => c.payslip_id === null);
  expect(salaryOf(own)).toBe(6123.45);

  // A pay run cannot close on a payslip still calculating (409): finalised once the write's recalculation is done.
  const outcome = await eventually(async () => {
    const r = await finalise({ client_id: 2, payslip_ids: [open.id] });
    return r.statusCode === 200 ? JSON.parse(r.body) : undefined;
  });
  expect(outcome.opened).toHaveLength(1);
  const done = (await call(app, "GET", `/payslips/${open.id}/calculations`)).body;
  expect(salaryOf(done)).toBe(6123.45);
  expect(done.find((c: any) => c.calculation_id === "bonus")?.inputs.amount).toBe(400);
  const next = (await call(app, "GET", `/payslips/${outcome.opened[0]}/calculations`)).body;
  expect(salaryOf(next)).toBe(6123.45);
  expect(next.find((c: any) => c.calculation_id === "bonus")).toBeUndefined();
  const detail = await eventually(async () => {
    const p = (await call(app, "GET", `/payslips/${outcome.opened[0]}`)).body.payslip;
    return p.dirty ? undefined : p;
  });
  expect(detail.income).toContainEqual(["basic_salary", "6123.45"]);
});
