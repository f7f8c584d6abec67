/**
 * Next month's work, in Chromium against the sandbox: a client's file with its own headers ("Staff ref", "Gross €",
 * "OT hrs") mapped by hand once is mapped the same way the next time, after the pane is closed and opened again on the
 * same workbook, and the pane names the date; a PPSN written "8756070 SA" fills its employee's row; Next period on a
 * past period's sheet builds the next open period with the same inputs; "Copy these values as pending changes" lists
 * the sheet's inputs with values, and only the ticked ones are carried, counted as pending, and nothing is sent. Each
 * step leaves a README screenshot.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { calcKey } from "../../src/contract";
import { todayIso } from "../../src/ui/sheets/grid";
import { offeredInputs } from "../../src/features/inputSheets/model/inputSheet";
import { ONE_OFF_ITEMS } from "../../src/features/inputSheets/model/pushCheck";
import { itemLabel } from "../../src/features/inputSheets/model/unsentWork";
import { activeEmployees } from "../../src/ui/sheets/periods";
import { formatDate } from "../../src/ui/locale";
import {
  salariedWave,
  buildInputSheet,
  chooseClient,
  connect,
  finalisePayslips,
  openTab,
  sendThroughCheck,
  selectWave,
  startStack,
  waitForSheet,
  type Stack,
} from "./harness";
import { openSheet, records, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const SALARY = calcKey("basic_salary", "amount");
const BONUS = calcKey("bonus", "amount");
/** A displayed amount without its currency sign ("€7,333.33" -> "7,333.33"), "(blank)" when empty. */
const amount = (text: string) => text.replace(/[^\d.,-]/g, "") || "(blank)";

describe("next month (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let api: PayrollApi;
  let page: Page;
  let sheet: { sheetName: string; salary: string; hours: string; before: Record<string, string>[] };
  let ppsnEmployeeId: number;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 } });
    api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    page = stack.page;
    // The issue's own PPSN, "8756070SA", given in the service to the last employee of the sheet to come, before the
    // pane reads any employee list.
    const { wave, employees } = await waveAndInputs(1);
    const onSheet = activeEmployees(employees, wave.w.id, wave.period!.date);
    ppsnEmployeeId = onSheet[onSheet.length - 1].id;
    await api.updateEmployee(ppsnEmployeeId, { ppsn: "8756070SA" });
    await openPane(1);
    sheet = await buildSheet(1);
  });
  afterAll(() => stack?.close());

  async function openPane(clientId: number) {
    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, clientId);
    await openTab(page, "Input sheets");
  }

  /** The wave with the most salaried employees, and a second number input of the client beside the salary. */
  async function waveAndInputs(clientId: number) {
    const [wave, items] = await Promise.all([salariedWave(api, clientId), api.getItemsAndOutputs(clientId)]);
    const offered = offeredInputs(wave.calculations, items);
    const hours = offered.find((o) => o.key !== SALARY && o.type === "number" && o.input.includes("hours")) ?? offered[1];
    return { wave, hours, employees: wave.employees };
  }

  // Inputs are ticked by their label, "Hourly pay: hours" (the key is only in the tooltip).
  const checkboxName = (o: { label: string }) => ({ name: o.label, exact: true });
  const pendingText = (text: string) => page.getByText(text, { exact: true });
  /** An input's line under "Copy these values as pending changes": "Bonus: 3 employees, €1,250.00". */
  const carryLine = (label: string) =>
    page
      .getByRole("group", { name: "Copy these values as pending changes" })
      .getByRole("checkbox", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: \\d+ employees?\\b`) });

  async function buildSheet(clientId: number) {
    const { wave, hours } = await waveAndInputs(clientId);
    await selectWave(page, wave.w.id);
    await page.getByRole("checkbox", checkboxName(hours)).check();
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const before = await records(page, sheetName);
    const salary = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    return { sheetName, salary, hours: hours.label, before };
  }

  async function pasteSheet(name: string, cells: string[][]) {
    await page.evaluate(
      ([n, c]) => {
        const wb = (
          window as unknown as {
            __payrollPreview: {
              workbook: { addSheet(n: string): unknown; pasteCells(s: unknown, r: number, c: number, t: string[][]): void };
            };
          }
        ).__payrollPreview.workbook;
        wb.pasteCells(wb.addSheet(n), 0, 0, c);
      },
      [name, cells] as const,
    );
  }

  async function readSource(name: string) {
    const source = page.getByRole("combobox", { name: "Source" });
    await source.focus();
    await source.locator(`option[value="${name}"]`).waitFor({ state: "attached" });
    await source.selectOption(name);
    await page.getByRole("button", { name: "Read source" }).click();
  }

  const fills = (header: string) => page.getByRole("combobox", { name: `Column "${header}" fills` });

  it("maps a file mapped by hand once the same way next time, after the pane is closed and opened again, naming the date", async () => {
    const { sheetName, salary, hours, before } = sheet;
    await pasteSheet("October file", [
      ["Staff ref", "Gross €", "OT hrs"],
      [before[0].Number, "6100", "3"],
      [before[1].Number, "6200", "4"],
    ]);
    await readSource("October file");
    await page.getByText(/^No key column found/).waitFor();
    // Mapped by hand: the key column, then each column's input.
    await page.getByRole("combobox", { name: "Key column" }).selectOption({ label: "Staff ref" });
    await fills("Gross €").selectOption({ label: salary });
    await fills("OT hrs").selectOption({ label: hours });
    await page.getByRole("button", { name: "Fill input sheet" }).click();
    await page.getByText(/2 rows filled \(4 values\) as pending changes\./).waitFor();

    // The pane is closed and opened again on the same workbook: the key is typed again, nothing else.
    await page.evaluate(() => (window as unknown as { __payrollPreview: { reopenPane(): void } }).__payrollPreview.reopenPane());
    await openPane(1);
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await pasteSheet("November file", [
      ["Staff ref", "OT hrs", "Gross €", "Site"],
      [before[2].Number, "5", "6300", "Cork"],
    ]);
    await readSource("November file");
    const used = formatDate(todayIso(), "en-IE");
    await page.getByText(`Mapping as used on ${used}: key column "Staff ref"; 2 column(s) mapped.`, { exact: false }).waitFor();
    const note = page.getByRole("group", { name: "Remembered mapping" }).or(page.locator('[aria-label="Remembered mapping"]'));
    expect(await note.first().textContent()).toContain(`Mapping as used on ${used}.`);
    expect(await note.first().textContent()).toContain('New this month: "Site".');
    expect(await page.getByRole("combobox", { name: "Key column" }).inputValue()).toBe("0");
    expect(await fills("Gross €").inputValue()).toBe(SALARY);
    expect(await fills("OT hrs").locator("option:checked").textContent()).toBe(hours);
    expect(await fills("Site").inputValue()).toBe("");
    await openSheet(page, "November file");
    await note.first().scrollIntoViewIfNeeded();
    await screenshot(page, "fill-remembered-mapping");

    await page.getByRole("button", { name: "Fill input sheet" }).click();
    await page.getByText(/1 row filled \(2 values\) as pending changes\./).waitFor();
    expect(amount((await records(page, sheetName))[2][salary])).toBe("6,300.00");
  });

  it('fills the row of an employee whose PPSN is written "8756070 SA"', async () => {
    const { sheetName, salary, before } = sheet;
    const row = before.findIndex((r) => r["Employee ID"] === String(ppsnEmployeeId));
    expect(row).toBeGreaterThan(2);
    const written = "8756070 SA";
    await pasteSheet("By PPSN", [
      ["PPSN", "Basic salary"],
      [written, "7010"],
    ]);
    const requests = stack.requestUrls.length;
    await readSource("By PPSN");
    await page.getByText(/^Key column "PPSN" \(PPSN\)/).waitFor();
    await page.getByRole("button", { name: "Fill input sheet" }).click();
    await page.getByText(/1 row filled \(1 value\) as pending changes\.$/).waitFor();
    expect(amount((await records(page, sheetName))[row][salary])).toBe("7,010.00");
    expect(stack.requestUrls.slice(requests).filter((u) => u.includes("bulk_input"))).toEqual([]);
    await openSheet(page, "By PPSN");
    // The key cell chosen, so the formula bar shows it as written, space included.
    await page.getByRole("grid", { name: "Sheet By PPSN" }).locator('[data-address="A2"]').click();
    await page.getByRole("button", { name: "Fill input sheet" }).scrollIntoViewIfNeeded();
    await screenshot(page, "fill-ppsn-key");
  });

  it("builds the next open period with the same inputs from a past period's sheet", async () => {
    const { sheetName, salary, hours } = sheet;
    // The month is closed in the service: the sheet's period is finalised and the next one opens.
    await finalisePayslips(stack, 1);
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    // The salary lasts "From this period on" (its default): not listed, it carries by itself.
    const standing = page.getByText(/ by (itself|themselves): (it was|they were) pushed from \d\d\/\d\d\/\d{4} on\.$/);
    await standing.waitFor();
    expect(await standing.textContent()).toMatch(/^Basic salary\b/);
    await expect(carryLine("Basic salary").count()).resolves.toBe(0);
    // Nothing copied: the unsent values filled above are named and offered after the build instead.
    for (const box of await page.getByRole("group", { name: "Copy these values as pending changes" }).getByRole("checkbox").all())
      await box.uncheck();
    await page.getByRole("button", { name: "Next period" }).click();
    const built = page.getByText(/^".+" built for \d\d\/\d\d\/\d{4}: \d+ employees?\./);
    await built.waitFor({ timeout: 60_000 });
    const builtText = (await built.textContent()) ?? "";
    const nextName = /^"(.+)" built/.exec(builtText)![1];
    // The values filled above were never pushed: the period's finalising leaves them unsent, and Next period says so.
    expect(builtText).toMatch(/ is finalised: \d+ changes were not sent and can no longer be: /);
    expect(nextName).not.toBe(sheetName);
    await waitForSheet(page, nextName);
    const next = await records(page, nextName);
    const inputHeaders = (r: Record<string, string>) => Object.keys(r).filter((h) => h === salary || h === hours);
    expect(inputHeaders(next[0])).toEqual([salary, hours]);
    const nextDate = next[0]["Payslip date"];
    expect(nextDate).not.toBe(sheet.before[0]["Payslip date"]);
    expect(new Set(next.map((r) => r["Payslip date"]))).toEqual(new Set([nextDate]));
    // Values from the service, as for any new sheet: nothing pending.
    await pendingText("No changes pending").waitFor();
    expect(await page.getByRole("combobox", { name: "Input sheet" }).inputValue()).toBe(nextName);
  });

  it('a raise pushed "From this period on" is the next period\'s salary after the period is finalised; a bonus "This payslip only" is not', async () => {
    // Client 1's wave: the period the test above opened is open now.
    const { wave } = await waveAndInputs(1);
    const items = await api.getItemsAndOutputs(1);
    const bonus = offeredInputs(wave.calculations, items).find((o) => o.key === BONUS);
    expect(bonus).toBeDefined();
    const period = wave.period!.date;
    await selectWave(page, wave.w.id);
    await page.getByRole("combobox", { name: "Period (payslip date)" }).selectOption(period);
    await page.getByRole("checkbox", checkboxName(bonus!)).check();
    await page.getByRole("checkbox", { name: "Basic salary: amount", exact: true }).check();
    // Beside each ticked input, its default: the salary lasts, the bonus is for this payslip only.
    const kind = (label: string) => page.getByRole("combobox", { name: `${label} changes` });
    expect(await kind("Basic salary: amount").inputValue()).toBe("standing");
    expect(await kind(bonus!.label).inputValue()).toBe("payslip");
    await kind("Basic salary: amount").scrollIntoViewIfNeeded();
    await screenshot(page, "change-kind-choice");
    const sheetName = await buildInputSheet(page, "Basic salary: amount");

    const rows = await records(page, sheetName);
    const salary = Object.keys(rows[0]).find((h) => h.startsWith("Basic salary"))!;
    const row = rows.findIndex((r) => amount(r[salary]) !== "(blank)" && amount(r[salary]) !== "0.00");
    const employeeId = Number(rows[row]["Employee ID"]);
    const raise = Number(amount(rows[row][salary]).replace(/,/g, "")) + 250;
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, row, salary, String(raise));
    await typeCell(page, sheetName, row, bonus!.label, "750");
    await page.getByRole("button", { name: "Push changes" }).click();
    const check = page.getByRole("alertdialog");
    // The check says each input's kind of change.
    const totals = check.getByRole("table", { name: /^Control totals/ });
    await totals.waitFor({ timeout: 60_000 });
    const shown = formatDate(period);
    expect(await totals.getByRole("row", { name: new RegExp(`^${salary}`) }).textContent()).toContain(`From ${shown} on`);
    expect(await totals.getByRole("row", { name: new RegExp(`^${bonus!.label}`) }).textContent()).toContain("This payslip only");
    await sendThroughCheck(page);
    const escaped = sheetName.replace(/[()]/g, "\\$&");
    await page.getByText(new RegExp(`^${escaped}: 1 saved`)).waitFor({ timeout: 60_000 });
    expect((await records(page, sheetName))[row].Status).toBe("Saved");
    const message = (await records(page, sheetName))[row].Message;
    expect(message).toContain(`${salary} from ${shown} on`);
    expect(message).toContain(`${bonus!.label} this payslip only`);

    // The period is finalised in the service, then Next period.
    await finalisePayslips(stack, 1);
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Next period" }).click();
    // Nothing of this sheet is copied as a pending change: the next sheet's values are the service's.
    const built = page.getByText(/^".+" built for \d\d\/\d\d\/\d{4}: \d+ employees?[.;]/);
    await built.waitFor({ timeout: 60_000 });
    expect(await built.textContent()).not.toMatch(/[1-9]\d* values? in \d+ rows? copied/);
    const nextName = /^"(.+)" built/.exec((await built.textContent()) ?? "")![1];
    await waitForSheet(page, nextName);
    const next = (await records(page, nextName)).find((r) => Number(r["Employee ID"]) === employeeId)!;
    expect(amount(next[salary])).toBe(raise.toLocaleString("en-IE", { minimumFractionDigits: 2 }));
    expect(amount(next[bonus!.label])).not.toBe("750.00");

    // The service holds the raise as the employee's own salary, from the pushed period on: that period's finalised
    // payslip and the next one have it, the period before keeps the old salary.
    const own = (await api.listEmployeeCalculations(employeeId)).find(
      (c) => c.calculation_id === "basic_salary" && c.payslip_id === null,
    );
    expect(own?.inputs.amount).toBe(raise);
    const payslips = (await api.listPayslips(employeeId)).filter((p) => !p.special).sort((a, b) => a.date.localeCompare(b.date));
    const at = payslips.findIndex((p) => p.date === period);
    const salaryOn = async (p: { id: number }) =>
      (await api.listPayslipCalculations(p.id)).find((c) => c.calculation_id === "basic_salary")?.inputs.amount;
    expect(payslips[at].finalised).toBe(true);
    expect(await salaryOn(payslips[at])).toBe(raise);
    expect(await salaryOn(payslips[at + 1])).toBe(raise);
    expect(await salaryOn(payslips[at - 1])).not.toBe(raise);
    const bonusNext = (await api.listPayslipCalculations(payslips[at + 1].id)).find((c) => c.calculation_id === "bonus");
    expect(bonusNext?.inputs.amount).not.toBe(750);
  });

  it("copies only the inputs ticked under Copy these values as pending changes, counts them as pending and sends nothing", async () => {
    await chooseClient(page, 2);
    await openTab(page, "Input sheets");
    const { wave } = await waveAndInputs(2);
    const offered = offeredInputs(wave.calculations, await api.getItemsAndOutputs(2));
    // A one-off item of the wave (a commission, bonus or overtime): not ticked unless the accountant ticks it.
    const oneOff = offered.find((o) => ONE_OFF_ITEMS.has(o.calculationId) && o.type === "currency")!;
    expect(oneOff).toBeDefined();
    await selectWave(page, wave.w.id);
    // A past, finalised period of the wave: the one before the open period.
    const period = page.getByRole("combobox", { name: "Period (payslip date)" });
    const values = await period.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const past = values
      .filter((v) => v < wave.period!.date)
      .sort()
      .at(-1)!;
    await period.selectOption(past);
    await page.getByRole("checkbox", checkboxName(oneOff)).check();
    // The salary built "This payslip only" (its default lasts): listed, and ticked as a recurring item.
    await page.getByRole("checkbox", { name: "Basic salary: amount", exact: true }).check();
    await page.getByRole("combobox", { name: "Basic salary: amount changes" }).selectOption("payslip");
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const before = await records(page, sheetName);
    const salary = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, salary, "4321");
    await typeCell(page, sheetName, 0, oneOff.label, "135");
    await pendingText("2 changes pending in 1 row").waitFor();

    // Listed before the build, from the sheet: the salary (recurring) ticked, the one-off not.
    const item = itemLabel(oneOff.label);
    await carryLine(item).waitFor();
    expect(await carryLine("Basic salary").isChecked()).toBe(true);
    expect(await carryLine(item).isChecked()).toBe(false);
    await carryLine(item).check();
    await carryLine("Basic salary").uncheck();
    await page.getByRole("button", { name: "Next period" }).scrollIntoViewIfNeeded();
    await screenshot(page, "next-period");
    const requests = stack.requestUrls.length;
    await page.getByRole("button", { name: "Next period" }).click();
    const built = page.getByText(/copied as pending changes \(not sent\)\./);
    await built.waitFor({ timeout: 60_000 });
    const text = (await built.textContent()) ?? "";
    const [, nextName, n, m] = /^"(.+)" built for .*; (\d+) values? in (\d+) rows? copied/.exec(text)!;
    expect(Number(n)).toBeGreaterThanOrEqual(1);
    const plural = (k: string, word: string) => `${k} ${word}${k === "1" ? "" : "s"}`;
    await pendingText(`${plural(n, "change")} pending in ${plural(m, "row")}`).waitFor();
    const next = await records(page, nextName);
    const carried = next.find((r) => r["Employee ID"] === before[0]["Employee ID"])!;
    // Only the ticked input's value is carried; the salary is the service's, the one typed was not copied.
    expect(amount(carried[oneOff.label])).toBe("135.00");
    expect(amount(carried[salary])).not.toBe("4,321.00");
    expect(stack.requestUrls.slice(requests).filter((u) => u.includes("bulk_input"))).toHaveLength(0);
  });
});
