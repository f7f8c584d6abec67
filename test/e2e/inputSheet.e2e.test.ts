/**
 * The input sheet as accountants edit it, in Chromium against the sandbox: live pending changes as cells are
 * typed, Review changes with old and new values, Undo selected changes; a row a colleague changed in the service
 * ends Conflict (the service keeps the colleague's value) and Overwrite conflicts sends it; Fill from a sheet with
 * an unknown key; Push all input sheets across two clients' sheets. Each step leaves a README screenshot.
 */
import type { Page } from "playwright-core";
import { calcKey } from "../../src/contract";
import { salariedWave, buildInputSheet, chooseClient, openTab, selectWave, suiteStack } from "./harness";
import { clickCell, openSheet, records, tableLayout, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const SALARY = calcKey("basic_salary", "amount");
/** A displayed amount without its currency sign ("€7,333.33" -> "7,333.33"), "(blank)" when empty. */
const amount = (text: string) => text.replace(/[^\d.,-]/g, "") || "(blank)";

describe("input sheet editing (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 }, client: 1 });
  let page: Page;
  let sheet: { sheetName: string; header: string; payslipDate: string; before: Record<string, string>[] };
  beforeAll(async () => {
    page = suite.page;
    await openTab(page, "Input sheets");
    sheet = await buildSheet(1);
  });

  /** Builds an input sheet of the client's salary (or first) input for the wave with the most salaried employees. */
  async function buildSheet(clientId: number) {
    const wave = await salariedWave(suite.api, clientId);
    await selectWave(page, wave.w.id);
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const before = await records(page, sheetName);
    const header = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    return { sheetName, header, payslipDate: wave.period!.date, before };
  }

  const pendingText = (text: string) => page.getByText(text, { exact: true });

  it("shows 3 changes pending in 3 rows after typing 3 cells, reviews old and new values, and undoes one", async () => {
    const { sheetName, header, before } = sheet;
    await pendingText("No changes pending").waitFor();
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, 0, header, "5000");
    await typeCell(page, sheetName, 1, header, "5100");
    await typeCell(page, sheetName, 2, header, "5200");
    await pendingText("3 changes pending in 3 rows").waitFor();
    // The changed cells are shaded.
    const layout = await tableLayout(page, sheetName);
    const fill = (row: number) =>
      page
        .getByRole("grid", { name: `Sheet ${sheetName}` })
        .locator(`[data-address="${layout.columns[header]}${layout.headerRow + 2 + row}"]`)
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await fill(0)).toBe("rgb(255, 240, 194)");
    expect(await fill(3)).not.toBe("rgb(255, 240, 194)");
    await page.getByRole("button", { name: "Review changes" }).scrollIntoViewIfNeeded();
    await screenshot(page, "pending-changes");

    // Review changes: number, name, input, old and new value.
    await page.getByRole("button", { name: "Review changes" }).click();
    const table = page.getByRole("table", { name: "Pending changes" });
    const rows = await table.getByRole("row").allTextContents();
    expect(rows).toHaveLength(4);
    // Amounts as the pane shows them: the sheet's figure without its currency sign.
    expect(rows[1]).toBe(`${before[0].Number} ${before[0].Name}${header}${amount(before[0][header])}5,000.00`);
    expect(rows[2]).toContain(`${amount(before[1][header])}5,100.00`);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, "review-changes");

    // Choosing one goes to its cell; Undo selected changes puts it back.
    await page.getByRole("button", { name: `Go to ${before[1].Number} ${before[1].Name}, ${header}` }).click();
    await page.waitForFunction(
      ([name, r]) => {
        const wb = (
          window as unknown as { __payrollPreview: { workbook: { activeSheet: { name: string; selection: { r: number } } } } }
        ).__payrollPreview.workbook;
        return wb.activeSheet.name === name && wb.activeSheet.selection.r === r;
      },
      [sheetName, layout.headerRow + 2] as const,
    );
    await page.getByRole("button", { name: "Undo selected changes" }).click();
    await pendingText("2 changes pending in 2 rows").waitFor();
    expect((await records(page, sheetName))[1][header]).toBe(before[1][header]);
    await screenshot(page, "undo-change");
  });

  it("ends a row changed in the service after the build Conflict, keeps the colleague's value, saves the others; Overwrite conflicts sends it", async () => {
    const { sheetName, payslipDate, before } = sheet;
    const first = Number(before[0]["Employee ID"]);
    await suite.api.bulkInput(1, [{ id: String(first), payslip_date: payslipDate, attributes: { [SALARY]: 7777 } }]);
    const held = async () =>
      (await suite.api.listClientCalculations(1)).find(
        (c) => c.employee_id === first && c.calculation_id === "basic_salary" && c.payslip_id !== null && !c.deleted,
      )?.inputs.amount;

    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 1 saved, 1 conflict`)).waitFor({ timeout: 60_000 });
    const after = await records(page, sheetName);
    expect(after[0].Status).toBe("Conflict");
    expect(after[0].Message).toContain("the service holds 7,777");
    expect(after[2].Status).toBe("Saved");
    expect(after.filter((r) => r.Status === "Saved")).toHaveLength(1);
    expect(await held()).toBe(7777);
    const log = await records(page, "Push log");
    expect(log[log.length - 1]).toMatchObject({ Saved: "1", Conflict: "1" });
    await pendingText("1 change pending in 1 row").waitFor();
    await clickCell(page, sheetName, 0, "Message");
    await screenshot(page, "push-conflict");

    await page.getByRole("button", { name: "Overwrite conflicts" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true }).click();
    await page
      .getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 1 saved`))
      .last()
      .waitFor({ timeout: 60_000 });
    expect((await records(page, sheetName))[0].Status).toBe("Saved");
    expect(await held()).toBe(5000);
    await pendingText("No changes pending").waitFor();
  });

  it("fills 2 rows from a sheet with 3 keys, reports the unknown key, and sends nothing", async () => {
    const { sheetName, header, before } = sheet;
    // The client's file arrives and is pasted into a sheet of its own.
    await page.evaluate(
      ([a, b]) => {
        const wb = (
          window as unknown as {
            __payrollPreview: {
              workbook: { addSheet(n: string): unknown; pasteCells(s: unknown, r: number, c: number, t: string[][]): void };
            };
          }
        ).__payrollPreview.workbook;
        const s = wb.addSheet("Timesheet");
        wb.pasteCells(s, 0, 0, [
          ["Emp No", "Employee", "Basic salary"],
          [a, "fourth", "6100"],
          ["NOPE-1", "stranger", "999"],
          [b, "fifth", "6200.5"],
        ]);
      },
      [before[3].Number, before[4].Number],
    );
    const requests = suite.stack.requestUrls.length;
    const source = page.getByRole("combobox", { name: "Source" });
    await source.focus();
    await source.locator('option[value="Timesheet"]').waitFor({ state: "attached" });
    await source.selectOption("Timesheet");
    await page.getByRole("button", { name: "Read source" }).click();
    await page.getByText(/^Key column "Emp No" \(Number\)/).waitFor();
    expect(await page.getByRole("combobox", { name: 'Column "Basic salary" fills' }).inputValue()).toBe(SALARY);
    await page.getByRole("button", { name: "Fill input sheet" }).click();
    await page.getByText(/2 rows filled \(2 values\) as pending changes; 1 source row did not fill\./).waitFor();
    await pendingText("2 changes pending in 2 rows").waitFor();
    const problems = page.getByRole("region", { name: "Fill problems" });
    expect(await problems.textContent()).toContain("Row 3: Number NOPE-1 is not on the input sheet");
    const now = await records(page, sheetName);
    expect([amount(now[3][header]), amount(now[4][header])]).toEqual(["6,100.00", "6,200.50"]);
    expect((await records(page, "Fill problems"))[0]).toMatchObject({ Key: "NOPE-1" });
    expect(suite.stack.requestUrls.slice(requests).filter((u) => u.includes("bulk_input"))).toEqual([]);
    await openSheet(page, sheetName);
    await problems.scrollIntoViewIfNeeded();
    await screenshot(page, "fill-from-sheet");
  });

  it("pushes all input sheets across two clients' sheets, one summary per sheet", async () => {
    const first = sheet;
    await chooseClient(page, 2);
    await openTab(page, "Input sheets");
    const second = await buildSheet(2);
    await openSheet(page, second.sheetName);
    await typeCell(page, second.sheetName, 0, second.header, "4321");
    await pendingText("1 change pending in 1 row").waitFor();

    await page.getByRole("button", { name: "Push all input sheets" }).click();
    // One check of both sheets, client by client, before the first is sent.
    const check = page.getByRole("alertdialog", { name: "Check before sending 2 input sheets" });
    await check.getByText(/^Bureau demo: Liffey Engineering Ltd: /).waitFor({ timeout: 30_000 });
    await check.getByText(/^Bureau demo: Shannon Foods Ltd: /).waitFor();
    await check.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(/^2 input sheets: 2 pushed\.$/).waitFor({ timeout: 60_000 });
    const summaries = await page
      .getByRole("list", { name: /one summary per sheet/ })
      .getByRole("listitem")
      .allTextContents();
    expect(summaries).toHaveLength(2);
    expect(summaries[0]).toContain(`${first.sheetName}: 2 saved`);
    expect(summaries[1]).toContain(`${second.sheetName}: 1 saved`);
    expect((await records(page, first.sheetName))[3].Status).toBe("Saved");
    expect((await records(page, second.sheetName))[0].Status).toBe("Saved");
    const log = await records(page, "Push log");
    expect(log.slice(-2).map((l) => l.Sheet)).toEqual([first.sheetName, second.sheetName]);
    await page.getByRole("list", { name: /one summary per sheet/ }).scrollIntoViewIfNeeded();
    await screenshot(page, "push-all");
  });
});
