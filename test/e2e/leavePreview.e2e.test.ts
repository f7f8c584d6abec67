/**
 * The preview's workbook lives only in its tab, so nothing in the grid or the pane leaves the page: a sideways wheel
 * past the grid's left edge or over the pane (which Debian's Chromium turned into "back": issue 29, the about:blank of
 * changeHistory.e2e after scrollGridLeft) stays in the page; a web hyperlink in a cell opens in a new tab; and leaving the page asks first
 * while the workbook holds anything, as a document does, but not when it is empty.
 */
import type { Dialog, Page } from "playwright-core";
import { type Stack, suiteStack } from "./harness";
import { gridCell, typeAt } from "./grid";

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

describe("the preview never leaves itself (Chromium)", () => {
  const suite = suiteStack();

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
