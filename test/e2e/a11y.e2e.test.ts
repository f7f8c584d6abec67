/**
 * axe-core over every state of the pane in real Chromium (test/e2e/axe.ts): connection (empty, a refused key,
 * connected), the client picker, each feature tab, work in progress, outcomes and a confirmation dialog. No serious
 * or critical violation may remain; moderate and minor ones are listed in docs/accessibility.md with the reason.
 * With A11Y_REPORT=<file> every finding is also written there as JSON (how the docs' list is made).
 */
import { writeFileSync } from "fs";
import type { Page, Route } from "playwright-core";
import { checkA11y, describeFindings, serious, type Finding } from "./axe";
import { clickCell, openSheet, tableLayout } from "./grid";
import { chooseClient, connect, openConnection, openTab, startStack, waitForSheet, type Stack } from "./harness";
import { screenshot } from "./screenshots";

const TABS = ["Imports", "Input sheets", "Month end", "Pay runs", "Reports", "Leave", "Employees", "Calculations"];

/** Waits until no panel or picker says it is still loading (a half-loaded form is not the state a person uses). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !/Loading[^.]*…/.test(document.querySelector("main")?.textContent ?? ""), undefined, {
    timeout: 30_000,
  });
}

describe("accessibility of the pane's states (axe-core in Chromium)", () => {
  let stack: Stack;
  const all: Finding[] = [];
  /** Checks the page now; the state's serious findings fail the test that checks it. */
  const check = async (state: string) => {
    const found = await checkA11y(stack.page, state);
    all.push(...found);
    expect(describeFindings(serious(found))).toEqual([]);
    return found;
  };

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 12 } });
  });
  afterAll(async () => {
    if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(all, null, 2));
    await stack?.close();
  });

  it("connection: empty, a refused key, connected", async () => {
    const { page } = stack;
    await openConnection(page);
    await check("connection");
    await connect(page, "not-the-key");
    await page
      .getByText(/did not accept/)
      .first()
      .waitFor();
    await check("connection refused");
    await connect(page, stack.sandbox.apiKey);
    await check("connected, no client");
  });

  it("client chosen, and each feature tab", async () => {
    const { page } = stack;
    await chooseClient(page, 1);
    await settled(page);
    await check("client chosen");
    for (const tab of TABS) {
      await openTab(page, tab);
      await page.getByRole("tabpanel", { name: tab }).waitFor();
      await settled(page);
      await check(`tab ${tab}`);
    }
  });

  it("work in progress, then its outcome", async () => {
    const { page } = stack;
    await openTab(page, "Imports");
    // Hold the employee list until the progress bar has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route(/\/v1\/clients\/1\/employees/, hold);
    await page.getByRole("button", { name: "Import employees" }).click();
    await page.getByRole("region", { name: "Work in progress" }).waitFor();
    await check("progress");
    release();
    await page
      .getByText(/^Employees: \d+ rows written to "Liffey · Employees"\.$/)
      .first()
      .waitFor();
    await page.unroute(/\/v1\/clients\/1\/employees/, hold);
    await check("outcome");
  });

  it("a confirmation dialog listing many rows", async () => {
    const { page } = stack;
    await openTab(page, "Calculations");
    const pane = page.getByRole("tabpanel", { name: "Calculations" });
    await pane.getByRole("radio", { name: "The client" }).check();
    await pane.getByRole("button", { name: "View calculations" }).click();
    await pane.getByText(/calculations written to "Liffey · Calculations"/).waitFor();
    await waitForSheet(page, "Liffey · Calculations");
    await openSheet(page, "Liffey · Calculations");
    // Many rows, so the dialog's list scrolls (a scrolling region must be reachable by keyboard).
    const { rows } = await tableLayout(page, "Liffey · Calculations");
    expect(rows).toBeGreaterThan(20);
    await clickCell(page, "Liffey · Calculations", 0, "Calculation ID");
    await page.keyboard.press("Shift+PageDown");
    await pane.getByRole("button", { name: "Delete selected…" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("listitem").count()).toBeGreaterThan(10);
    await check("confirmation dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  /** The pane's Fluent theme, by its background token (dark #292929, high contrast #000000). */
  const paneBackground = () =>
    stack.page.evaluate(() =>
      getComputedStyle(document.querySelector("#pane .fui-FluentProvider")!).getPropertyValue("--colorNeutralBackground1").trim(),
    );

  it("the dark theme (the preview's switch): each tab", async () => {
    const { page } = stack;
    await page.getByRole("combobox", { name: "Pane theme" }).selectOption({ label: "Dark" });
    expect(await paneBackground()).toBe("#292929");
    for (const tab of TABS) {
      await openTab(page, tab);
      await settled(page);
      await check(`dark: tab ${tab}`);
    }
    await openTab(page, "Imports");
    await screenshot(page, "theme-dark");
  });

  it("high contrast (the system forcing colours, the pane following it): each tab", async () => {
    const { page } = stack;
    await page.getByRole("combobox", { name: "Pane theme" }).selectOption({ label: "Follow Office and the system" });
    expect(await paneBackground()).toBe("#ffffff");
    await page.emulateMedia({ forcedColors: "active", colorScheme: "dark" });
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector("#pane .fui-FluentProvider")!)
          .getPropertyValue("--colorNeutralBackground1")
          .trim() === "#000000",
    );
    for (const tab of TABS) {
      await openTab(page, tab);
      await settled(page);
      await check(`high contrast: tab ${tab}`);
    }
    await openTab(page, "Imports");
    await screenshot(page, "theme-high-contrast");
    await page.emulateMedia({ forcedColors: "none", colorScheme: "light" });
  });
});
