import { mkdtempSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import { PassThrough } from "stream";
import Fastify, { type FastifyInstance } from "fastify";
import { buildServer, proxyTarget } from "../../src/server/app";

const KEY = "prod-key-should-never-be-logged";

/** Real HTTP on loopback (fastify's inject pulls in an ESM-only cookie module that jest cannot load). */
async function listen(app: FastifyInstance) {
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return (p: string, init?: RequestInit) => fetch(`${base}${p}`, init);
}

describe("production server", () => {
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  const seen: { url: string; authorization?: string; body?: unknown }[] = [];
  const dist = mkdtempSync(path.join(os.tmpdir(), "dist-"));
  writeFileSync(path.join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");

  beforeAll(async () => {
    upstream = Fastify();
    upstream.all("/*", async (req) => {
      seen.push({ url: req.url, authorization: req.headers.authorization, body: req.body });
      return [{ client: { id: 1, name: "Acme" } }];
    });
    upstreamUrl = await upstream.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => upstream.close());
  beforeEach(() => (seen.length = 0));

  it("serves the build and proxies /v1 with the Authorization header, logging no header", async () => {
    const logs: string[] = [];
    const logStream = new PassThrough();
    logStream.on("data", (chunk) => logs.push(String(chunk)));
    const app = await buildServer({ distDir: dist, serviceUrl: upstreamUrl, logger: true, logStream });
    try {
      const get = await listen(app);
      const page = await get("/taskpane.html");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>pane</title>");

      const list = await get("/v1/clients/", { headers: { authorization: KEY } });
      expect(list.status).toBe(200);
      expect(await list.json()).toEqual([{ client: { id: 1, name: "Acme" } }]);
      const post = await get("/v1/clients/1/bulk_input", {
        method: "POST",
        headers: { authorization: KEY, "content-type": "application/json" },
        body: JSON.stringify({ entities: [{ id: "7", attributes: { job_title: "Fitter" } }] }),
      });
      expect(post.status).toBe(200);
      expect(seen).toEqual([
        { url: "/v1/clients/", authorization: KEY, body: undefined },
        {
          url: "/v1/clients/1/bulk_input",
          authorization: KEY,
          body: { entities: [{ id: "7", attributes: { job_title: "Fitter" } }] },
        },
      ]);
      const text = logs.join("");
      expect(text).toContain("/v1/clients/1/bulk_input");
      expect(text).not.toContain(KEY);
      expect(text.toLowerCase()).not.toContain("authorization");
    } finally {
      await app.close();
    }
  });

  it("maps /v1 under a service root that has a path", async () => {
    const app = await buildServer({ distDir: dist, serviceUrl: `${upstreamUrl}/payroll/` });
    try {
      const get = await listen(app);
      await get("/v1/clients/?x=1", { headers: { authorization: KEY } });
      expect(seen.map((s) => s.url)).toEqual(["/payroll/v1/clients/?x=1"]);
    } finally {
      await app.close();
    }
  });

  it("answers 502 {message} (and stays up) when the service is down", async () => {
    const app = await buildServer({ distDir: dist, serviceUrl: "http://127.0.0.1:1" });
    try {
      const get = await listen(app);
      const res = await get("/v1/clients/", { headers: { authorization: KEY } });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: "The payroll service could not be reached." });
      expect((await get("/taskpane.html")).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("refuses service URLs that are not http(s) roots", () => {
    expect(() => proxyTarget("ftp://x")).toThrow(/http/);
    expect(() => proxyTarget("not a url")).toThrow(/not a valid URL/);
    expect(() => proxyTarget("https://u:p@host")).toThrow(/user name/);
    expect(proxyTarget("https://host/base/")).toEqual({ upstream: "https://host", rewritePrefix: "/base/v1" });
  });
});
