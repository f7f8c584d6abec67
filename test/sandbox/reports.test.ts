/** The five reports agree with the payslips and leave; the async job queue; request checks. */
import type { FastifyInstance } from "fastify";
import { activeEmployee, call, eventually, makeApp, sleep } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ recalcMs: 0, reportJobMs: 150, reportQueue: 2 });
});
afterAll(() => app.close());

const cents = (v: unknown) => Math.round(Number(v) * 100);
const pairValue = (pairs: [string | number, string][], key: string | number) =>
  pairs.filter(([k]) => String(k) === String(key)).reduce((s, [, a]) => s + cents(a), 0);

describe("transaction_history", () => {
  it("has one row per finalised payslip in range whose amounts equal the payslip's", async () => {
    const { employee, finalised } = await activeEmployee(app, 1);
    const body = {
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      employee_ids: [employee.id],
      account_names: ["basic_salary", "paye", "usc", "prsi_employer", "gross_pay", "nett_pay"],
      custom_fields: ["first_name", "42"],
    };
    const rows = (await call(app, "POST", "/clients/1/reports/transaction_history", body)).body;
    const inRange = finalised.filter((p: any) => p.date >= "2026-01-01");
    expect(rows).toHaveLength(inRange.length);
    for (const row of rows) {
      const p = finalised.find((x: any) => x.date === row.Date);
      const d = (await call(app, "GET", `/payslips/${p.id}`)).body.payslip;
      expect(row.employee).toBe(employee.number);
      expect(cents(row.basic_salary)).toBe(pairValue(d.income, "basic_salary"));
      expect(cents(row.paye)).toBe(pairValue(d.deduction, "paye"));
      expect(cents(row.usc)).toBe(pairValue(d.deduction, "usc"));
      expect(cents(row.prsi_employer)).toBe(pairValue(d.sideline[0][1], "prsi_employer"));
      expect(cents(row.nett_pay)).toBe(cents(d.grand_total.find(([k]: [string]) => k === "total")[1]));
      expect(cents(row.nett_pay)).toBe(cents(p.nett_pay));
      expect(row.first_name).toBe(employee.first_name);
      expect(["Operations", "Sales", "Administration"]).toContain(row["42"]);
    }
  });

  it("humanize gives currency text like €1,234.56", async () => {
    const rows = (
      await call(app, "POST", "/clients/1/reports/transaction_history", {
        start_date: "2026-10-01",
        end_date: "2026-10-31",
        account_names: ["gross_pay", "nett_pay"],
        humanize: true,
      })
    ).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.gross_pay).toMatch(/^-?€\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(rows.some((r: any) => /€\d,\d{3}\.\d{2}/.test(r.gross_pay))).toBe(true);
  });

  it("names unknown accounts and refuses reversed dates", async () => {
    const r = await call(app, "POST", "/clients/1/reports/transaction_history", {
      start_date: "2026-12-01",
      end_date: "2026-01-01",
      account_names: ["basic_salary", "champagne"],
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(["account_names.1", "end_date"]);
  });

  it("filters by employee_ids with wave_ids as an additional filter; no employee_ids means no filter", async () => {
    const all = (
      await call(app, "POST", "/clients/1/reports/transaction_history", {
        start_date: "2026-10-01",
        end_date: "2026-10-31",
        account_names: ["nett_pay"],
        wave_ids: [11],
      })
    ).body;
    expect(new Set(all.map((r: any) => r.employee)).size).toBeGreaterThan(1);
    const ids = (await call(app, "GET", "/clients/1/employees")).body.map((e: any) => e.employee);
    const weekly = ids.find((e: any) => e.wave_id === 12);
    const none = (
      await call(app, "POST", "/clients/1/reports/transaction_history", {
        start_date: "2026-10-01",
        end_date: "2026-10-31",
        account_names: ["nett_pay"],
        employee_ids: [weekly.id],
        wave_ids: [11],
      })
    ).body;
    expect(none).toEqual([]);
  });
});

describe("variance, leave and balances", () => {
  it("variance compares the selected period with the one before, from the payslips", async () => {
    const { employee, finalised } = await activeEmployee(app, 2);
    const [sel, prev] = finalised;
    const rows = (
      await call(app, "POST", "/clients/2/reports/variance", {
        wave_id: employee.wave_id,
        period_offset: sel.period_offset,
        employee_ids: [employee.id],
      })
    ).body;
    const [ds, dp] = [
      (await call(app, "GET", `/payslips/${sel.id}`)).body.payslip,
      (await call(app, "GET", `/payslips/${prev.id}`)).body.payslip,
    ];
    const paye = rows.find((r: any) => r.Transaction.name === "paye");
    expect(cents(paye.Selected)).toBe(pairValue(ds.deduction, "paye"));
    expect(cents(paye.Previous)).toBe(pairValue(dp.deduction, "paye"));
    expect(cents(paye.Variance)).toBe(cents(paye.Selected) - cents(paye.Previous));
    const nett = rows.find((r: any) => r.Type === "Total");
    expect(cents(nett.Selected)).toBe(cents(sel.nett_pay));
    expect(paye.Transaction).toMatchObject({ type: "deduction", caption: "PAYE", code: "PAYE" });
    expect((await call(app, "POST", "/clients/2/reports/variance", { wave_id: 11, period_offset: 1 })).status).toBe(422);
  });

  it("comparison_leave rows are the payslips' leave figures", async () => {
    const { employee, finalised } = await activeEmployee(app, 3);
    const types = (await call(app, "GET", "/clients/3/leave_types")).body;
    const typeIds = Object.keys(types).map(Number);
    const rows = (
      await call(app, "POST", "/clients/3/reports/comparison_leave", {
        start_date: "2026-01-01",
        end_date: "2026-12-31",
        employee_ids: [employee.id],
        leave_types: typeIds,
      })
    ).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const p of finalised.slice(0, 3)) {
      const leave = (await call(app, "GET", `/payslips/${p.id}`)).body.payslip.leave;
      for (const [name, l] of Object.entries(leave) as [string, any][]) {
        const row = rows.find((r: any) => r.Date === p.date && r.leave_type === name);
        expect(row).toMatchObject({ Accrual: l.accrual, Taken: l.taken, Balance: l.balance, Adjustment: null });
      }
    }
  });

  it("leave_liability_v2 is days of balance times a daily rate", async () => {
    const rows = (await call(app, "POST", "/clients/1/reports/leave_liability_v2", { date: "2026-10-31" })).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const expected = r.Days <= 0 ? 0 : Math.round(r.Days * cents(r["Daily Rate"]));
      expect(Math.abs(cents(r.Liability) - expected)).toBeLessThanOrEqual(1);
    }
    const human = (await call(app, "POST", "/clients/1/reports/leave_liability_v2", { date: "2026-10-31", humanize: true })).body;
    expect(human[0].Liability).toMatch(/^€/);
  });

  it("tracked_balances move by what the finalised payslips deducted", async () => {
    const now = (await call(app, "POST", "/clients/1/reports/tracked_balances", { date: "2026-11-21" })).body;
    const earlier = (await call(app, "POST", "/clients/1/reports/tracked_balances", { date: "2026-06-30" })).body;
    const withLoan = now.find((r: any) => r.Loans > 0);
    expect(withLoan).toBeDefined();
    const before = earlier.find((r: any) => r.employee === withLoan.employee);
    expect(before.Loans).toBeGreaterThan(withLoan.Loans);
    const e = (await call(app, "GET", "/clients/1/employees")).body
      .map((x: any) => x.employee)
      .find((x: any) => x.number === withLoan.employee);
    const payslips = (await call(app, "GET", `/employees/${e.id}/payslips`)).body
      .map((x: any) => x.payslip)
      .filter((p: any) => p.finalised && p.date > "2026-06-30" && p.date <= "2026-11-21");
    let repaid = 0;
    for (const p of payslips)
      repaid += pairValue((await call(app, "GET", `/payslips/${p.id}`)).body.payslip.deduction, "employer_loan");
    expect(cents(before.Loans) - cents(withLoan.Loans)).toBe(repaid);
  });
});

describe("async reports", () => {
  const body = { date: "2026-11-21" };
  it("start 200 {message, uuid}, poll 204 while running, then 200 with the same rows as the synchronous report", async () => {
    const start = await call(app, "POST", "/clients/1/reports/tracked_balances/async", body);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ message: expect.any(String), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const first = await call(app, "GET", `/clients/1/reports/poll/${start.body.uuid}`);
    expect(first.status).toBe(204);
    expect(first.raw.length).toBe(0);
    const done = await eventually(async () => {
      const r = await call(app, "GET", `/clients/1/reports/poll/${start.body.uuid}`);
      return r.status === 200 ? r : undefined;
    });
    expect(done.body).toEqual((await call(app, "POST", "/clients/1/reports/tracked_balances", body)).body);
  });

  it("429 once the queue is full, room again when jobs finish; 404 for an unknown or another client's uuid", async () => {
    await sleep(400); // let earlier jobs finish
    const a = await call(app, "POST", "/clients/1/reports/tracked_balances/async", body);
    const b = await call(app, "POST", "/clients/1/reports/tracked_balances/async", body);
    const c = await call(app, "POST", "/clients/1/reports/tracked_balances/async", body);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
    expect(c.body.message).toMatch(/Too many/);
    expect(Number(c.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(app, "GET", "/clients/1/reports/poll/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call(app, "GET", `/clients/2/reports/poll/${a.body.uuid}`)).status).toBe(404);
    await eventually(async () =>
      (await call(app, "GET", `/clients/1/reports/poll/${b.body.uuid}`)).status === 200 ? true : undefined,
    );
    expect((await call(app, "POST", "/clients/1/reports/tracked_balances/async", body)).status).toBe(200);
  });

  it("validates the body before queueing", async () => {
    expect((await call(app, "POST", "/clients/1/reports/tracked_balances/async", { date: "soon" })).status).toBe(422);
    expect((await call(app, "POST", "/clients/1/reports/nope/async", body)).status).toBe(404);
  });
});
