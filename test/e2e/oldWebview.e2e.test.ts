/**
 * Old Office in Chromium: the ES5 check (src/app/compat.js), forced with ?compat=fail, replaces the task pane
 * and the preview with the message naming the supported Office versions; the normal pages never show it.
 */
import { startStack, type Stack } from "./harness";

describe("old-webview message (compat.js in Chromium)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(); // the normal preview, with the pane mounted
  });
  afterAll(() => stack?.close());

  it("does not show on the normal preview, where the pane runs", async () => {
    const { page } = stack;
    await page.getByRole("main", { name: "Payroll" }).waitFor();
    expect(await page.locator("#compat-message").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __payrollCompat: unknown }).__payrollCompat)).toEqual({
      ok: true,
      missing: [],
    });
  });

  for (const pagePath of ["/taskpane.html", "/preview.html"]) {
    it(`replaces ${pagePath} with the message, never a blank pane, when the check fails`, async () => {
      const { page } = stack;
      const logged = stack.consoleLines.length;
      await page.goto(`${stack.origin}${pagePath}?compat=fail`);
      const message = page.getByRole("alert");
      await message.waitFor();
      const text = await message.innerText();
      expect(text).toContain("This version of Office cannot run Payroll");
      expect(text).toContain("Microsoft 365, or Office 2021 or later, on Windows, with the Microsoft Edge WebView2 runtime");
      expect(text).toContain("Microsoft 365, or Office 2021 or later, on Mac");
      expect(text).toContain("Excel on the web");
      expect(text).toContain("Missing here: forced by ?compat=fail.");
      // The bundle still loads (deferred) but finds nothing to mount into: the message stays, alone.
      await page.waitForLoadState("load");
      await page.waitForTimeout(300);
      expect(await page.getByRole("main", { name: "Payroll" }).count()).toBe(0);
      expect(await page.locator("body > *").evaluateAll((nodes) => nodes.map((n) => n.id || n.tagName))).toEqual([
        "compat-message",
      ]);
      // No content security policy report: the check is a same-origin script file, not inline code.
      expect(stack.consoleLines.slice(logged).filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
    });
  }
});
