import { mkdtempSync, mkdirSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server/app";
import {
  cspHeaderValue,
  developmentDirectives,
  OFFICE_SCRIPT_ORIGIN,
  parseOriginList,
  productionDirectives,
} from "../../src/server/csp";

/** Real HTTP on loopback (fastify's inject pulls in an ESM-only cookie module that jest cannot load). */
async function listen(app: FastifyInstance) {
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return (p: string) => fetch(`${base}${p}`);
}

/** "a x y; b z" -> { a: ["x", "y"], b: ["z"] } */
function parsePolicy(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("content security policy of npm run serve", () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "dist-csp-"));
  for (const page of ["taskpane.html", "preview.html", "help.html", "privacy.html"])
    writeFileSync(path.join(dist, page), `<!doctype html><title>${page}</title>`);
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "assets", "icon-32.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

  it("answers taskpane.html with a policy that has no 'unsafe-eval' and no inline script", async () => {
    const app = await buildServer({ distDir: dist, serviceUrl: "http://127.0.0.1:1" });
    try {
      const get = await listen(app);
      const res = await get("/taskpane.html");
      expect(res.status).toBe(200);
      const header = res.headers.get("content-security-policy");
      expect(header).not.toMatch(/unsafe-eval/);
      const policy = parsePolicy(header);
      expect(policy["default-src"]).toEqual(["'self'"]);
      expect(policy["script-src"]).toEqual(["'self'", OFFICE_SCRIPT_ORIGIN]);
      expect(policy["connect-src"]).toEqual(["'self'"]);
      expect(policy["object-src"]).toEqual(["'none'"]);
      expect(policy["frame-ancestors"]).toEqual(
        expect.arrayContaining(["'self'", "https://*.officeapps.live.com", "https://*.sharepoint.com"]),
      );
      // Plain http here: nothing to upgrade to, and no HSTS.
      expect(policy["upgrade-insecure-requests"]).toBeUndefined();
      expect(res.headers.get("strict-transport-security")).toBeNull();
      // Office on the web frames the pane: no X-Frame-Options.
      expect(res.headers.get("x-frame-options")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    } finally {
      await app.close();
    }
  });

  it("sends the same policy on every page, and lets Office's pages load the icons", async () => {
    const app = await buildServer({ distDir: dist, serviceUrl: "http://127.0.0.1:1", servePreview: true });
    try {
      const get = await listen(app);
      const pane = (await get("/taskpane.html")).headers.get("content-security-policy");
      for (const page of ["/preview.html", "/help.html", "/privacy.html"]) {
        const res = await get(page);
        expect([page, res.status]).toEqual([page, 200]);
        expect([page, res.headers.get("content-security-policy")]).toEqual([page, pane]);
      }
      const icon = await get("/assets/icon-32.png");
      expect(icon.status).toBe(200);
      expect(icon.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    } finally {
      await app.close();
    }
  });

  it("adds the configured origins for a service the pane calls directly", async () => {
    const app = await buildServer({
      distDir: dist,
      serviceUrl: "http://127.0.0.1:1",
      connectSrc: parseOriginList("https://payroll.example.com/base/, https://b.example.com:8443", "--connect-src"),
      frameAncestors: ["https://excel.example.gov"],
    });
    try {
      const get = await listen(app);
      const policy = parsePolicy((await get("/taskpane.html")).headers.get("content-security-policy"));
      expect(policy["connect-src"]).toEqual(["'self'", "https://payroll.example.com", "https://b.example.com:8443"]);
      expect(policy["frame-ancestors"]).toContain("https://excel.example.gov");
      expect(policy["script-src"]).toEqual(["'self'", OFFICE_SCRIPT_ORIGIN]);
    } finally {
      await app.close();
    }
  });
});

describe("policy module", () => {
  it("development adds only the live-reload socket, and neither mode allows eval or inline script", () => {
    const prod = productionDirectives();
    const dev = developmentDirectives({ devSocketOrigins: ["ws://localhost:3000", "wss://localhost:3000"] });
    expect(dev["connect-src"]).toEqual(["'self'", "ws://localhost:3000", "wss://localhost:3000"]);
    expect({ ...dev, "connect-src": prod["connect-src"] }).toEqual(prod);
    for (const header of [cspHeaderValue(prod), cspHeaderValue(dev)]) {
      expect(header).not.toMatch(/unsafe-eval/);
      expect(parsePolicy(header)["script-src"]).not.toContain("'unsafe-inline'");
    }
  });

  it("upgrades insecure requests only when asked (served over https)", () => {
    expect(cspHeaderValue(productionDirectives({ upgradeInsecureRequests: true }))).toMatch(/; upgrade-insecure-requests$/);
    expect(cspHeaderValue(productionDirectives())).not.toMatch(/upgrade-insecure-requests/);
  });

  it("reads origin lists with clear messages for bad entries", () => {
    expect(parseOriginList(undefined, "x")).toEqual([]);
    expect(parseOriginList("  ", "x")).toEqual([]);
    expect(parseOriginList("https://a.example.com/v1 https://a.example.com,http://127.0.0.1:4010", "x")).toEqual([
      "https://a.example.com",
      "http://127.0.0.1:4010",
    ]);
    expect(parseOriginList("https://*.example.com", "x")).toEqual(["https://*.example.com"]);
    expect(() => parseOriginList("payroll.example.com", "--connect-src")).toThrow(
      '--connect-src: "payroll.example.com" is not an address',
    );
    expect(() => parseOriginList("'unsafe-eval'", "--connect-src")).toThrow(/not an address/);
    expect(() => parseOriginList("ftp://a.example.com", "--connect-src")).toThrow(/https:\/\/ or http:\/\//);
    expect(() => parseOriginList("https://u:p@a.example.com", "--connect-src")).toThrow(/user name or password/);
    // A host URL accepts but the header would read as more than one source or directive.
    expect(() => parseOriginList("https://a.example.com;script-src", "--connect-src")).toThrow(/not a domain name/);
    expect(() => parseOriginList("https://a.example.com'", "--connect-src")).toThrow(/not a domain name/);
    expect(parseOriginList("http://[::1]:4010", "x")).toEqual(["http://[::1]:4010"]);
  });
});
