/**
 * Sheets known by identity, in Chromium against the sandbox (issue Q, Deliver 2): an input sheet renamed from its tab
 * menu is still watched, pushed and counted on the Month-end overview under its new name; deleted from its tab menu,
 * it leaves the picker and Push all (which says so), its change not sent is named once and restored into a rebuilt
 * sheet as a pending change.
 */
import type { Page } from "playwright-core";
import { openTab, sendThroughCheck, suiteStack, waitForSheet } from "./harness";
import { buildSalarySheet, openSheet, records, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const RENAMED = "Liffey Nov renamed";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name, exact: true });

describe("sheets known by identity (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 8 }, viewport: { width: 1500, height: 1000 }, client: 1 });
  let page: Page;
  let built: Awaited<ReturnType<typeof buildSalarySheet>>;
  beforeAll(async () => {
    page = suite.page;
    built = await buildSalarySheet(page, suite.api, 1);
  });

  const picker = () => page.getByRole("combobox", { name: "Input sheet" });
  const pickerNames = () =>
    picker()
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const pending = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const held = async (employeeId: number) =>
    (await suite.api.listClientCalculations(1)).find(
      (c) => c.employee_id === employeeId && c.calculation_id === "basic_salary" && c.payslip_id !== null && !c.deleted,
    )?.inputs.amount;
  const pushChanges = async (sheetName: string, summary: string) => {
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await page
      .getByText(new RegExp(`^${escape(sheetName)}: ${summary}`))
      .last()
      .waitFor({ timeout: 60_000 });
  };
  const tabMenu = async (name: string, item: string) => {
    await tab(page, name).click({ button: "right" });
    await page
      .getByRole("menu", { name: `Sheet ${name}` })
      .getByRole("menuitem", { name: item })
      .click();
  };

  it("case 10: a renamed input sheet is still watched, pushed and shown on the Month-end overview under its new name", async () => {
    const { sheetName, header, ids } = built;
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, header, "5001");
    await pending("1 change pending in 1 row");
    await pushChanges(sheetName, "1 saved");

    // Renamed from the tab menu, as a person does: the pane follows it (picker, watch, push).
    await tabMenu(sheetName, "Rename…");
    await page.getByRole("textbox", { name: "Sheet name" }).fill(RENAMED);
    await page.keyboard.press("Enter");
    await tab(page, RENAMED).waitFor();
    await picker().locator(`option[value="${RENAMED}"]`).waitFor({ state: "attached" });
    expect(await pickerNames()).toContain(RENAMED);
    expect(await pickerNames()).not.toContain(sheetName);
    await expect(picker().inputValue()).resolves.toBe(RENAMED);

    await typeCell(page, RENAMED, 1, header, "5002");
    await pending("1 change pending in 1 row");
    await pushChanges(RENAMED, "1 saved");
    expect(await held(ids[1])).toBe(5002);
    expect((await records(page, RENAMED))[1].Status).toBe("Saved");

    // The overview's row for the client and wave: its input sheet under the new name, with its pushes.
    await openTab(page, "Month end");
    await page.getByRole("button", { name: "Month-end overview" }).click();
    await page.getByText(/^Month-end overview: \d+ rows? for \d+ clients?/).waitFor({ timeout: 60_000 });
    await waitForSheet(page, "Month-end overview");
    const row = (await records(page, "Month-end overview")).find((r) => r["Input sheet"] === RENAMED);
    expect(row).toBeDefined();
    expect(row!.Status).not.toBe("Not started");
    expect(row!["Last push"]).not.toBe("");
    await openTab(page, "Input sheets");
  });

  it("case 11: a deleted input sheet leaves the picker and Push all with a message, and its change not sent is restored", async () => {
    const { header, ids, names } = built;
    await openSheet(page, RENAMED);
    await typeCell(page, RENAMED, 2, header, "7777");
    await pending("1 change pending in 1 row");

    await tabMenu(RENAMED, "Delete");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await tab(page, RENAMED).waitFor({ state: "detached" });

    // Named once, in words, with a way back.
    const notice = page.getByText(new RegExp(`^'${escape(RENAMED)}' was deleted`));
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `'${RENAMED}' was deleted with 1 change not sent: ${names[2]}'s ${header} €7,777.00.`,
    );
    expect(await pickerNames()).not.toContain(RENAMED);
    await page.getByRole("button", { name: "Let them go" }).scrollIntoViewIfNeeded();
    await screenshot(page, "deleted-sheet-notice");

    await page.getByRole("button", { name: "Push all input sheets", exact: true }).click();
    await page
      .getByText(new RegExp(`'${escape(RENAMED)}' was deleted, so it was not pushed`))
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await held(ids[2])).not.toBe(7777);

    await page.getByRole("button", { name: "Restore into a rebuilt sheet" }).click();
    const restored = page.getByText(new RegExp(`^Rebuilt '(.+)' with 1 change of '${escape(RENAMED)}' back as pending changes`));
    await restored.waitFor({ timeout: 60_000 });
    const rebuilt = /^Rebuilt '(.+?)' with/.exec((await restored.textContent()) ?? "")![1];
    await waitForSheet(page, rebuilt);
    await expect(picker().inputValue()).resolves.toBe(rebuilt);
    await pending("1 change pending in 1 row");
    expect((await records(page, rebuilt))[2][header]).toMatch(/7,?777/);
    expect(await notice.count()).toBe(0);
  });
});
