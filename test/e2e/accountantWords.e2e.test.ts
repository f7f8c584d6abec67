/**
 * The accountant's words in Chromium against the sandbox (issue O, point 4): sheet names carry the client and an
 * unbroken period; an import for a second client leaves the first client's sheet; inputs are labelled in words
 * ("Basic salary: amount"), with the API name only in a tooltip; row messages speak of the employee and the period
 * and name a column once; date columns show dd/mm/yyyy under en-IE.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { activeEmployees } from "../../src/ui/sheets/periods";
import {
  bestWave,
  buildInputSheet,
  chooseClient,
  connect,
  openTab,
  selectWave,
  startStack,
  type Stack,
  sendThroughCheck,
} from "./harness";
import { openSheet, records, typeCell } from "./grid";

/** "2026-11-25" as en-IE shows it: "25/11/2026". */
const dayFirst = (iso: string) => iso.split("-").reverse().join("/");

describe("the accountant's words (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let api: PayrollApi;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 } });
    api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    page = stack.page;
    await connect(page, stack.sandbox.apiKey);
  });
  afterAll(() => stack?.close());

  async function importEmployees(clientId: number, sheetName: string) {
    await chooseClient(page, clientId);
    await openTab(page, "Imports");
    await page.getByRole("button", { name: "Import employees" }).click();
    await page.getByText(`rows written to "${sheetName}".`, { exact: false }).first().waitFor({ timeout: 30_000 });
  }

  it("an import for client B writes B's own sheet and leaves client A's sheet as it was", async () => {
    await importEmployees(1, "Liffey · Employees");
    const liffey = await records(page, "Liffey · Employees");
    expect(liffey).toHaveLength((await api.listEmployees(1)).length);

    await importEmployees(2, "Shannon · Employees");
    const shannon = await records(page, "Shannon · Employees");
    const shannonIds = new Set((await api.listEmployees(2)).map((e) => String(e.id)));
    expect(shannon.length).toBe(shannonIds.size);
    expect(shannon.every((r) => shannonIds.has(r["Employee ID"]))).toBe(true);
    expect(await records(page, "Liffey · Employees")).toEqual(liffey);
    // Each import sheet's date columns show the day first, as Office's display language (en-IE) does.
    const dated = liffey.find((r) => r["Appointment date"] !== "")!;
    expect(dated["Appointment date"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it("an input sheet is named for the client, its wave and the whole period; inputs and messages are in words", async () => {
    const clientId = 2;
    const [employees, waves, calculations] = await Promise.all([
      api.listEmployees(clientId, ["service_periods", "recent_payslips"]),
      api.listWaves(clientId),
      api.listClientCalculations(clientId),
    ]);
    const salaried = (waveId: number, date: string) =>
      activeEmployees(employees, waveId, date).filter((e) =>
        calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary" && !c.deleted),
      ).length;
    const wave = bestWave(employees, waves, salaried);
    const payslipDate = wave.period!.date;
    const [y, m, d] = payslipDate.split("-");

    await openTab(page, "Input sheets");
    await selectWave(page, wave.w.id);
    // The picker says "Basic salary: amount"; the API name is only its tooltip.
    const pane = page.getByRole("tabpanel", { name: "Input sheets" });
    const salary = pane.getByRole("checkbox", { name: "Basic salary: amount", exact: true });
    await salary.waitFor();
    expect(await pane.getByText(/calc\./).count()).toBe(0);
    expect(await pane.locator('label[title="API name: calc.basic_salary.amount"]').count()).toBe(1);

    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    expect(sheetName).toMatch(/^Shannon · /);
    expect(sheetName.endsWith(`${d}-${m}-${y.slice(2)}`)).toBe(true);
    expect(sheetName.length).toBeLessThanOrEqual(31);

    const rows = await records(page, sheetName);
    expect(Object.keys(rows[0])).toContain("Basic salary: amount");
    expect(Object.keys(rows[0]).some((h) => h.includes("calc."))).toBe(false);
    expect(rows.every((r) => r["Payslip date"] === dayFirst(payslipDate))).toBe(true);

    // One row saved, one refused by the service: each message names the employee and the period once.
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, "Basic salary: amount", "4321");
    await typeCell(page, sheetName, 1, "Basic salary: amount", "-5");
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await page.getByText(new RegExp(`^${sheetName}: 1 saved, 1 failed`)).waitFor({ timeout: 60_000 });
    const after = await records(page, sheetName);
    const period = `period ending ${dayFirst(payslipDate)}`;
    expect(after[0].Status).toBe("Saved");
    expect(after[0].Message).toMatch(new RegExp(`^Saved for ${after[0].Name}, ${period}`));
    expect(after[1].Status).toBe("Failed");
    expect(
      after[1].Message.startsWith(
        `Not saved for ${after[1].Name}, ${period}: Basic salary amount must be 0 or more; 'Basic salary: amount' was \u22125`,
      ),
    ).toBe(true);
    // Sent anyway after the check before sending flagged it (Send), the row keeps the check's reason too.
    expect(after[1].Message).toMatch(/\. Check: Basic salary: amount: .+ against \d{2}\/\d{2}\/\d{4}$/);
    expect(after.map((r) => r.Message).join(" ")).not.toMatch(/calc\.|payslip \d|calculation\(s\)/);
  });
});
