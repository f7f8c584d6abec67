/**
 * The Content-Security-Policy of `npm run serve` in real Chromium: injected script is refused, and the pane loads,
 * connects and shows every tab without a policy report (src/server/csp.ts).
 */
import type { BrowserContext, Page } from "playwright-core";
import { chooseClient, connect, openConnection, startStack, type Stack } from "./harness";

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records every securitypolicyviolation of each page from its first script on (init scripts are not subject to CSP). */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations.slice());

/**
 * zod 4 probes once whether eval works (`new Function("")` in a try/catch) and falls back to its plain parser; the
 * refused probe still files a report. It is the policy working, not a need: z.config({ jitless: true }) would skip it.
 */
const isZodEvalProbe = (v: Violation) => v.directive === "script-src" && v.blocked === "eval";

describe("content security policy (Chromium, npm run serve's server)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
    await recordViolations(stack.context);
    await stack.page.reload();
    await stack.page.getByRole("main", { name: "Payroll" }).waitFor();
  });
  afterAll(() => stack?.close());

  it("serves the pages with a policy without 'unsafe-eval' or inline script", async () => {
    for (const page of ["/taskpane.html", "/preview.html"]) {
      const res = await stack.page.request.get(`${stack.origin}${page}`);
      const policy = res.headers()["content-security-policy"];
      expect([page, policy]).toEqual([page, expect.stringContaining("script-src 'self' https://appsforoffice.microsoft.com;")]);
      expect(policy).not.toMatch(/unsafe-eval/);
      expect(res.headers()["x-frame-options"]).toBeUndefined();
    }
  });

  it("refuses an injected inline script, an inline event handler and eval", async () => {
    const { page } = stack;
    const before = (await violations(page)).length;
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>;
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.head.appendChild(script);
      const img = document.createElement("img");
      img.setAttribute("onerror", "window.__injectedHandler = true;");
      img.src = "/no-such-image.png";
      document.body.appendChild(img);
      await new Promise((resolve) => img.addEventListener("error", resolve));
      let evalResult: string;
      try {
        evalResult = String(eval("'eval ran'"));
      } catch (e) {
        evalResult = (e as Error).name;
      }
      script.remove();
      img.remove();
      return { injected: w.__injected, handler: w.__injectedHandler, evalResult };
    });
    expect(outcome).toEqual({ injected: undefined, handler: undefined, evalResult: "EvalError" });
    const reported = (await violations(page)).slice(before).map((v) => [v.directive, v.blocked]);
    expect(reported).toEqual(
      expect.arrayContaining([
        ["script-src-elem", "inline"],
        ["script-src-attr", "inline"],
        ["script-src", "eval"],
      ]),
    );
  });

  it("loads, connects, chooses a client and shows every tab with no policy report", async () => {
    const { page } = stack;
    await page.reload();
    await page.getByRole("main", { name: "Payroll" }).waitFor();
    await connect(page, stack.sandbox.apiKey);
    await page.getByText(/^Connected to /).waitFor();
    await chooseClient(page, 1);
    const tabs = page.getByRole("tablist", { name: "Features" }).getByRole("tab");
    const count = await tabs.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      expect(await tabs.nth(i).getAttribute("aria-selected")).toBe("true");
    }
    // Griffel's run-time <style> elements were applied (they would have no sheet if style-src refused them).
    const unapplied = await page.evaluate(() => [...document.querySelectorAll("style")].filter((s) => !s.sheet).length);
    expect(unapplied).toBe(0);
    expect((await violations(page)).filter((v) => !isZodEvalProbe(v))).toEqual([]);
  });

  it("refuses a custom service address that the policy does not allow, with the pane's message", async () => {
    const { page } = stack;
    const before = (await violations(page)).length;
    await openConnection(page);
    // The Connection section is still unfolding (Fluent's motion): a click during it can be lost, so click until on.
    const custom = page.getByRole("switch", { name: "Use a custom service address" });
    for (let i = 0; i < 5 && !(await custom.isChecked()); i++) await custom.click();
    expect(await custom.isChecked()).toBe(true);
    await page.getByLabel("Service base URL").fill(stack.sandbox.url);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByText(/^Could not reach the service at /).waitFor();
    const reported = (await violations(page)).slice(before);
    expect(reported.map((v) => [v.directive, v.blocked])).toContainEqual(["connect-src", `${stack.sandbox.url}/v1/clients/`]);
  });

  it("lets taskpane.html load Office.js from Microsoft's host, and the help and privacy pages load cleanly", async () => {
    const { page } = stack;
    for (const path of ["/taskpane.html", "/help.html", "/privacy.html"]) {
      await page.goto(`${stack.origin}${path}`);
      await page.waitForLoadState("load");
      expect([path, (await violations(page)).filter((v) => !isZodEvalProbe(v))]).toEqual([path, []]);
    }
    // The e2e browser aborts requests leaving loopback, but the policy let the request be made.
    expect(stack.requestUrls).toContain("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
  });
});
