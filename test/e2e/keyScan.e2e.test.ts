/**
 * After a whole session, the API key is nowhere in the workbook: not in any cell, setting, table, sheet name or any
 * other string the workbook holds; nor in a URL or a console line. Extend the session as feature slices land.
 */
import { chooseClient, connect, findSecret, openTab, startStack, waitForSheet, workbookState, type Stack } from "./harness";

// A key that cannot be mistaken for anything else in the workbook.
const KEY = "e2e-secret-Zq7x-91";

describe("the API key never enters the workbook", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sandbox: { apiKey: KEY } });
  });
  afterAll(() => stack?.close());

  it("after connecting, choosing a client and running the imports, a scan of the workbook finds no key", async () => {
    const { page } = stack;
    await connect(page, KEY);
    await chooseClient(page, 1);

    await openTab(page, "Imports");
    for (const [button, sheet] of [
      ["Import employees", "Liffey · Employees"],
      ["Import payment frequencies", "Liffey · Payment frequencies"],
      ["Import pay points", "Liffey · Pay points"],
    ]) {
      await page.getByRole("button", { name: button }).click();
      await waitForSheet(page, sheet);
      await page.getByRole("button", { name: button }).and(page.locator(":enabled")).waitFor();
    }

    const state = await workbookState(page);
    // The scan is real: it sees the imported data and the settings.
    expect(state.sheets.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Liffey · Employees", "Liffey · Payment frequencies", "Liffey · Pay points"]),
    );
    expect(state.sheets.find((s) => s.name === "Liffey · Employees")!.cells.length).toBeGreaterThan(40);
    expect(state.settings.length).toBeGreaterThan(0);
    expect(state.strings.length).toBeGreaterThan(1000);

    expect(findSecret(state, KEY)).toEqual([]);
    expect(stack.requestUrls.filter((u) => u.includes(KEY))).toEqual([]);
    expect(stack.consoleLines.filter((l) => l.includes(KEY))).toEqual([]);
    // Not remembered: browser storage does not hold it either.
    expect(await page.evaluate((k) => Object.values(localStorage).some((v) => v.includes(k)), KEY)).toBe(false);
  });

  it("the scan does find a key that is planted in the workbook (the check can fail)", async () => {
    const { page } = stack;
    await page.evaluate((k) => {
      const wb = (window as unknown as { __payrollPreview: { workbook: { settings: Map<string, unknown> } } }).__payrollPreview
        .workbook;
      wb.settings.set("planted", { nested: [`x${k}y`] });
    }, KEY);
    expect(findSecret(await workbookState(page), KEY)).toEqual(expect.arrayContaining(["setting planted"]));
  });
});
