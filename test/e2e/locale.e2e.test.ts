/**
 * Dates in the pane follow Office's display language, not the browser's (issue G): in a US-English Chromium the
 * preview plays an Office in en-IE, and date fields show and take day/month/year.
 */
import { openTab, suiteStack } from "./harness";

describe("dates in Office's display language (preview in Chromium against the sandbox)", () => {
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
});
