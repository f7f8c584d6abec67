/**
 * axe-core in the e2e pages. The pages' CSP refuses inline script (no 'unsafe-inline'), so page.addScriptTag({ path })
 * — which inserts the file's text as an inline <script> — is refused; axe's source is run with page.evaluate instead,
 * which goes through the DevTools protocol and is not subject to the page's policy. axe itself needs no eval.
 *
 *   const found = await checkA11y(page, "connection");   // every violation, each with its impact
 *   expect(serious(found)).toEqual([]);
 */
import { readFileSync } from "fs";
import type { AxeResults, NodeResult, Result } from "axe-core";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0-2.2 A and AA, plus axe's best practices (what Accessibility Insights checks). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Left out of the check:
 * - the preview's grid (#grid): it stands in for Excel's own grid, which Office renders, not the add-in;
 * - Tabster's focus sentinels ([data-tabster-dummy]: `<i tabindex="0" aria-hidden="true">` that Fluent's focus
 *   management puts around tab lists, dialogs and the page). They hand focus on at once and are hidden from screen
 *   readers on purpose; axe's aria-hidden-focus flags them, a false positive Fluent and Accessibility Insights list
 *   as known (microsoft/tabster#288, microsoft/accessibility-insights-web#7613).
 * Everything else — the pane, the preview's header and theme switch, dialogs portalled to <body> — is checked.
 */
export const EXCLUDED = ["#grid", "[data-tabster-dummy]"];

export interface Finding {
  /** The pane state the check ran in, e.g. "tab Imports". */
  state: string;
  rule: string;
  impact: string;
  help: string;
  /** CSS targets of the failing nodes (at most five). */
  targets: string[];
  /** axe's summary of the first failing node. */
  summary: string;
}

/** Puts axe on the page once (a reload or navigation needs it again). */
export async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!present) await page.evaluate(AXE_SOURCE);
}

/** Runs axe over the page (without EXCLUDED) and returns its violations as findings of that state. */
export async function checkA11y(page: Page, state: string): Promise<Finding[]> {
  await injectAxe(page);
  // Colour transitions (a button enabled again fades from grey) would be measured half-way; endless ones (an
  // indeterminate progress bar) never end and do not change colours.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await page.evaluate(
    ([tags, exclude]) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
      return axe.run(
        { include: [document], exclude: exclude.map((s) => [s]) },
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      );
    },
    [AXE_TAGS, EXCLUDED] as const,
  );
  return (results as AxeResults).violations.map((v: Result) => ({
    state,
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n: NodeResult) => n.target.join(" ")),
    summary: v.nodes[0]?.failureSummary?.replace(/\s+/g, " ").trim() ?? "",
  }));
}

/** The findings a store review fails on. */
export const serious = (findings: readonly Finding[]): Finding[] =>
  findings.filter((f) => f.impact === "serious" || f.impact === "critical");

/** One line per finding, for a readable test failure and the docs' list. */
export const describeFindings = (findings: readonly Finding[]): string[] =>
  findings.map((f) => `[${f.state}] ${f.rule} (${f.impact}): ${f.help} — ${f.targets.join(", ")} — ${f.summary}`);
