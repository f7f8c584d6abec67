/**
 * Fault tests: the real PayrollApi against a local server that misbehaves on purpose. Every scenario must end in a
 * typed error or a successful retry, never a hang and never an unhandled rejection.
 */
import Module from "module";
import { inspect } from "util";
import {
  AbortedError,
  NetworkError,
  NotFoundError,
  PayrollApi,
  PayrollError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
  type PayrollApiOptions,
  type RequestLogEntry,
  type RetryInfo,
} from "../../src/api";
import { startFaultServer, type FaultServer } from "./faultServer";

const KEY = "sk-test-SECRET-4f9a7c";
const CLIENTS = [{ client: { id: 1, name: "Bureau demo: Liffey Engineering Ltd" } }];
const OK_CLIENTS = { status: 200, body: CLIENTS } as const;
const BULK_OK = [{ id: "7", success: "true", message: "Updated" }];
const ENTITIES = [{ id: "7", attributes: { job_title: "Fitter" } }];

// Jest gives tests a copy of `process` that never sees 'unhandledRejection'; the real one does.
const realProcess = (Module as unknown as { _load(name: string): NodeJS.Process })._load("process");
const unhandled: unknown[] = [];
const trap = (reason: unknown) => unhandled.push(reason);

let server: FaultServer;
const retries: RetryInfo[] = [];
const allRetries: RetryInfo[] = [];
const logs: RequestLogEntry[] = [];
const errors: unknown[] = [];

function api(overrides: Partial<PayrollApiOptions> = {}): PayrollApi {
  return new PayrollApi({
    baseUrl: server.url,
    apiKey: KEY,
    timeoutMs: 2_000,
    requestsPerSecond: 0,
    retryBaseMs: 5,
    retryMaxDelayMs: 20,
    onRetry: (info) => {
      retries.push(info);
      allRetries.push(info);
    },
    onRequest: (entry) => logs.push(entry),
    ...overrides,
  });
}

/** Awaits a promise that must reject; returns (and keeps, for the key scan) the error. */
async function failure(promise: Promise<unknown>): Promise<PayrollError> {
  try {
    await promise;
  } catch (e) {
    errors.push(e);
    expect(e).toBeInstanceOf(PayrollError);
    return e as PayrollError;
  }
  throw new Error("expected the call to fail");
}

beforeAll(async () => {
  realProcess.on("unhandledRejection", trap);
  server = await startFaultServer();
});
afterAll(async () => {
  await server.close();
  // Let late socket events and timers settle before reading the trap.
  await new Promise((r) => setTimeout(r, 100));
  realProcess.off("unhandledRejection", trap);
  expect(unhandled).toEqual([]);
});
beforeEach(() => {
  server.reset();
  retries.length = 0;
  server.setDefault("GET /clients/", OK_CLIENTS);
  server.setDefault("POST /clients/1/bulk_input", { status: 200, body: BULK_OK });
});
afterEach(() => expect(unhandled).toEqual([]));

describe("latency and timeouts", () => {
  test("a GET slower than the timeout is retried, then ends in TimeoutError", async () => {
    server.setDefault("GET /clients/", { ...OK_CLIENTS, delayMs: 500 });
    const started = Date.now();
    const err = await failure(api({ timeoutMs: 100, maxRetries: 1 }).listClients());
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).timeoutMs).toBe(100);
    // Two tries (one retry). On a loaded machine the second try can time out before its request reaches the
    // server, so the server may count only one of them; the PayrollApi's retry log is the exact record.
    expect(retries.map((r) => r.reason)).toEqual(["timeout"]);
    expect(server.hits("GET /clients/")).toBeGreaterThanOrEqual(1);
    expect(server.hits("GET /clients/")).toBeLessThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  test("a slow GET that recovers succeeds on the retry", async () => {
    server.script("GET /clients/", { ...OK_CLIENTS, delayMs: 400 });
    const clients = await api({ timeoutMs: 150, maxRetries: 2 }).listClients();
    expect(clients.map((c) => c.name)).toEqual(["Bureau demo: Liffey Engineering Ltd"]);
    expect(server.hits("GET /clients/")).toBe(2);
  });

  test("a slow POST times out once and is not repeated (it may have been applied)", async () => {
    server.setDefault("POST /clients/1/bulk_input", { status: 200, body: BULK_OK, delayMs: 400 });
    const err = await failure(api({ timeoutMs: 100, maxRetries: 3 }).bulkInput(1, ENTITIES));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(server.hits("POST /clients/1/bulk_input")).toBe(1);
  });

  test("a body that starts and never finishes is a timeout, not a hang", async () => {
    server.setDefault("GET /clients/", { stall: true });
    const err = await failure(api({ timeoutMs: 150, maxRetries: 0 }).listClients());
    expect(err).toBeInstanceOf(TimeoutError);
  });
});

describe("5xx", () => {
  test("GET: two 500s then success is retried to success", async () => {
    server.script("GET /clients/", { status: 500, body: { message: "boom" } }, { status: 502, raw: "<html>bad gateway</html>" });
    const clients = await api({ maxRetries: 3 }).listClients();
    expect(clients).toHaveLength(1);
    expect(server.hits("GET /clients/")).toBe(3);
    expect(retries.map((r) => [r.attempt, r.reason, r.path])).toEqual([
      [1, "server_error", "/clients/"],
      [2, "server_error", "/clients/"],
    ]);
  });

  test("GET: persistent 503 ends in ServerError after maxRetries", async () => {
    server.setDefault("GET /clients/", { status: 503 });
    const err = await failure(api({ maxRetries: 2 }).listClients());
    expect(err).toBeInstanceOf(ServerError);
    expect(err.status).toBe(503);
    expect(server.hits("GET /clients/")).toBe(3);
  });

  test("POST: a 500 is not retried (the write may have happened)", async () => {
    server.script("POST /clients/1/bulk_input", { status: 500, body: { message: "boom" } });
    const err = await failure(api({ maxRetries: 3 }).bulkInput(1, ENTITIES));
    expect(err).toBeInstanceOf(ServerError);
    expect(err.status).toBe(500);
    expect(err.message).toMatch(/Check whether the change was saved/);
    expect(server.hits("POST /clients/1/bulk_input")).toBe(1);
    expect(retries).toEqual([]);
  });

  test("PATCH and DELETE after a 500 are not retried either", async () => {
    server.script("PATCH /employees/7", { status: 500 });
    server.script("DELETE /employees/7", { status: 500 });
    const c = api({ maxRetries: 3 });
    expect(await failure(c.updateEmployee(7, { job_title: "Fitter" }))).toBeInstanceOf(ServerError);
    expect(await failure(c.deleteEmployee(7))).toBeInstanceOf(ServerError);
    expect(server.hits("PATCH /employees/7") + server.hits("DELETE /employees/7")).toBe(2);
  });
});

describe("429 and Retry-After", () => {
  test("GET waits the server's Retry-After (1 s) and then succeeds", async () => {
    server.script("GET /clients/", { status: 429, body: { message: "Rate limit exceeded" }, headers: { "retry-after": "1" } });
    const clients = await api().listClients();
    expect(clients).toHaveLength(1);
    const [first, second] = server.requests;
    expect(second.at - first.at).toBeGreaterThanOrEqual(1_000);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ reason: "rate_limited", attempt: 1, path: "/clients/", method: "GET" });
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(1_000);
    expect(retries[0].error).toBeInstanceOf(RateLimitedError);
    expect(retries[0].error.message).toMatch(/busy.*Try again in 1 s/);
  });

  test("POST refused with 429 is retried after the wait (nothing was applied)", async () => {
    server.script("POST /clients/1/bulk_input", { status: 429, headers: { "retry-after": "0" } });
    const results = await api().bulkInput(1, ENTITIES);
    expect(results).toEqual(BULK_OK);
    expect(server.hits("POST /clients/1/bulk_input")).toBe(2);
  });

  test("an HTTP-date Retry-After is honoured", async () => {
    const at = new Date(Date.now() + 2_000).toUTCString();
    server.script("GET /clients/", { status: 429, headers: { "retry-after": at } });
    await api().listClients();
    expect(retries[0].delayMs).toBeGreaterThan(0);
    expect(retries[0].delayMs).toBeLessThanOrEqual(2_000 + 5);
    const [first, second] = server.requests;
    expect(second.at - first.at).toBeGreaterThanOrEqual(retries[0].delayMs - 20);
  });

  test("a wait longer than maxRetryAfterMs is handed to the caller at once", async () => {
    server.setDefault("GET /clients/", { status: 429, headers: { "retry-after": "120" } });
    const started = Date.now();
    const err = await failure(api({ maxRetryAfterMs: 10_000 }).listClients());
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(120_000);
    expect(err.message).toMatch(/Try again in 120 s/);
    expect(server.hits("GET /clients/")).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("persistent 429 without Retry-After ends in RateLimitedError after backoff retries", async () => {
    server.setDefault("GET /clients/", { status: 429, body: { message: "Too many reports already queued" } });
    const err = await failure(api({ maxRetries: 2 }).listClients());
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBeUndefined();
    expect(err.message).toMatch(/Too many reports already queued/);
    expect(server.hits("GET /clients/")).toBe(3);
  });
});

describe("dropped connections", () => {
  test("GET: a destroyed socket is retried to success", async () => {
    server.script("GET /clients/", { drop: true });
    expect(await api().listClients()).toHaveLength(1);
    expect(server.hits("GET /clients/")).toBe(2);
    expect(retries.map((r) => r.reason)).toEqual(["network_error"]);
  });

  test("POST: a destroyed socket ends in NetworkError without a second send", async () => {
    server.setDefault("POST /clients/1/bulk_input", { drop: true });
    const err = await failure(api({ maxRetries: 3 }).bulkInput(1, ENTITIES));
    expect(err).toBeInstanceOf(NetworkError);
    expect(server.hits("POST /clients/1/bulk_input")).toBe(1);
  });

  test("GET: always dropped ends in NetworkError after maxRetries", async () => {
    server.setDefault("GET /clients/", { drop: true, delayMs: 10 });
    const err = await failure(api({ maxRetries: 2 }).listClients());
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/Could not reach the payroll service \(GET \/clients\/\)/);
    expect(server.hits("GET /clients/")).toBe(3);
  });

  test("nothing listening is a NetworkError", async () => {
    const closed = await startFaultServer();
    const url = closed.url;
    await closed.close();
    const err = await failure(api({ baseUrl: url, maxRetries: 1 }).listClients());
    expect(err).toBeInstanceOf(NetworkError);
  });
});

describe("malformed and wrong-shaped answers", () => {
  test("malformed JSON is an UnexpectedResponseError and is not retried", async () => {
    server.setDefault("GET /clients/", {
      status: 200,
      raw: '[{"client": {"id": 1,',
      headers: { "content-type": "application/json" },
    });
    const err = await failure(api({ maxRetries: 3 }).listClients());
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err.message).toMatch(/not valid JSON/);
    expect(err.path).toBe("/clients/");
    expect(server.hits("GET /clients/")).toBe(1);
  });

  test("a wrong shape carries the zod issues and the path", async () => {
    server.setDefault("GET /clients/1/employees", {
      status: 200,
      body: [{ employee: { id: 3, first_name: "Aoife" } }, { employee: { id: "4", first_name: "Seán", last_name: "Ó Briain" } }],
    });
    const err = (await failure(api().listEmployees(1, ["service_periods"]))) as UnexpectedResponseError;
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err.path).toBe("/clients/1/employees");
    expect(err.status).toBe(200);
    const paths = err.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["0.employee.last_name", "1.employee.id"]));
    expect(err.message).toMatch(/2 problems, first at \[0\]\.employee\.last_name/);
    expect(server.requests[0].url).toBe("/v1/clients/1/employees?include=service_periods");
  });

  test("an error status with a non-JSON body still gives a typed error", async () => {
    server.setDefault("GET /employees/9", {
      status: 404,
      raw: "<html>Not Found</html>",
      headers: { "content-type": "text/html" },
    });
    const err = await failure(api().getEmployee(9));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toBe("The payroll service has no such record (GET /employees/9).");
  });

  test("an unexpected 204 on a plain endpoint is an UnexpectedResponseError", async () => {
    server.setDefault("GET /clients/", { status: 204 });
    const err = await failure(api().listClients());
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect(err.message).toMatch(/unexpected HTTP status 204/);
  });

  test("a PDF endpoint answering JSON is refused; a PDF comes back as bytes", async () => {
    server.script("GET /payslips/5.pdf", { status: 200, body: { message: "hi" } });
    expect(await failure(api().getPayslipPdf(5))).toBeInstanceOf(UnexpectedResponseError);
    const pdf = Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n%%EOF\n", "latin1");
    server.script("GET /payslips/5.pdf", { status: 200, raw: pdf, headers: { "content-type": "application/pdf" } });
    const bytes = await api().getPayslipPdf(5);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).equals(pdf)).toBe(true);
    expect(server.requests[1].headers.accept).toBe("application/pdf");
  });
});

describe("typed states (not errors)", () => {
  test("202 from recent_payslips_with_data is try_later; 200 is ready", async () => {
    const route = "GET /clients/1/employees";
    server.script(route, { status: 202, body: { message: "Payslips are being calculated, try again later" } });
    server.script(route, { status: 200, body: [{ employee: { id: 3, first_name: "Aoife", last_name: "Byrne" } }] });
    const c = api();
    expect(await c.listEmployeesWithPayslipData(1)).toEqual({
      state: "try_later",
      message: "Payslips are being calculated, try again later",
    });
    const ready = await c.listEmployeesWithPayslipData(1, ["service_periods"]);
    expect(ready.state).toBe("ready");
    expect(ready.state === "ready" && ready.employees.map((e) => e.last_name)).toEqual(["Byrne"]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v1/clients/1/employees?include=recent_payslips_with_data",
      "/v1/clients/1/employees?include=service_periods%2Crecent_payslips_with_data",
    ]);
  });

  test("report poll: 204 running, 200 complete with checked rows, 404 NotFoundError", async () => {
    const uuid = "3b241101-e2bb-4255-8caf-4136c566a962";
    const route = `GET /clients/1/reports/poll/${uuid}`;
    const row = { employee: "E001", Loans: 100, Savings: "€20.00", Garnishees: null };
    server.script(
      route,
      { status: 204 },
      { status: 200, body: [row] },
      { status: 404, body: { message: "Report job not found" } },
    );
    const c = api();
    expect(await c.pollReport(1, uuid)).toEqual({ state: "running" });
    expect(await c.pollReport(1, uuid, { reportId: "tracked_balances" })).toEqual({ state: "complete", rows: [row] });
    const err = await failure(c.pollReport(1, uuid));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toBe(`Report job not found (GET /clients/1/reports/poll/${uuid}).`);
  });
});

describe("refusals", () => {
  test("401 is UnauthorizedError, not retried, and the key the server echoed is redacted", async () => {
    server.setDefault("GET /clients/", { status: 401, body: { message: `Key ${KEY} is not valid` } });
    const err = (await failure(api({ maxRetries: 3 }).listClients())) as UnauthorizedError;
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err.status).toBe(401);
    expect(err.message).toMatch(/did not accept the API key/);
    expect(err.serviceMessage).toBe("Key [API key] is not valid");
    expect(server.hits("GET /clients/")).toBe(1);
  });

  test("422 is a ValidationError with the service's message and errors", async () => {
    server.script("POST /clients/2/employees", {
      status: 422,
      body: { message: "Employee could not be created", errors: { number: "is required in manual numbering mode" } },
    });
    const err = (await failure(
      api().createEmployee(2, {
        wave_id: 1,
        first_name: "Niamh",
        last_name: "Kelly",
        appointment_date: "2024-02-01",
        payment_method: "eft_manual",
      }),
    )) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ number: "is required in manual numbering mode" });
    expect(err.message).toBe(
      "Employee could not be created (number: is required in manual numbering mode) (POST /clients/2/employees)",
    );
  });

  test("a body that breaks the contract is refused before sending", async () => {
    const err = (await failure(
      api().createWave(1, { frequency: "monthly", first_end_date: "2024-01-31" }),
    )) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBeUndefined();
    expect(err.errors).toHaveProperty("last_day_of_month");
    expect(server.requests).toHaveLength(0);
  });

  test("an ID that is not a whole number never reaches a URL", async () => {
    const err = await failure(api().getEmployee(Number.NaN));
    expect(err).toBeInstanceOf(ValidationError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("aborts", () => {
  test("abort during the request is an AbortedError at once", async () => {
    server.setDefault("GET /clients/", { ...OK_CLIENTS, delayMs: 2_000 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const started = Date.now();
    const err = await failure(api({ timeoutMs: 5_000 }).listClients({ signal: ac.signal }));
    expect(err).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test("abort during a Retry-After sleep stops the retry", async () => {
    server.setDefault("GET /clients/", { status: 429, headers: { "retry-after": "30" } });
    const ac = new AbortController();
    const c = api({ onRetry: () => setTimeout(() => ac.abort(), 20) });
    const started = Date.now();
    const err = await failure(c.listClients({ signal: ac.signal }));
    expect(err).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.hits("GET /clients/")).toBe(1);
  });

  test("abort while queued behind the rate limiter releases the caller and sends nothing more", async () => {
    const c = api({ requestsPerSecond: 2 });
    const ac = new AbortController();
    const first = c.listClients();
    // Handle the second call's outcome at once: it may reject before the first one resolves.
    const second = failure(c.listClients({ signal: ac.signal }));
    setTimeout(() => ac.abort(), 50);
    expect(await first).toHaveLength(1);
    expect(await second).toBeInstanceOf(AbortedError);
    await new Promise((r) => setTimeout(r, 600));
    expect(server.hits("GET /clients/")).toBe(1);
  });

  test("an already-aborted signal sends nothing", async () => {
    const err = await failure(api().listClients({ signal: AbortSignal.abort() }));
    expect(err).toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("rate limiter", () => {
  test("a burst of parallel calls is spaced and capped in concurrency", async () => {
    server.setDefault("GET /clients/", { ...OK_CLIENTS, delayMs: 120 });
    // Launch times are taken in the PayrollApi's fetch, where the limiter acts (server arrival times can bunch up).
    const starts: number[] = [];
    const timedFetch = (url: string, init: RequestInit) => {
      starts.push(performance.now());
      return fetch(url, init);
    };
    const c = api({ requestsPerSecond: 20, maxConcurrent: 2, fetch: timedFetch });
    const called = performance.now();
    const results = await Promise.all(Array.from({ length: 8 }, () => c.listClients()));
    expect(results.every((r) => r.length === 1)).toBe(true);
    expect(starts).toHaveLength(8);
    expect(server.maxInFlight()).toBeLessThanOrEqual(2);
    // minTime is 50 ms: the limiter launches call k no sooner than k × 50 ms after the eight were made (10 ms for
    // timer rounding), and its fetch starts at or after that launch. Measured from when the calls were made, since a
    // load that delays a start only makes it later; measured from the first start, a delayed first start made the
    // second look early (37 ms after it, in a unit run at load 25).
    const early = starts.map((t, k) => [k, Math.round(t - called)]).filter(([k, at]) => at < k * 50 - 10);
    expect(early).toEqual([]);
  });
});

describe("wire format", () => {
  test("raw key header, /v1 under the service root, JSON only with a body, no key in any URL", async () => {
    server.setDefault("DELETE /employees/7", { status: 200, body: { message: "Deleted" } });
    const c = api({ baseUrl: `${server.url}/` });
    await c.listClients();
    await c.bulkInput(1, ENTITIES);
    await c.deleteEmployee(7);
    const [get, post, del] = server.requests;
    expect(get.url).toBe("/v1/clients/");
    expect(get.headers.authorization).toBe(KEY);
    expect(get.headers["content-type"]).toBeUndefined();
    expect(get.headers.accept).toBe("application/json");
    expect(post.headers["content-type"]).toBe("application/json");
    expect(post.body).toEqual({ entities: ENTITIES });
    expect(del.headers["content-type"]).toBeUndefined();
    for (const r of server.requests) expect(r.url).not.toContain(KEY);
  });

  test("a base URL that already ends in /v1 is not doubled", async () => {
    await api({ baseUrl: `${server.url}/v1/` }).listClients();
    expect(server.requests[0].url).toBe("/v1/clients/");
  });
});

describe("the key never leaks", () => {
  test("a key with a line break is refused at construction, without echoing it", () => {
    expect(() => new PayrollApi({ baseUrl: server.url, apiKey: `${KEY}\nX-Evil: 1` })).toThrow(/cannot be sent/);
    try {
      new PayrollApi({ baseUrl: server.url, apiKey: `${KEY}\n` });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain(KEY);
    }
  });

  test("the PayrollApi object does not expose the key when logged or serialised", () => {
    const c = api();
    expect(JSON.stringify(c)).not.toContain(KEY);
    expect(inspect(c, { depth: 10 })).not.toContain(KEY);
  });

  // Runs last: scans every error, retry notice and log line that the tests above produced.
  test("no error message, stack, field, retry notice or log line contains the key", () => {
    expect(errors.length).toBeGreaterThan(20);
    expect(logs.length).toBeGreaterThan(40);
    const texts: string[] = [];
    for (const e of errors) {
      const err = e as PayrollError & Record<string, unknown>;
      texts.push(err.message, String(err.stack), JSON.stringify(err), JSON.stringify(Object.entries(err)));
      texts.push(inspect(err, { depth: 5 }));
    }
    for (const entry of logs) texts.push(JSON.stringify(entry));
    expect(allRetries.length).toBeGreaterThan(5);
    for (const r of allRetries) texts.push(JSON.stringify(r), r.error.message);
    for (const t of texts) expect(t).not.toContain(KEY);
  });
});
