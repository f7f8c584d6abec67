/**
 * What people do to sheets, in the preview in Chromium: a sheet inserted and renamed through the tabs' menu (the
 * keyboard's Shift+F10), a column deleted through the column header's menu (right-click), and formulas that refer
 * to the other sheet following both, as in Excel.
 */
import type { Page } from "playwright-core";
import { suiteStack } from "./harness";
import { gridCell, openSheet, typeAt } from "./grid";

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name, exact: true });

/** The formula (or value) a cell holds, as the formula bar shows it once the cell is selected. */
async function formulaOf(page: Page, sheet: string, address: string): Promise<string> {
  await openSheet(page, sheet);
  await gridCell(page, sheet, address).click();
  return page.getByTestId("formula-bar").inputValue();
}

describe("sheet operations in the preview (Chromium)", () => {
  const suite = suiteStack();

  it("renames a sheet from its tab menu, deletes a column from its header menu, and reads ='Other sheet'!B3", async () => {
    const { page } = suite;
    // Insert a sheet from Sheet1's tab menu (right-click): Excel's new sheet, shown.
    await tab(page, "Sheet1").click({ button: "right" });
    await page.getByRole("menu", { name: "Sheet Sheet1" }).getByRole("menuitem", { name: "Insert sheet" }).click();
    await page.getByRole("grid", { name: "Sheet Sheet2" }).waitFor();
    await typeAt(page, "Sheet2", "C3", "42");
    await typeAt(page, "Sheet2", "B3", "gone");

    await openSheet(page, "Sheet1");
    await typeAt(page, "Sheet1", "A1", "=Sheet2!C3");
    await expect(gridCell(page, "Sheet1", "A1").textContent()).resolves.toBe("42");

    // Rename it from the keyboard: the tab focused, Shift+F10, Rename…, a name Excel refuses, then a good one.
    await tab(page, "Sheet2").focus();
    await page.keyboard.press("Shift+F10");
    // Opened from the keyboard, the menu has the focus on its first item; ArrowDown and Enter choose Rename….
    await page.waitForFunction(() => document.activeElement?.textContent === "Insert sheet");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const nameBox = page.getByRole("textbox", { name: "Sheet name" });
    await nameBox.fill("Other/sheet");
    await page.keyboard.press("Enter");
    await page.getByText('The sheet name contains "/", which a sheet name cannot have.').waitFor();
    await nameBox.fill("Other sheet");
    await page.keyboard.press("Enter");
    await tab(page, "Other sheet").waitFor();
    expect(await formulaOf(page, "Sheet1", "A1")).toBe("='Other sheet'!C3");

    // Delete column B of the other sheet from its header's menu: C3 moves to B3, and the formula follows it.
    await openSheet(page, "Other sheet");
    const grid = page.getByRole("grid", { name: "Sheet Other sheet" });
    await grid.locator('[role=columnheader][data-column="B"]').click({ button: "right" });
    await page.getByRole("menuitem", { name: "Delete column B" }).click();
    await expect(gridCell(page, "Other sheet", "B3").textContent()).resolves.toBe("42");
    expect(await formulaOf(page, "Sheet1", "A1")).toBe("='Other sheet'!B3");

    await openSheet(page, "Sheet1");
    await typeAt(page, "Sheet1", "A2", "='Other sheet'!B3");
    await expect(gridCell(page, "Sheet1", "A2").textContent()).resolves.toBe("42");
    await expect(gridCell(page, "Sheet1", "A1").textContent()).resolves.toBe("42");
  });
});
