/**
 * A pane button pressed while a cell is being edited (issue G): the click does not end the entry, the import waits
 * (delayForCellEdit), the pane says "Finish editing the cell (Enter or Esc) to continue", and Enter lets it finish.
 */
import { openTab, suiteStack } from "./harness";

describe("cell-edit mode and the pane (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 5 }, client: 1 });

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
    await notice.waitFor({ timeout: 6000 });
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
