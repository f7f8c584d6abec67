/** The task-pane shell in real Chromium: connect, wrong key, choose a client that the workbook remembers, keyboard. */
import { chooseClient, connect, openConnection, workbookState, suiteStack } from "./harness";

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
});
