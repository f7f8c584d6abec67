/**
 * Reports an accountant can read, and the preview as a person meets it, in Chromium against the sandbox:
 * - the variance of the open period against the last one: one row per changed employee, number and name, accounts
 *   by their labels, sorted by the largest move; "Show unchanged" lists everyone;
 * - the Pay runs sheet has a Status column and the open period;
 * - Ctrl+Z undoes the last edit in the grid; an empty formula argument is omitted; an error cell's message shows
 *   on hover (its title) and in the formula bar's tooltip;
 * - every tab of the pane fits a 320 px pane with no horizontal scrolling, and an outcome covers no control.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { gridCell, openSheet, records, settledCell, typeAt } from "./grid";
import { chooseClient, connect, openTab, startStack, until, waitForSheet, type Stack } from "./harness";
import { screenshot } from "./screenshots";

/** What overflows the pane sideways: its own scroll width, and any shown element whose right edge is past it. */
async function overflowOf(page: Page): Promise<{ scroll: number; client: number; outside: string[] }> {
  return page.evaluate(() => {
    const pane = document.getElementById("pane")!;
    const right = pane.getBoundingClientRect().right;
    const outside: string[] = [];
    for (const el of pane.querySelectorAll<HTMLElement>("button, input, select, textarea, [role=combobox], [role=tab], label")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.right > right + 0.5)
        outside.push(
          `${el.tagName} “${(el.getAttribute("aria-label") ?? el.textContent ?? "").slice(0, 40)}” ${Math.round(r.right - right)} px`,
        );
    }
    return { scroll: pane.scrollWidth, client: pane.clientWidth, outside };
  });
}

/** Controls of the pane that an outcome message lies over. */
async function controlsUnderOutcomes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pane = document.getElementById("pane")!;
    const bars = [...pane.querySelectorAll<HTMLElement>("[role=status] .fui-MessageBar, [role=alert] .fui-MessageBar")];
    const covered: string[] = [];
    for (const bar of bars) {
      const b = bar.getBoundingClientRect();
      for (const el of pane.querySelectorAll<HTMLElement>("button, input, [role=combobox]")) {
        if (bar.contains(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
          covered.push(el.textContent ?? el.tagName);
      }
    }
    return covered;
  });
}

type PreviewSheet = { valueAt(r: number, c: number): unknown };

describe("readable reports and the preview as a person meets it (Chromium against the sandbox)", () => {
  let stack: Stack;
  let direct: PayrollApi;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 12 }, viewport: { width: 1500, height: 1000 } });
    direct = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey, requestsPerSecond: 0 });
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, 1);
  });
  afterAll(() => stack?.close());

  it("variance of the open period: one row per changed employee, with names and labels, largest move first", async () => {
    const { page } = stack;
    const [wave] = await direct.listWaves(1);
    const runs = (await direct.listPaymentRuns(1)).filter((r) => r.wave_id === wave.id && !r.special);
    const offset = Math.max(...runs.map((r) => r.period_offset)) + 1;
    const rows = await direct.runReport(1, "variance", { wave_id: wave.id, period_offset: offset, employee_ids: null });
    const changed = new Set(rows.filter((r) => Math.abs(Number(r.Variance ?? 0)) >= 0.005).map((r) => r.employee));
    const everyone = new Set(rows.map((r) => r.employee));
    expect(changed.size).toBeGreaterThan(0);
    expect(changed.size).toBeLessThan(everyone.size);
    const names = new Map((await direct.listEmployees(1)).map((e) => [e.number, `${e.first_name} ${e.last_name}`]));

    await openTab(page, "Reports");
    const reports = page.getByRole("tabpanel", { name: "Reports" });
    await reports.getByRole("combobox", { name: "Report" }).click();
    await page.getByRole("option", { name: "Variance" }).click();
    await reports.getByRole("radio", { name: /Now: wait/ }).check();
    await reports.getByRole("combobox", { name: /Period \(pay run\)/ }).click();
    await page.getByRole("option", { name: /^Open period ending .* \(not finalised\)$/ }).click();
    await reports.getByRole("button", { name: "Run report" }).click();
    await waitForSheet(page, "Variance");
    await reports.getByText(/rows? written to the sheet/).waitFor();
    await expect(reports.getByText(/employees changed; \d+ with no change (is|are) hidden/).count()).resolves.toBe(1);

    const title = await page.evaluate(() =>
      String(
        (
          window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } }
        ).__payrollPreview.workbook
          .findSheet("Variance")
          .valueAt(0, 0),
      ),
    );
    expect(title).toMatch(/, open period ending \d{2}\/\d{2}\/\d{4} against the period before$/);
    const sheet = await records(page, "Variance");
    expect(sheet.map((r) => r["Employee number"]).sort()).toEqual([...changed].sort());
    for (const r of sheet) expect(r["Employee name"]).toBe(names.get(r["Employee number"]));
    const headers = Object.keys(sheet[0]);
    expect(headers.slice(0, 3)).toEqual(["Employee number", "Employee name", "Largest move"]);
    expect(headers.join("|")).not.toMatch(/_|\b\d{3}\b: /); // labels, never API names such as hourly_pay or 101
    expect(headers).toEqual(
      expect.arrayContaining(["Nett pay: last period", "Nett pay: this period", "Nett pay: difference", "Nett pay: change %"]),
    );
    const moves = sheet.map((r) => Math.abs(Number(r["Largest move"].replace(/[€,]/g, ""))));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    expect(await controlsUnderOutcomes(page)).toEqual([]);
    await screenshot(page, "reports-variance");

    // Show unchanged: every employee of the report.
    await reports.getByRole("checkbox", { name: /Show unchanged/ }).check();
    await reports.getByRole("button", { name: "Run report" }).click();
    await page.waitForFunction((n) => {
      const wb = (
        window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): { tables(): { rows: number }[] } } } }
      ).__payrollPreview.workbook;
      return wb.findSheet("Variance")?.tables()[0]?.rows === n + 1;
    }, everyone.size);
    expect((await records(page, "Variance")).map((r) => r["Employee number"]).sort()).toEqual([...everyone].sort());
  });

  it("the Pay runs sheet says which runs are open and which finalised", async () => {
    const { page } = stack;
    await openTab(page, "Pay runs");
    await page.getByRole("tabpanel", { name: "Pay runs" }).getByRole("button", { name: "Pay runs to sheet" }).click();
    await waitForSheet(page, "Liffey · Pay runs");
    const rows = await records(page, "Liffey · Pay runs");
    const runs = await direct.listPaymentRuns(1);
    expect(rows.filter((r) => r["Pay run ID"] !== "")).toHaveLength(runs.length);
    expect(new Set(rows.filter((r) => r["Pay run ID"] !== "").map((r) => r.Status))).toEqual(new Set(["Finalised"]));
    expect(rows[0].Status).toMatch(/^Open: no pay run yet \(\d+ payslips?\)$/);
  });

  it("Ctrl+Z undoes the last edit in the grid", async () => {
    const { page } = stack;
    await openSheet(page, "Sheet1");
    await typeAt(page, "Sheet1", "H2", "first");
    await typeAt(page, "Sheet1", "H2", "second");
    await gridCell(page, "Sheet1", "J2").click();
    await page.keyboard.press("Control+z");
    await expect(gridCell(page, "Sheet1", "H2").innerText()).resolves.toBe("first");
    await expect(page.getByTestId("name-box").inputValue()).resolves.toBe("H2"); // the undone cell is selected
    await page.keyboard.press("Control+z");
    await expect(gridCell(page, "Sheet1", "H2").innerText()).resolves.toBe("");
    await page.keyboard.press("Control+z");
    await expect(page.getByTestId("grid-message").innerText()).resolves.toBe("Nothing to undo.");
  });

  it("an empty argument is omitted, as in Excel; an error cell's message shows on hover and in the formula bar", async () => {
    const { page } = stack;
    const last = (await direct.listPaymentRuns(1))
      .map((r) => r.period_end_date)
      .sort()
      .at(-1)!;
    const start = `${last.slice(0, 4)}-01-01`;
    await typeAt(page, "Sheet1", "A1", `=PAYROLL.AMOUNT("nett_pay","${start}","${last}",,1)`);
    await typeAt(page, "Sheet1", "B1", `=PAYROLL.AMOUNT("nett_pay","${start}","${last}")`);
    const [omitted, without] = [await settledCell(page, "Sheet1", 0, 0), await settledCell(page, "Sheet1", 0, 1)];
    expect(typeof omitted).toBe("number");
    expect(omitted).toBe(without);

    await typeAt(page, "Sheet1", "A2", `=PAYROLL.AMOUNT("no_such_account","${start}","${last}")`);
    await typeAt(page, "Sheet1", "B2", "=1/0");
    expect(await settledCell(page, "Sheet1", 1, 0)).toBe("#N/A");
    await expect(gridCell(page, "Sheet1", "A2").getAttribute("title")).resolves.toMatch(
      /#N\/A Unknown account "no_such_account"/,
    );
    await expect(gridCell(page, "Sheet1", "B2").getAttribute("title")).resolves.toBe(
      "=1/0\n#DIV/0! The formula divides by zero.",
    );
    await gridCell(page, "Sheet1", "A2").hover();
    await gridCell(page, "Sheet1", "A2").click();
    await expect(page.getByTestId("formula-bar").getAttribute("title")).resolves.toMatch(
      /^#N\/A Unknown account "no_such_account"/,
    );
    await gridCell(page, "Sheet1", "A1").click();
    await expect(page.getByTestId("formula-bar").getAttribute("title")).resolves.toBeNull();
  });

  it("every tab fits a 320 px pane: no horizontal scrolling, nothing cut off at its edge", async () => {
    const { page } = stack;
    await page.evaluate(() => {
      document.getElementById("pane")!.style.width = "320px";
    });
    const tabs = page.getByRole("tablist", { name: "Features" }).getByRole("tab");
    const titles = await tabs.allInnerTexts();
    expect(titles.length).toBeGreaterThanOrEqual(7);
    const found: Record<string, unknown> = {};
    for (const title of titles) {
      await openTab(page, title.trim());
      const panel = page.getByRole("tabpanel", { name: title.trim() });
      await panel.waitFor();
      // The panel's lists have arrived (no "Loading …" left in it) and laid out, whatever the machine's load.
      await until(page, async () => !/\bLoading\b/.test(await panel.innerText()), `the ${title.trim()} tab's lists`);
      const o = await overflowOf(page);
      if (o.scroll > o.client || o.outside.length > 0) found[title.trim()] = o;
    }
    expect(found).toEqual({});
    // The Reports tab's dates (the "To" date was cut off at the pane's edge): both whole, and what they cover said.
    await openTab(page, "Reports");
    const reports = page.getByRole("tabpanel", { name: "Reports" });
    await reports.getByRole("combobox", { name: "Report" }).click();
    await page.getByRole("option", { name: "Transaction history" }).click();
    const paneRight = await page.evaluate(() => document.getElementById("pane")!.getBoundingClientRect().right);
    for (const label of [/^From/, /^To/]) {
      const box = (await reports.getByLabel(label).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(paneRight);
    }
    await reports.getByText(/^Covers the finalised payslips dated \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}\./).waitFor();
    // The variance run's outcome is still there: wherever the pane is scrolled, it lies over no control.
    await reports.getByText(/rows? written to the sheet/).waitFor();
    for (const top of [0, 400, 100_000]) {
      await page.evaluate((y) => document.getElementById("pane")!.scrollTo(0, y), top);
      expect(await controlsUnderOutcomes(page)).toEqual([]);
    }
    await reports.getByLabel(/^To/).scrollIntoViewIfNeeded();
    await screenshot(page, "pane-320px-reports");
  });
});
