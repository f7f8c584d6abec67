/** Payslips: dirty then recalculated, the 202 meanwhile, detail totals, PDF, pay runs and balanced journals. */
import type { FastifyInstance } from "fastify";
import { activeEmployee, call, eventually, makeApp, sumPairs, totalOf } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ recalcMs: 80 });
});
afterAll(() => app.close());

describe("dirty payslips", () => {
  it("an input change marks the open payslip dirty (no nett_pay), the include answers 202, then both recover", async () => {
    const { employee, open } = await activeEmployee(app, 1);
    const r = await call(app, "POST", "/clients/1/bulk_input", {
      entities: [{ id: String(employee.id), attributes: { "calc.bonus.amount": 1000 } }],
    });
    expect(r.body[0].success).toBe("true");

    const listed = (await call(app, "GET", `/employees/${employee.id}/payslips`)).body
      .map((p: any) => p.payslip)
      .find((p: any) => p.id === open.id);
    expect(listed.dirty).toBe(true);
    expect(listed).not.toHaveProperty("nett_pay");
    const busy = await call(app, "GET", "/clients/1/employees?include=recent_payslips_with_data");
    expect(busy.status).toBe(202);
    expect(busy.body).toEqual({ message: expect.any(String) });

    const clean = await eventually(async () => {
      const p = (await call(app, "GET", `/employees/${employee.id}/payslips`)).body
        .map((x: any) => x.payslip)
        .find((x: any) => x.id === open.id);
      return p.dirty ? undefined : p;
    });
    expect(clean.nett_pay).toBeGreaterThan(open.nett_pay); // the bonus raised pay
    const ready = await call(app, "GET", "/clients/1/employees?include=recent_payslips_with_data");
    expect(ready.status).toBe(200);
    const mine = ready.body.find((x: any) => x.employee.id === employee.id).employee.recent_payslips_with_data;
    expect(mine.length).toBeLessThanOrEqual(12);
    const data = mine.find((x: any) => x.payslip.id === open.id).payslip.data;
    expect(data.income).toContainEqual(["Bonus", "1000.00"]);
    expect(data).toHaveProperty("leave_payments");
  });

  it("finalised payslips keep their figures whatever changes later", async () => {
    const { employee, finalised } = await activeEmployee(app, 1);
    const before = (await call(app, "GET", `/payslips/${finalised[0].id}`)).body;
    await call(app, "POST", `/employees/${employee.id}/calculations`, {
      calc_type: "basic_salary",
      calculation_details: { amount: 99999 },
    });
    await call(app, "PATCH", `/employees/${employee.id}`, { employee: { prsi_class: "m" } });
    expect((await call(app, "GET", `/payslips/${finalised[0].id}`)).body).toEqual(before);
  });
});

describe("payslip forms", () => {
  it("detail totals are the sums of their items, and nett = income - deductions", async () => {
    const { open, finalised } = await activeEmployee(app, 3);
    for (const p of [open, ...finalised.slice(0, 3)]) {
      const d = (await call(app, "GET", `/payslips/${p.id}`)).body.payslip;
      expect(totalOf(d.income)).toBe(sumPairs(d.income));
      expect(totalOf(d.deduction)).toBe(sumPairs(d.deduction));
      expect(totalOf(d.grand_total)).toBe(totalOf(d.income) - totalOf(d.deduction));
      for (const l of Object.values(d.leave) as any[])
        expect(l).toEqual({
          id: expect.any(Number),
          accrual: expect.any(Number),
          taken: expect.any(Number),
          balance: expect.any(Number),
        });
      if (p.finalised) expect(Math.round(p.nett_pay * 100)).toBe(totalOf(d.grand_total));
    }
  });

  it("serves a real PDF per payslip", async () => {
    const { open } = await activeEmployee(app, 2);
    const r = await app.inject({
      method: "GET",
      url: `/v1/payslips/${open.id}.pdf`,
      headers: { authorization: "test-key-0b7e", "content-type": "application/pdf" },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("application/pdf");
    expect(r.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(r.rawPayload.length).toBeGreaterThan(1000);
    expect((await call(app, "GET", "/payslips/999999999.pdf")).status).toBe(404);
  });
});

describe("pay runs", () => {
  it("a run's total is the sum of its payslips' nett pay; its payslips carry data", async () => {
    const runs = (await call(app, "GET", "/clients/2/payment_runs")).body.map((r: any) => r.payment_run);
    expect(runs.length).toBeGreaterThan(12);
    const run = runs[3];
    const payslips = (await call(app, "GET", `/payment_runs/${run.id}/payslips`)).body.map((p: any) => p.payslip);
    expect(payslips.length).toBeGreaterThan(0);
    const sum = payslips.reduce((s: number, p: any) => s + Math.round(p.nett_pay * 100), 0);
    expect(Math.round(run.total * 100)).toBe(sum);
    for (const p of payslips) {
      expect(p).toMatchObject({ payment_run_id: run.id, finalised: true, date: run.period_end_date });
      expect(p.data.income.length).toBeGreaterThan(0);
    }
  });

  it("journal debits equal credits, with and without accounting splits", async () => {
    for (const clientId of [1, 2]) {
      const run = (await call(app, "GET", `/clients/${clientId}/payment_runs`)).body[5].payment_run;
      const [journal] = (await call(app, "GET", `/payment_runs/${run.id}/accounting`)).body;
      const side = (lines: any[]) =>
        lines.reduce(
          (s, l) => s + Object.values(l.amount as Record<string, number>).reduce((t, v) => t + Math.round(v * 100), 0),
          0,
        );
      expect(side(journal.debit)).toBe(side(journal.credit));
      expect(side(journal.debit)).toBeGreaterThan(0);
      if (clientId === 2) {
        expect(journal.accounting_splits).toEqual([]);
        for (const l of journal.debit) expect(Object.keys(l.amount)).toEqual([""]);
      } else expect(journal.accounting_splits.length).toBeGreaterThan(1);
      const nett = journal.credit.find((l: any) => l.line_item === "nett_pay");
      expect(Math.round(side([nett]))).toBe(Math.round(run.total * 100));
    }
  });
});
