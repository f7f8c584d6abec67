/**
 * The production server attacked over loopback, in front of a recording payroll service (./attacks.ts): request
 * smuggling, framing conflicts, slow and stalled callers, a stalled or unavailable service, and the headers on /v1
 * answers. Timeouts are short here; scripts/bench-server-attack.ts runs the same attacks with the production defaults.
 * Each of these failed against the server before issue 28's change (see the commit message).
 */
import { mkdtempSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import type { FastifyInstance } from "fastify";
import { buildServer, type ServerOptions } from "../../src/server/app";
import { SERVICE_ROUTES } from "../../src/server/routes";
import * as attack from "./attacks";

let service: attack.RecordingService;
const dist = mkdtempSync(path.join(os.tmpdir(), "dist-attack-"));
writeFileSync(path.join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");

beforeAll(async () => (service = await attack.startRecordingService()));
afterAll(() => service.close());
beforeEach(() => (service.requests.length = 0));

async function withServer(options: Partial<ServerOptions>, test: (base: string, app: FastifyInstance) => Promise<void>) {
  const app = await buildServer({ distDir: dist, serviceUrl: service.url, rateLimit: false, ...options });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    await test(base, app);
  } finally {
    await app.close();
  }
}

/** Whether a path the service received is one of its documented routes (parameters are whole segments). */
const documented = (url: string) =>
  SERVICE_ROUTES.some(([, route]) =>
    new RegExp(`^/v1${route.replace(/:[a-z_]+/g, "[^/]+")}$`).test(url.split("?")[0]),
  );

describe("the production server under attack", () => {
  it("lets no smuggled request reach the service: it receives exactly the requests callers sent", async () => {
    await withServer({}, async (base) => {
      const result = await attack.smuggle(base, service);
      expect(service.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${attack.PATHS.ok}`, `GET ${attack.PATHS.ok}`]);
      expect(service.bytes()).not.toContain(attack.SMUGGLED_PATH);
      expect(result.ordinary).toEqual([200, 200]); // the other callers' GETs, after each sequence
      expect(result.statuses).toEqual({ announced: 400, probe: 415, long: 400, carrier: 415 });
    });
  });

  it("sends a JSON body with the length of what it sends, and a GET or DELETE with no length at all", async () => {
    await withServer({}, async (base) => {
      const body = { entities: [{ id: "7", attributes: { first_name: "Zoë" } }] };
      const post = await fetch(`${base}${attack.PATHS.post}`, {
        method: "POST",
        headers: { authorization: attack.KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(post.status).toBe(200);
      const del = await fetch(`${base}/v1/employees/7`, { method: "DELETE", headers: { authorization: attack.KEY } });
      expect(del.status).toBe(200);
      const withBody = await fetch(`${base}/v1/employees/7`, {
        method: "DELETE",
        headers: { authorization: attack.KEY, "content-type": "application/json" },
        body: "{}",
      });
      expect(withBody.status).toBe(400);
      await attack.waitFor(() => service.requests[0]?.body !== undefined, 15_000);
      const [sent, deleted] = service.requests;
      expect(service.requests).toHaveLength(2);
      expect(JSON.parse(sent.body!)).toEqual(body);
      expect(Number(sent.headers["content-length"])).toBe(Buffer.byteLength(sent.body!));
      expect([deleted.method, deleted.headers["content-length"], deleted.headers["transfer-encoding"]]).toEqual([
        "DELETE",
        undefined,
        undefined,
      ]);
    });
  });

  it("refuses pipelined requests with conflicting Content-Length and Transfer-Encoding; nothing smuggled reaches the service", async () => {
    await withServer({}, async (base) => {
      for (const sequence of attack.CONFLICTS) await attack.rawExchange(base, sequence, { giveUpMs: 1_000 });
      expect((await attack.ordinaryGet(base, attack.PATHS.ok)).status).toBe(200);
      // Only the well-framed GETs among them (and the last one) arrive, bodiless, with the proxy's own forwarding header.
      expect(service.requests.length).toBeGreaterThanOrEqual(1);
      for (const r of service.requests) {
        expect(`${r.method} ${r.url}`).toBe(`GET ${attack.PATHS.ok}`);
        expect(documented(r.url)).toBe(true);
        expect([r.headers["content-length"], r.headers["transfer-encoding"], r.headers.cookie]).toEqual([
          undefined,
          undefined,
          undefined,
        ]);
        expect(r.headers["x-forwarded-for"]).toBe("127.0.0.1");
      }
      expect(service.bytes()).not.toContain(attack.SMUGGLED_PATH);
    });
  });

  it("forwards only the documented /v1 routes: escapes, operator and unknown paths are 404 and never reach the service", async () => {
    await withServer({}, async (base) => {
      for (const p of attack.ESCAPES) {
        const outcome = await attack.rawExchange(base, `GET ${p} HTTP/1.1\r\nHost: x\r\nAuthorization: ${attack.KEY}\r\n\r\n`, {
          giveUpMs: 3_000,
          closeOnAnswer: true,
        });
        expect([p, outcome.status]).toEqual([p, expect.any(Number)]);
        expect([p, outcome.status >= 400 && outcome.status < 500]).toEqual([p, true]);
      }
      const head = await attack.rawExchange(base, `HEAD ${attack.PATHS.ok} HTTP/1.1\r\nHost: x\r\n\r\n`, {
        giveUpMs: 3_000,
        closeOnAnswer: true,
      });
      expect(head.status).toBe(404);
      expect(service.requests).toEqual([]);
    });
  });

  it("refuses a text/plain body (415); the service never sees it", async () => {
    await withServer({}, async (base) => {
      const res = await fetch(`${base}${attack.PATHS.post}`, {
        method: "POST",
        headers: { authorization: attack.KEY, "content-type": "text/plain" },
        body: "x".repeat(9 * 1024 * 1024),
      });
      expect(res.status).toBe(415);
      expect(service.requests).toEqual([]);
    });
  });

  // Which timeout cut a caller is told apart by states, not by how late the cut came (load delays timers by seconds):
  // the caller gives up at 10 s, and no other timeout of the server falls before that.
  it("cuts a caller that keeps sending header lines at the headers timeout, not at the request timeout", async () => {
    await withServer({ headersTimeoutMs: 800, requestTimeoutMs: 30_000, timeoutCheckMs: 100 }, async (base) => {
      const outcome = await attack.slowHeaders(base, 50, 10_000);
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(750);
      expect(outcome.closedAfterMs).toBeLessThan(Infinity); // cut by the server, before the caller gave up
      expect(service.requests).toEqual([]);
    });
  });

  it("cuts a caller that keeps sending body bytes at the request timeout", async () => {
    await withServer({ headersTimeoutMs: 500, requestTimeoutMs: 1_500, timeoutCheckMs: 100 }, async (base) => {
      const outcome = await attack.slowBody(base, 50, 10_000);
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(1_450);
      expect(outcome.closedAfterMs).toBeLessThan(Infinity); // cut by the server, before the caller gave up
      expect(service.requests).toEqual([]);
    });
  });

  it("answers another address while 64 GETs stall the service, and frees their sockets when they leave", async () => {
    await withServer({}, async (base) => {
      const result = await attack.stalledGets(base, service, 20_000);
      expect(result.other.status).toBe(200);
      expect(result.answeredWhileStalled).toBe(true);
      expect(result.reached).toBeLessThanOrEqual(16); // one address's share of the 64 upstream sockets
      expect(result.refused).toBe(64 - result.reached);
      expect(result.freedAfterMs).toBeLessThan(Infinity);
    });
  }, 40_000);

  it("answers another address while 1,000 slow clients are open from one address", async () => {
    await withServer({}, async (base) => {
      const result = await attack.slowCrowd(base, 1_000, 100);
      expect(result.other.status).toBe(200);
      // Answered before the server's headers timeout (10 s) cut the 100 it keeps: while the crowd was there.
      expect(result.openWhenAnswered).toBeGreaterThanOrEqual(100);
      expect(result.closedAtOnce).toBe(900); // 100 per address stay open
    });
  });

  it("answers 504 {message} when the service never answers, even past the caller's request time", async () => {
    await withServer({ headersTimeoutMs: 300, requestTimeoutMs: 500, proxyTimeoutMs: 1_200 }, async (base) => {
      const res = await attack.ordinaryGet(base, attack.PATHS.stalled);
      expect(res.status).toBe(504);
      expect(JSON.parse(res.body)).toEqual({ message: "The payroll service did not answer in time." });
      expect(res.ms).toBeGreaterThanOrEqual(1_150);
    });
  });

  it("sends a GET answered 503 to the service once (no retries)", async () => {
    await withServer({}, async (base) => {
      const res = await attack.ordinaryGet(base, attack.PATHS.unavailable);
      expect(res.status).toBe(503);
      expect(service.requests.filter((r) => r.url === attack.PATHS.unavailable)).toHaveLength(1);
    });
  });

  it("keeps helmet's headers on /v1 answers and drops the headers the service names in Connection", async () => {
    await withServer({}, async (base) => {
      const page = await attack.ordinaryGet(base, "/taskpane.html");
      const res = await attack.ordinaryGet(base, attack.PATHS.loudHeaders);
      expect(res.status).toBe(200);
      expect(res.headers["x-internal"]).toBeUndefined();
      for (const name of ["content-security-policy", "x-content-type-options", "cross-origin-resource-policy"])
        expect([name, res.headers[name]]).toEqual([name, page.headers[name]]);
      expect(res.headers["content-security-policy"]).toMatch(/default-src 'self'/);
    });
  });
});
