/**
 * Every row's state honest after every path (issue 25, Deliver 8), in Chromium against the sandbox, as a person meets
 * it: on a sheet of Basic salary and Commission, a €75 commission typed into an Unchanged row, a header typed over,
 * pushed (the Month-end overview counts its Invalid rows) and typed back; then a fill from a sheet inserted by the tabs' menu, into a Saved row, with a value that does
 * not fit and a key the sheet lacks.
 */
import type { Page } from "playwright-core";
import { openTab, sendThroughCheck, suiteStack, waitForSheet } from "./harness";
import { buildSalarySheet, gridCell, openSheet, records, tableLayout, typeAt, typeCell } from "./grid";

const PENDING = "rgb(255, 240, 194)";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A money cell as shown ("€5,416.67") as a number. */
const amount = (cell: string) => Number(cell.replace(/[^\d.-]/g, ""));

describe("every row's state honest (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 }, client: 1 });
  let page: Page;
  let sheetName: string;
  let salary: string;
  let commission: string;
  let before: Record<string, string>[];

  beforeAll(async () => {
    page = suite.page;
    const built = await buildSalarySheet(page, suite.api, 1, ["Commission: amount"]);
    ({ sheetName, rows: before, header: salary } = built);
    commission = built.column("Commission");
    await openSheet(page, sheetName);
  });

  const statuses = async () => (await records(page, sheetName)).map((r) => r.Status);
  /** Waits (within the test's own timeout) until the rows' states read as expected. */
  const until = async (expected: string[]) => {
    while ((await statuses()).slice(0, expected.length).join("|") !== expected.join("|")) await page.waitForTimeout(100);
  };
  const pushChanges = () =>
    page.getByRole("tabpanel", { name: "Input sheets" }).getByRole("button", { name: "Push changes", exact: true }).click();
  const pushed = (summary: RegExp) =>
    page
      .getByText(new RegExp(`^${escape(sheetName)}: ${summary.source}`))
      .last()
      .waitFor({ timeout: 60_000 });
  const fillOf = async (row: number, header: string) => {
    const layout = await tableLayout(page, sheetName);
    return gridCell(page, sheetName, `${layout.columns[header]}${layout.headerRow + 2 + row}`).evaluate(
      (el) => getComputedStyle(el).backgroundColor,
    );
  };
  const typeHeader = async (header: string, text: string) => {
    const layout = await tableLayout(page, sheetName);
    await typeAt(page, sheetName, `${layout.columns[header]}${layout.headerRow + 1}`, text);
  };

  it("case 8 (statuses drifted) and case 13 (Invalid rows counted nowhere): a shaded €75 says Changed, not Unchanged; a header typed over and back gives Saved rows their Saved again", async () => {
    await typeCell(page, sheetName, 0, salary, String(amount(before[0][salary]) + 10));
    await pushChanges();
    await sendThroughCheck(page);
    await pushed(/1 saved/);
    await until(["Saved", "Unchanged", "Unchanged"]);

    // A €75 commission typed into the Unchanged row: shaded, counted, and the row no longer says Unchanged.
    await typeCell(page, sheetName, 1, commission, "75");
    await until(["Saved", "Changed", "Unchanged"]);
    expect((await records(page, sheetName))[1].Message).toMatch(/^Edited after the push, not sent yet/);
    while ((await fillOf(1, commission)) !== PENDING) await page.waitForTimeout(100); // shaded in the same look

    // The salary header typed over: the push refuses every row with a salary in the unknown column.
    await typeHeader(salary, "Salary");
    await pushChanges();
    await pushed(/\d+ invalid/);
    const refused = await records(page, sheetName);
    expect(refused[0]).toMatchObject({ Status: "Invalid", Message: expect.stringContaining('Column "Salary" is not an input') });

    // Case 13 (the overview counts Invalid rows nowhere): the Month-end overview counts them and says why.
    const invalid = refused.filter((r) => r.Status === "Invalid").length;
    expect(invalid).toBeGreaterThan(1);
    await openTab(page, "Month end");
    await page.getByRole("button", { name: "Month-end overview" }).click();
    await page.getByText(/^Month-end overview: \d+ rows? for \d+ clients?/).waitFor({ timeout: 60_000 });
    await waitForSheet(page, "Month-end overview");
    const overview = (await records(page, "Month-end overview")).find((r) => r["Input sheet"] === sheetName);
    expect(overview).toMatchObject({ Status: "Needs attention", Invalid: String(invalid) });
    expect(overview?.Why).toContain(`${invalid} rows Invalid (not sent)`);
    await openTab(page, "Input sheets");
    await openSheet(page, sheetName);

    // Typed back: the rows are what the snapshot says, then checked against the service by themselves (its reads
    // at the request floor: each employee's payslips and calculations, or the client's lists; nothing sent).
    const requests = suite.stack.requestUrls.length;
    await typeHeader("Salary", salary);
    await page
      .getByText(/rows checked against the service/)
      .last()
      .waitFor({ timeout: 60_000 });
    await until(["Saved", "Changed", "Unchanged"]);
    const repaired = await records(page, sheetName);
    expect(repaired[0].Message).toMatch(/^Saved for /);
    expect(repaired.slice(2).every((r) => r.Status !== "Invalid")).toBe(true);
    while ((await fillOf(1, commission)) !== PENDING) await page.waitForTimeout(100); // shaded in the same look
    const asked = suite.stack.requestUrls
      .slice(requests)
      .map((u) => new URL(u).pathname)
      .filter((p) => p.startsWith("/v1/"));
    expect(asked.length).toBeGreaterThan(0);
    for (const path of asked)
      expect(path).toMatch(/^\/v1\/(employees\/\d+\/(payslips|calculations)|clients\/1\/(employees|calculations))$/);
    await page.getByText("1 change pending in 1 row", { exact: true }).waitFor();
  });

  it("case 9 (fill problems): a filled Saved row says Changed; the problems list only the row that did not fill", async () => {
    // A third row saved by a push of its own (with whatever the first case left pending).
    await typeCell(page, sheetName, 2, commission, "65");
    await pushChanges();
    await sendThroughCheck(page);
    await pushed(/\d+ saved/);
    while ((await statuses())[2] !== "Saved") await page.waitForTimeout(100);

    // The client's commission list, typed into a sheet inserted from the tabs' menu.
    const tabs = page.getByRole("tablist", { name: "Sheets" });
    const names = async () => (await tabs.getByRole("tab").allTextContents()).map((t) => t.trim());
    const had = new Set(await names());
    await tabs.getByRole("tab", { name: sheetName, exact: true }).click({ button: "right" });
    await page
      .getByRole("menu", { name: `Sheet ${sheetName}` })
      .getByRole("menuitem", { name: "Insert sheet" })
      .click();
    // The new sheet's tab (waited for: the tab list is drawn again after the insert).
    let source: string | undefined;
    while (!(source = (await names()).find((n) => !had.has(n)))) await page.waitForTimeout(50);
    await openSheet(page, source);
    const rows = [
      ["Number", "Basic salary", "Commission"],
      [before[2].Number, String(amount(before[2][salary]) + 20), "lots"],
      ["NOPE-1", "999", "5"],
    ];
    for (const [r, cells] of rows.entries())
      for (const [c, text] of cells.entries()) await typeAt(page, source, `${"ABC"[c]}${r + 1}`, text);

    const picker = page.getByRole("combobox", { name: "Source" });
    await picker.focus();
    await picker.locator(`option[value="${source}"]`).waitFor({ state: "attached" });
    await picker.selectOption(source);
    await page.getByRole("button", { name: "Read source" }).click();
    await page.getByText(/^Key column "Number" \(Number\)/).waitFor();
    await page.getByRole("button", { name: "Fill input sheet" }).click();
    await page
      .getByText("1 row filled (1 value) as pending changes; 1 source row did not fill; 1 value not filled in a row that did.", {
        exact: false,
      })
      .waitFor();

    const problems = page.getByRole("region", { name: "Fill problems" });
    const notFilled = await problems
      .getByRole("list", { name: "Rows that did not fill" })
      .getByRole("listitem")
      .allTextContents();
    expect(notFilled).toHaveLength(1);
    expect(notFilled[0]).toMatch(/^Row 3: .*NOPE-1/);
    const values = await problems
      .getByRole("list", { name: "Values not filled (the rest of their row was filled)" })
      .getByRole("listitem")
      .allTextContents();
    expect(values).toHaveLength(1);
    expect(values[0]).toMatch(/^Row 2: .*lots/);
    expect(await problems.textContent()).not.toMatch(/nothing changed/i);

    // The filled row no longer says its old Saved.
    await openSheet(page, sheetName);
    while ((await statuses())[2] !== "Changed") await page.waitForTimeout(100);
    expect((await records(page, sheetName))[2].Message).toMatch(/^Filled after the push, not sent yet/);
    // Shaded as a pending change once the pane's watch looks after the fill (waited for, within the test's timeout).
    while ((await fillOf(2, salary)) !== PENDING) await page.waitForTimeout(100);
    const lines = (await records(page, "Fill problems")).map((l) => Object.values(l).join(" "));
    expect(lines.some((l) => /NOPE-1.*: the row did not fill/.test(l))).toBe(true);
    expect(lines.some((l) => /lots.*: this value was not filled; the row's other values were/.test(l))).toBe(true);
  });
});
