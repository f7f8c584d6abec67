/**
 * The sandbox agrees with itself, in real Chromium through the pane, as an accountant would check it: a finalised
 * payslip's loan, savings and garnishee balances (Calculations tab, "A payslip") are the figures the Tracked
 * balances report puts in its sheet for that employee and date; and every employee's sick leave balance (Leave
 * tab) is minus the full sick days taken by then, so it accrues nothing (docs/payroll-rules.md).
 */
import { PayrollApi } from "../../src/api";
import type { Calculation } from "../../src/contract";
import { chooseClient, connect, findSecret, openTab, startStack, waitForSheet, workbookState, type Stack } from "./harness";
import { records } from "./grid";
import { screenshot } from "./screenshots";

const COLUMN = { employer_loan: "Loans", savings: "Savings", garnishee: "Garnishees" } as const;
type Tracked = keyof typeof COLUMN;
const isTracked = (item: unknown): item is Tracked => typeof item === "string" && item in COLUMN;
const itemOf = (c: Calculation) => String(c.calculation_id ?? c.system_type);

/** A displayed amount ("€1,234.50", "-€3.00", "1234.5", "") in cents. */
function cents(text: string): number {
  const t = text.replace(/[€,\s]/g, "");
  if (t === "") return 0;
  const n = Number(t);
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${text}`);
  return Math.round(n * 100);
}

/** An ISO date as the pane's date fields take it (en-IE, dd/mm/yyyy). */
const typed = (iso: string) => iso.split("-").reverse().join("/");

describe("the sandbox agrees with itself (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let api: PayrollApi;

  beforeAll(async () => {
    // 32 employees a client: the demo's loans, savings and (the 12th employee of each client) a garnishee.
    stack = await startStack({ sandbox: { employees: 32 }, viewport: { width: 1500, height: 1000 } });
    api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, 1);
  });
  afterAll(() => stack?.close());

  it("a finalised payslip's loan, savings and garnishee balances are the Tracked balances report's for that date", async () => {
    const { page } = stack;
    // The employee with the most kinds of tracked calculation (the garnishee's holder has a loan or savings too).
    const live = (await api.listClientCalculations(1)).filter(
      (c) => c.payslip_id === null && c.employee_id !== null && isTracked(itemOf(c)),
    );
    const kinds = new Map<number, Set<string>>();
    for (const c of live) kinds.set(c.employee_id!, (kinds.get(c.employee_id!) ?? new Set()).add(itemOf(c)));
    const [employeeId] = [...kinds].sort((a, b) => b[1].size - a[1].size)[0];
    expect(kinds.get(employeeId)!.size).toBeGreaterThanOrEqual(2);
    const employee = await api.getEmployee(employeeId);
    const payslip = (await api.listPayslips(employeeId))
      .filter((p) => p.finalised && !p.special)
      .sort((a, b) => b.date.localeCompare(a.date))[3];
    // Not the last finalised payslip: from that one on the report shows the live balances, and its date is the default.

    // Calculations of that payslip, chosen in the pane as a person would.
    await openTab(page, "Calculations");
    const pane = page.getByRole("tabpanel", { name: "Calculations" });
    await pane.getByRole("radio", { name: "A payslip" }).check();
    await pane.getByRole("combobox", { name: "Employee" }).pressSequentially(employee.last_name!);
    await page.getByRole("option", { name: new RegExp(`${employee.first_name} ${employee.last_name}`) }).click();
    await pane.getByRole("combobox", { name: "Payslip" }).click();
    await page.getByRole("option", { name: new RegExp(`^${typed(payslip.date)} · finalised`) }).click();
    await pane.getByRole("button", { name: "View calculations" }).click();
    await pane.getByText(/calculations written to "Calculations"/).waitFor();
    const carried = { Loans: 0, Savings: 0, Garnishees: 0 };
    const seen = new Set<string>();
    for (const row of await records(page, "Calculations")) {
      if (!isTracked(row.Item)) continue;
      expect(row["Output: balance"]).not.toBe(""); // the old demo: no balance on a finalised payslip
      carried[COLUMN[row.Item]] += cents(row["Output: balance"]);
      seen.add(row.Item);
    }
    expect(seen).toEqual(kinds.get(employeeId));

    // The Tracked balances report at the payslip's date, for that employee only.
    await openTab(page, "Reports");
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
    await reports
      .getByText(/rows? written to the sheet/)
      .last()
      .waitFor();
    const rows = await records(page, sheetName);
    expect(rows).toHaveLength(1);
    expect(rows[0]["Employee number"]).toBe(employee.number);
    const reported = { Loans: cents(rows[0].Loans), Savings: cents(rows[0].Savings), Garnishees: cents(rows[0].Garnishees) };
    expect(reported).toEqual(carried);
    expect(Object.values(reported).filter((v) => v !== 0).length).toBe(seen.size);
    await screenshot(page, "tracked-balances-agree");
    expect(findSecret(await workbookState(page), stack.sandbox.apiKey)).toEqual([]);
  });

  it("every employee's sick leave balance is minus the full sick days taken by then: sick leave accrues nothing", async () => {
    const { page } = stack;
    await openTab(page, "Leave");
    const pane = page.getByRole("tabpanel", { name: "Leave" });
    await pane.getByRole("button", { name: "Every employee's balances to sheet" }).click();
    await waitForSheet(page, "Leave balances");
    const sickType = Object.entries(await api.listLeaveTypes(1)).find(([, name]) => /sick/i.test(name))!;
    const balances = await records(page, "Leave balances");
    expect(balances.length).toBeGreaterThan(20);
    let withSickDays = 0;
    for (const row of balances) {
      const asOf = row["Balances as of"];
      if (asOf === "") continue; // no payslip by the date
      const days = (await api.listLeaveDays(Number(row["Employee ID"]))).flat();
      const sick = days.filter((d) => d.type_id === Number(sickType[0]) && d.date <= asOf);
      if (sick.some((d) => d.hours !== null)) continue; // part days count by hours per day; full days are exact
      expect({ employee: row["Employee number"], balance: Number(row[`${sickType[1]} balance`]) }).toEqual({
        employee: row["Employee number"],
        balance: sick.length === 0 ? 0 : -sick.length,
      });
      if (sick.length > 0) withSickDays++;
    }
    expect(withSickDays).toBeGreaterThan(0);
  });
});
