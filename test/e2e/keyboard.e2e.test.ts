/**
 * The month-end journey by keyboard alone in real Chromium: connect, choose a client, import employees, build an
 * input sheet, change a cell in the grid, push, and read the result — with Tab, arrows, Enter, Space and F6 (which
 * moves between the workbook and the pane, as in Excel). Each control is reached by Tab in a sensible order and
 * shows a visible focus indicator; progress and outcomes are announced through live regions; the delete
 * confirmation keeps focus inside while open and gives it back to the button that opened it.
 */
import type { Locator, Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { activeEmployees } from "../../src/ui/sheets/periods";
import { records, tableLayout } from "./grid";
import { bestWave, startStack, waitForSheet, type Stack } from "./harness";
import { announcements, focusIsVisible, focusedDescription, hasFocus, recordAnnouncements, tabTo } from "./keyboard";

/** Presses a key until the focused native select shows the value (arrow keys change a closed select's value). */
async function chooseWithArrows(page: Page, select: Locator, value: string): Promise<void> {
  for (const key of ["ArrowDown", "ArrowUp"])
    for (let i = 0; i < 30 && (await select.inputValue()) !== value; i++) {
      const before = await select.inputValue();
      await page.keyboard.press(key);
      if ((await select.inputValue()) === before) break; // the end of the list in this direction
    }
  expect(await select.inputValue()).toBe(value);
}

/** The grid's active cell as [row, column] (0-based), read from the name box. */
async function activeCell(page: Page): Promise<[number, number]> {
  const address = await page.getByRole("textbox", { name: "Selected cells" }).inputValue();
  const [, letters, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
  let c = 0;
  for (const ch of letters) c = c * 26 + ch.charCodeAt(0) - 64;
  return [Number(row) - 1, c - 1];
}

/** Moves the grid's active cell with the arrow keys. */
async function arrowTo(page: Page, row: number, column: number): Promise<void> {
  const [r, c] = await activeCell(page);
  for (let i = r; i < row; i++) await page.keyboard.press("ArrowDown");
  for (let i = r; i > row; i--) await page.keyboard.press("ArrowUp");
  for (let i = c; i < column; i++) await page.keyboard.press("ArrowRight");
  for (let i = c; i > column; i--) await page.keyboard.press("ArrowLeft");
  expect(await activeCell(page)).toEqual([row, column]);
}

const letterIndex = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

describe("the month-end journey by keyboard (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let page: Page;
  let api: PayrollApi;
  const pane = () => page.locator("#pane");
  const grid = () => page.getByRole("grid", { name: /^Sheet / });
  /** Asserts focus is on the target and visibly so. */
  const expectFocused = async (target: Locator) => {
    expect([await hasFocus(target), await focusedDescription(page)]).toEqual([true, expect.any(String)]);
    expect([await focusedDescription(page), await focusIsVisible(page)]).toEqual([await focusedDescription(page), true]);
  };

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 } });
    page = stack.page;
    api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    await recordAnnouncements(stack.context);
    await page.reload();
    await page.getByRole("main", { name: "Payroll" }).waitFor();
  });
  afterAll(() => stack?.close());

  it("connects and chooses a client", async () => {
    // F6 goes round the preview's header (its theme switch), the workbook and the pane, as in Excel; the API key is
    // the first field of the open Connection section.
    await page.keyboard.press("F6");
    expect(await hasFocus(page.getByRole("combobox", { name: "Pane theme" }))).toBe(true);
    await page.keyboard.press("F6");
    expect(await hasFocus(grid())).toBe(true);
    await page.keyboard.press("F6");
    expect(await hasFocus(pane())).toBe(true);
    const key = page.getByRole("textbox", { name: /API key/ });
    if (!(await hasFocus(key))) await tabTo(page, key);
    await expectFocused(key);
    await page.keyboard.type(stack.sandbox.apiKey);
    await page.keyboard.press("Enter");
    await page.getByText(/^Connected to /).waitFor();
    expect(await announcements(page)).toContainEqual(expect.stringMatching(/^Connected to .* · 3 clients$/));

    const client = page.getByRole("combobox", { name: /Client/ });
    await tabTo(page, client);
    await expectFocused(client);
    await chooseWithArrows(page, client, "1");
    await page.getByRole("tablist", { name: "Features" }).waitFor();
    expect(await hasFocus(client)).toBe(true);
  });

  it("imports employees, with the progress and the outcome announced", async () => {
    const imports = page.getByRole("tablist", { name: "Features" }).getByRole("tab", { name: "Imports" });
    await tabTo(page, imports);
    await expectFocused(imports);
    const button = page.getByRole("tabpanel", { name: "Imports" }).getByRole("button", { name: "Import employees" });
    await tabTo(page, button);
    await expectFocused(button);
    await page.keyboard.press("Enter");
    const outcome = /^Employees: \d+ rows written to "Liffey · Employees"\.$/;
    await page.getByText(outcome).first().waitFor();
    await waitForSheet(page, "Liffey · Employees");
    const said = await announcements(page);
    expect(said).toContainEqual("Importing employees: started.");
    expect(said).toContainEqual(expect.stringMatching(outcome));
    // Focus stays where the person left it, so the next Tab continues from there.
    expect([await focusedDescription(page), await hasFocus(button)]).toEqual([await focusedDescription(page), true]);
  });

  let sheetName = "";

  it("builds an input sheet from the Input sheets tab", async () => {
    const employees = await api.listEmployees(1, ["service_periods", "recent_payslips"]);
    const [waves, calculations] = await Promise.all([api.listWaves(1), api.listClientCalculations(1)]);
    const salaried = (waveId: number, date: string) =>
      activeEmployees(employees, waveId, date).filter((e) =>
        calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary"),
      ).length;
    const wave = bestWave(employees, waves, salaried);

    // Back to the tab list, then along it with the arrow keys; Enter selects.
    const features = page.getByRole("tablist", { name: "Features" });
    await tabTo(page, features.getByRole("tab", { name: "Imports" }), { back: true });
    await page.keyboard.press("ArrowRight");
    const inputTab = features.getByRole("tab", { name: "Input sheets" });
    await expectFocused(inputTab);
    await page.keyboard.press("Enter");
    const panel = page.getByRole("tabpanel", { name: "Input sheets" });
    await panel.waitFor();

    const waveSelect = panel.getByRole("combobox", { name: "Wave (pay frequency)" });
    await waveSelect.locator(`option[value="${wave.w.id}"]`).waitFor({ state: "attached" });
    await tabTo(page, waveSelect);
    await expectFocused(waveSelect);
    await chooseWithArrows(page, waveSelect, String(wave.w.id));
    expect(await panel.getByRole("combobox", { name: "Period (payslip date)" }).inputValue()).toBe(wave.period!.date);
    const salary = panel.getByRole("checkbox", { name: "Basic salary: amount" });
    await tabTo(page, salary, { max: 60 });
    await expectFocused(salary);
    await page.keyboard.press("Space");
    expect(await salary.isChecked()).toBe(true);
    const build = panel.getByRole("button", { name: "New input sheet" });
    await tabTo(page, build, { max: 60 });
    await expectFocused(build);
    await page.keyboard.press("Enter");
    const built = panel.getByText(/^".+" built: \d+ employees?\./);
    await built.waitFor();
    sheetName = /^"(.+)" built/.exec((await built.textContent()) ?? "")![1];
    await waitForSheet(page, sheetName);
    expect(await announcements(page)).toEqual(
      expect.arrayContaining(["Building input sheet: started.", expect.stringMatching(/" built: \d+ employees?\./)]),
    );
  });

  it("changes a cell in the grid, pushes and reads the result", async () => {
    // Shift+F6 to the workbook; the new input sheet is the active one. Arrow to the first row's salary and type.
    await page.keyboard.press("Shift+F6");
    await expect(hasFocus(grid())).resolves.toBe(true);
    await expect(grid().getAttribute("aria-label")).resolves.toBe(`Sheet ${sheetName}`);
    const layout = await tableLayout(page, sheetName);
    const salaryHeader = Object.keys(layout.columns).find((h) => h.startsWith("Basic salary"))!;
    await arrowTo(page, layout.headerRow + 1, letterIndex(layout.columns[salaryHeader]));
    await page.keyboard.type("45678.9");
    await page.keyboard.press("Enter");

    // F6 back to the pane lands where focus was (New input sheet); on to the push.
    await page.keyboard.press("F6");
    const panel = page.getByRole("tabpanel", { name: "Input sheets" });
    await expectFocused(panel.getByRole("button", { name: "New input sheet" }));
    const sheetSelect = panel.getByRole("combobox", { name: "Input sheet" });
    await tabTo(page, sheetSelect);
    await chooseWithArrows(page, sheetSelect, sheetName);
    const push = panel.getByRole("button", { name: "Push changes" });
    await tabTo(page, push);
    await expectFocused(push);
    await page.keyboard.press("Enter");
    // The check before the push: once it shows, Tab to Send and press Enter.
    const send = page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true });
    await send.waitFor({ timeout: 30_000 });
    await tabTo(page, send);
    await page.keyboard.press("Enter");
    const summary = new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 1 saved`);
    await panel.getByText(summary).waitFor({ timeout: 60_000 });
    expect(await announcements(page)).toContainEqual(expect.stringMatching(summary));
    expect(await hasFocus(push)).toBe(true);
    const rows = await records(page, sheetName);
    expect(rows[0].Status).toBe("Saved");
  });

  it("keeps focus in the delete confirmation and gives it back when closed", async () => {
    // Calculations to a sheet for the first employee, a row chosen in the grid, Delete selected… by keyboard.
    const features = page.getByRole("tablist", { name: "Features" });
    await tabTo(page, features.getByRole("tab", { selected: true }), { back: true, max: 40 });
    for (let i = 0; i < 10 && !(await hasFocus(features.getByRole("tab", { name: "Calculations" }))); i++)
      await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    const panel = page.getByRole("tabpanel", { name: "Calculations" });
    // The panel's code loads when its tab is first opened ("Loading Calculations…"): a person tabs on once it shows.
    const scope = panel.getByRole("radiogroup", { name: "Calculations of" });
    await scope.waitFor();
    // Tab reaches the radio group at its checked radio; the arrow keys choose within it.
    await tabTo(page, scope);
    const client = panel.getByRole("radio", { name: "The client" });
    for (let i = 0; i < 3 && !(await client.isChecked()); i++) await page.keyboard.press("ArrowUp");
    await expectFocused(client);
    const view = panel.getByRole("button", { name: "View calculations" });
    await tabTo(page, view);
    await page.keyboard.press("Enter");
    await panel.getByText(/calculations written to "Liffey · Calculations"/).waitFor();
    await waitForSheet(page, "Liffey · Calculations");

    await page.keyboard.press("Shift+F6");
    await expect(grid().getAttribute("aria-label")).resolves.toBe("Sheet Liffey · Calculations");
    const layout = await tableLayout(page, "Liffey · Calculations");
    await arrowTo(page, layout.headerRow + 1, letterIndex(layout.columns["Calculation ID"]));
    await page.keyboard.press("F6");
    const remove = panel.getByRole("button", { name: "Delete selected…" });
    await tabTo(page, remove); // F6 came back to View calculations; Delete selected… is further down
    await expectFocused(remove);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await hasFocus(dialog)).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? "Shift+Tab" : "Tab");
      await page.keyboard.press("Tab");
      expect([i, await focusedDescription(page), await hasFocus(dialog)]).toEqual([i, await focusedDescription(page), true]);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedDescription(page)).toBe('button "Delete selected…"');
    // Nothing was deleted.
    expect(await records(page, "Liffey · Calculations")).toHaveLength(layout.rows);
  });
});
