/**
 * The Month-end overview in real Chromium against the sandbox's three clients: one row per client and open wave;
 * after pending edits and a push with one failed row the client's row says "Needs attention" with the counts; the
 * preview draws the sheet's chart, its bars the table's nett pay cells.
 */
import type { Page } from "playwright-core";
import { wavePeriods } from "../../src/ui/sheets/periods";
import {
  salariedWave,
  buildInputSheet,
  chooseClient,
  connect,
  openTab,
  selectWave,
  waitForSheet,
  sendThroughCheck,
  suiteStack,
} from "./harness";
import { clickCell, openSheet, records, scrollGridLeft, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const OVERVIEW = "Month-end overview";

/** The overview table's raw cells (numbers as numbers) by header, read from the preview workbook. */
async function rawRecords(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate((name) => {
    type Sheet = { tables(): { r: number; c: number; rows: number; cols: number }[]; valueAt(r: number, c: number): unknown };
    const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): Sheet } } }).__payrollPreview
      .workbook;
    const sheet = wb.findSheet(name);
    const t = sheet.tables()[0];
    const headers = Array.from({ length: t.cols }, (_, k) => String(sheet.valueAt(t.r, t.c + k)));
    return Array.from({ length: t.rows - 1 }, (_, i) =>
      Object.fromEntries(headers.map((h, k) => [h, sheet.valueAt(t.r + 1 + i, t.c + k)])),
    );
  }, OVERVIEW);
}

/** The overview's today, fixed through the preview's handle (the pane's clock stays the system's otherwise). */
async function fixToday(page: Page, date: string | null): Promise<void> {
  await page.evaluate(
    (d) =>
      (window as unknown as { __payrollPreview: { fixOverviewToday(d: string | null): void } }).__payrollPreview.fixOverviewToday(
        d,
      ),
    date,
  );
}

async function pressOverview(page: Page): Promise<string> {
  await openTab(page, "Month end");
  await page.getByRole("button", { name: "Month-end overview" }).click();
  const outcome = page.getByText(/^Month-end overview: \d+ rows? for \d+ clients?/);
  await outcome.waitFor({ timeout: 60_000 });
  await waitForSheet(page, OVERVIEW);
  return (await outcome.textContent()) ?? "";
}

describe("Month-end overview (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 14 }, viewport: { width: 1600, height: 1000 } });

  it("gives one row per client and open wave", async () => {
    const { page } = suite;
    await connect(page, suite.stack.sandbox.apiKey);
    await chooseClient(page, 1);
    // The overview's today is the sandbox's (its open periods contain 21/11/2026), so the screenshots do not age.
    await fixToday(page, "2026-11-21");
    const text = await pressOverview(page);
    const clients = await suite.api.listClients();
    expect(text).toContain(`for ${clients.length} clients`);
    const rows = await rawRecords(page);
    const expected: string[] = [];
    for (const c of clients) {
      const [waves, employees] = await Promise.all([
        suite.api.listWaves(c.id),
        suite.api.listEmployees(c.id, ["recent_payslips"]),
      ]);
      for (const w of waves) if (wavePeriods(employees, w.id).length > 0) expected.push(`${c.id}/${w.id}`);
    }
    expect(rows.map((r) => `${r["Client ID"]}/${r["Wave ID"]}`).sort()).toEqual(expected.sort());
    expect(new Set(rows.map((r) => r.Client)).size).toBe(clients.length);
    expect(rows.every((r) => r.Status === "Not started" || r.Status === "Calculating" || r.Status === "Needs attention")).toBe(
      true,
    );
  });

  it("after pending edits and a push with one failed row, the client's row says Needs attention with the counts", async () => {
    const { page } = suite;
    const wave = await salariedWave(suite.api, 1);
    const { employees } = wave;
    const payslipDate = wave.period!.date;
    const previousDate = wavePeriods(employees, wave.w.id).find((p) => p.date < payslipDate)!.date;

    await openTab(page, "Input sheets");
    await selectWave(page, wave.w.id);
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const before = await records(page, sheetName);
    const salaryHeader = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    const hadPrevious = (id: number) =>
      employees.find((e) => e.id === id)?.recent_payslips?.some((p) => p.payslip.date === previousDate);
    const finalisedRow = before.findIndex((r, i) => i >= 2 && hadPrevious(Number(r["Employee ID"])));
    expect(finalisedRow).toBeGreaterThan(1);

    // A new amount and a row moved onto the finalised period: pushed, one saved and one failed.
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, salaryHeader, "45678.9");
    await typeCell(page, sheetName, finalisedRow, "Payslip date", previousDate);
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await page
      .getByText(/: 1 saved, 1 failed/)
      .first()
      .waitFor({ timeout: 60_000 });
    // Then one more edit, not pushed.
    await typeCell(page, sheetName, 1, salaryHeader, "3333.3");

    await pressOverview(page);
    const rows = await rawRecords(page);
    const row = rows.find((r) => r["Client ID"] === 1 && r["Wave ID"] === wave.w.id)!;
    // Pending: the failed row's change (the service did not take it) and the new edit.
    expect(row).toMatchObject({ Status: "Needs attention", Failed: 1, "Changes pending": 2, "Input sheet": sheetName });
    expect(String(row.Why)).toContain("1 row Failed");
    expect(typeof row["Last push"]).toBe("number");
    const shown = (await records(page, OVERVIEW)).find((r) => r["Input sheet"] === sheetName)!;
    expect(shown).toMatchObject({ Status: "Needs attention", Failed: "1", "Changes pending": "2" });

    // The row links to its input sheet: a click on the link shows it.
    await page.locator(`[data-link="'${sheetName}'!A1"]`).first().click();
    await page.getByRole("grid", { name: `Sheet ${sheetName}` }).waitFor();
    await openSheet(page, OVERVIEW);
  });

  it("draws the sheet's chart in the preview, its bars the table's nett pay cells", async () => {
    const { page } = suite;
    await openSheet(page, OVERVIEW);
    await scrollGridLeft(page, OVERVIEW);
    const chart = page.getByTestId("sheet-chart").getByRole("img", { name: /^Chart: Nett pay/ });
    await chart.waitFor();
    const rows = await rawRecords(page);
    const bars = await chart.locator("rect[data-series]").evaluateAll((els) =>
      els.map((el) => ({
        series: el.getAttribute("data-series"),
        category: el.getAttribute("data-category"),
        value: Number(el.getAttribute("data-value")),
      })),
    );
    const expected = rows.flatMap((r) =>
      (["Previous nett pay", "Nett pay"] as const)
        .filter((h) => typeof r[h] === "number")
        .map((h) => ({ series: h, category: `${r.Client} ${r.Wave}`, value: r[h] as number })),
    );
    expect(bars).toEqual(expected);
    expect(bars.length).toBeGreaterThanOrEqual(rows.length);
    await screenshot(page, "month-end-overview");
  });

  it("builds the input sheet of a row without one, for that client and period, with the client's last inputs", async () => {
    const { page } = suite;
    const rows = await rawRecords(page);
    const at = rows.findIndex((r) => r["Client ID"] === 1 && r["Input sheet"] === "");
    expect(at).toBeGreaterThanOrEqual(0);
    await openSheet(page, OVERVIEW);
    await clickCell(page, OVERVIEW, at, "Wave");
    await openTab(page, "Month end");
    await page.getByRole("button", { name: "Build input sheet" }).click();
    const built = page.getByText(/^Input sheet ".+" built for .+: \d+ employees?, the inputs last used/);
    await built.waitFor({ timeout: 60_000 });
    const sheetName = /^Input sheet "(.+)" built/.exec((await built.textContent()) ?? "")![1];
    await waitForSheet(page, sheetName);
    const made = await records(page, sheetName);
    expect(Object.keys(made[0]).some((h) => h.startsWith("Basic salary"))).toBe(true);
    expect(made.every((r) => r["Payslip date"] !== "")).toBe(true);
    // Refreshed, the row links to it.
    await pressOverview(page);
    const again = await rawRecords(page);
    expect(again.find((r) => r["Client ID"] === 1 && r["Wave ID"] === rows[at]["Wave ID"])?.["Input sheet"]).toBe(sheetName);
  });

  it("gives each wave's pay date and finalisation deadline against a fixed today, nearest first, and charts what is due this week", async () => {
    const { page } = suite;
    // The demo's Liffey monthly wave is paid on the 25th and finalised 3 working days before: Friday 20/11/2026.
    const liffey = (await suite.api.listWaves(1)).find((w) => w.length_months === 1)!;
    expect(liffey).toMatchObject({ payslip_payment_day: 25, finalisation_days_before: 3 });
    await fixToday(page, "2026-11-20");
    await openTab(page, "Month end");
    await page.getByLabel("Order rows by").selectOption("deadline");
    await page.getByRole("checkbox", { name: "Chart only what is due this week" }).check();
    await pressOverview(page);

    const shown = await records(page, OVERVIEW);
    const rows = await rawRecords(page);
    const at = rows.findIndex((r) => r["Client ID"] === 1 && r["Wave ID"] === liffey.id);
    expect(shown[at]).toMatchObject({
      "Pay date": "25/11/2026",
      "Notification date": "18/11/2026",
      "Finalisation deadline": "20/11/2026",
      Deadline: "Due today",
    });
    expect(shown.some((r) => /^Due in \d+ days?$/.test(r.Deadline))).toBe(true);
    // Corrib Care's fortnightly wave has no calendar fields in the service.
    expect(shown.some((r) => r["Finalisation deadline"] === "not set" && r.Deadline === "Deadline not set")).toBe(true);
    // Nearest deadline first: the deadlines (date serials) ascend, rows without one after them.
    const serials = rows.map((r) => r["Finalisation deadline"]).filter((v): v is number => typeof v === "number");
    expect(serials).toEqual([...serials].sort((a, b) => a - b));
    expect(serials.length).toBeGreaterThan(0);

    // The chart: one bar per row due this week, its value the row's nett pay.
    await scrollGridLeft(page, OVERVIEW);
    const chart = page.getByTestId("sheet-chart").getByRole("img", { name: /^Chart: Nett pay due this week/ });
    await chart.waitFor();
    const bars = await chart
      .locator("rect[data-series]")
      .evaluateAll((els) =>
        els.map((el) => ({ category: el.getAttribute("data-category"), value: Number(el.getAttribute("data-value")) })),
      );
    const due = rows.filter((r) => typeof r["Nett pay due this week"] === "number");
    expect(bars).toEqual(due.map((r) => ({ category: `${r.Client} ${r.Wave}`, value: r["Nett pay due this week"] })));
    expect(due.map((r) => r["Wave ID"])).toContain(liffey.id);
    await screenshot(page, "month-end-calendar");

    // The next Monday the same deadline is overdue.
    await fixToday(page, "2026-11-23");
    await pressOverview(page);
    const monday = await rawRecords(page);
    expect(monday.find((r) => r["Client ID"] === 1 && r["Wave ID"] === liffey.id)?.Deadline).toBe("Overdue by 3 days");
  });
});
