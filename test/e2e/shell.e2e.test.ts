/**
 * The task-pane shell in real Chromium: connect, wrong key, choose a client that the workbook remembers, keyboard.
 * Then, on the same stack (each file's stack costs the e2e run a browser, a page load and a sandbox, issue 29):
 * - what people do to sheets in the preview: insert, rename and delete a column through the tabs' and headers' menus,
 *   with formulas following (it was sheetOperations.e2e);
 * - the preview never leaves itself (it was leavePreview.e2e): the preview's workbook lives only in its tab, so
 *   nothing in the grid or the pane leaves the page: a sideways wheel past the grid's left edge or over the pane (which
 *   Debian's Chromium turned into "back": issue 29, the about:blank of changeHistory.e2e after scrollGridLeft) stays in
 *   the page; a web hyperlink in a cell opens in a new tab; and leaving the page asks first while the workbook holds
 *   anything, as a document does, but not when it is empty.
 */
import type { Dialog, Page } from "playwright-core";
import { chooseClient, connect, openConnection, workbookState, suiteStack, type Stack } from "./harness";
import { gridCell, openSheet, typeAt } from "./grid";

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name, exact: true });

/** The formula (or value) a cell holds, as the formula bar shows it once the cell is selected. */
async function formulaOf(page: Page, sheet: string, address: string): Promise<string> {
  await openSheet(page, sheet);
  await gridCell(page, sheet, address).click();
  return page.getByTestId("formula-bar").inputValue();
}

/** Every main-frame navigation of the page after the first load (the page leaving itself). */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** Opens the preview in a new tab of the stack's browser. */
async function openPreview(stack: Stack): Promise<Page> {
  const page = await stack.context.newPage();
  await page.goto(`${stack.origin}/preview.html`);
  await page.getByRole("main", { name: "Payroll" }).waitFor();
  return page;
}

/** Closes the page as a person closes the tab (beforeunload runs); resolves with the dialogs it raised. */
async function closeAsAPerson(page: Page, answer: "stay" | "leave"): Promise<{ dialogs: string[]; closed: boolean }> {
  const dialogs: string[] = [];
  let onDialog: (dialog: Dialog) => void = () => undefined;
  const asked = new Promise<void>((resolve, reject) => {
    onDialog = (dialog) => {
      dialogs.push(dialog.type());
      (answer === "leave" ? dialog.accept() : dialog.dismiss()).then(resolve, reject);
    };
  });
  page.once("dialog", onDialog);
  const closed = page.waitForEvent("close", { timeout: 0 }).then(() => true);
  await page.close({ runBeforeUnload: true });
  // Either the page asks (and stays when told to) or it closes: a state, whatever the machine's load.
  const outcome = await Promise.race([closed, asked.then(() => (answer === "leave" ? closed : page.isClosed()))]);
  page.off("dialog", onDialog);
  return { dialogs, closed: outcome };
}

describe("shell (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack();

  it("refuses a wrong key with a clear message, then connects with the sandbox key through the /v1 proxy", async () => {
    const { page } = suite;
    await connect(page, "not-the-key");
    await page.getByText("The service did not accept this API key. Check the key and try again.").waitFor();
    expect(await page.getByText("Not connected", { exact: true }).isVisible()).toBe(true);

    await connect(page, suite.stack.sandbox.apiKey);
    await page.getByText(new RegExp(`^Connected to ${suite.stack.origin.replace(/[.]/g, "\\.")} · \\d+ clients`)).waitFor();
    expect(suite.stack.requestUrls.some((u) => u === `${suite.stack.origin}/v1/clients/`)).toBe(true);
    const options = await page
      .getByRole("combobox", { name: /Client/ })
      .locator("option")
      .allTextContents();
    expect(options).toContain("Bureau demo: Liffey Engineering Ltd (1)");
  });

  it("picks a client, shows the feature tabs and remembers the client in the workbook's settings", async () => {
    const { page } = suite;
    await chooseClient(page, 1);
    await page.getByText("This workbook is linked to Bureau demo: Liffey Engineering Ltd; it remembers the choice.").waitFor();
    expect(await page.getByRole("tab").count()).toBeGreaterThan(0);
    const state = await workbookState(page);
    // The client, and (written once, at the first choice) the client the workbook's PAYROLL formulas are linked to.
    expect(state.settings).toEqual([
      ["payroll.clientId", 1],
      ["payroll.formulasClientId", 1],
    ]);

    // Forget the key, connect again: the client comes back from the workbook, not from the browser.
    await openConnection(page);
    // Pressed from the keyboard: a click at coordinates can land beside the button while the section is still
    // unfolding on a loaded machine (CI saw the tabs stay for 30 s), focus and Enter reach the button itself.
    await page.getByRole("button", { name: "Forget key" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("The API key was removed from this add-in.").waitFor();
    // The tabs unmount on the next render after Forget: wait for that rather than count at once.
    await page.getByRole("tablist", { name: "Features" }).waitFor({ state: "detached" });
    expect(await page.getByRole("tablist", { name: "Features" }).count()).toBe(0);
    await connect(page, suite.stack.sandbox.apiKey);
    await page.getByRole("tablist", { name: "Features" }).waitFor();
    expect(await page.getByRole("combobox", { name: /Client/ }).inputValue()).toBe("1");
  });

  it("is keyboard operable: Tab walks the connection controls in order and Space/Enter use them", async () => {
    const { page } = suite;
    await openConnection(page);
    const key = page.getByLabel("API key", { exact: false }).first();
    await key.focus();
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return "";
        const labelledBy = el.getAttribute("aria-labelledby");
        const byId = labelledBy ? document.getElementById(labelledBy.split(" ")[0])?.textContent : null;
        const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
        return (el.getAttribute("aria-label") ?? byId ?? label ?? el.textContent ?? "").trim();
      });
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      names.push(await focusedName());
    }
    expect(names).toEqual(["Show API key", "Remember on this computer", "Use a custom service address", "Connect"]);
    await page.keyboard.press("Shift+Tab"); // back to the switch
    await page.keyboard.press("Space");
    await page.getByLabel("Service base URL").waitFor();
    await page.keyboard.press("Space");
    expect(await page.getByLabel("Service base URL").count()).toBe(0);
  });

  // What people do to sheets, with the pane connected beside them (it was sheetOperations.e2e, on a stack of its own):
  // a sheet inserted and renamed through the tabs' menu (the keyboard's Shift+F10), a column deleted through the
  // column header's menu (right-click), and formulas that refer to the other sheet following both, as in Excel.
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

  // The preview never leaves itself. The first test uses the stack's own tab: "back" would go to the about:blank it
  // started on, as changeHistory.e2e saw; the others open tabs of their own, each with an empty workbook.
  it("keeps a wheel past the grid's edges in the grid: no back or forward navigation", async () => {
    // The harness's tab: "back" goes to the about:blank it started on, as changeHistory.e2e saw.
    const { page } = suite;
    const navigations = recordNavigations(page);
    const grid = page.getByRole("grid", { name: "Sheet Sheet1" });
    expect(await grid.evaluate((el) => getComputedStyle(el).overscrollBehaviorX)).toBe("contain");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overscrollBehaviorX)).toBe("none");
    // Sideways wheels still scroll the grid: right, then left past the left edge, as scrollGridLeft does.
    await grid.hover();
    await page.mouse.wheel(300, 0);
    await page.waitForFunction(() => document.querySelector("[role=grid]")!.scrollLeft > 0);
    await page.mouse.wheel(-10_000, 0);
    await page.waitForFunction(() => document.querySelector("[role=grid]")!.scrollLeft === 0);
    // And over the pane, which does not scroll sideways at all.
    await page.locator("#pane").hover();
    await page.mouse.wheel(-10_000, 0);
    // Chromium navigated within about a second of such a wheel; give it ample time, then click as changeHistory does.
    await page.waitForTimeout(2_000);
    expect([navigations, new URL(page.url()).pathname]).toEqual([[], "/preview.html"]);
    await gridCell(page, "Sheet1", "B2").click();
    await page.getByRole("main", { name: "Payroll" }).waitFor();
    expect([navigations, new URL(page.url()).pathname]).toEqual([[], "/preview.html"]);
  });

  it("opens a web hyperlink in a cell in a new tab; the preview stays", async () => {
    const page = await openPreview(suite.stack);
    const navigations = recordNavigations(page);
    const help = `${suite.stack.origin}/help.html`;
    await page.evaluate(async (address) => {
      const excel = (window as unknown as { Excel: typeof Excel }).Excel;
      await excel.run(async (context) => {
        context.workbook.worksheets.getActiveWorksheet().getRange("B2").hyperlink = { address, textToDisplay: "Help" };
        await context.sync();
      });
    }, help);
    const opened = suite.stack.context.waitForEvent("page");
    await gridCell(page, "Sheet1", "B2").click();
    const tab = await opened;
    await tab.waitForLoadState("domcontentloaded");
    expect(tab.url()).toBe(help);
    expect([navigations, new URL(page.url()).pathname]).toEqual([[], "/preview.html"]);
    await tab.close();
    await page.close();
  });

  it("asks before leaving a workbook that holds anything, and keeps it when told to stay", async () => {
    const page = await openPreview(suite.stack);
    await typeAt(page, "Sheet1", "B2", "4321");
    await gridCell(page, "Sheet1", "B2")
      .getByText("4,321")
      .or(gridCell(page, "Sheet1", "B2").getByText("4321"))
      .waitFor();
    const stayed = await closeAsAPerson(page, "stay");
    expect(stayed).toEqual({ dialogs: ["beforeunload"], closed: false });
    expect(await page.evaluate(() => document.querySelector('[data-address="B2"]')?.textContent)).toMatch(/^4,?321$/);
    const left = await closeAsAPerson(page, "leave");
    expect(left).toEqual({ dialogs: ["beforeunload"], closed: true });
  });

  it("lets an empty workbook go without a question", async () => {
    const page = await openPreview(suite.stack);
    // A click gives the page the user activation Chromium wants before it asks anything.
    await gridCell(page, "Sheet1", "B2").click();
    expect(await closeAsAPerson(page, "stay")).toEqual({ dialogs: [], closed: true });
  });
});
