/**
 * The formula tools in Chromium against the sandbox: an AMOUNT formula typed before connecting gets its figure after
 * Connect; Explain this figure on it writes a sheet whose table adds up to the cell to the cent; the pane shows when
 * the formulas were read; Refresh formulas says how many PAYROLL cells changed value.
 */
import type { Page } from "playwright-core";
import { chooseClient, connect, sheetText, startStack, waitForSheet, workbookState, type Stack } from "./harness";
import { screenshot } from "./screenshots";

const SHEET = "Sheet1";
const FORMULA = '=PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-06-30")';

type PreviewSheet = { valueAt(r: number, c: number): unknown };

const cell = (page: Page, address: string) =>
  page.getByRole("grid", { name: `Sheet ${SHEET}` }).locator(`[data-address="${address}"]`);

/** The value the preview shows in a cell of Sheet1 (0-based row and column). */
const valueAt = (page: Page, r: number, c: number) =>
  page.evaluate(
    ([name, r, c]) =>
      (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } }).__payrollPreview.workbook
        .findSheet(name as string)
        .valueAt(r as number, c as number),
    [SHEET, r, c] as const,
  );

/** The pressed button keeps focus and hover, so its tooltip would cover the pane in the picture. */
async function hideTooltips(page: Page): Promise<void> {
  await page.mouse.move(700, 5);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(300);
}

describe("Explain this figure and the formulas' freshness (Chromium against the sandbox)", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 12 }, viewport: { width: 1500, height: 1000 } });
  });
  afterAll(() => stack?.close());

  it("explains a typed AMOUNT cell with a table whose total equals it, shows when the formulas were read, and refreshes", async () => {
    const { page } = stack;
    await cell(page, "B3").click();
    await page.keyboard.type(FORMULA);
    await page.keyboard.press("Enter");
    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 1);
    await page.waitForFunction(
      () =>
        typeof (
          window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } }
        ).__payrollPreview.workbook
          .findSheet("Sheet1")
          .valueAt(2, 1) === "number",
      undefined,
      { timeout: 30_000 },
    );
    const figure = (await valueAt(page, 2, 1)) as number;
    expect(figure).toBeGreaterThan(0);

    // The functions read the figure: the pane says when, in Office's display language (en-IE here: 24-hour time).
    await page.getByText(/^Formulas read at \d{2}:\d{2}$/).waitFor();

    await cell(page, "B3").click();
    await page.getByRole("button", { name: "Explain this figure" }).click();
    const outcome = page.getByText(/^Explained Sheet1!B3: \d+ transactions, total [\d,]+\.\d\d, on sheet "Explain Sheet1 B3"\.$/);
    await outcome.waitFor({ timeout: 30_000 });
    await waitForSheet(page, "Explain Sheet1 B3");
    const text = await sheetText(page, "Explain Sheet1 B3");
    expect(text[0][0]).toContain(
      `Sheet1!B3 ${FORMULA}: basic_salary, 2026-01-01 to 2026-06-30, all employees, Bureau demo: Liffey Engineering Ltd (client 1)`,
    );
    const header = text.findIndex((r) => r[0] === "employee");
    expect(text[header]).toEqual(["employee", "Date", "account", "amount"]);
    // The table's amounts, as the workbook holds them, add up to the cell to the cent.
    const state = await workbookState(page);
    const sheet = state.sheets.find((s) => s.name === "Explain Sheet1 B3")!;
    const amounts = sheet.cells.filter(([r, c]) => r > header && c === 3).map(([, , v]) => v);
    expect(amounts.length).toBeGreaterThan(5);
    expect(amounts.every((a) => typeof a === "number")).toBe(true);
    expect(amounts.reduce((s: number, a) => s + Math.round((a as number) * 100), 0)).toBe(Math.round(figure * 100));
    await hideTooltips(page);
    await screenshot(page, "formulas-explain");

    // Refresh formulas reads every PAYROLL cell again and says how many changed (the service's data did not).
    await page.getByRole("button", { name: "Refresh formulas" }).first().click();
    await page.getByText("Refreshed 1 PAYROLL cell: none changed value.").waitFor({ timeout: 30_000 });
    expect(await valueAt(page, 2, 1)).toBe(figure);
    await page.getByText(/^Formulas read at \d{2}:\d{2}$/).waitFor();
    await hideTooltips(page);
    await screenshot(page, "formulas-refreshed");
  });
});
