/**
 * Keyboard and screen-reader helpers for the e2e tests: move focus with Tab as a person does, check that the focused
 * control looks focused, and record what a screen reader would be told through live regions.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";

/** A short description of the focused element (role, name), for failure messages. */
export async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "(body)";
    const labelled = el.getAttribute("aria-labelledby");
    const name =
      el.getAttribute("aria-label") ??
      (labelled ? document.getElementById(labelled.split(" ")[0])?.textContent : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      "";
    return `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[${el.getAttribute("role")}]` : ""} "${name.trim().slice(0, 50)}"`;
  });
}

/** Whether the locator's element has focus (or holds the focused element). */
export const hasFocus = (target: Locator): Promise<boolean> =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab with back) until the target has focus. Fails with the stops passed when it is not reached
 * within `max` presses — a control the keyboard cannot reach, or one far out of order.
 */
export async function tabTo(page: Page, target: Locator, { max = 25, back = false } = {}): Promise<number> {
  const stops: string[] = [];
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await hasFocus(target)) return i;
    stops.push(await focusedDescription(page));
  }
  throw new Error(`Not reached with ${back ? "Shift+Tab" : "Tab"} in ${max} presses; focus went: ${stops.join(" → ")}`);
}

/**
 * True when the focused control looks different from the same control unfocused: the focus indicator is visible.
 * The control's box (and a margin for outlines drawn outside it) is captured focused, blurred and focused again,
 * which restores the keyboard focus it had.
 */
export async function focusIsVisible(page: Page): Promise<boolean> {
  const box = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    el.scrollIntoView({ block: "nearest" });
    // Fluent draws some indicators on the control's wrapper (an input's underline), so take the parent's box too.
    const r = (el.parentElement ?? el).getBoundingClientRect().toJSON() as DOMRect;
    const own = el.getBoundingClientRect();
    const x = Math.min(r.x, own.x) - 4;
    const y = Math.min(r.y, own.y) - 4;
    return {
      x: Math.max(0, x),
      y: Math.max(0, y),
      width: Math.max(r.right, own.right) - x + 8,
      height: Math.max(r.bottom, own.bottom) - y + 8,
    };
  });
  if (!box) return false;
  const shot = () => page.screenshot({ clip: box, animations: "disabled", caret: "hide" });
  const focused = await shot();
  await page.evaluate(() => {
    const w = window as unknown as { __refocus?: HTMLElement };
    w.__refocus = document.activeElement as HTMLElement;
    w.__refocus.blur();
  });
  const blurred = await shot();
  await page.evaluate(() => {
    const w = window as unknown as { __refocus?: HTMLElement };
    w.__refocus?.focus({ focusVisible: true } as FocusOptions);
  });
  return !focused.equals(blurred);
}

/**
 * Records what screen readers are told, from the page's first script on: text put into a live region (aria-live,
 * role status/alert/log) that was already in the page — a region inserted with its text is not reliably read, except
 * role="alert" — and document.ariaNotify calls (Fluent's announcer uses it where the browser has it).
 * Read the list with announcements(page).
 */
export async function recordAnnouncements(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { __announced: string[] }).__announced = said;
    const say = (text: string | null | undefined) => {
      const t = (text ?? "").replace(/\s+/g, " ").trim();
      if (t && said[said.length - 1] !== t) said.push(t);
    };
    for (const proto of [Document.prototype, Element.prototype] as unknown as Record<string, unknown>[]) {
      const original = proto.ariaNotify as ((this: unknown, message: string, options?: unknown) => void) | undefined;
      if (typeof original === "function")
        proto.ariaNotify = function (this: unknown, message: string, options?: unknown) {
          say(message);
          return original.call(this, message, options);
        };
    }
    const LIVE = '[aria-live="polite"],[aria-live="assertive"],[role="status"],[role="alert"],[role="log"]';
    let known = new Set<Element>();
    const regionOf = (node: Node | null): Element | null =>
      (node instanceof Element ? node : (node?.parentElement ?? null))?.closest(LIVE) ?? null;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const region = regionOf(record.target);
        if (region && known.has(region)) say(region.textContent);
        for (const added of record.addedNodes)
          if (added instanceof Element && added.matches('[role="alert"]') && !known.has(added)) say(added.textContent);
      }
      known = new Set(document.querySelectorAll(LIVE));
    });
    document.addEventListener("DOMContentLoaded", () => {
      known = new Set(document.querySelectorAll(LIVE));
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });
}

/** What has been announced so far (consecutive repeats once). */
export const announcements = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __announced: string[] }).__announced.slice());
