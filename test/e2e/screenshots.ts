/**
 * README screenshots from the e2e runs. They are written to docs/screenshots only when SCREENSHOTS=1
 * (`npm run screenshots`), so an ordinary test run leaves the working tree as it was.
 */
import path from "path";
import type { Page } from "playwright-core";

export const SCREENSHOT_DIR = path.join(__dirname, "..", "..", "docs", "screenshots");

export const screenshotsOn = (): boolean => process.env.SCREENSHOTS === "1";

/** Saves docs/screenshots/<name>.png when screenshots are on; returns the file written, or null. */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  if (!screenshotsOn()) return null;
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Transitions finished, so a button just enabled again is not caught half-way between grey and blue.
  await page.screenshot({ path: file, animations: "disabled" });
  return file;
}
