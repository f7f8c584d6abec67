/**
 * How fast the task pane opens: the production build served by the production server (src/server/app.ts, /v1
 * proxied to an in-process sandbox), taskpane.html opened in headless Chromium with the CPU slowed 4× through the
 * DevTools protocol (Emulation.setCPUThrottlingRate), a fresh browser context (empty cache) per run. Prints:
 *   - the gzipped JavaScript the page has requested when the API key field accepts input (the first paint's budget);
 *   - the median time from navigation to that moment, and to a chosen client's tabs (connect with the sandbox's key,
 *     choose the first client, until the first tab's panel has loaded), over the runs;
 *   - the load average (1, 5, 15 min), before and after (the figures mean little on a busy machine).
 * Exits 1 when the first paint's JavaScript is over the budget, or when the page reports a Content-Security-Policy
 * violation (the chunks must load under the production policy).
 *
 * Office.js comes from Microsoft's CDN, which a bench must not depend on: the bench answers that one request with a
 * stand-in that reports an Excel host, and `Excel.run` refuses (the pane then shows that the workbook's client
 * setting could not be read, as it would on a failing host; the timings stop before any workbook work matters).
 *
 *   npx tsx scripts/bench-pane-load.ts [--dist <built folder>] [--runs 5] [--budget-kb 150] [--cpu 4]
 * Without --dist it builds production into a temporary folder first (about a minute). Chromium: CHROMIUM_PATH, or
 * /usr/bin/chromium.
 */
import { execFileSync } from "child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "fs";
import os from "os";
import path from "path";
import { gzipSync } from "zlib";
import { chromium, type Browser } from "playwright-core";
import { startSandbox } from "../src/sandbox";
import { buildServer } from "../src/server/app";

const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

/** The Office.js stand-in: an Excel host that is ready at once; every Excel.run is refused. */
const OFFICE_STAND_IN = `
window.Office = {
  HostType: { Excel: "Excel" },
  EventType: {},
  context: { displayLanguage: "en-US", requirements: { isSetSupported: function () { return false; } }, document: {} },
  onReady: function (callback) {
    var info = { host: "Excel", platform: "OfficeOnline" };
    if (callback) setTimeout(function () { callback(info); }, 0);
    return Promise.resolve(info);
  },
};
window.Excel = { run: function () { return Promise.reject(new Error("No Excel in the bench")); } };
`;

interface Options {
  dist: string | null;
  runs: number;
  budgetKb: number;
  cpu: number;
}

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    dist: value("--dist") ?? null,
    runs: Number(value("--runs") ?? 5),
    budgetKb: Number(value("--budget-kb") ?? 150),
    cpu: Number(value("--cpu") ?? 4),
  };
}

/** A production build in a temporary folder (no source maps: they change nothing the page loads). */
function buildProduction(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "pane-load-dist-"));
  console.log(`Building production into a temporary folder…`);
  execFileSync("npx", ["webpack", "--mode", "production", "--env", `outDir=${outDir}`, "--env", "noSourceMaps"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  return outDir;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

interface RunResult {
  keyFieldMs: number;
  tabsMs: number;
  /** Same-origin scripts requested before the key field accepted input (paths). */
  scripts: string[];
}

/** What the page's Content-Security-Policy refused (Chromium reports it on the console): the split must need no more. */
const cspViolations: string[] = [];

/** One cold load: navigation → editable key field → connected → client chosen → first tab's panel loaded. */
async function oneRun(browser: Browser, origin: string, apiKey: string, cpu: number): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  try {
    await context.route(OFFICE_JS, (route) => route.fulfill({ contentType: "text/javascript", body: OFFICE_STAND_IN }));
    // Nothing else outside loopback.
    await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/])/, (route) =>
      route.request().url() === OFFICE_JS ? route.fallback() : route.abort(),
    );
    const page = await context.newPage();
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.goto(`${origin}/taskpane.html`, { waitUntil: "commit" });
    // performance.now() counts from the navigation's start; polled every frame.
    const keyField = await page.waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>('input[type="password"]');
        return input && !input.disabled && !input.readOnly && input.offsetParent !== null ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 120_000 },
    );
    const keyFieldMs = (await keyField.jsonValue()) as number;
    const scripts = await page.evaluate(
      (until) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime <= until && new URL(entry.name).origin === location.origin)
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.endsWith(".js")),
      keyFieldMs,
    );

    await page.locator('input[type="password"]').fill(apiKey);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    const picker = page.getByRole("combobox", { name: /Client/ });
    await page.waitForFunction(
      () => {
        const select = document.querySelector<HTMLSelectElement>("select");
        return select !== null && !select.disabled && [...select.options].some((option) => option.value !== "");
      },
      undefined,
      { timeout: 120_000 },
    );
    const firstClient = await picker.evaluate(
      (select: HTMLSelectElement) => [...select.options].find((o) => o.value !== "")!.value,
    );
    await picker.selectOption(firstClient);
    const tabs = await page.waitForFunction(
      () => {
        const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
        const text = panel?.textContent ?? "";
        return panel && panel.childElementCount > 0 && !text.startsWith("Loading") ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: 120_000 },
    );
    return { keyFieldMs, tabsMs: (await tabs.jsonValue()) as number, scripts };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const loadBefore = loadAverage();
  const built = options.dist === null;
  const dist = options.dist ? path.resolve(options.dist) : buildProduction();
  if (!existsSync(path.join(dist, "taskpane.html"))) throw new Error(`No taskpane.html in ${dist}: build first.`);

  const sandbox = await startSandbox({ port: 0 });
  const server = await buildServer({ distDir: dist, serviceUrl: sandbox.url, rateLimit: false });
  const origin = await server.listen({ port: 0, host: "127.0.0.1" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-dev-shm-usage",
    ],
  });
  const results: RunResult[] = [];
  let sizes: { pathname: string; gz: number }[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      const run = await oneRun(browser, origin, sandbox.apiKey, options.cpu);
      results.push(run);
      console.log(`run ${i + 1}: key field ${run.keyFieldMs.toFixed(0)} ms, client's tabs ${run.tabsMs.toFixed(0)} ms`);
    }
    // The scripts of the first paint (the same in every run), gzipped as a server would send them (zlib's default
    // level), read before the temporary build is removed.
    const scripts = [...new Set(results.flatMap((r) => r.scripts))].sort();
    sizes = scripts.map((pathname) => ({ pathname, gz: gzipSync(readFileSync(path.join(dist, pathname))).length }));
  } finally {
    await browser.close();
    await server.close();
    await sandbox.close();
    if (built) rmSync(dist, { recursive: true, force: true });
  }

  const totalGz = sizes.reduce((sum, s) => sum + s.gz, 0);
  console.log(`\nJavaScript before the key field accepts input (gzipped):`);
  for (const s of sizes) console.log(`  ${s.pathname.padEnd(40)} ${(s.gz / 1000).toFixed(1)} KB`);
  console.log(`  total ${(totalGz / 1000).toFixed(1)} KB (budget ${options.budgetKb} KB)`);
  console.log(
    `Median over ${results.length} runs at ${options.cpu}× CPU throttling: key field accepts input ${median(results.map((r) => r.keyFieldMs)).toFixed(0)} ms, ` +
      `chosen client's tabs ${median(results.map((r) => r.tabsMs)).toFixed(0)} ms after navigation`,
  );
  console.log(`Load average (1, 5, 15 min): before ${loadBefore}; after ${loadAverage()} (${os.cpus().length} CPUs)`);
  if (cspViolations.length > 0) {
    console.error(`Content-Security-Policy violations:\n  ${[...new Set(cspViolations)].join("\n  ")}`);
    process.exitCode = 1;
  }
  if (totalGz > options.budgetKb * 1000) {
    console.error(`Over budget: ${(totalGz / 1000).toFixed(1)} KB > ${options.budgetKb} KB`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
