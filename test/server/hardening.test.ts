/**
 * The production server under hostile traffic, over real loopback HTTP: timeouts, body and connection limits, the
 * headers it forwards and passes back, the answer types it lets through, the files it serves, its rate limit and its
 * logs. Each case would pass through a bare proxy; each assertion fails against the server before hardening.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "fs";
import http from "http";
import net from "net";
import os from "os";
import path from "path";
import { PassThrough } from "stream";
import Fastify, { type FastifyInstance } from "fastify";
import { buildServer, type ServerOptions } from "../../src/server/app";

const KEY = "prod-key-never-logged";

/** What the fake service saw: each request's URL and headers. */
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let service: FastifyInstance;
let serviceUrl: string;

const dist = mkdtempSync(path.join(os.tmpdir(), "dist-hardening-"));
const outside = mkdtempSync(path.join(os.tmpdir(), "outside-"));
beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");
  writeFileSync(path.join(dist, "preview.html"), "<!doctype html><title>preview</title>");
  writeFileSync(path.join(dist, "preview.89abcdef.js"), "/* preview bundle */");
  writeFileSync(path.join(dist, "taskpane.0123abcd.js"), "console.log(1)");
  writeFileSync(path.join(dist, "taskpane.0123abcd.js.map"), '{"sources":["secret source"]}');
  writeFileSync(path.join(dist, "functions.js"), "/* functions */");
  writeFileSync(path.join(dist, ".env"), "SECRET=1");
  writeFileSync(path.join(dist, "assets", "icon-32.png"), "png");
  writeFileSync(path.join(outside, "private.txt"), "not for the web");
  symlinkSync(path.join(outside, "private.txt"), path.join(dist, "linked.txt"));

  service = Fastify({ bodyLimit: 100 * 1024 * 1024 });
  service.addHook("onRequest", async (req) => void seen.push({ url: req.url, headers: req.headers }));
  service.get("/v1/clients/", async (_req, reply) =>
    reply
      .header("set-cookie", "session=1")
      .header("x-payroll", "kept")
      .send([{ client: { id: 1, name: "Acme" } }]),
  );
  service.post("/v1/clients/1/bulk_input", async () => ({ ok: true }));
  service.get("/v1/clients/1/leave_types", async (_req, reply) => reply.type("text/html").send("<script>alert(1)</script>"));
  service.get("/v1/clients/1/pay_points", async (_req, reply) => reply.type("application/javascript").send("alert(1)"));
  service.get("/v1/payslips/1.pdf", async (_req, reply) => reply.type("application/pdf").send(Buffer.from("%PDF-1.4")));
  service.get("/v1/clients/1/reports/poll/0b7e2c1a-4d5f-4e6a-9b8c-7d6e5f4a3b2c", async (_req, reply) => reply.code(204).send()); // still running
  serviceUrl = await service.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => service.close());
beforeEach(() => (seen.length = 0));

async function withServer(options: Partial<ServerOptions>, test: (base: string, app: FastifyInstance) => Promise<void>) {
  const app = await buildServer({ distDir: dist, serviceUrl, ...options });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    await test(base, app);
  } finally {
    await app.close();
  }
}

/** A raw request (fetch refuses to send Cookie, TE, Upgrade and other forbidden headers). */
function raw(base: string, p: string, headers: http.OutgoingHttpHeaders) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${p}`, { headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("npm run serve under hostile traffic", () => {
  it("closes a slow upload to /v1 with a timeout, forwarding nothing", async () => {
    await withServer({ requestTimeoutMs: 400 }, async (base) => {
      const { port } = new URL(base);
      const socket = net.connect(Number(port), "127.0.0.1");
      socket.write(
        `POST /v1/clients/1/bulk_input HTTP/1.1\r\nHost: x\r\nAuthorization: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"entit`,
      );
      const answer = await new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (c) => (text += c));
        const timer = setTimeout(() => resolve(`still open: ${text}`), 10_000);
        socket.on("close", () => {
          clearTimeout(timer);
          resolve(text);
        });
      });
      socket.destroy();
      // Node answers 408 or just closes the socket once the request timeout passes; either way it is not held open.
      expect(answer).toMatch(/^(HTTP\/1.1 408|)/);
      expect(answer).not.toMatch(/^still open/);
      expect(seen).toEqual([]);
    });
  });

  it("refuses a 50 MB JSON body with 413 before the service sees it", async () => {
    await withServer({}, async (base) => {
      const big = JSON.stringify({ entities: [{ id: "1", attributes: { note: "x".repeat(50 * 1024 * 1024) } }] });
      const res = await fetch(`${base}/v1/clients/1/bulk_input`, {
        method: "POST",
        headers: { authorization: KEY, "content-type": "application/json" },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(seen).toEqual([]);
      const octets = await fetch(`${base}/v1/clients/1/bulk_input`, {
        method: "POST",
        headers: { authorization: KEY, "content-type": "application/octet-stream" },
        body: "abc",
      });
      expect(octets.status).toBe(415);
      expect(seen).toEqual([]);
    });
  });

  it("caps open connections", async () => {
    await withServer({ maxConnections: 2 }, async (base) => {
      const { port } = new URL(base);
      const open = () => net.connect(Number(port), "127.0.0.1");
      const held = [open(), open()];
      // Both connected before the third is opened (states, not a pause): the server takes them in that order.
      await Promise.all(held.map((s) => new Promise((resolve) => s.once("connect", resolve))));
      const third = open();
      // The server closes the third; the test's timeout is the only limit on how soon, whatever the load.
      const closed = await new Promise<boolean>((resolve) => third.on("close", () => resolve(true)));
      expect(closed).toBe(true);
      expect(held.map((s) => s.destroyed)).toEqual([false, false]);
      for (const s of [...held, third]) s.destroy();
    });
  });

  it("strips hop-by-hop, cookie and forwarding headers both ways, and sets X-Forwarded-For from the socket", async () => {
    await withServer({}, async (base) => {
      const res = await raw(base, "/v1/clients/", {
        authorization: KEY,
        cookie: "tenant=other",
        "proxy-authorization": "Basic eDp5",
        te: "trailers",
        "x-forwarded-for": "203.0.113.9",
        "x-forwarded-host": "evil.example",
        forwarded: "for=203.0.113.9",
        "keep-alive": "timeout=5",
      });
      expect(res.status).toBe(200);
      const sent = seen[0].headers;
      expect(sent.authorization).toBe(KEY);
      for (const h of ["cookie", "proxy-authorization", "te", "x-forwarded-host", "forwarded", "keep-alive"])
        expect([h, sent[h]]).toEqual([h, undefined]);
      expect(sent["x-forwarded-for"]).toBe("127.0.0.1");
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.headers["x-payroll"]).toBe("kept");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    });
  });

  it("passes only JSON and PDF answers (and a bodiless 204); an HTML or script answer becomes a 502 {message}", async () => {
    await withServer({}, async (base) => {
      for (const p of ["/v1/clients/1/leave_types", "/v1/clients/1/pay_points"]) {
        const res = await fetch(`${base}${p}`, { headers: { authorization: KEY } });
        expect([p, res.status]).toEqual([p, 502]);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await res.text()).not.toContain("alert");
      }
      const running = await fetch(`${base}/v1/clients/1/reports/poll/0b7e2c1a-4d5f-4e6a-9b8c-7d6e5f4a3b2c`, { headers: { authorization: KEY } });
      expect(running.status).toBe(204); // no body, nothing to refuse: a report job still running
      const pdf = await fetch(`${base}/v1/payslips/1.pdf`, { headers: { authorization: KEY } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    });
  });

  it("serves no source map, dotfile, symbolic link or preview page; caches hashed bundles for good and the rest never", async () => {
    await withServer({}, async (base) => {
      for (const p of ["/taskpane.0123abcd.js.map", "/.env", "/linked.txt", "/preview.html", "/preview.89abcdef.js"]) {
        const res = await fetch(`${base}${p}`);
        expect([p, res.status >= 400, await res.text()]).toEqual([
          p,
          true,
          expect.not.stringMatching(/secret|SECRET|not for the web|<title>preview|preview bundle/),
        ]);
      }
      const bundle = await fetch(`${base}/taskpane.0123abcd.js`);
      expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await fetch(`${base}/functions.js`)).headers.get("cache-control")).toBe("no-cache");
      expect((await fetch(`${base}/taskpane.html`)).headers.get("cache-control")).toBe("no-cache");
      const icon = await fetch(`${base}/assets/icon-32.png`);
      expect(icon.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect((await fetch(`${base}/taskpane.html`)).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    });
    await withServer({ servePreview: true }, async (base) => {
      expect((await fetch(`${base}/preview.html`)).status).toBe(200);
      expect((await fetch(`${base}/preview.89abcdef.js`)).status).toBe(200);
    });
  });

  it("rate-limits /v1 per address with 429 {message}, forwarding nothing past the limit", async () => {
    await withServer({ rateLimit: { max: 5, windowMs: 60_000 } }, async (base) => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await fetch(`${base}/v1/clients/`, { headers: { authorization: `wrong-${i}` } })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(seen).toHaveLength(5);
      const limited = await fetch(`${base}/v1/clients/`);
      expect(await limited.json()).toEqual(expect.objectContaining({ message: expect.stringMatching(/Too many requests/) }));
      expect((await fetch(`${base}/taskpane.html`)).status).toBe(200); // the files are not limited
    });
  });

  it("logs method, URL, status and time only: no key, header, stack or upstream address", async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on("data", (c) => lines.push(String(c)));
    const app = await buildServer({ distDir: dist, serviceUrl: "http://127.0.0.1:9", logger: true, logStream });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      expect((await fetch(`${base}/v1/clients/`, { headers: { authorization: KEY } })).status).toBe(502);
      await fetch(`${base}/taskpane.html`);
    } finally {
      await app.close();
    }
    const text = lines.join("");
    expect(text).toContain('"url":"/v1/clients/"');
    expect(text).toContain('"statusCode":502');
    expect(text).toMatch(/"ms":\d+/);
    for (const secret of [KEY, "authorization", "127.0.0.1:9", "ECONNREFUSED", "    at "])
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
  });
});
