/**
 * End-to-end harness: a fast sandbox, the production server serving the e2e bundle with its /v1 proxy, and a headless
 * Chromium (the one globalSetup picked: test/e2e/browser.ts) driven by playwright-core, all on loopback. Each
 * startStack() is a fresh world (new sandbox state, a new browser context: its own storage, cookies and cache, in the
 * worker's browser, test/e2e/environment.js); call close() when done.
 *
 *   const stack = await startStack();
 *   await connect(stack.page, stack.sandbox.apiKey);
 *   await chooseClient(stack.page, 1);
 *   await openTab(stack.page, "Imports");
 *   ...
 *   await stack.close();
 *
 * In a describe, suiteStack({ client: 1 }) does the same around its tests: started, connected and the client chosen
 * before them, closed after them.
 */
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { startSandbox, type SandboxOptions } from "../../src/sandbox";
import { finaliseInSandbox, type FinaliseOutcome } from "../support/finalise";
import { activeEmployees, defaultPeriod, wavePeriods } from "../../src/ui/sheets/periods";
import { buildServer } from "../../src/server/app";
import { chosenChromium } from "./browser";

/** Chromium flags: no sandbox (containers), no GPU, and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export interface StackOptions {
  /** Sandbox options; defaults are fast (recalcMs 300, reportJobMs 300). */
  sandbox?: SandboxOptions;
  /**
   * A service already running (e.g. a child-process sandbox from test/support/childSandbox.ts, which a test can
   * SIGKILL and restart on the same port) to proxy /v1 to, instead of an in-process sandbox. The test stops it.
   */
  service?: { url: string; apiKey: string };
  /** Page to open; default the preview. */
  path?: string;
  viewport?: { width: number; height: number };
  /**
   * "Prepared by" remembered on this computer before the page opens, as after a first push (every push asks for it
   * until one is). Default "E2E tester"; null: none, so the first push asks.
   */
  preparedBy?: string | null;
}

export interface Stack {
  page: Page;
  context: BrowserContext;
  /** The service behind the /v1 proxy: the in-process sandbox, or the `service` given. */
  sandbox: { url: string; apiKey: string };
  /** Origin of the static server (serves the bundle, proxies /v1 to the sandbox). */
  origin: string;
  /** Every console line and page error of the session, e.g. to check the key is never logged. */
  consoleLines: string[];
  /** Every URL the page requested. */
  requestUrls: string[];
  close(): Promise<void>;
}

export function e2eDist(): string {
  const dist = process.env.PAYROLL_E2E_DIST;
  if (!dist)
    throw new Error(
      "PAYROLL_E2E_DIST is not set: run the e2e tests with jest -c jest.e2e.config.js (its globalSetup builds the bundle).",
    );
  return dist;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const own = options.service ? null : await startSandbox({ port: 0, recalcMs: 300, reportJobMs: 300, ...options.sandbox });
  const sandbox = options.service ?? own!;
  const cleanups: (() => Promise<unknown> | void)[] = own ? [() => own.close()] : [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => undefined);
  };
  try {
    // The preview page is the e2e surface (production does not serve it); the pane's own pacing is under test, not ours.
    const server = await buildServer({ distDir: e2eDist(), serviceUrl: sandbox.url, servePreview: true, rateLimit: false });
    const origin = await server.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(() => server.close());

    const browser = await launchBrowser(cleanups);
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    const consoleLines: string[] = [];
    const requestUrls: string[] = [];
    page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => consoleLines.push(`pageerror: ${error.message}`));
    page.on("request", (request) => requestUrls.push(request.url()));
    // The preview asks before it is left while its workbook holds anything (src/preview/leaveGuard.ts): on this page a
    // reload or navigation leaves without the question (a test answering it itself opens a page of its own), and other
    // dialogs are dismissed, as Playwright does when nobody listens. close() never asks (it skips beforeunload).
    page.on("dialog", (dialog) => {
      void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()).catch(() => undefined);
    });
    // Nothing outside loopback: the preview must work offline.
    await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());

    const name = options.preparedBy === undefined ? "E2E tester" : options.preparedBy;
    if (name !== null)
      await context.addInitScript((n) => {
        try {
          if (!localStorage.getItem("payroll-addin.preparedBy")) localStorage.setItem("payroll-addin.preparedBy", n);
        } catch {
          // A frame without storage (about:blank): nothing to remember there.
        }
      }, name);
    await page.goto(`${origin}${options.path ?? "/preview.html"}`);
    await page.getByRole("main", { name: "Payroll" }).waitFor();
    return { page, context, sandbox, origin, consoleLines, requestUrls, close: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The worker's browser (test/e2e/environment.js keeps one per jest worker, shared by its files); outside that
 * environment, a browser of the stack's own, closed with it.
 */
async function launchBrowser(cleanups: (() => Promise<unknown> | void)[]): Promise<Browser> {
  const options: LaunchOptions = { executablePath: chosenChromium(), headless: true, args: CHROMIUM_ARGS };
  const shared = (globalThis as { __payrollWorkerBrowser?: (o: LaunchOptions) => Promise<Browser> }).__payrollWorkerBrowser;
  if (shared) return shared(options);
  const own = await chromium.launch(options);
  cleanups.push(() => own.close());
  return own;
}

// ---- pane helpers -------------------------------------------------------------------------------------------

/** A describe's stack: what its tests and hooks read once the stack is up. */
export interface SuiteStack {
  readonly stack: Stack;
  readonly page: Page;
  /** A PayrollApi of the service behind the stack, to read what a person would read there. */
  readonly api: PayrollApi;
}

/**
 * Starts a stack before a describe's tests (connected, and `client` chosen, when given) and closes it after them.
 * Call it in the describe's body, before its own hooks: they run after the stack is up.
 */
export function suiteStack(options: StackOptions & { client?: number } = {}): SuiteStack {
  let stack: Stack | undefined;
  let api: PayrollApi | undefined;
  beforeAll(async () => {
    stack = await startStack(options);
    api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    if (options.client === undefined) return;
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, options.client);
  });
  afterAll(() => stack?.close());
  const up = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The stack is not up: read it inside a test or hook.");
    return value;
  };
  return {
    get stack() {
      return up(stack);
    },
    get page() {
      return up(stack).page;
    },
    get api() {
      return up(api);
    },
  };
}

/** Types the key (remember unticked unless asked), presses Connect and waits for the connected status. */
export async function connect(page: Page, apiKey: string, options: { remember?: boolean } = {}): Promise<void> {
  await openConnection(page);
  await page.getByLabel("API key", { exact: false }).first().fill(apiKey);
  const remember = page.getByRole("checkbox", { name: /Remember on this computer/ });
  if ((await remember.isChecked()) !== Boolean(options.remember)) await remember.click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page
    .getByText(/^Connected to /)
    .or(page.getByText(/did not accept|Could not reach|did not answer/))
    .first()
    .waitFor();
}

/** Unfolds the Connection section when it is folded. */
export async function openConnection(page: Page): Promise<void> {
  const header = page.getByRole("button", { name: /^Connection:/ });
  if ((await header.getAttribute("aria-expanded")) !== "true") await header.click();
  await page.getByRole("button", { name: "Connect", exact: true }).waitFor();
}

/**
 * Picks the client; the shell then folds the Connection section (waits until it is folded). When input sheets of the
 * current client hold changes not pushed, the pane asks first: this helper answers Change anyway (noSilentLoss.e2e
 * tests the question itself).
 */
export async function chooseClient(page: Page, clientId: number): Promise<void> {
  const picker = page.getByRole("combobox", { name: /Client/ });
  await picker.selectOption(String(clientId));
  const anyway = page.getByRole("button", { name: "Change anyway" });
  // While the question is open the rest of the pane is hidden from the accessibility tree: read the picker briefly.
  const chosen = () => picker.inputValue({ timeout: 500 }).catch(() => "");
  await until(
    page,
    async () => {
      if ((await chosen()) === String(clientId)) return true;
      if (await anyway.isVisible()) await anyway.click();
      return false;
    },
    `client ${clientId} chosen`,
    50,
  );
  await page.getByRole("tablist", { name: "Features" }).waitFor();
  await page.getByRole("button", { name: "Connect", exact: true }).waitFor({ state: "hidden" });
}

/**
 * Waits for a state: polls `check` until it holds. It has no deadline of its own, since load can outlast any (a busy
 * 2-core machine ran these waits past 30 s): the test's timeout bounds it (jest.e2e.config.js), and a state still
 * missing after 30 s is named in the log, so that a test that then times out says what it waited for.
 */
export async function until(page: Page, check: () => Promise<boolean> | boolean, what: string, everyMs = 100): Promise<void> {
  const named = setTimeout(() => console.warn(`e2e: still waiting for ${what}`), 30_000);
  try {
    while (!(await check())) await page.waitForTimeout(everyMs);
  } finally {
    clearTimeout(named);
  }
}

/** Opens a feature tab of the pane (scoped to the Features tab list: sheet tabs such as "Employees" share names). */
export async function openTab(page: Page, title: string): Promise<void> {
  await page.getByRole("tablist", { name: "Features" }).getByRole("tab", { name: title, exact: true }).click();
}

// ---- workbook helpers (the preview workbook is exposed as window.__payrollPreview.workbook) ---------------

export interface SheetDump {
  name: string;
  visibility: string;
  /** [row, column, value, formula, number format] of every non-empty cell. */
  cells: [number, number, unknown, string | undefined, string | undefined][];
}

export interface WorkbookDump {
  sheets: SheetDump[];
  settings: [string, unknown][];
  tables: string[];
  /** Every string reachable from the workbook object (sheets, cells, settings, tables, names, anything added later). */
  strings: string[];
}

/** A full dump of the preview workbook's state. */
export async function workbookState(page: Page): Promise<WorkbookDump> {
  return page.evaluate(() => {
    type AnyObj = Record<string, unknown>;
    const wb = (window as unknown as { __payrollPreview: { workbook: AnyObj } }).__payrollPreview.workbook as AnyObj & {
      sheets: { name: string; visibility: string; rowsData: ({ v: unknown; f?: string; nf?: string } | undefined)[][] }[];
      settings: Map<string, unknown>;
      tablesList: { name: string; deleted?: boolean }[];
    };
    const sheets = wb.sheets.map((s) => {
      const cells: [number, number, unknown, string | undefined, string | undefined][] = [];
      s.rowsData.forEach((row, r) =>
        row?.forEach((cell, c) => {
          if (cell && (cell.v !== null || cell.f !== undefined)) cells.push([r, c, cell.v, cell.f, cell.nf]);
        }),
      );
      return { name: s.name, visibility: s.visibility, cells };
    });
    const strings: string[] = [];
    const seen = new Set<unknown>();
    const walk = (value: unknown, depth: number) => {
      if (typeof value === "string") return void strings.push(value);
      if (value === null || typeof value !== "object" || seen.has(value) || depth > 50) return;
      seen.add(value);
      if (value instanceof Map) {
        value.forEach((v, k) => {
          walk(k, depth + 1);
          walk(v, depth + 1);
        });
      } else if (value instanceof Set) value.forEach((v) => walk(v, depth + 1));
      else {
        for (const key of Object.keys(value)) {
          strings.push(key);
          walk((value as AnyObj)[key], depth + 1);
        }
      }
    };
    walk(wb, 0);
    return {
      sheets,
      settings: [...wb.settings.entries()],
      tables: wb.tablesList.filter((t) => !t.deleted).map((t) => t.name),
      strings,
    };
  });
}

/** Where a secret appears in the workbook state (empty when nowhere): sheet cells, settings, or any reachable string. */
export function findSecret(state: WorkbookDump, secret: string): string[] {
  const hits: string[] = [];
  for (const sheet of state.sheets)
    for (const [r, c, v, f] of sheet.cells)
      if (String(v).includes(secret) || (f ?? "").includes(secret)) hits.push(`cell ${sheet.name}!R${r + 1}C${c + 1}`);
  for (const [k, v] of state.settings) if (k.includes(secret) || JSON.stringify(v).includes(secret)) hits.push(`setting ${k}`);
  for (const s of state.strings) if (s.includes(secret)) hits.push(`string "${s.slice(0, 40)}…"`);
  return hits;
}

/** The displayed text of a sheet's used cells, row by row (for asserting what a person sees). */
export async function sheetText(page: Page, sheetName: string): Promise<string[][]> {
  return page.evaluate((name) => {
    const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): unknown } } }).__payrollPreview
      .workbook;
    const sheet = wb.findSheet(name) as
      | {
          usedRect(valuesOnly?: boolean): { r: number; c: number; rows: number; cols: number } | null;
          textAt(r: number, c: number): string;
        }
      | undefined;
    if (!sheet) throw new Error(`No sheet named ${name}`);
    const rect = sheet.usedRect(true);
    if (!rect) return [];
    const rows: string[][] = [];
    for (let r = rect.r; r < rect.r + rect.rows; r++) {
      const row: string[] = [];
      for (let c = rect.c; c < rect.c + rect.cols; c++) row.push(sheet.textAt(r, c));
      rows.push(row);
    }
    return rows;
  }, sheetName);
}

/** Waits until the workbook has a sheet of that name. */
export async function waitForSheet(page: Page, sheetName: string, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    (name) =>
      Boolean(
        (
          window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): unknown } } }
        ).__payrollPreview.workbook.findSheet(name),
      ),
    sheetName,
    { timeout: timeoutMs },
  );
}

/** On the Input sheets tab: waits for the wave's option to load, then picks that wave. */
export async function selectWave(page: Page, waveId: number, timeout?: number): Promise<void> {
  const waveSelect = page.getByRole("combobox", { name: "Wave (pay frequency)" });
  await waveSelect.locator(`option[value="${waveId}"]`).waitFor({ state: "attached", timeout });
  await waveSelect.selectOption(String(waveId));
}

/** Ticks one input column, presses "New input sheet", waits for the sheet it builds and returns its name. */
export async function buildInputSheet(page: Page, column: string, timeout?: number): Promise<string> {
  await page.getByRole("checkbox", { name: column }).check();
  await page.getByRole("button", { name: "New input sheet" }).click();
  const built = page.getByText(/^".+" built: \d+ employees?\./);
  await built.waitFor({ timeout });
  const sheetName = /^"(.+)" built/.exec((await built.textContent()) ?? "")![1];
  await waitForSheet(page, sheetName);
  return sheetName;
}

/**
 * The client's wave whose open period has the most active employees with a basic salary (the wave an input sheet
 * of salaries is built for), with that period, read through the API as a person would know it; with the employees
 * and calculations it was chosen from.
 */
export async function salariedWave(api: PayrollApi, clientId: number) {
  const [employees, waves, calculations] = await Promise.all([
    api.listEmployees(clientId, ["service_periods", "recent_payslips"]),
    api.listWaves(clientId),
    api.listClientCalculations(clientId),
  ]);
  const salaried = (waveId: number, date: string) =>
    activeEmployees(employees, waveId, date).filter((e) =>
      calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary" && !c.deleted),
    ).length;
  const best = waves
    .map((w) => ({ w, period: defaultPeriod(wavePeriods(employees, w.id)) }))
    .filter((x) => x.period)
    .sort((x, y) => salaried(y.w.id, y.period!.date) - salaried(x.w.id, x.period!.date))[0];
  return { ...best, employees, calculations };
}

/** Finalises a client's open payslips in the stack's sandbox (all, or those named): see test/support/finalise.ts. */
export const finalisePayslips = (stack: Stack, clientId: number, payslipIds?: number[]): Promise<FinaliseOutcome> =>
  finaliseInSandbox(stack.sandbox, clientId, payslipIds);

/** The check before sending (on by default) opens before any push that sends rows: press Send in it. */
export async function sendThroughCheck(page: Page): Promise<void> {
  await page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true }).click({ timeout: 60_000 });
}
