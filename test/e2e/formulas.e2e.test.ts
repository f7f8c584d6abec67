/**
 * PAYROLL formulas in the preview, in Chromium against the sandbox: typed and pasted formulas are evaluated by the
 * same function code and batching as in Excel, show #BUSY! until their figure arrives, equal the transaction_history
 * figures read directly from the service, and 200 pasted formulas (40 employees x 5 accounts) cost at most 3 requests.
 * Formulas typed before Connect show #N/A "Connect in the Payroll pane", then their figures after Connect without
 * being retyped, and an AMOUNT cell shows the new figure after a push changes a salary (streaming functions: no
 * recalculation, which Excel would not run for cells showing an error).
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import {
  salariedWave,
  buildInputSheet,
  chooseClient,
  connect,
  finalisePayslips,
  findSecret,
  openTab,
  selectWave,
  startStack,
  until,
  waitForSheet,
  workbookState,
  type Stack,
} from "./harness";
import { gridCell, openSheet, pasteAt, records, typeAt, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const SHEET = "Sheet1";
const START = "2026-01-01";
const END = "2026-06-30";
const ACCOUNTS = ["basic_salary", "gross_pay", "paye", "usc", "nett_pay"];

type PreviewSheet = { valueAt(r: number, c: number): unknown; textAt(r: number, c: number): string };

const cell = (page: Page, address: string) => gridCell(page, SHEET, address);
const typeInto = (page: Page, address: string, text: string) => typeAt(page, SHEET, address, text);

/** Values of a block of cells (0-based), once none of them is #BUSY! any more. */
async function settledValues(page: Page, r0: number, c0: number, rows: number, cols: number): Promise<unknown[][]> {
  const read = () =>
    page.evaluate(
      ([name, r0, c0, rows, cols]) => {
        const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } })
          .__payrollPreview.workbook;
        const sheet = wb.findSheet(name as string);
        const out: unknown[][] = [];
        for (let r = 0; r < (rows as number); r++) {
          const row: unknown[] = [];
          for (let c = 0; c < (cols as number); c++) row.push(sheet.valueAt((r0 as number) + r, (c0 as number) + c));
          out.push(row);
        }
        return out;
      },
      [SHEET, r0, c0, rows, cols] as const,
    );
  let values: unknown[][] = [];
  await until(page, async () => !(values = await read()).flat().includes("#BUSY!"), "the cells' figures (no #BUSY!)");
  return values;
}

/** Sum of an account over transaction_history rows (of one employee or all), to the cent, as read directly. */
function total(rows: Record<string, unknown>[], account: string, employee?: string): number {
  const cents = rows
    .filter((r) => employee === undefined || r.employee === employee)
    .reduce((s, r) => s + Math.round(Number(r[account] ?? 0) * 100), 0);
  return cents / 100;
}

describe("PAYROLL formulas in the preview (Chromium against the sandbox)", () => {
  let stack: Stack;
  let direct: PayrollApi;
  /** Requests the page made to the service (/v1), in order. */
  const serviceRequests: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 40, latencyMs: 150 }, viewport: { width: 1500, height: 1000 } });
    stack.page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/v1/")) serviceRequests.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    direct = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey, requestsPerSecond: 0 });
  });
  afterAll(() => stack?.close());

  it("says #N/A until connected, then a typed formula shows #BUSY! and then the transaction_history figure", async () => {
    const { page } = stack;
    await typeInto(page, "A1", `=PAYROLL.AMOUNT("basic_salary","${START}","${END}")`);
    await typeInto(page, "B1", `=PAYROLL.AMOUNT("paye","${START}","${END}")`);
    expect(await settledValues(page, 0, 0, 1, 2)).toEqual([["#N/A", "#N/A"]]);
    expect(await cell(page, "B1").getAttribute("title")).toMatch(/Connect in the Payroll pane/);
    await cell(page, "B1").hover();
    await screenshot(page, "formulas-before-connect");

    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 1);
    const rows = await direct.runReport(1, "transaction_history", { start_date: START, end_date: END, account_names: ACCOUNTS });
    const employee = rows[0].employee;

    // The connection re-evaluates the cell: its figure now comes from the service.
    await page.waitForFunction(() => {
      const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } })
        .__payrollPreview.workbook;
      return typeof wb.findSheet("Sheet1").valueAt(0, 0) === "number";
    });
    expect(await settledValues(page, 0, 0, 1, 1)).toEqual([[total(rows, "basic_salary")]]);
    // Neither was retyped: both error cells updated (a full recalculation in Excel would have skipped them).
    const paye = await direct.runReport(1, "transaction_history", { start_date: START, end_date: END, account_names: ["paye"] });
    await page.waitForFunction(() => {
      const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } })
        .__payrollPreview.workbook;
      return typeof wb.findSheet("Sheet1").valueAt(0, 1) === "number";
    });
    expect(await settledValues(page, 0, 1, 1, 1)).toEqual([[total(paye, "paye")]]);
    await cell(page, "B1").click();
    await page.keyboard.press("Delete");

    await typeInto(page, "A2", `=PAYROLL.AMOUNT("nett_pay","${START}","${END}","${employee}")`);
    expect(await cell(page, "A2").innerText()).toBe("#BUSY!");
    await typeInto(page, "A3", `=PAYROLL.AMOUNT("no_such_account","${START}","${END}")`);
    const values = await settledValues(page, 0, 0, 3, 1);
    expect(values).toEqual([[total(rows, "basic_salary")], [total(rows, "nett_pay", employee)], ["#N/A"]]);
    expect(total(rows, "nett_pay", employee)).toBeGreaterThan(0);
    // The error value carries the service's message, shown on hover as Excel does.
    expect(await cell(page, "A3").getAttribute("title")).toMatch(/\n#N\/A Unknown account "no_such_account"/);
    await cell(page, "A2").click(); // the formula bar shows the formula
    await screenshot(page, "formulas-amount");
  });

  it("pasting 200 formulas (40 employees x 5 accounts) costs at most 3 requests, and every value matches", async () => {
    const { page } = stack;
    const employees = await direct.listEmployees(1);
    expect(employees.length).toBe(40);
    // The first test's formulas go (Delete), and Refresh formulas empties the cache: the paste starts from nothing.
    await cell(page, "A1").click();
    await cell(page, "A3").click({ modifiers: ["Shift"] });
    await page.keyboard.press("Delete");
    await page.getByRole("button", { name: "Refresh formulas" }).click();
    // Done when it says so (B1 went in the first test): what comes after is the paste's alone.
    await page.getByText("Refreshed formulas: this workbook has no PAYROLL formulas.").waitFor();
    const before = serviceRequests.length;

    const text = employees
      .map((e) => ACCOUNTS.map((a) => `=PAYROLL.AMOUNT("${a}","${START}","${END}","${e.number}")`).join("\t"))
      .join("\r\n");
    await pasteAt(page, SHEET, "C1", text);
    const values = await settledValues(page, 0, 2, 40, 5);
    const during = serviceRequests.slice(before);
    expect(during.length).toBeLessThanOrEqual(3);
    // The cache was empty: the employee list (numbers to IDs) and one transaction_history for the 5 accounts.
    expect(during).toEqual(["GET /v1/clients/1/employees", "POST /v1/clients/1/reports/transaction_history"]);

    const rows = await direct.runReport(1, "transaction_history", { start_date: START, end_date: END, account_names: ACCOUNTS });
    const expected = employees.map((e) => ACCOUNTS.map((a) => total(rows, a, e.number!)));
    expect(values).toEqual(expected);
    expect(values.flat().filter((v) => v !== 0).length).toBeGreaterThan(150);
    await screenshot(page, "formulas-pasted");
  });

  it("LEAVE and EMPLOYEE formulas show the service's leave balance and employee fields", async () => {
    const { page } = stack;
    const [e] = await direct.listEmployees(1);
    const types = await direct.listLeaveTypes(1);
    const [typeId, typeName] = Object.entries(types)[0];
    const balance = (await direct.getLeaveBalances(e.id, END))[typeId];
    await typeInto(page, "A5", `=PAYROLL.LEAVE("${e.number}","${typeName}","${END}")`);
    await typeInto(page, "A6", `=PAYROLL.EMPLOYEE("${e.number}","first_name")`);
    await typeInto(page, "A7", `=PAYROLL.EMPLOYEE("${e.number}","shoe_size")`);
    expect(await settledValues(page, 4, 0, 3, 1)).toEqual([[balance], [e.first_name], ["#VALUE!"]]);
    await cell(page, "A5").click();
    await screenshot(page, "formulas-leave-employee");
    // The functions used the pane's connection: the key is nowhere in the workbook.
    expect(findSecret(await workbookState(page), stack.sandbox.apiKey)).toEqual([]);
  });

  it("after a push changes a salary, the AMOUNT cell over that payslip date reads its figure again, unretyped", async () => {
    const { page } = stack;
    const wave = await salariedWave(direct, 1);
    const date = wave.period!.date;
    // The formula is on Sheet1 before the push; its figure is read once.
    await openSheet(page, SHEET);
    await typeInto(page, "A10", `=PAYROLL.AMOUNT("basic_salary","${date}","${date}")`);
    const [[before]] = await settledValues(page, 9, 0, 1, 1);
    expect(typeof before).toBe("number");

    await openTab(page, "Imports");
    await page.getByRole("button", { name: "Import employees" }).click();
    await waitForSheet(page, "Liffey · Employees");
    await openTab(page, "Input sheets");
    await selectWave(page, wave.w.id);
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const rows = await records(page, sheetName);
    const salaryHeader = Object.keys(rows[0]).find((h) => h.startsWith("Basic salary"))!;
    const row = rows.findIndex((r) => r[salaryHeader] !== "");
    const newSalary = 45678.9;
    await typeCell(page, sheetName, row, salaryHeader, String(newSalary));
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    const pushedAt = serviceRequests.length;
    await page.getByRole("button", { name: "Push changes" }).click();
    // The check before the push: send.
    await page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 1 saved`)).waitFor({ timeout: 60_000 });

    // No retyping, no Refresh formulas: the push's invalidation makes the streaming cell read again. (Its figure
    // stays the same here: transaction_history lists finalised payslips only, and a push changes open ones.)
    const askedAgain = () => serviceRequests.slice(pushedAt).includes("POST /v1/clients/1/reports/transaction_history");
    await until(page, askedAgain, "the streaming cell to read transaction_history again", 200);
    const report = await direct.runReport(1, "transaction_history", {
      start_date: date,
      end_date: date,
      account_names: ["basic_salary"],
    });
    expect(await settledValues(page, 9, 0, 1, 1)).toEqual([[total(report, "basic_salary")]]);

    // The accountant finalises the pay run in the service's own screens (the sandbox's operator route: the API has
    // no such call, and the pane is not told). Refresh formulas then shows the new salary in the same, unretyped cell.
    await finalisePayslips(stack, 1);
    const finalised = await direct.runReport(1, "transaction_history", {
      start_date: date,
      end_date: date,
      account_names: ["basic_salary"],
    });
    const after = total(finalised, "basic_salary");
    expect(after).not.toBe(before);
    await page.getByRole("button", { name: "Refresh formulas" }).click();
    await page.waitForFunction(
      ([name, expected]) => {
        const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } })
          .__payrollPreview.workbook;
        return wb.findSheet(name as string).valueAt(9, 0) === expected;
      },
      [SHEET, after] as const,
      { timeout: 30_000 },
    );
    expect(await settledValues(page, 9, 0, 1, 1)).toEqual([[after]]);
    await openSheet(page, SHEET);
    await cell(page, "A10").click();
    await screenshot(page, "formulas-after-push");
  });
});
