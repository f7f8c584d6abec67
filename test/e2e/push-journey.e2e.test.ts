/**
 * The push journey in real Chromium: connect; import employees; build an input sheet; edit cells in the preview
 * grid (a new amount, a bad value, a row moved onto a finalised payslip); push; see Saved, Failed and Invalid;
 * confirm through the API that the service holds the new value; and find the key nowhere in the workbook.
 */
import type { Page } from "playwright-core";
import { PayrollClient } from "../../src/client";
import { calcKey } from "../../src/contract";
import { activeEmployees, defaultPeriod, wavePeriods } from "../../src/sheets/inputSheet";
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

const SALARY = calcKey("basic_salary", "amount");

/** Where the first table of a sheet sits: header row (0-based) and column letters by header. */
async function tableLayout(
  page: Page,
  sheetName: string,
): Promise<{ headerRow: number; columns: Record<string, string>; rows: number }> {
  return page.evaluate((name) => {
    type Sheet = { tables(): { r: number; c: number; rows: number; cols: number }[]; valueAt(r: number, c: number): unknown };
    const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): Sheet } } }).__payrollPreview
      .workbook;
    const sheet = wb.findSheet(name);
    const t = sheet.tables()[0];
    const letters = (c: number) => {
      let s = "";
      for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
      return s;
    };
    const columns: Record<string, string> = {};
    for (let k = 0; k < t.cols; k++) columns[String(sheet.valueAt(t.r, t.c + k))] = letters(t.c + k);
    return { headerRow: t.r, columns, rows: t.rows - 1 };
  }, sheetName);
}

/** Type into a data cell of the table the way a person does: select it, type, Enter. */
async function typeCell(page: Page, sheetName: string, rowIndex: number, header: string, text: string): Promise<void> {
  const layout = await tableLayout(page, sheetName);
  const address = `${layout.columns[header]}${layout.headerRow + 2 + rowIndex}`;
  const grid = page.getByRole("grid", { name: `Sheet ${sheetName}` });
  await grid.locator(`[data-address="${address}"]`).click();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    ([name, addr, expected]) => {
      type Sheet = { textAt(r: number, c: number): string; valueAt(r: number, c: number): unknown };
      const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): Sheet } } }).__payrollPreview
        .workbook;
      const m = /^([A-Z]+)(\d+)$/.exec(addr)!;
      let c = 0;
      for (const ch of m[1]) c = c * 26 + ch.charCodeAt(0) - 64;
      const sheet = wb.findSheet(name);
      const r = Number(m[2]) - 1;
      return sheet.textAt(r, c - 1) !== "" && (sheet.textAt(r, c - 1) === expected || String(sheet.valueAt(r, c - 1)) !== "");
    },
    [sheetName, address, text] as const,
  );
}

/** The table's rows as records of displayed text. */
async function records(page: Page, sheetName: string): Promise<Record<string, string>[]> {
  const layout = await tableLayout(page, sheetName);
  const text = await sheetText(page, sheetName);
  const headers = text[layout.headerRow];
  return text
    .slice(layout.headerRow + 1, layout.headerRow + 1 + layout.rows)
    .map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i]])));
}

describe("push journey (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let api: PayrollClient;
  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 14 } });
    api = new PayrollClient({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
  });
  afterAll(() => stack?.close());

  it("imports, builds, edits, pushes and shows Saved, Failed and Invalid; the service holds the new value", async () => {
    const { page } = stack;
    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 1);

    // Import employees.
    await openTab(page, "Imports");
    await page.getByRole("button", { name: "Import employees" }).click();
    await page
      .getByText(/^Employees: \d+ rows? written to "Employees"\.$/)
      .first()
      .waitFor();
    await waitForSheet(page, "Employees");
    const employees = await api.listEmployees(1, ["service_periods", "recent_payslips"]);
    expect(await records(page, "Employees")).toHaveLength(employees.length);

    // The wave whose open period has the most salaried employees, found through the API as a person would know it.
    const [waves, calculations] = await Promise.all([api.listWaves(1), api.listClientCalculations(1)]);
    const salaried = (waveId: number, date: string) =>
      activeEmployees(employees, waveId, date).filter((e) =>
        calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary"),
      ).length;
    const wave = waves
      .map((w) => ({ w, period: defaultPeriod(wavePeriods(employees, w.id)) }))
      .filter((x) => x.period)
      .sort((a, b) => salaried(b.w.id, b.period!.date) - salaried(a.w.id, a.period!.date))[0];
    const payslipDate = wave.period!.date;
    const previousDate = wavePeriods(employees, wave.w.id).find((p) => p.date < payslipDate)!.date;

    // Build an input sheet.
    await openTab(page, "Input sheets");
    const waveSelect = page.getByRole("combobox", { name: "Wave (pay frequency)" });
    await waveSelect.locator(`option[value="${wave.w.id}"]`).waitFor({ state: "attached" });
    await waveSelect.selectOption(String(wave.w.id));
    expect(await page.getByRole("combobox", { name: "Period (payslip date)" }).inputValue()).toBe(payslipDate);
    await page.getByRole("checkbox", { name: `amount (${SALARY})` }).check();
    await page.getByRole("button", { name: "New input sheet" }).click();
    const built = page.getByText(/^".+" built: \d+ employees?\./);
    await built.waitFor();
    const sheetName = /^"(.+)" built/.exec((await built.textContent()) ?? "")![1];
    await waitForSheet(page, sheetName);
    const before = await records(page, sheetName);
    const salaryHeader = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    expect(Object.keys(before[0])).toEqual([
      "Employee ID",
      "Number",
      "Name",
      "Payslip date",
      salaryHeader,
      "Nett pay",
      "Status",
      "Message",
    ]);
    expect(before.length).toBe(activeEmployees(employees, wave.w.id, payslipDate).length);

    // Edit: a new amount, a bad value, and a row moved onto the previous (finalised) period.
    const ids = before.map((r) => Number(r["Employee ID"]));
    const hadPrevious = (id: number) =>
      employees.find((e) => e.id === id)?.recent_payslips?.some((p) => p.payslip.date === previousDate);
    const finalisedRow = ids.findIndex((id, i) => i >= 2 && hadPrevious(id));
    expect(finalisedRow).toBeGreaterThan(1);
    const newSalary = 45678.9;
    await page.getByRole("tab", { name: sheetName }).click();
    await typeCell(page, sheetName, 0, salaryHeader, String(newSalary));
    await typeCell(page, sheetName, 1, salaryHeader, "lots");
    await typeCell(page, sheetName, finalisedRow, "Payslip date", previousDate);

    // Push.
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes" }).click();
    const summary = page.getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 1 saved, 1 failed, 1 invalid`));
    await summary.waitFor({ timeout: 60_000 });

    const after = await records(page, sheetName);
    expect(after[0].Status).toBe("Saved");
    expect(after[1].Status).toBe("Invalid");
    expect(after[1].Message).toContain('"lots" is not a number');
    expect(after[finalisedRow].Status).toBe("Failed");
    expect(after[finalisedRow].Message).toMatch(/finalised/);
    expect(after.filter((r) => r.Status === "Unchanged")).toHaveLength(after.length - 3);
    // The bad cell is highlighted.
    const layout = await tableLayout(page, sheetName);
    const badFill = await page
      .getByRole("grid", { name: `Sheet ${sheetName}` })
      .locator(`[data-address="${layout.columns[salaryHeader]}${layout.headerRow + 3}"]`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(badFill).toBe("rgb(255, 199, 206)");

    // The service holds the new value on that payslip, and the sheet shows its recalculated nett pay.
    const payslip = (await api.listPayslips(ids[0])).find((p) => p.date === payslipDate && !p.special)!;
    const own = (await api.listPayslipCalculations(payslip.id)).find(
      (c) => c.calculation_id === "basic_salary" && c.payslip_id === payslip.id,
    );
    expect(own?.inputs.amount).toBe(newSalary);
    const untouched = (await api.listPayslips(ids[finalisedRow])).find((p) => p.date === previousDate)!;
    expect(untouched.finalised).toBe(true);
    expect(payslip.dirty).toBe(false);
    expect(after[0]["Nett pay"].replace(/,/g, "")).toBe(payslip.nett_pay!.toFixed(2));

    // One push log line, and the key nowhere in the workbook or the console.
    const log = await records(page, "Push log");
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ Saved: "1", Failed: "1", Invalid: "1", "Not sent": "0" });
    expect(findSecret(await workbookState(page), stack.sandbox.apiKey)).toEqual([]);
    expect(stack.consoleLines.filter((l) => l.includes(stack.sandbox.apiKey))).toEqual([]);
  });
});
