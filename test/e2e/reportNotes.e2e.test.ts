/**
 * Issue Q, deliver 5, in real Chromium: "Report Refresh keeps a note typed beside its table". A person runs a
 * report, types a note beside its table (and changes a figure in it), presses Refresh in the pane: the service's
 * figures come back and the note is still there.
 */
import { tableLayout, typeAt, typeCell } from "./grid";
import { chooseClient, connect, openTab, startStack, waitForSheet, type Stack } from "./harness";

const SHEET = "Transaction history";

describe("Report Refresh and a person's notes (preview in Chromium against the sandbox)", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 6 }, viewport: { width: 1500, height: 1000 } });
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, 1);
    await openTab(stack.page, "Reports");
  });
  afterAll(() => stack?.close());

  /** The displayed text of a cell by 0-based row and column. */
  const textAt = (r: number, c: number) =>
    stack.page.evaluate(
      ([name, row, col]) =>
        (
          window as unknown as {
            __payrollPreview: { workbook: { findSheet(n: string): { textAt(r: number, c: number): string } } };
          }
        ).__payrollPreview.workbook
          .findSheet(name)
          .textAt(row, col),
      [SHEET, r, c] as const,
    );

  it("case 1: keeps a note typed beside the table when Refresh rewrites the report", async () => {
    const { page } = stack;
    await page.getByRole("combobox", { name: /Accounts/ }).waitFor();
    await page.getByRole("button", { name: "Run report" }).click();
    await waitForSheet(page, SHEET);
    await page
      .getByText(/rows? written to the sheet/)
      .last()
      .waitFor();

    const layout = await tableLayout(page, SHEET);
    const letters = Object.values(layout.columns);
    const last = letters[letters.length - 1];
    // One empty column right of the table, then the note: level with the header and beside the first row.
    const noteCol = String.fromCharCode(last.charCodeAt(0) + 2);
    const headerAddress = `${noteCol}${layout.headerRow + 1}`;
    const noteAddress = `${noteCol}${layout.headerRow + 2}`;
    await typeAt(page, SHEET, headerAddress, "Notes");
    await typeAt(page, SHEET, noteAddress, "Ask Aoife about this one");
    const noteC = noteCol.charCodeAt(0) - 65;
    await page.waitForFunction(
      ([name, r, c]) =>
        (
          window as unknown as {
            __payrollPreview: { workbook: { findSheet(n: string): { textAt(r: number, c: number): string } } };
          }
        ).__payrollPreview.workbook
          .findSheet(name)
          .textAt(r, c) === "Ask Aoife about this one",
      [SHEET, layout.headerRow + 1, noteC] as const,
    );

    // A figure changed by hand, so Refresh has something to put back (and we can see that it ran).
    const figureC = last.charCodeAt(0) - 65;
    const original = await textAt(layout.headerRow + 1, figureC);
    const header = Object.keys(layout.columns).find((h) => layout.columns[h] === last)!;
    await typeCell(page, SHEET, 0, header, "123456");
    expect(await textAt(layout.headerRow + 1, figureC)).not.toBe(original);

    await page.getByRole("button", { name: `Refresh ${SHEET}` }).click();
    await page.waitForFunction(
      ([name, r, c, expected]) =>
        (
          window as unknown as {
            __payrollPreview: { workbook: { findSheet(n: string): { textAt(r: number, c: number): string } } };
          }
        ).__payrollPreview.workbook
          .findSheet(name)
          .textAt(r, c) === expected,
      [SHEET, layout.headerRow + 1, figureC, original] as const,
    );

    expect(await textAt(layout.headerRow, noteC)).toBe("Notes");
    expect(await textAt(layout.headerRow + 1, noteC)).toBe("Ask Aoife about this one");
    // The grid shows it too, where the person typed it.
    await expect(
      page
        .getByRole("grid", { name: `Sheet ${SHEET}` })
        .locator(`[data-address="${noteAddress}"]`)
        .textContent(),
    ).resolves.toContain("Ask Aoife about this one");
  });
});
