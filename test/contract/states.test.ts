/**
 * Contract: the document's state machines (service periods, payslip dirty → recalculated, async reports) and the
 * five reports, real client against the real sandbox.
 */
import { randomUUID } from "crypto";
import { NotFoundError, RateLimitedError, type RetryInfo } from "../../src/api";
import type { Employee } from "../../src/contract";
import { amount, daysFromToday, eventually, expectNoKey, inEmployment, startHarness, today, type Harness } from "../support/contractHarness";

let h: Harness;
let employees: Employee[];
let employee: Employee;

beforeAll(async () => {
  // Recalculation slow enough to observe the dirty state between two requests on a busy machine.
  h = await startHarness({ recalcMs: 1_000, reportJobMs: 500, reportQueue: 2 });
  employees = await h.api.listEmployees(1, ["service_periods"]);
  employee = employees.find(inEmployment)!;
});
afterAll(async () => {
  expectNoKey(h.errors);
  await h.close();
});

describe("service periods: end_service, reinstate, undo_end_service", () => {
  test("open → ended → termination updated → cancelled → ended → reinstated", async () => {
    const emp = employees.filter(inEmployment)[1].id;
    const openPeriod = () => h.api.listServicePeriods(emp).then((ps) => ps.filter((p) => !p.negative));
    const before = await openPeriod();
    const current = before.find((p) => p.end_date === null)!;
    expect(current).toBeDefined();

    const end = today();
    expect((await h.api.endService(emp, { termination_date: end, termination_code: 1 })).message).toEqual(expect.any(String));
    let periods = await openPeriod();
    expect(periods.find((p) => p.id === current.id)).toMatchObject({ end_date: end, termination_code: 1 });
    expect(periods.some((p) => p.end_date === null)).toBe(false);

    await h.api.endService(emp, { termination_date: end, termination_code: 2 });
    periods = await openPeriod();
    expect(periods).toHaveLength(before.length);
    expect(periods.find((p) => p.id === current.id)?.termination_code).toBe(2);

    expect((await h.api.undoEndService(emp)).message).toEqual(expect.any(String));
    expect((await openPeriod()).find((p) => p.id === current.id)?.end_date).toBeNull();

    await h.api.endService(emp, { termination_date: end, termination_code: 3 });
    const back = daysFromToday(14);
    expect((await h.api.reinstate(emp, { appointment_date: back })).message).toEqual(expect.any(String));
    periods = await openPeriod();
    expect(periods).toHaveLength(before.length + 1);
    expect(periods.find((p) => p.end_date === null)?.start_date).toBe(back);
    expect(periods.find((p) => p.id === current.id)?.end_date).toBe(end);
  });
});

describe("payslips: dirty while recalculating, then recalculated", () => {
  test("an input change marks the open payslip dirty (no nett_pay, employee list answers 202), then it recalculates", async () => {
    const openPayslip = async () => (await h.api.listPayslips(employee.id)).find((p) => !p.finalised && !p.special)!;
    const before = await openPayslip();
    expect(before.dirty).toBe(false);
    const salary = (await h.api.listEmployeeCalculations(employee.id)).find((c) => c.calculation_id === "basic_salary");
    const base = salary ? Number(salary.inputs.amount ?? 0) : 0;

    const [result] = await h.api.bulkInput(1, [
      { id: String(employee.id), attributes: { "calc.basic_salary.amount": base + 1_000 } },
    ]);
    expect(result.success).toBe("true");

    const dirty = await openPayslip();
    expect(dirty.dirty).toBe(true);
    expect(dirty.nett_pay).toBeUndefined();
    const busy = await h.api.listEmployeesWithPayslipData(1);
    expect(busy.state).toBe("try_later");
    expect(busy.state === "try_later" && busy.message.length).toBeGreaterThan(0);

    const after = await eventually(
      async () => {
        const p = await openPayslip();
        return p.dirty ? undefined : p;
      },
      6_000,
      100,
    );
    expect(after.nett_pay).toEqual(expect.any(Number));
    expect(after.nett_pay!).toBeGreaterThan(before.nett_pay!);
    const ready = await h.api.listEmployeesWithPayslipData(1);
    expect(ready.state).toBe("ready");
  });
});

describe("reports", () => {
  const yearAgo = daysFromToday(-365);

  test("transaction_history: rows per employee and date; employee_ids filters; humanize gives € strings", async () => {
    const body = {
      start_date: yearAgo,
      end_date: today(),
      wave_ids: null,
      employee_ids: null,
      account_names: ["basic_salary", "nett_pay"],
      custom_fields: ["first_name", "last_name"],
    };
    const rows = await h.api.runReport(1, "transaction_history", body);
    expect(rows.length).toBeGreaterThan(employees.length);
    const numbers = new Set(employees.map((e) => e.number));
    for (const r of rows) expect(numbers.has(r.employee)).toBe(true);
    const only = await h.api.runReport(1, "transaction_history", { ...body, employee_ids: [employee.id] });
    expect(only.length).toBeGreaterThan(0);
    expect(new Set(only.map((r) => r.employee))).toEqual(new Set([employee.number]));
    expect(only.length).toBeLessThan(rows.length);

    const human = await h.api.runReport(1, "transaction_history", { ...body, employee_ids: [employee.id], humanize: true });
    const money = human.flatMap((r) =>
      Object.entries(r).filter(([k]) => !["employee", "Date", "first_name", "last_name"].includes(k)),
    );
    expect(money.length).toBeGreaterThan(0);
    for (const [, v] of money) expect(v).toMatch(/^-?€-?[\d,]+\.\d{2}$/);
    // Same figures with and without humanize.
    const plainSum = only.reduce(
      (s, r) =>
        s +
        Object.entries(r)
          .filter(([k]) => /nett/i.test(k))
          .reduce((a, [, v]) => a + amount(v), 0),
      0,
    );
    const humanSum = human.reduce(
      (s, r) =>
        s +
        Object.entries(r)
          .filter(([k]) => /nett/i.test(k))
          .reduce((a, [, v]) => a + amount(v), 0),
      0,
    );
    expect(humanSum).toBeCloseTo(plainSum, 2);
    expect(plainSum).toBeGreaterThan(0);
  });

  test("variance, comparison_leave, leave_liability_v2, tracked_balances return their columns", async () => {
    const runs = await h.api.listPaymentRuns(1);
    const run = runs[runs.length - 1];
    const variance = await h.api.runReport(1, "variance", {
      wave_id: run.wave_id,
      period_offset: run.period_offset,
      employee_ids: null,
    });
    expect(variance.length).toBeGreaterThan(0);
    for (const r of variance) expect(typeof r.Transaction.name).toBe("string");

    const leaveTypes = Object.keys(await h.api.listLeaveTypes(1)).map(Number);
    const leave = await h.api.runReport(1, "comparison_leave", {
      start_date: yearAgo,
      end_date: today(),
      wave_ids: null,
      employee_ids: null,
      leave_types: leaveTypes,
    });
    expect(leave.length).toBeGreaterThan(0);

    const liability = await h.api.runReport(1, "leave_liability_v2", { date: today(), wave_ids: null, employee_ids: null });
    expect(liability.length).toBeGreaterThan(0);

    const balances = await h.api.runReport(1, "tracked_balances", { date: today(), wave_ids: null, employee_ids: null });
    expect(balances.length).toBeGreaterThan(0);
    expect(balances[0]).toHaveProperty("Loans");
  });
});

describe("async reports", () => {
  const body = { date: today(), wave_ids: null, employee_ids: null };

  test("start → 204 running → 200 with the same rows as the synchronous report", async () => {
    const started = await h.api.startReportAsync(1, "tracked_balances", body);
    expect(started.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await h.api.pollReport(1, started.uuid)).toEqual({ state: "running" });
    const done = await eventually(
      async () => {
        const r = await h.api.pollReport(1, started.uuid, { reportId: "tracked_balances" });
        return r.state === "complete" ? r : undefined;
      },
      5_000,
      100,
    );
    expect(done.rows).toEqual(await h.api.runReport(1, "tracked_balances", body));
  });

  test("429 once the queue is full (no retry), 404 for an unknown UUID", async () => {
    const noRetry = h.apiWith({ maxRetries: 0 });
    const outcomes = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(await noRetry.startReportAsync(1, "tracked_balances", body).catch((e: unknown) => e));
    expect(outcomes[0]).toHaveProperty("uuid");
    const refused = outcomes.filter((o) => o instanceof RateLimitedError) as RateLimitedError[];
    expect(refused.length).toBeGreaterThan(0);
    h.errors.push(...refused);
    expect(refused[0].status).toBe(429);

    expect(await h.failure(h.api.pollReport(1, randomUUID()))).toBeInstanceOf(NotFoundError);
  });

  test("with retries, a queue-full start waits and gets in once a job finishes", async () => {
    const retries: RetryInfo[] = [];
    const patient = h.apiWith({ maxRetries: 6, onRetry: (r) => retries.push(r) });
    const results = await Promise.all([0, 1, 2, 3].map(() => patient.startReportAsync(1, "tracked_balances", body)));
    expect(new Set(results.map((r) => r.uuid)).size).toBe(4);
    // The queue holds 2, so some starts were refused and retried after the sandbox's Retry-After (1 s).
    expect(retries.length).toBeGreaterThan(0);
    for (const r of retries) {
      expect(r.reason).toBe("rate_limited");
      expect(r.delayMs).toBeGreaterThanOrEqual(1_000);
    }
  });
});
