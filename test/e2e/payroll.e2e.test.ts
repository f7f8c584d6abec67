/**
 * Pay runs and leave in real Chromium: the preview with the task pane against the sandbox.
 *  - a pay run's payslips import (items as columns, nett pay as the service computed it) and its journal;
 *  - its handover pack as downloads: the payslips as one PDF behind a cover page, the journal as a CSV;
 *  - leave days typed into the Leave days sheet and saved with create_multiple, annotated per row.
 * With SCREENSHOTS=1 (npm run screenshots) the panels are saved to docs/screenshots for the README.
 */
import { chooseClient, findSecret, openTab, waitForSheet, workbookState, suiteStack } from "./harness";
import { clickCell, records, typeCell } from "./grid";
import { screenshot } from "./screenshots";
import { readFileSync } from "fs";
import { PDFDocument } from "pdf-lib";

describe("pay runs and leave (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 10 }, viewport: { width: 1500, height: 1000 }, client: 1 });

  it("imports a pay run's payslips with items as columns, and its balanced journal", async () => {
    const { page } = suite;
    await openTab(page, "Pay runs");
    // The latest run of the monthly wave: the one with the most payslips in the demo data.
    const waves = await suite.api.listWaves(1);
    const monthly = waves.find((w) => w.length_months === 1)!;
    const run = (await suite.api.listPaymentRuns(1)).find((r) => r.wave_id === monthly.id && !r.special)!;
    const payslips = await suite.api.listPaymentRunPayslips(run.id);

    await page.getByRole("combobox", { name: "Pay run" }).click();
    await page
      .getByRole("option", { name: new RegExp(`^${run.period_end_date.split("-").reverse().join("/")}`) }) // en-IE
      .first()
      .click();
    await page.getByRole("button", { name: "Payslips to sheet" }).first().click();
    const pane = page.getByRole("tabpanel", { name: "Pay runs" });
    await pane.getByText(new RegExp(`^${payslips.length} payslips written to "Liffey · Pay run payslips"`)).waitFor();
    await waitForSheet(page, "Liffey · Pay run payslips");

    const rows = await records(page, "Liffey · Pay run payslips");
    expect(rows).toHaveLength(payslips.length);
    const headers = Object.keys(rows[0]);
    expect(headers.slice(0, 3)).toEqual(["Employee ID", "Employee number", "Employee name"]);
    const items = new Set(
      payslips.flatMap((p) =>
        [...p.data.income, ...p.data.deduction].map(([label]) => String(label)).filter((l) => l !== "Total"),
      ),
    );
    expect(items.size).toBeGreaterThan(2);
    expect(headers).toEqual(expect.arrayContaining([...items, "Total income", "Total deductions", "Nett pay"]));
    for (const row of rows) {
      const api1 = payslips.find((p) => String(p.id) === row["Payslip ID"])!;
      expect(row["Nett pay"].replace(/[€,]/g, "")).toBe(api1.nett_pay!.toFixed(2));
      expect(row["Employee number"]).not.toBe("");
    }
    await screenshot(page, "pay-run-payslips");

    // The PDF of the selected row opens from a Blob URL in a new tab (the key never goes into a URL).
    await page.getByRole("tab", { name: "Liffey · Pay run payslips" }).click();
    await clickCell(page, "Liffey · Pay run payslips", 1, "Employee name");
    // The page's CSP (connect-src 'self') refuses fetch(blob:…), so the test keeps the Blob behind each new Blob URL,
    // and the URL each window.open was given: a Chromium without a PDF viewer (the headless build @sparticuz/chromium
    // ships) opens the new window but leaves it blank, so the window's own URL does not tell.
    await page.evaluate(() => {
      const blobs = new Map<string, Blob>();
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        const url = create(blob);
        blobs.set(url, blob);
        return url;
      };
      const opened: string[] = [];
      const open = window.open.bind(window);
      window.open = (url?: string | URL, ...rest: [string?, string?]) => {
        opened.push(String(url));
        return open(url, ...rest);
      };
      Object.assign(window, { __blobs: blobs, __opened: opened });
    });
    const popup = suite.stack.context.waitForEvent("page");
    await pane.getByRole("button", { name: "Open PDF of the selected payslip" }).click();
    const pdfPage = await popup;
    const pdfUrl = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened.at(-1)!);
    expect(pdfUrl).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    await pane.getByText(`Opened payslip-${rows[1]["Payslip ID"]}.pdf in a new window.`).waitFor();
    const pdfHead = await page.evaluate(async (url) => {
      const blob = (window as unknown as { __blobs: Map<string, Blob> }).__blobs.get(url);
      const bytes = new Uint8Array(await blob!.arrayBuffer());
      return String.fromCharCode(...bytes.slice(0, 5));
    }, pdfUrl);
    expect(pdfHead).toBe("%PDF-");
    await pdfPage.close();
    expect(suite.stack.requestUrls.some((u) => u.includes(suite.stack.sandbox.apiKey))).toBe(false);

    await page.getByRole("button", { name: "Journal to sheet" }).click();
    await pane.getByText(/^Journal written to "Liffey · Journal": debits equal credits/).waitFor();
    const journal = await records(page, "Liffey · Journal");
    const checks = journal.filter((r) => r.Side === "Check");
    expect(checks.length).toBeGreaterThan(0);
    for (const c of checks) expect(c.Label).toBe("Balanced: debits equal credits");
    await screenshot(page, "pay-run-journal");
  });

  it("downloads the run's handover pack: one PDF with a cover and every payslip, and the journal as a balanced CSV", async () => {
    const { page } = suite;
    await openTab(page, "Pay runs");
    const pane = page.getByRole("tabpanel", { name: "Pay runs" });
    const waves = await suite.api.listWaves(1);
    const monthly = waves.find((w) => w.length_months === 1)!;
    const run = (await suite.api.listPaymentRuns(1)).find((r) => r.wave_id === monthly.id && !r.special)!;
    const payslips = await suite.api.listPaymentRunPayslips(run.id);
    const date = run.period_end_date.split("-").reverse().join("/");
    await page.getByRole("combobox", { name: "Pay run" }).click();
    const option = page.getByRole("option", { name: new RegExp(`^${date}`) }).first();
    // The picker says whether each run was posted to accounting.
    expect(await option.textContent()).toMatch(run.posted_to_accounting_system ? / · posted to accounting$/ : / · not posted$/);
    await option.click();
    await pane
      .getByText(
        run.posted_to_accounting_system
          ? "This pay run was posted to accounting."
          : "This pay run is not yet posted to accounting.",
      )
      .waitFor();

    const pdfDownload = page.waitForEvent("download");
    await pane.getByRole("button", { name: "Download payslips as one PDF" }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^Payslips [^/]*Liffey[^/]* ${run.period_end_date}\\.pdf$`));
    const doc = await PDFDocument.load(readFileSync((await pdf.path())!));
    expect(doc.getPageCount()).toBe(payslips.length + 1);
    await pane
      .getByText(
        new RegExp(`offered as a download: ${payslips.length} payslips and a cover page \\(${payslips.length + 1} pages\\)`),
      )
      .waitFor();
    await screenshot(page, "pay-run-handover");

    const csvDownload = page.waitForEvent("download");
    await pane.getByRole("button", { name: "Download journal as CSV" }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^Journal [^/]*Liffey[^/]* ${run.period_end_date}\\.csv$`));
    const lines = readFileSync((await csv.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Account,Description,Debit,Credit,Reference");
    const fields = lines.slice(1).map((l) => l.split(","));
    const debit = fields.reduce((n, f) => n + Number(f.at(-3) || 0), 0);
    const credit = fields.reduce((n, f) => n + Number(f.at(-2) || 0), 0);
    expect(debit).toBeGreaterThan(0);
    expect(debit).toBeCloseTo(credit, 2);
    expect(fields.every((f) => f[0] === date)).toBe(true);
    await pane.getByText(/offered as a download: \d+ journal lines, debits €[\d,.]+ equal credits/).waitFor();
    expect(suite.stack.requestUrls.some((u) => u.includes(suite.stack.sandbox.apiKey))).toBe(false);
  });

  it("saves leave days typed into the Leave days sheet, marking each row", async () => {
    const { page } = suite;
    await openTab(page, "Leave");
    await page.getByRole("checkbox", { name: "Add a blank row per employee for new days" }).isChecked();
    await page.getByRole("button", { name: "Load leave days" }).click();
    const pane = page.getByRole("tabpanel", { name: "Leave" });
    await pane
      .getByText(/^"Liffey · Leave days" is ready: no existing days \(no employees chosen\) and \d+ blank rows for new days\.$/)
      .waitFor();
    await waitForSheet(page, "Liffey · Leave days");
    const before = await records(page, "Liffey · Leave days");
    const [a, b] = [before[0], before[1]];

    await page.getByRole("tab", { name: "Liffey · Leave days" }).click();
    await typeCell(page, "Liffey · Leave days", 0, "Date", "2026-12-01");
    await typeCell(page, "Liffey · Leave days", 0, "Leave type", "annual leave");
    await typeCell(page, "Liffey · Leave days", 1, "Date", "2026-12-02");
    await typeCell(page, "Liffey · Leave days", 1, "Hours", "4");
    await typeCell(page, "Liffey · Leave days", 1, "Leave type", "Sick leave");
    await typeCell(page, "Liffey · Leave days", 2, "Date", "2026-12-03");
    await typeCell(page, "Liffey · Leave days", 2, "Leave type", "Holidays");
    const created = page.waitForResponse((r) => r.url().includes("/leave_days") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Save leave days" }).click();
    await created;
    await pane.getByText(/^Leave days: 2 saved, 1 invalid/).waitFor();

    const after = await records(page, "Liffey · Leave days");
    expect([after[0].Status, after[1].Status, after[2].Status]).toEqual(["Saved", "Saved", "Invalid"]);
    expect(after[0]["Leave day ID"]).toMatch(/^\d+$/);
    expect(after[2].Message).toContain('unknown leave type "Holidays"');
    expect(after.slice(3).every((r) => r.Status === "")).toBe(true);
    const daysA = (await suite.api.listLeaveDays(Number(a["Employee ID"]))).flat();
    expect(daysA.find((d) => d.date === "2026-12-01")).toMatchObject({ hours: null, leave_type: "Annual leave" });
    const daysB = (await suite.api.listLeaveDays(Number(b["Employee ID"]))).flat();
    expect(daysB.find((d) => d.date === "2026-12-02")).toMatchObject({ hours: 4, leave_type: "Sick leave" });
    await clickCell(page, "Liffey · Leave days", 2, "Leave type");
    await screenshot(page, "leave-days");

    expect(findSecret(await workbookState(page), suite.stack.sandbox.apiKey)).toEqual([]);
    expect(suite.stack.consoleLines.filter((l) => l.includes(suite.stack.sandbox.apiKey))).toEqual([]);
  });

  it("ends service for the selected row, and sets Regular Hours from a sheet (screenshots for the README)", async () => {
    const { page } = suite;
    await openTab(page, "Employees");
    const pane = page.getByRole("tabpanel", { name: "Employees" });
    await pane.getByRole("button", { name: "Service periods to sheet" }).click();
    await pane.getByText(/service period rows written to "Liffey · Service periods"/).waitFor();
    const periods = await records(page, "Liffey · Service periods");
    const row = periods.findIndex((r) => r["Most recent"] === "TRUE" && r["End date"] === "");
    const employeeId = Number(periods[row]["Employee ID"]);
    await page.getByRole("tab", { name: "Liffey · Service periods" }).click();
    await clickCell(page, "Liffey · Service periods", row, "Employee name");
    await pane.getByLabel("Termination date").fill("2026-11-30");
    await pane.getByLabel("Termination code").fill("1");
    await pane.getByRole("button", { name: "End service for selected rows" }).click();
    await pane.getByText(/^End service: 1 saved \(employees\)\./).waitFor();
    const after = await records(page, "Liffey · Service periods");
    const mine = after.find((r) => Number(r["Employee ID"]) === employeeId && r["Most recent"] === "TRUE")!;
    expect(mine.Status).toBe("Saved");
    expect(mine["End date"]).toBe("30/11/2026"); // dates show day first under en-IE
    expect(
      (await suite.api.listServicePeriods(employeeId)).some((p) => p.end_date === "2026-11-30" && p.termination_code === 1),
    ).toBe(true);
    await screenshot(page, "service-periods");

    // Regular Hours need a client migrated to v2 (client 3 in the demo data).
    await chooseClient(page, 3);
    await openTab(page, "Calculations");
    const calc = page.getByRole("tabpanel", { name: "Calculations" });
    await calc.getByRole("button", { name: "Build Regular Hours sheet" }).click();
    await calc.getByText(/employees written to "Corrib · Regular Hours"/).waitFor();
    const rh = await records(page, "Corrib · Regular Hours");
    const target = rh.findIndex((r) => r["Has finalised payslips"] === "TRUE");
    await page.getByRole("tab", { name: "Corrib · Regular Hours" }).click();
    await typeCell(page, "Corrib · Regular Hours", target, "Full day hours", "7");
    await calc.getByLabel("Default effective date (for rows without one)").fill("2026-12-01");
    await calc.getByRole("button", { name: "Save Regular Hours" }).click();
    await calc.getByText(/^Regular Hours: 1 saved/).waitFor();
    const saved = await records(page, "Corrib · Regular Hours");
    expect(saved[target].Status).toBe("Saved");
    const [inherited] = await suite.api.listInheritedCalculations(Number(rh[target]["Employee ID"]));
    expect(inherited.inputs_history["2026-12-01"].full_day_hours_input).toBe(7);
    await clickCell(page, "Corrib · Regular Hours", target, "Full day hours");
    await screenshot(page, "regular-hours");
  });
});
