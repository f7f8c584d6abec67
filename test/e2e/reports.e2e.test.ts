/**
 * Reports in real Chromium: the preview with the task pane against the sandbox.
 * One sync report with Refresh; one async report whose polls see 204 and then 200; Tracked balances at a date for one
 * chosen employee; one report over two clients into one sheet with a Client column. The page polls every POLL_MS (its ?reportPollMs= seam) rather than the service's
 * 10 s, and the sandbox's jobs take JOB_MS, half-way between the first poll and the second: the same 204-then-200
 * in a third of the time.
 */
import type { Response } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { records } from "./grid";
import {
  chooseClient,
  connect,
  findSecret,
  openTab,
  sheetText,
  startStack,
  waitForSheet,
  workbookState,
  type Stack,
} from "./harness";
import { screenshot } from "./screenshots";

const POLL_MS = 3_000;
const JOB_MS = 4_500;

/** An ISO date as the pane's date fields take it (en-IE, dd/mm/yyyy). */
const typed = (iso: string) => iso.split("-").reverse().join("/");

describe("reports (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let clientNames: Map<number, string>;
  const polls: { url: string; status: number; at: number }[] = [];

  beforeAll(async () => {
    stack = await startStack({
      sandbox: { employees: 12, reportJobMs: JOB_MS },
      path: `/preview.html?reportPollMs=${POLL_MS}`,
      viewport: { width: 1500, height: 1000 },
    });
    stack.page.on("response", (r: Response) => {
      if (r.url().includes("/reports/poll/")) polls.push({ url: r.url(), status: r.status(), at: Date.now() });
    });
    const res = await fetch(`${stack.sandbox.url}/v1/clients/`, { headers: { Authorization: stack.sandbox.apiKey } });
    clientNames = new Map(
      ((await res.json()) as { client: { id: number; name: string } }[]).map(({ client }) => [client.id, client.name]),
    );
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, 1);
    await openTab(stack.page, "Reports");
  });
  afterAll(() => stack?.close());

  /** The report panel's outcome line after a run. */
  const outcome = () => stack.page.getByText(/rows? written to the sheet/).last();

  it("runs transaction_history now into a typed sheet, and Refresh replaces the rows in place", async () => {
    const { page } = stack;
    const accounts = page.getByRole("combobox", { name: /Accounts/ });
    await accounts.waitFor();
    expect(await accounts.inputValue()).toBe("Gross pay, Nett pay");
    expect(await page.getByLabel(/^From/).inputValue()).toMatch(/^01\/01\/\d{4}$/); // Office's display language, en-IE

    await page.getByRole("button", { name: "Run report" }).click();
    await waitForSheet(page, "Transaction history");
    await outcome().waitFor();
    const text = await sheetText(page, "Transaction history");
    expect(text[2].slice(0, 4)).toEqual(["Employee number", "Date", "Gross pay", "Nett pay"]);
    expect(text.length).toBeGreaterThan(4);
    expect(text[3][1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/); // a date cell shown as a date, day first under en-IE
    expect(text[3][3]).toMatch(/^-?€[\d,]+\.\d{2}$/); // an amount shown in euros
    await screenshot(page, "reports-sync");

    // Change a figure in the sheet, then Refresh from the pane: the service's figures come back, same table.
    const before = await workbookState(page);
    await page.evaluate(() => {
      const wb = (
        window as unknown as {
          __payrollPreview: {
            workbook: {
              findSheet(n: string): { tables(): { r: number; c: number }[] };
              editCell(s: unknown, r: number, c: number, t: string): void;
            };
          };
        }
      ).__payrollPreview.workbook;
      const sheet = wb.findSheet("Transaction history");
      const t = sheet.tables()[0];
      wb.editCell(sheet, t.r + 1, t.c + 3, "123456");
    });
    expect((await sheetText(page, "Transaction history"))[3][3]).not.toBe(text[3][3]);
    const answered = page.waitForResponse((r) => r.url().endsWith("/v1/clients/1/reports/transaction_history"));
    await page.getByRole("button", { name: "Refresh Transaction history" }).click();
    await answered;
    await page.waitForFunction((expected) => {
      const wb = (
        window as unknown as {
          __payrollPreview: {
            workbook: { findSheet(n: string): { tables(): { r: number; c: number }[]; textAt(r: number, c: number): string } };
          };
        }
      ).__payrollPreview.workbook;
      const sheet = wb.findSheet("Transaction history");
      const t = sheet.tables()[0];
      return sheet.textAt(t.r + 1, t.c + 3) === expected;
    }, text[3][3]);
    const after = await sheetText(page, "Transaction history");
    expect(after.slice(2)).toEqual(text.slice(2));
    const state = await workbookState(page);
    expect(state.tables).toEqual(before.tables);
    expect(findSecret(state, stack.sandbox.apiKey)).toEqual([]);
    const saved = state.settings.find(([k]) => k === "reports.Transaction history");
    expect(saved?.[1]).toMatchObject({ reportId: "transaction_history", mode: "sync" });
  });

  it("runs variance as a background job: the polls see 204, then 200; elapsed time shows meanwhile", async () => {
    const { page } = stack;
    await page.getByRole("combobox", { name: "Report" }).click();
    await page.getByRole("option", { name: "Variance" }).click();
    await page.getByRole("combobox", { name: /Pay frequency/ }).waitFor();
    expect(await page.getByRole("combobox", { name: /Period \(pay run\)/ }).textContent()).toMatch(/Period ending/);
    await page.getByRole("radio", { name: /As a background job/ }).check();
    polls.length = 0;
    const started = Date.now();
    await page.getByRole("button", { name: "Run report" }).click();
    await page.getByText(/Report job started/).waitFor();
    await page.getByRole("timer", { name: "Elapsed time" }).waitFor();
    await page.waitForFunction(() => /Elapsed 0:0[1-9]/.test(document.body.innerText));
    await screenshot(page, "reports-async");
    await waitForSheet(page, "Variance", 60_000);
    await outcome().waitFor();

    expect(polls.map((p) => p.status)).toEqual([204, 200]);
    // No more often than every POLL_MS (the start counts as the first contact).
    expect(polls[0].at - started).toBeGreaterThanOrEqual(POLL_MS - 500);
    expect(polls[1].at - polls[0].at).toBeGreaterThanOrEqual(POLL_MS - 500);
    const text = await sheetText(page, "Variance");
    // One row per employee (readableReports.e2e checks the rows and labels).
    expect(text[2].slice(0, 3)).toEqual(["Employee number", "Employee name", "Largest move"]);
  });

  it("runs Tracked balances at a finalised payslip's date for one chosen employee", async () => {
    const { page } = stack;
    // The flow test test/features/sandboxAgrees.flow.test.ts proves these are the payslip's balances; here, the form.
    const api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    // The employee with the most kinds of tracked balance (the demo's garnishee holder has a loan and savings too).
    const tracked = new Set(["employer_loan", "savings", "garnishee"]);
    const kinds = new Map<number, Set<string>>();
    for (const c of await api.listClientCalculations(1)) {
      const item = String(c.calculation_id ?? c.system_type);
      if (c.payslip_id !== null || c.employee_id === null || !tracked.has(item)) continue;
      kinds.set(c.employee_id, (kinds.get(c.employee_id) ?? new Set()).add(item));
    }
    const [holder] = [...kinds].sort((a, b) => b[1].size - a[1].size)[0];
    const employee = await api.getEmployee(holder);
    const payslip = (await api.listPayslips(holder))
      .filter((p) => p.finalised && !p.special)
      .sort((a, b) => b.date.localeCompare(a.date))[1];

    const reports = page.getByRole("tabpanel", { name: "Reports" });
    await reports.getByRole("combobox", { name: "Report" }).click();
    await page.getByRole("option", { name: "Tracked balances (beta)" }).click();
    await reports.getByRole("radio", { name: /Now: wait/ }).check();
    await reports.getByLabel(/^Balances at/).fill(typed(payslip.date));
    await reports.getByRole("switch", { name: "All employees" }).click();
    await reports.getByRole("combobox", { name: /^Employees/ }).click();
    await page.getByRole("menuitemcheckbox", { name: new RegExp(`${employee.first_name} ${employee.last_name}`) }).click();
    await page.keyboard.press("Escape");
    const sheetName = await reports.getByRole("textbox", { name: /^Sheet/ }).inputValue();
    await reports.getByRole("button", { name: "Run report" }).click();
    await waitForSheet(page, sheetName);
    await outcome().waitFor();
    await screenshot(page, "tracked-balances-agree");
    const rows = await records(page, sheetName);
    expect(rows).toHaveLength(1);
    expect(rows[0]["Employee number"]).toBe(employee.number);
    expect([rows[0].Loans, rows[0].Savings, rows[0].Garnishees].filter((v) => /[1-9]/.test(v)).length).toBe(
      kinds.get(holder)!.size,
    );
  });

  it("runs a report over two clients into one sheet with a Client column", async () => {
    const { page } = stack;
    await page.getByRole("combobox", { name: "Report" }).click();
    await page.getByRole("option", { name: "Transaction history" }).click();
    await page.getByRole("radio", { name: /Now: wait/ }).check();
    await page.getByRole("combobox", { name: /^Clients/ }).click();
    await page.getByRole("menuitemcheckbox", { name: clientNames.get(2)! }).click();
    await page.keyboard.press("Escape");
    await page.getByText("With several clients every pay frequency and employee is included.").waitFor();
    expect(await page.getByRole("textbox", { name: /^Sheet/ }).inputValue()).toBe("Transaction history (2 clients)");
    await page.getByRole("button", { name: "Run report" }).click();
    await waitForSheet(page, "Transaction history (2 clients)");
    await outcome().waitFor();
    await screenshot(page, "reports-two-clients");
    const text = await sheetText(page, "Transaction history (2 clients)");
    expect(text[2].slice(0, 3)).toEqual(["Employee number", "Client", "Date"]);
    const clients = new Set(text.slice(3).map((row) => row[1]));
    expect(clients).toEqual(new Set([clientNames.get(1), clientNames.get(2)]));
  });
});
