/**
 * The pane as Office hosts it (issue G), on one stack (client 1 chosen; each file's stack costs the e2e run a browser,
 * a page load and a connection, issue 29):
 * - dates in the pane follow Office's display language, not the browser's: in a US-English Chromium the preview plays
 *   an Office in en-IE, and date fields show and take day/month/year;
 * - a pane button pressed while a cell is being edited: the click does not end the entry, the import waits
 *   (delayForCellEdit), the pane says "Finish editing the cell (Enter or Esc) to continue", and Enter lets it finish.
 */
import { openTab, suiteStack } from "./harness";

describe("dates in Office's display language, and cell-edit mode and the pane (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 5 }, client: 1 });

  it("shows date fields as day/month/year under en-IE and reads what is typed in that order", async () => {
    const { page } = suite;
    const languages = await page.evaluate(() => ({
      office: (window as unknown as { Office: { context: { displayLanguage: string } } }).Office.context.displayLanguage,
      browserShows: new Date(Date.UTC(2026, 0, 31, 12)).toLocaleDateString(),
    }));
    expect(languages.office).toBe("en-IE");
    expect(languages.browserShows).not.toBe("31/01/2026"); // the browser's own locale would not give day/month/year

    await openTab(page, "Leave");
    const field = page.getByRole("tabpanel", { name: "Leave" }).getByLabel("Balances at");
    const today = await page.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, "0");
      return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`;
    });
    expect(await field.inputValue()).toBe(today);
    expect(await field.getAttribute("placeholder")).toBe("dd/mm/yyyy");

    await field.fill("1/2/2026");
    await field.blur();
    expect(await field.inputValue()).toBe("01/02/2026"); // the 1st of February, not the 2nd of January
    await field.fill("31/02/2026");
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await openTab(page, "Employees");
    const employees = page.getByRole("tabpanel", { name: "Employees" });
    const dateFields = employees.locator('input[placeholder="dd/mm/yyyy"]');
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    if ((await dateFields.count()) > 0) expect(await dateFields.first().inputValue()).toMatch(/^(\d{2}\/\d{2}\/\d{4})?$/);
  });

  it("waits for the entry, says so after about 2 s, and goes on after Enter", async () => {
    const { page } = suite;
    const grid = page.getByRole("grid", { name: /^Sheet / });
    await grid.locator('[data-address="B2"]').dblclick();
    const editor = page.getByTestId("cell-editor");
    await editor.fill("typed");

    await openTab(page, "Imports");
    const pane = page.getByRole("tabpanel", { name: "Imports" });
    await pane.getByRole("button", { name: "Import employees" }).click();
    expect(await editor.isVisible()).toBe(true); // the click in the pane did not end the entry
    const notice = page.getByRole("status").filter({ hasText: "Finish editing the cell (Enter or Esc) to continue" });
    await notice.waitFor();
    expect(await page.getByText(/^Employees: \d+ rows written/).count()).toBe(0);

    await editor.focus();
    await page.keyboard.press("Enter");
    await pane.getByText(/^Employees: \d+ rows written to "Liffey · Employees"\./).waitFor();
    await notice.waitFor({ state: "detached" });
    const typed = await page.evaluate(() =>
      (
        window as unknown as {
          __payrollPreview: { workbook: { findSheet(n: string): { valueAt(r: number, c: number): unknown } } };
        }
      ).__payrollPreview.workbook
        .findSheet("Sheet1")
        .valueAt(1, 1),
    );
    expect(typed).toBe("typed");
  });
});
