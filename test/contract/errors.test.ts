/** Contract: authentication, unknown IDs, the sandbox's rate limit and injected failures, through the real PayrollApi. */
import { randomUUID } from "crypto";
import {
  NotFoundError,
  PayrollApi,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  ValidationError,
  type RetryInfo,
} from "../../src/api";
import { KEY, expectNoKey, startHarness, type Harness } from "../support/contractHarness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  expectNoKey(h.errors);
  await h.close();
});

describe("authentication", () => {
  test("the raw key is accepted", async () => {
    expect((await h.api.listClients()).length).toBeGreaterThan(0);
  });

  test("a wrong key is 401 UnauthorizedError, not retried", async () => {
    const retries: RetryInfo[] = [];
    const wrong = h.apiWith({ apiKey: "not-the-key", onRetry: (r) => retries.push(r) });
    const err = await h.failure(wrong.listClients());
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err.status).toBe(401);
    expect(err.message).not.toContain("not-the-key");
    expect(retries).toEqual([]);
  });

  test("`Bearer <key>` is refused: only the raw key is accepted", async () => {
    const bearer = h.apiWith({ apiKey: `Bearer ${KEY}` });
    const err = await h.failure(bearer.getEmployee(1001));
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err.message).not.toContain(KEY);
  });

  test("writes are refused too, and nothing changes", async () => {
    const wrong = h.apiWith({ apiKey: "not-the-key" });
    const before = await h.api.listWaves(1);
    expect(await h.failure(wrong.createWave(1, { frequency: "weekly", first_end_date: "2025-05-02" }))).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(await h.api.listWaves(1)).toHaveLength(before.length);
  });
});

describe("unknown IDs are 404 NotFoundError", () => {
  test.each([
    ["employee", (c: PayrollApi) => c.getEmployee(999_999)],
    ["payslip", (c: PayrollApi) => c.getPayslip(999_999)],
    ["payslip PDF", (c: PayrollApi) => c.getPayslipPdf(999_999)],
    ["client's employees", (c: PayrollApi) => c.listEmployees(999)],
    ["client's waves", (c: PayrollApi) => c.listWaves(999)],
    ["payment run payslips", (c: PayrollApi) => c.listPaymentRunPayslips(999_999)],
    ["payment run accounting", (c: PayrollApi) => c.getPaymentRunAccounting(999_999)],
    ["calculation", (c: PayrollApi) => c.getCalculation(999_999_999)],
    ["inherited calculation", (c: PayrollApi) => c.getInheritedCalculation(999_999)],
    ["service periods", (c: PayrollApi) => c.listServicePeriods(999_999)],
    ["leave day", (c: PayrollApi) => c.updateLeaveDay(999_999, { hours: 2 })],
    ["employee update", (c: PayrollApi) => c.updateEmployee(999_999, { job_title: "x" })],
    ["report poll UUID", (c: PayrollApi) => c.pollReport(1, randomUUID())],
    ["report name", (c: PayrollApi) => c.runReport(1, "no_such_report" as "variance", {} as never)],
  ])("%s", async (_what, call) => {
    const err = await h.failure(call(h.api));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.status).toBe(404);
    expect(err.path).toMatch(/^\//);
  });
});

describe("422 from the service carries its message and errors", () => {
  test("a leave day with an unknown leave type", async () => {
    const emp = (await h.api.listEmployees(1))[0].id;
    const err = (await h.failure(
      h.api.createLeaveDay(emp, { date: "2025-06-02", hours: null, type_id: 999_999 }),
    )) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(422);
    expect(err.serviceMessage).not.toBe("");
    expect(Object.keys(err.errors).some((k) => /type_id$/.test(k))).toBe(true);
  });
});

describe("the sandbox's rate limit", () => {
  test("429 with Retry-After becomes RateLimitedError carrying the wait; a wait beyond maxRetryAfterMs is not slept on", async () => {
    const limited = await startHarness({ rateLimit: 3 });
    try {
      const retries: RetryInfo[] = [];
      const c = limited.apiWith({ maxRetries: 2, maxRetryAfterMs: 500, onRetry: (r) => retries.push(r) });
      for (let i = 0; i < 3; i++) await c.listClients();
      const started = Date.now();
      const err = (await limited.failure(c.listClients())) as RateLimitedError;
      expect(err).toBeInstanceOf(RateLimitedError);
      expect(err.retryAfterMs).toBeGreaterThan(500);
      expect(err.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(err.message).toMatch(/busy.*Try again in \d+ s/);
      expect(retries).toEqual([]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expectNoKey(limited.errors);
    } finally {
      await limited.close();
    }
  });
});

describe("injected server failures (failRate 1)", () => {
  test("GETs are retried then end in ServerError; writes are not retried", async () => {
    const failing = await startHarness({ failRate: 1 });
    try {
      const retries: RetryInfo[] = [];
      const c = failing.apiWith({ maxRetries: 2, onRetry: (r) => retries.push(r) });
      const err = await failing.failure(c.listClients());
      expect(err).toBeInstanceOf(ServerError);
      expect(err.status).toBeGreaterThanOrEqual(500);
      expect(retries.map((r) => r.reason)).toEqual(["server_error", "server_error"]);
      retries.length = 0;
      const write = await failing.failure(c.bulkInput(1, [{ id: "1001", attributes: { job_title: "x" } }]));
      expect(write).toBeInstanceOf(ServerError);
      expect(retries).toEqual([]);
      expectNoKey(failing.errors);
    } finally {
      await failing.close();
    }
  });
});
