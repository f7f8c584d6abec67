/**
 * The push journey in real Chromium: connect; import employees; build an input sheet; edit cells in the preview
 * grid (a new amount, a bad value, a row moved onto a finalised payslip); push; see Saved, Failed and Invalid;
 * confirm through the API that the service holds the new value; and find the key nowhere in the workbook.
 */
import { activeEmployees, wavePeriods } from "../../src/ui/sheets/periods";
import {
  salariedWave,
  buildInputSheet,
  chooseClient,
  connect,
  findSecret,
  openTab,
  selectWave,
  suiteStack,
  waitForSheet,
  workbookState,
} from "./harness";
import { clickCell, openSheet, records, scrollGridLeft, tableLayout, typeCell } from "./grid";
import { screenshot } from "./screenshots";

describe("push journey (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 } });

  it("imports, builds, edits, pushes and shows Saved, Failed and Invalid; the service holds the new value", async () => {
    const { page } = suite.stack;
    await connect(page, suite.stack.sandbox.apiKey);
    await chooseClient(page, 1);

    // Import employees.
    await openTab(page, "Imports");
    await page.getByRole("button", { name: "Import employees" }).click();
    await page
      .getByText(/^Employees: \d+ rows? written to "Liffey · Employees"\.$/)
      .first()
      .waitFor();
    await waitForSheet(page, "Liffey · Employees");
    const employees = await suite.api.listEmployees(1, ["service_periods", "recent_payslips"]);
    expect(await records(page, "Liffey · Employees")).toHaveLength(employees.length);

    // The wave whose open period has the most salaried employees, found through the API as a person would know it.
    const wave = await salariedWave(suite.api, 1);
    const payslipDate = wave.period!.date;
    const previousDate = wavePeriods(employees, wave.w.id).find((p) => p.date < payslipDate)!.date;

    // Build an input sheet.
    await openTab(page, "Input sheets");
    await selectWave(page, wave.w.id);
    expect(await page.getByRole("combobox", { name: "Period (payslip date)" }).inputValue()).toBe(payslipDate);
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const before = await records(page, sheetName);
    const salaryHeader = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    expect(Object.keys(before[0])).toEqual([
      "Employee ID",
      "Number",
      "Name",
      "Employment", // the demo's wave has an employee on long-term leave: the column that marks them is there
      "Payslip date",
      salaryHeader,
      "Nett pay",
      "Status",
      "Message",
    ]);
    expect(before.length).toBe(activeEmployees(employees, wave.w.id, payslipDate).length);
    // What the README shows: the chosen input in the pane, the new sheet in the grid, prefilled with current values.
    await page.getByRole("grid", { name: `Sheet ${sheetName}` }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Basic salary: amount" }).isChecked()).toBe(true);
    expect(before.filter((r) => r[salaryHeader] !== "").length).toBeGreaterThan(1);
    await screenshot(page, "input-sheet");

    // Edit: a new amount, a bad value, and a row moved onto the previous (finalised) period.
    const ids = before.map((r) => Number(r["Employee ID"]));
    const hadPrevious = (id: number) =>
      employees.find((e) => e.id === id)?.recent_payslips?.some((p) => p.payslip.date === previousDate);
    const finalisedRow = ids.findIndex((id, i) => i >= 2 && hadPrevious(id));
    expect(finalisedRow).toBeGreaterThan(1);
    const newSalary = 45678.9;
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, salaryHeader, String(newSalary));
    await typeCell(page, sheetName, 1, salaryHeader, "lots");
    await typeCell(page, sheetName, finalisedRow, "Payslip date", previousDate);

    // Push.
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes" }).click();
    // The check before the push: send.
    await page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true }).click();
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
    expect(badFill).toBe("rgb(255, 204, 209)");
    await clickCell(page, sheetName, 1, "Message");
    expect(await summary.isVisible()).toBe(true);
    await screenshot(page, "push-result");

    // The service holds the new value on that payslip, and the sheet shows its recalculated nett pay.
    const payslip = (await suite.api.listPayslips(ids[0])).find((p) => p.date === payslipDate && !p.special)!;
    const own = (await suite.api.listPayslipCalculations(payslip.id)).find(
      (c) => c.calculation_id === "basic_salary" && c.payslip_id === payslip.id,
    );
    expect(own?.inputs.amount).toBe(newSalary);
    const untouched = (await suite.api.listPayslips(ids[finalisedRow])).find((p) => p.date === previousDate)!;
    expect(untouched.finalised).toBe(true);
    expect(payslip.dirty).toBe(false);
    expect(after[0]["Nett pay"].replace(/[€,]/g, "")).toBe(payslip.nett_pay!.toFixed(2));

    // One push log line, and the key nowhere in the workbook or the console.
    const log = await records(page, "Push log");
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ Saved: "1", Failed: "1", Invalid: "1", "Not sent": "0" });
    await openSheet(page, "Push log");
    await scrollGridLeft(page, "Push log");
    expect(log[0]).toMatchObject({ Sheet: sheetName, Push: "Push changes" });
    expect(await page.getByRole("grid", { name: "Sheet Push log" }).textContent()).toContain(sheetName);
    // Wide enough to show every count column of the log.
    await page.setViewportSize({ width: 2000, height: 1000 });
    await screenshot(page, "push-log");
    await page.setViewportSize({ width: 1500, height: 1000 });
    expect(findSecret(await workbookState(page), suite.stack.sandbox.apiKey)).toEqual([]);
    expect(suite.stack.consoleLines.filter((l) => l.includes(suite.stack.sandbox.apiKey))).toEqual([]);
  });
});
