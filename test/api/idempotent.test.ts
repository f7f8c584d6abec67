/**
 * Writes marked idempotent (bulk_input sets absolute values) are retried like reads after a 5xx, a dropped
 * connection or an unreadable reply; a definite refusal is not retried; stopRetries ends the waiting without
 * aborting a try in flight; slowDown() halves the request rate until restored.
 */
import { PayrollApi, ServerError, ValidationError, AbortedError, type RetryInfo } from "../../src/api";
import { startFaultServer, type FaultServer } from "./faultServer";

const KEY = "sk-test-idem";
const ROUTE = "POST /clients/1/bulk_input";
const ENTITIES = [{ id: "7", attributes: { job_title: "Fitter" } }];
const OK = { status: 200, body: [{ id: "7", success: "true", message: "Updated" }] } as const;

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const api = (requestsPerSecond = 0) =>
  new PayrollApi({ baseUrl: server.url, apiKey: KEY, requestsPerSecond, retryBaseMs: 5, retryMaxDelayMs: 20, maxRetries: 0 });

describe("idempotent writes", () => {
  it("are retried after 500, a dropped connection and an unreadable reply, reporting each retry", async () => {
    server.script(ROUTE, { status: 500, body: { message: "boom" } }, { drop: true }, { status: 200, raw: "{not json" }, OK);
    const seen: RetryInfo[] = [];
    const results = await api().bulkInput(1, ENTITIES, { idempotent: true, tries: 6, onRetry: (i) => seen.push(i) });
    expect(results[0].success).toBe("true");
    expect(server.hits(ROUTE)).toBe(4);
    expect(seen.map((s) => [s.attempt, s.reason])).toEqual([
      [1, "server_error"],
      [2, "network_error"],
      [3, "unreadable_reply"],
    ]);
  });

  it("are not retried without the flag, and stop after the tries given", async () => {
    server.setDefault(ROUTE, { status: 503, body: { message: "down" } });
    await expect(api().bulkInput(1, ENTITIES)).rejects.toBeInstanceOf(ServerError);
    expect(server.hits(ROUTE)).toBe(1);
    server.reset();
    server.setDefault(ROUTE, { status: 503, body: { message: "down" } });
    await expect(api().bulkInput(1, ENTITIES, { idempotent: true, tries: 3 })).rejects.toBeInstanceOf(ServerError);
    expect(server.hits(ROUTE)).toBe(3);
  });

  it("a definite refusal (422) is not retried", async () => {
    server.script(ROUTE, { status: 422, body: { message: "Validation failed", errors: { id: "unknown" } } }, OK);
    await expect(api().bulkInput(1, ENTITIES, { idempotent: true, tries: 6 })).rejects.toBeInstanceOf(ValidationError);
    expect(server.hits(ROUTE)).toBe(1);
  });

  it("stopRetries ends the backoff wait at once but lets a try in flight finish", async () => {
    server.setDefault(ROUTE, { status: 500, body: { message: "boom" } });
    const stop = new AbortController();
    const slow = new PayrollApi({
      baseUrl: server.url,
      apiKey: KEY,
      requestsPerSecond: 0,
      retryBaseMs: 60_000,
      retryMaxDelayMs: 60_000,
      random: () => 0.99,
    });
    const started = Date.now();
    const call = slow.bulkInput(1, ENTITIES, {
      idempotent: true,
      tries: 6,
      stopRetries: stop.signal,
      onRetry: () => stop.abort(),
    });
    await expect(call).rejects.toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.hits(ROUTE)).toBe(1);

    server.reset();
    server.script(ROUTE, { ...OK, delayMs: 150 });
    const inFlight = new AbortController();
    const call2 = api().bulkInput(1, ENTITIES, { idempotent: true, stopRetries: inFlight.signal });
    setTimeout(() => inFlight.abort(), 20);
    expect((await call2)[0].success).toBe("true");
  });
});

describe("slowDown", () => {
  it("doubles the spacing between request starts until restored", async () => {
    server.setDefault("GET /clients/", { status: 200, body: [] });
    const c = api(50); // 20 ms apart
    const gaps = async () => {
      server.reset();
      server.setDefault("GET /clients/", { status: 200, body: [] });
      await Promise.all([1, 2, 3, 4, 5].map(() => c.listClients()));
      const at = server.requests.map((r) => r.at).sort((a, b) => a - b);
      return (at[at.length - 1] - at[0]) / (at.length - 1);
    };
    const normal = await gaps();
    const restore = c.slowDown();
    const slowed = c.slowDown();
    const slow = await gaps();
    restore();
    slowed();
    slowed(); // a second call changes nothing
    const again = await gaps();
    // Gaps are measured where the server receives the requests, so a timer's or a socket's jitter can shave a few ms
    // off the limiter's spacing (17.5 ms for 20 ms seen in CI): the floors leave a quarter for it.
    expect(normal).toBeGreaterThanOrEqual(15);
    // Load only ever stretches gaps (CI at load 23 saw 32 ms for 20 ms), so the checks are floors, and the restored
    // rate is compared with the slowed one rather than with a fixed ceiling.
    expect(slow).toBeGreaterThanOrEqual(60); // 80 ms apart after two halvings
    expect(again).toBeLessThan(slow);
  });
});
