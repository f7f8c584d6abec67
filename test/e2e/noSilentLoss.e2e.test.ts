/**
 * Nothing lost without a word, and a pane that follows the accountant, in Chromium against the sandbox: a second
 * push keeps the first push's Saved rows; a corrected Invalid cell loses its red, says Changed and is sent by Retry
 * failed; rebuilding over pending changes asks and keeps them; activating an input sheet chooses it, and edits on a
 * sheet the pane has not chosen are counted; changing client with changes not pushed names them and keeps the tab.
 */
import type { Page } from "playwright-core";
import { buildInputSheet, sendThroughCheck, suiteStack, until as waitUntil } from "./harness";
import { buildSalarySheet, cellFill, openSheet, records, tableLayout, typeCell } from "./grid";
import { screenshot } from "./screenshots";
import { checkA11y, describeFindings, serious } from "./axe";

const PENDING = "rgb(255, 240, 194)";
const ERROR = "rgb(255, 204, 209)";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("no silent loss (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 }, client: 1 });
  let page: Page;
  let sheet: Awaited<ReturnType<typeof buildSalarySheet>>;
  beforeAll(async () => {
    page = suite.page;
    sheet = await buildSalarySheet(page, suite.api, 1);
  });

  const pendingText = (text: string) => page.getByText(text, { exact: true });
  const held = async (employeeId: number) =>
    (await suite.api.listClientCalculations(1)).find(
      (c) => c.employee_id === employeeId && c.calculation_id === "basic_salary" && c.payslip_id !== null && !c.deleted,
    )?.inputs.amount;
  const fillOf = async (sheetName: string, row: number, header: string) => {
    const layout = await tableLayout(page, sheetName);
    return page
      .getByRole("grid", { name: `Sheet ${sheetName}` })
      .locator(`[data-address="${layout.columns[header]}${layout.headerRow + 2 + row}"]`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  };
  const clientName = async (id: number) => (await suite.api.listClients()).find((c) => c.id === id)!.name;
  const pushed = (summary: string) =>
    page
      .getByText(new RegExp(`^${escape(sheet.sheetName)}: ${summary}`))
      .last()
      .waitFor({ timeout: 60_000 });
  const until = (check: () => Promise<boolean>, what: string) => waitUntil(page, check, what, 50);

  it("a second push keeps the first push's Saved rows", async () => {
    const { sheetName, header } = sheet;
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, header, "5000");
    await pendingText("1 change pending in 1 row").waitFor();
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await pushed("1 saved");
    const first = (await records(page, sheetName))[0];
    expect(first.Status).toBe("Saved");

    await typeCell(page, sheetName, 1, header, "5100");
    await pendingText("1 change pending in 1 row").waitFor();
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await until(async () => (await records(page, sheetName))[1].Status === "Saved", "row 2 saved");
    const after = await records(page, sheetName);
    expect(after[0].Status).toBe("Saved"); // not "Unchanged"
    expect(after[0].Message.replace(/ Nett pay pending.*$/, "")).toBe(first.Message.replace(/ Nett pay pending.*$/, ""));
    expect(after[2].Status).toBe("Unchanged");
  });

  it("a corrected Invalid cell loses its red, says Changed, and Retry failed sends it", async () => {
    const { sheetName, header, ids } = sheet;
    await typeCell(page, sheetName, 2, header, "six thousand");
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await pushed("1 invalid");
    expect((await records(page, sheetName))[2].Status).toBe("Invalid");
    expect(await fillOf(sheetName, 2, header)).toBe(ERROR);

    await typeCell(page, sheetName, 2, header, "6000");
    await until(async () => (await records(page, sheetName))[2].Status === "Changed", "row 3 marked Changed");
    expect((await records(page, sheetName))[2].Message).toMatch(/Edited after the push/);
    await until(async () => (await fillOf(sheetName, 2, header)) === PENDING, "the corrected cell shaded as pending");
    await screenshot(page, "corrected-invalid-cell");

    await page.getByRole("button", { name: "Retry failed", exact: true }).click();
    await sendThroughCheck(page);
    await until(async () => (await records(page, sheetName))[2].Status === "Saved", "row 3 saved");
    expect(await held(ids[2])).toBe(6000);
    expect((await records(page, sheetName))[0].Status).toBe("Saved");
  });

  it("rebuilding over pending changes asks first, and Keep my changes carries them over, shaded and counted", async () => {
    const { sheetName, header } = sheet;
    await typeCell(page, sheetName, 3, header, "5300");
    await pendingText("1 change pending in 1 row").waitFor();
    await page.getByRole("button", { name: "New input sheet" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("1 change pending in 1 row");
    await page.waitForFunction(() => document.activeElement?.textContent === "Keep my changes"); // the default
    await screenshot(page, "rebuild-keep-changes");
    expect(describeFindings(serious(await checkA11y(page, "rebuild question")))).toEqual([]);
    await page.getByRole("button", { name: "Keep my changes" }).click();
    await page.getByText(/built: \d+ employees\. 1 change kept as pending changes/).waitFor({ timeout: 60_000 });
    expect((await records(page, sheetName))[3][header]).toBe("€5,300.00");
    await pendingText("1 change pending in 1 row").waitFor();
    await until(async () => (await fillOf(sheetName, 3, header)) === PENDING, "the carried cell shaded");
  });

  it("activating an input sheet chooses it; an edit on a sheet the pane has not chosen is counted", async () => {
    const first = sheet.sheetName;
    const period = page.getByRole("combobox", { name: "Period (payslip date)" });
    const other = await period
      .locator("option")
      .evaluateAll(
        (options, date) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v && v !== date),
        sheet.payslipDate,
      );
    await period.selectOption(other!);
    const second = await buildInputSheet(page, "Basic salary: amount");
    const picker = page.getByRole("combobox", { name: "Input sheet" });
    await until(async () => (await picker.inputValue()) === second, "the new sheet chosen");

    await openSheet(page, first);
    await until(async () => (await picker.inputValue()) === first, "the activated sheet chosen");
    await pendingText("1 change pending in 1 row").waitFor();
    await openSheet(page, second);
    await until(async () => (await picker.inputValue()) === second, "the other sheet chosen");
    await pendingText("No changes pending").waitFor();

    // A change on the first sheet while the pane has the second: shaded and counted beside its name.
    await page.evaluate(
      ([name, header]) => {
        const wb = (
          window as unknown as {
            __payrollPreview: {
              workbook: {
                findSheet(n: string): {
                  tables(): { r: number; c: number; cols: number }[];
                  valueAt(r: number, c: number): unknown;
                };
                editCell(s: unknown, r: number, c: number, t: string): void;
              };
            };
          }
        ).__payrollPreview.workbook;
        const s = wb.findSheet(name);
        const t = s.tables()[0];
        let k = 0;
        while (String(s.valueAt(t.r, t.c + k)) !== header) k++;
        wb.editCell(s, t.r + 1 + 4, t.c + k, "5400");
      },
      [first, sheet.header] as const,
    );
    await until(
      async () => (await picker.locator(`option[value="${first}"]`).textContent()) === `${first} · 2 changes`,
      "the first sheet's count",
    );
    await until(async () => (await cellFill(page, first, 4, sheet.header)) === "#FFF0C2", "the first sheet's cell shaded");
    const groups = await picker.locator("optgroup").evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label));
    expect(groups).toEqual([await clientName(1)]);
  });

  it("changing client with changes not pushed names the sheets and their counts; Stay stays; the tab is kept", async () => {
    const client = page.getByRole("combobox", { name: /Client/ });
    await client.selectOption("2");
    const list = page.getByRole("list", { name: "Sheets with changes not pushed" });
    await list.waitFor();
    const items = await list.getByRole("listitem").allTextContents();
    expect(items).toHaveLength(1);
    expect(items[0].startsWith(`${sheet.sheetName}: 2 changes pending in 2 rows: `)).toBe(true);
    // Each change named in words (Q Deliver 4): the employee, the item and the value typed.
    expect(items[0]).toContain("'s Basic salary €5,400.00 (pending)");
    await screenshot(page, "client-change-warning");
    expect(describeFindings(serious(await checkA11y(page, "client-change question")))).toEqual([]);
    await page.getByRole("button", { name: /^Stay on / }).click();
    expect(await client.inputValue()).toBe("1");
    await pendingText("No changes pending").waitFor();

    await client.selectOption("2");
    await page.getByRole("button", { name: "Change anyway" }).click();
    await until(async () => (await client.inputValue()) === "2", "client 2 chosen");
    const tab = page.getByRole("tablist", { name: "Features" }).getByRole("tab", { name: "Input sheets", exact: true });
    await until(async () => (await tab.getAttribute("aria-selected")) === "true", "the Input sheets tab still chosen");
    await page.getByRole("button", { name: "New input sheet" }).waitFor();
    // The first client's sheets are still there, grouped under their client, their changes kept.
    const picker = page.getByRole("combobox", { name: "Input sheet" });
    await until(async () => (await picker.locator("optgroup").count()) > 0, "the grouped sheet list");
    expect(await picker.locator("optgroup").evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label))).toEqual([
      await clientName(1),
    ]);
  });
});
