/**
 * The preview grid in real Chromium, where layout is real: the active cell is scrolled into view and not hidden
 * under the frozen rows or the row numbers, each sheet keeps its own scroll position, the Excel layer's column
 * widths are the widths on screen, long text stops at the next filled cell, and Ctrl+C / Ctrl+V / Delete work
 * from the keyboard. The sheets are written through the preview's Excel.run, as the Excel layer writes them.
 */
import type { Page } from "playwright-core";
import { startStack, type Stack } from "./harness";

const LONG = "A long description that needs several columns to show";

/** Two sheets: "Ledger" (2,000 rows x 30 columns, column B 150 pt wide, the header row frozen) and "Notes". */
async function writeSheets(page: Page): Promise<void> {
  await page.evaluate(async (long) => {
    type Ctx = {
      workbook: { worksheets: { add(name: string): Ws } };
      sync(): Promise<void>;
    };
    type Ws = {
      getRange(address: string): { values: unknown[][]; format: { columnWidth: number } };
      freezePanes: { freezeRows(n: number): void };
      activate(): void;
    };
    const excel = (window as unknown as { Excel: { run(batch: (ctx: Ctx) => Promise<void>): Promise<void> } }).Excel;
    const letters = (c: number) =>
      (c < 26 ? "" : String.fromCharCode(64 + Math.floor(c / 26))) + String.fromCharCode(65 + (c % 26));
    await excel.run(async (ctx) => {
      const notes = ctx.workbook.worksheets.add("Notes");
      notes.getRange("A1:D2").values = [
        [long, "", "", "stop"],
        [long, "b", "", ""],
      ];
      const ledger = ctx.workbook.worksheets.add("Ledger");
      const rows: unknown[][] = [Array.from({ length: 30 }, (_, c) => `Head ${letters(c)}`)];
      for (let r = 1; r <= 2000; r++) rows.push(Array.from({ length: 30 }, (_, c) => r * 100 + c));
      ledger.getRange("A1:AD2001").values = rows;
      ledger.getRange("B:B").format.columnWidth = 150;
      ledger.freezePanes.freezeRows(1);
      ledger.activate();
      await ctx.sync();
    });
  }, LONG);
}

const grid = (page: Page) => page.getByTestId("workbook-grid");
const nameBox = (page: Page) => page.getByTestId("name-box").inputValue();
const scrollOf = (page: Page) => grid(page).evaluate((el) => [el.scrollTop, el.scrollLeft]);

/** The cell a person sees at the middle and near the corners of the active cell (all must be that cell). */
async function seenAtActiveCell(page: Page): Promise<{ address: string; seen: (string | null)[] }> {
  const address = await nameBox(page);
  const seen = await page.evaluate((addr) => {
    const el = document.querySelector(`[role=grid] [data-address="${addr}"]`);
    if (!el) return [null];
    const box = el.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 3, box.top + 3],
      [box.right - 3, box.bottom - 3],
    ];
    return points.map(
      ([x, y]) => (document.elementFromPoint(x, y)?.closest("[data-address]") as HTMLElement | null)?.dataset.address ?? null,
    );
  }, address);
  return { address, seen };
}

async function expectActiveCellInSight(page: Page): Promise<void> {
  const { address, seen } = await seenAtActiveCell(page);
  expect(seen).toEqual([address, address, address]);
}

describe("preview grid in Chromium", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ viewport: { width: 1400, height: 900 } });
    await writeSheets(stack.page);
    await grid(stack.page).and(stack.page.locator('[data-sheet="Ledger"]')).waitFor();
  });
  afterAll(() => stack?.close());

  it("moves the active cell with the keyboard and keeps it in sight, clear of the frozen row and the row numbers", async () => {
    const { page } = stack;
    await grid(page).locator('[data-address="B2"]').click();
    await page.keyboard.press("End"); // not a move on its own in Excel: nothing happens
    expect(await nameBox(page)).toBe("B2");
    for (let i = 0; i < 24; i++) await page.keyboard.press("ArrowRight");
    expect(await nameBox(page)).toBe("Z2");
    expect((await scrollOf(page))[1]).toBeGreaterThan(0);
    await expectActiveCellInSight(page);
    for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowDown");
    expect(await nameBox(page)).toBe("Z62");
    await expectActiveCellInSight(page);
    await page.keyboard.press("PageDown");
    await page.keyboard.press("PageDown");
    await expectActiveCellInSight(page);
    await page.keyboard.press("Home");
    expect(await nameBox(page)).toMatch(/^A\d+$/);
    expect((await scrollOf(page))[1]).toBe(0);
    await expectActiveCellInSight(page);
    // Up past the top of the view: the cell comes out from under the frozen header row.
    const row = Number((await nameBox(page)).slice(1));
    const [top] = await scrollOf(page);
    const visibleRows = Math.floor(top / 22);
    for (let i = 0; i < Math.min(row - 2, visibleRows + 3); i++) await page.keyboard.press("ArrowUp");
    await expectActiveCellInSight(page);
    await page.keyboard.press("Control+End");
    expect(await nameBox(page)).toBe("AD2001");
    await expectActiveCellInSight(page);
    await page.keyboard.press("Control+Home");
    expect(await nameBox(page)).toBe("A2"); // below the frozen row, as in Excel
    expect(await scrollOf(page)).toEqual([0, 0]);
    await page.keyboard.press("Control+ArrowRight");
    await page.keyboard.press("Control+ArrowDown");
    expect(await nameBox(page)).toBe("AD2001");
    await page.keyboard.press("Shift+ArrowUp");
    await page.keyboard.press("Shift+ArrowLeft");
    expect(await nameBox(page)).toBe("AC2000:AD2001");
    expect(await grid(page).locator("[role=gridcell]").count()).toBeLessThan(2000); // still virtualised
  });

  it("keeps each sheet's own scroll position; a sheet shown the first time starts at A1", async () => {
    const { page } = stack;
    await grid(page).evaluate((el) => el.scrollTo(900, 15_000));
    await page.waitForFunction(() => document.querySelector("[role=grid]")!.scrollLeft === 900);
    const ledger = await scrollOf(page);
    await page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name: "Notes" }).click();
    await grid(page).and(page.locator('[data-sheet="Notes"]')).waitFor();
    expect(await scrollOf(page)).toEqual([0, 0]);
    await page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name: "Ledger" }).click();
    await grid(page).and(page.locator('[data-sheet="Ledger"]')).waitFor();
    expect(await scrollOf(page)).toEqual(ledger);
    expect(await grid(page).locator('[data-row="1"]').count()).toBe(1); // the frozen header row stays
  });

  it("draws the column widths the Excel layer set (points at 96/72 px)", async () => {
    const { page } = stack;
    const width = (letter: string) =>
      grid(page)
        .locator(`[data-column="${letter}"]`)
        .evaluate((el) => el.getBoundingClientRect().width);
    await grid(page).evaluate((el) => el.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector("[role=grid]")!.scrollLeft === 0);
    expect(await width("A")).toBe(64);
    expect(await width("B")).toBe(200);
  });

  it("cuts long text at the next filled cell, and the row numbers stay on top when scrolled right", async () => {
    const { page } = stack;
    await page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name: "Notes" }).click();
    await grid(page).and(page.locator('[data-sheet="Notes"]')).waitFor();
    const boxes = await page.evaluate(() => {
      const at = (a: string) => document.querySelector(`[role=grid] [data-address="${a}"]`) as HTMLElement;
      const text = at("A1").querySelector("span")!;
      return {
        textRight: text.getBoundingClientRect().right,
        textClipped: text.scrollWidth > text.clientWidth,
        stopLeft: at("D1").getBoundingClientRect().left,
        a1Right: at("A1").getBoundingClientRect().right,
        a2Clipped: at("A2").scrollWidth > at("A2").clientWidth && !at("A2").querySelector("span"),
      };
    });
    expect(boxes.textRight).toBeGreaterThan(boxes.a1Right + 64); // runs over B1 and C1
    expect(boxes.textRight).toBeLessThanOrEqual(boxes.stopLeft); // and stops before D1
    expect(boxes.textClipped).toBe(true);
    expect(boxes.a2Clipped).toBe(true); // B2 is filled: A2's text stays in A2
    await grid(page).evaluate((el) => el.scrollTo({ left: 100 }));
    await page.waitForFunction(() => document.querySelector("[role=grid]")!.scrollLeft === 100);
    const onTop = await page.evaluate(() => {
      const header = document.querySelector('[role=grid] [data-row="1"]')!.getBoundingClientRect();
      return document
        .elementFromPoint(header.left + header.width / 2, header.top + header.height / 2)
        ?.closest("[data-row]")
        ?.getAttribute("data-row");
    });
    expect(onTop).toBe("1");
    await grid(page).evaluate((el) => el.scrollTo({ left: 0 }));
  });

  it("copies and pastes a block with Ctrl+C / Ctrl+V, and Delete clears it, through the workbook", async () => {
    const { page } = stack;
    const cell = (a: string) => grid(page).locator(`[data-address="${a}"]`);
    await cell("A5").click();
    for (const key of ["1", "Tab", "2", "Enter"]) await page.keyboard.press(key);
    await cell("A6").click();
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.type("2025-01-31");
    await page.keyboard.press("Enter");
    await cell("A5").click();
    await cell("B6").click({ modifiers: ["Shift"] });
    expect(await nameBox(page)).toBe("A5:B6");
    await page.keyboard.press("Control+C");
    await cell("D5").click();
    await page.keyboard.press("Control+V");
    expect(await nameBox(page)).toBe("D5:E6");
    const values = () =>
      page.evaluate(() => {
        const sheet = (
          window as unknown as {
            __payrollPreview: {
              workbook: {
                findSheet(n: string): { valueAt(r: number, c: number): unknown; textAt(r: number, c: number): string };
              };
            };
          }
        ).__payrollPreview.workbook.findSheet("Notes");
        return [
          [sheet.valueAt(4, 3), sheet.valueAt(4, 4)],
          [sheet.valueAt(5, 3), sheet.textAt(5, 4)],
        ];
      });
    expect(await values()).toEqual([
      [1, 2],
      [3, "2025-01-31"],
    ]);
    await page.keyboard.press("Delete");
    expect(await values()).toEqual([
      ["", ""],
      ["", ""],
    ]);
  });
});
