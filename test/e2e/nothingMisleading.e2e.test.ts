/**
 * Nothing misleading, in Chromium against the sandbox: overtime hours saved without a rate say that nett pay did
 * not change; a value the service refuses (−5 hours) is never offered Retry failed; Push all input sheets with one
 * failing sheet ends as a warning with an icon per sheet, the list inside the message, cleared by the next action;
 * the Push log names the client, wave, period and the button pressed, under no "Last refreshed" line; a sheet built
 * for a finalised period is read only, its push buttons disabled with the reason. The Input sheets tab folds into
 * steps. Each step leaves a README screenshot.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { activeEmployees, defaultPeriod, wavePeriods } from "../../src/ui/sheets/periods";
import {
  buildInputSheet,
  chooseClient,
  connect,
  finalisePayslips,
  openTab,
  selectWave,
  sheetText,
  startStack,
  type Stack,
  sendThroughCheck,
} from "./harness";
import { openSheet, records, tableLayout, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("nothing misleading (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let api: PayrollApi;
  let page: Page;
  /** The monthly (salaried) and weekly (hourly) waves of client 1, each with its open period. */
  let monthly: { id: number; date: string };
  let weekly: { id: number; date: string; blankRows: number[] };
  let salarySheet: string;
  let overtimeSheet: string;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 24 }, viewport: { width: 1500, height: 1000 } });
    api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    page = stack.page;
    const [employees, waves, calculations] = await Promise.all([
      api.listEmployees(1, ["service_periods", "recent_payslips"]),
      api.listWaves(1),
      api.listClientCalculations(1),
    ]);
    const open = (id: number) => defaultPeriod(wavePeriods(employees, id))!.date;
    const salaried = (id: number) =>
      activeEmployees(employees, id, open(id)).filter((e) =>
        calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary" && !c.deleted),
      ).length;
    const ranked = [...waves].sort((a, b) => salaried(b.id) - salaried(a.id));
    monthly = { id: ranked[0].id, date: open(ranked[0].id) };
    // Rows (in sheet order) of the other wave whose open payslip has no overtime: hours typed there have no rate.
    const other = ranked[1];
    const rows = activeEmployees(employees, other.id, open(other.id)).sort((a, b) =>
      String(a.number).localeCompare(String(b.number), undefined, { numeric: true }),
    );
    const withOvertime = new Set(
      calculations.filter((c) => c.calculation_id === "overtime" && !c.deleted).map((c) => c.employee_id),
    );
    weekly = {
      id: other.id,
      date: open(other.id),
      blankRows: rows.flatMap((e, i) => (withOvertime.has(e.id) ? [] : [i])),
    };
    expect(weekly.blankRows.length).toBeGreaterThanOrEqual(2);
    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 1);
    await openTab(page, "Input sheets");
  });
  afterAll(() => stack?.close());

  const panel = () => page.getByRole("tabpanel", { name: "Input sheets" });
  const outcome = () => panel().locator("[data-intent]").last();

  it("folds the Input sheets tab into steps, Rows per request under Advanced", async () => {
    const steps = ["1. Build an input sheet", "2. Edit and fill", "3. Push", "4. Push all"];
    for (const name of steps) expect(await panel().getByRole("button", { name }).getAttribute("aria-expanded")).toBe("true");
    const advanced = panel().getByRole("button", { name: "Advanced" });
    expect(await advanced.getAttribute("aria-expanded")).toBe("false");
    expect(await panel().getByRole("spinbutton", { name: "Rows per request" }).isVisible()).toBe(false);
    await advanced.click();
    expect(await panel().getByRole("spinbutton", { name: "Rows per request" }).isVisible()).toBe(true);
    await advanced.click();
    // Folding a step hides it and keeps it: open again, the choices are still there.
    await panel().getByRole("button", { name: steps[0] }).click();
    expect(await panel().getByRole("button", { name: "New input sheet" }).isVisible()).toBe(false);
    await panel().getByRole("button", { name: steps[0] }).click();
    expect(await panel().getByRole("button", { name: "New input sheet" }).isVisible()).toBe(true);
    await screenshot(page, "input-sheets-steps");
  });

  it("case 5 (overtime hours without a rate): says nett pay did not change for hours saved without a rate, and offers no Retry failed for −5 hours", async () => {
    await selectWave(page, weekly.id);
    overtimeSheet = await buildInputSheet(page, "Overtime: hours");
    const before = await records(page, overtimeSheet);
    const hours = Object.keys(before[0]).find((h) => h.startsWith("Overtime"))!;
    const [noRate, negative] = weekly.blankRows;
    expect(before[noRate][hours]).toBe("");
    await openSheet(page, overtimeSheet);
    await typeCell(page, overtimeSheet, noRate, hours, "5");
    await typeCell(page, overtimeSheet, negative, hours, "-5");
    await panel().getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await outcome()
      .getByText(new RegExp(`^${escape(overtimeSheet)}: 1 saved, 1 failed`))
      .waitFor({ timeout: 60_000 });
    const text = (await outcome().textContent()) ?? "";
    expect(text).not.toContain("Retry failed");
    expect(text).toContain("a retry would fail the same way");
    expect(text).toContain("Nett pay did not change on 1 saved row");
    expect(await outcome().getAttribute("data-intent")).toBe("warning");

    const after = await records(page, overtimeSheet);
    expect(after[noRate].Status).toBe("Saved");
    expect(after[noRate].Message).toContain("Nett pay did not change: check Overtime: rate");
    expect(after[noRate]["Nett pay"]).toBe(before[noRate]["Nett pay"]);
    expect(after[negative].Status).toBe("Failed");
    expect(after[negative].Message).not.toContain("Retry failed");
    // The unmoved row is highlighted: its Status is amber, not the green of a plain Saved.
    const layout = await tableLayout(page, overtimeSheet);
    const statusFill = (row: number) =>
      page
        .getByRole("grid", { name: `Sheet ${overtimeSheet}` })
        .locator(`[data-address="${layout.columns.Status}${layout.headerRow + 2 + row}"]`)
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const fills = [await statusFill(noRate), await statusFill(negative)];
    const plain = after.findIndex((r) => r.Status === "Unchanged");
    expect(fills[0]).not.toBe(await statusFill(plain));
    expect(fills[0]).not.toBe(fills[1]);
    await screenshot(page, "nett-pay-unchanged");
  });

  it("case 5 in Push all: ends as a warning when one sheet has failed rows and hours saved without a rate, an icon per sheet inside the message, naming what was not sent", async () => {
    await selectWave(page, monthly.id);
    salarySheet = await buildInputSheet(page, "Basic salary: amount");
    const header = Object.keys((await records(page, salarySheet))[0]).find((h) => h.startsWith("Basic salary"))!;
    await openSheet(page, salarySheet);
    await typeCell(page, salarySheet, 0, header, "4321");
    // More overtime hours without a rate, on the overtime sheet (whose −5 hours are still Failed).
    expect(weekly.blankRows.length).toBeGreaterThanOrEqual(3);
    const hours = Object.keys((await records(page, overtimeSheet))[0]).find((h) => h.startsWith("Overtime"))!;
    await openSheet(page, overtimeSheet);
    await typeCell(page, overtimeSheet, weekly.blankRows[2], hours, "3");

    await panel().getByRole("button", { name: "Push all input sheets" }).click();
    await sendThroughCheck(page);
    const sentence = outcome().getByText(/^\d+ input sheets?: /);
    await sentence.waitFor({ timeout: 60_000 });
    // The hours saved without a rate are not a plain clean push: "Nett pay did not change", as for a single sheet.
    expect(await sentence.textContent()).toMatch(/^2 input sheets: 1 pushed, 1 with 1 failed, 1 nett pay unchanged rows\./);
    expect(await outcome().getAttribute("data-intent")).toBe("warning");
    const list = outcome().getByRole("list", { name: "Push all input sheets: one summary per sheet" });
    const items = list.getByRole("listitem");
    expect(await items.count()).toBe(2);
    const icons = await items.evaluateAll((els) => els.map((el) => el.querySelector("[role=img]")?.getAttribute("aria-label")));
    const texts = await items.allTextContents();
    const bySheet = Object.fromEntries(texts.map((t, i) => [t.includes(overtimeSheet) ? "overtime" : "salary", icons[i]]));
    expect(bySheet).toEqual({ salary: "Done", overtime: "Needs attention" });
    const overtimeLine = texts.find((t) => t.includes(overtimeSheet))!;
    expect(overtimeLine).toContain("Nett pay did not change on 1 saved row");
    // What the push left unsent is named in words (the period is still open).
    expect(overtimeLine).toMatch(
      /1 change not sent on the \d\d\/\d\d\/\d{4} payslips \(1 Failed\): .+'s Overtime: hours -5 \(Failed\)\./,
    );
    const rowsAfter = await records(page, overtimeSheet);
    expect(rowsAfter[weekly.blankRows[2]].Message).toContain("Nett pay did not change: check Overtime: rate");
    // The list is in view, right under the sentence, without scrolling past the message.
    const sentenceBox = (await sentence.boundingBox())!;
    const box = await list.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: window.innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(sentenceBox.y + sentenceBox.height - 1); // right under the sentence
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    await screenshot(page, "push-all-warning");

    // The next action clears it: the per-sheet list goes as soon as the next push starts.
    await panel().getByRole("combobox", { name: "Input sheet" }).selectOption(salarySheet);
    await panel().getByRole("button", { name: "Push changes", exact: true }).click();
    await list.waitFor({ state: "detached" });
    await outcome()
      .getByText(new RegExp(`^${escape(salarySheet)}: `))
      .waitFor({ timeout: 60_000 });
  });

  it("writes Push log lines with the client, wave, period and the button pressed, and no Last refreshed line", async () => {
    const text = await sheetText(page, "Push log");
    expect(text[0][0]).toBe("Push log");
    expect(text[1][0]).toBe("One line per push, the newest at the bottom.");
    expect(text.flat().some((t) => t.startsWith("Last refreshed"))).toBe(false);
    const log = await records(page, "Push log");
    const pushAll = log.filter((l) => l.Push === "Push all input sheets");
    expect(pushAll.map((l) => l.Sheet).sort()).toEqual([overtimeSheet, salarySheet].sort());
    const first = log.find((l) => l.Sheet === overtimeSheet)!;
    expect(first.Push).toBe("Push changes");
    expect(first.Client).toMatch(/\(ID 1\)$/);
    expect(first.Wave).not.toBe("");
    const [y, m, d] = weekly.date.split("-");
    // A date cell, shown in the sheet's date format (Office's display language, once sheets follow it).
    expect([`${d}/${m}/${y}`, weekly.date]).toContain(first["Period ending"]);
    expect(log.some((l) => l.Push === "Changed cells")).toBe(false);
    // README's picture of the log is push-journey's "push-log" (a wider window shows every column).
  });

  it("rebuilds a sheet once its period is finalised read only: titled so, its push buttons disabled with the reason", async () => {
    // The accountant finalises the period in the service's own screens (the API has no such call).
    await finalisePayslips(stack, 1);
    await panel().getByRole("button", { name: "Reload choices" }).click();
    await selectWave(page, monthly.id);
    const period = panel().getByRole("combobox", { name: "Period (payslip date)" });
    await page.waitForFunction(
      ([date]) =>
        [...document.querySelectorAll("option")].some((o) => o.value === date && (o.textContent ?? "").endsWith(", finalised)")),
      [monthly.date] as const,
    );
    await period.selectOption(monthly.date);
    await page.getByRole("checkbox", { name: "Basic salary: amount" }).check();
    await page.getByRole("button", { name: "New input sheet" }).click();
    const built = outcome().getByText(/^".+" built: \d+ employees?\. The period ending .+ is finalised/);
    await built.waitFor({ timeout: 60_000 });
    expect(await built.textContent()).not.toContain("Push changes");
    const sheetName = /^"(.+)" built/.exec((await built.textContent()) ?? "")![1];
    expect(sheetName).toBe(salarySheet);
    expect((await sheetText(page, sheetName))[0][0]).toMatch(/^Read only, period finalised\. Inputs:/);

    await panel().getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    const reason = panel().getByText(
      /is finalised: the service accepts no changes to its payslips, so this sheet is read only\./,
    );
    await reason.first().waitFor();
    for (const name of ["Push changes", "Push all rows", "Push selected rows", "Retry failed", "Overwrite conflicts"])
      expect(await panel().getByRole("button", { name }).isDisabled()).toBe(true);
    await openSheet(page, sheetName);
    await reason.first().scrollIntoViewIfNeeded();
    await screenshot(page, "finalised-sheet");

    // Another sheet chosen: its buttons come back.
    await panel().getByRole("combobox", { name: "Input sheet" }).selectOption(overtimeSheet);
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll("button")].find((x) => x.textContent === "Push changes");
      return b && !b.disabled;
    });
  });
});
