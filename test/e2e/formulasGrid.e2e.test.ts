/**
 * PAYROLL formulas at a grid's scale and with Excel's arguments and results, in Chromium against the sandbox:
 * - a grid of AMOUNT formulas (40 employees x 12 months x 4 accounts = 1,920 cells, pasted) costs one
 *   transaction_history per month plus the employee list, leaves no #BUSY! cell, and matches the service;
 * - TRANSACTIONS spills its table as Excel's dynamic arrays do, with the Date column as serial dates that sum;
 * - one-cell ranges are arguments like their cell;
 * - in a 1904-system workbook a date cell means the same day, and an h:mm cell is a time, never a date.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { isoDateToSerial } from "../../src/xl/excelConventions";
import { chooseClient, connect, startStack, until, type Stack } from "./harness";
import { gridCell, pasteAt, typeAt } from "./grid";
import { screenshot } from "./screenshots";

const SHEET = "Sheet1";
const ACCOUNTS = ["basic_salary", "gross_pay", "paye", "nett_pay"];
/** The sandbox's history is finalised up to its "today" (2026-11-21): the twelve months before it, and a year in it. */
const YEAR = 2026;
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ year: i < 2 ? 2025 : 2026, month: ((i + 10) % 12) + 1 }));

type PreviewSheet = { valueAt(r: number, c: number): unknown; textAt(r: number, c: number): string };

const cell = (page: Page, address: string) => gridCell(page, SHEET, address);
const typeInto = (page: Page, address: string, text: string) => typeAt(page, SHEET, address, text);

/** A block of values (0-based) once none is #BUSY!; `text` reads what the cells display instead. */
async function settled(page: Page, r0: number, c0: number, rows: number, cols: number, text = false): Promise<unknown[][]> {
  const read = () =>
    page.evaluate(
      ([name, r0, c0, rows, cols, text]) => {
        const sheet = (
          window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } }
        ).__payrollPreview.workbook.findSheet(name as string);
        return Array.from({ length: rows as number }, (_, r) =>
          Array.from({ length: cols as number }, (_, c) =>
            text ? sheet.textAt((r0 as number) + r, (c0 as number) + c) : sheet.valueAt((r0 as number) + r, (c0 as number) + c),
          ),
        );
      },
      [SHEET, r0, c0, rows, cols, text] as const,
    );
  let values: unknown[][] = [];
  await until(page, async () => !(values = await read()).flat().includes("#BUSY!"), "the cells' figures (no #BUSY!)", 200);
  return values;
}

const monthRange = ({ year, month }: { year: number; month: number }) => {
  const mm = String(month).padStart(2, "0");
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${year}-${mm}-01`, `${year}-${mm}-${lastDay}`] as const;
};
const cents = (rows: Record<string, unknown>[], account: string, employee?: string) =>
  rows
    .filter((r) => employee === undefined || r.employee === employee)
    .reduce((s, r) => s + Math.round(Number(r[account] ?? 0) * 100), 0) / 100;

describe("PAYROLL formulas at scale and with Excel's arguments (Chromium against the sandbox)", () => {
  let stack: Stack;
  let direct: PayrollApi;
  const serviceRequests: string[] = [];
  /** The last row (1-based) the TRANSACTIONS test wrote, for the grid test to clear. */
  let lastUsedRow = 4;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 40 }, viewport: { width: 1500, height: 1000 } });
    stack.page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/v1/")) serviceRequests.push(`${r.method()} ${pathname}`);
    });
    direct = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey, requestsPerSecond: 0 });
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, 1);
  });
  afterAll(() => stack?.close());

  it("TRANSACTIONS spills a table whose Date column holds serial dates; one-cell ranges are arguments like their cell", async () => {
    const { page } = stack;
    const [start, end] = [`${YEAR}-01-01`, `${YEAR}-03-31`];
    // An employee paid in the quarter (the list also holds leavers and later starters).
    const all = await direct.runReport(1, "transaction_history", {
      start_date: start,
      end_date: end,
      account_names: ["gross_pay", "nett_pay"],
    });
    const number = String(all[0].employee);
    const rows = all.filter((r) => r.employee === number);
    await typeInto(page, "H1", "gross_pay, nett_pay");
    await typeInto(page, "H2", start);
    await typeInto(page, "H3", end);
    await typeInto(page, "H4", `'${number}`);
    await typeInto(page, "A1", `=PAYROLL.TRANSACTIONS(H1:H1,H2:H2,H3,H4)`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const table = await settled(page, 0, 0, rows.length + 2, 4);
    expect(table[0]).toEqual(["employee", "Date", "gross_pay", "nett_pay"]);
    const body = table.slice(1, rows.length + 1);
    expect(body.map((r) => r[1])).toEqual(rows.map((r) => isoDateToSerial(String(r.Date))));
    expect(body.map((r) => r[2])).toEqual(rows.map((r) => Number(r.gross_pay)));
    expect(table[rows.length + 1]).toEqual(["", "", "", ""]); // nothing spills beyond the table
    // The spilled Date column is numbers: a worksheet SUM/MIN over it works, as over dates typed by hand.
    await typeInto(page, "F1", `=MIN(B2:B${rows.length + 1})`);
    await typeInto(page, "F2", `=SUM(C2:C${rows.length + 1})`);
    const [[min], [sum]] = await settled(page, 0, 5, 2, 1);
    expect(min).toBe(isoDateToSerial(String(rows[0].Date)));
    expect(sum).toBeCloseTo(cents(rows, "gross_pay"), 2);
    // Formatted as dates (what the accountant does to the column; the preview has no format menu, so the model's
    // number format is set as Range.numberFormat would), the spilled serials read as days.
    await page.evaluate((n) => {
      const sheet = (
        window as unknown as {
          __payrollPreview: { workbook: { findSheet(n: string): { cellForWrite(r: number, c: number): { nf?: string } } } };
        }
      ).__payrollPreview.workbook.findSheet("Sheet1");
      for (let r = 1; r <= n; r++) sheet.cellForWrite(r, 1).nf = "dd/mm/yyyy";
      sheet.cellForWrite(0, 5).nf = "dd/mm/yyyy";
    }, rows.length);
    await page.getByRole("button", { name: "Refresh formulas" }).click();
    const shown = await settled(page, 1, 1, rows.length, 1, true);
    expect(shown.map((r) => r[0])).toEqual(rows.map((r) => String(r.Date).split("-").reverse().join("/")));
    lastUsedRow = Math.max(4, rows.length + 2);
    await cell(page, "A1").click();
    await screenshot(page, "formulas-transactions");
  });

  it("a 1,920-cell grid (40 employees x 12 months x 4 accounts) costs 12 transaction_history and 1 employee list, no #BUSY!", async () => {
    const { page } = stack;
    const employees = await direct.listEmployees(1);
    expect(employees.length).toBe(40);
    // The previous test's cells go; Refresh formulas empties the cache, so the paste starts from nothing.
    await cell(page, "A1").click();
    await cell(page, `H${lastUsedRow}`).click({ modifiers: ["Shift"] });
    await page.keyboard.press("Delete");
    await page.getByRole("button", { name: "Refresh formulas" }).click();
    await page.getByText("Refreshed formulas: this workbook has no PAYROLL formulas.").waitFor();
    const before = serviceRequests.length;
    const text = employees
      .map((e) =>
        MONTHS.map((m) => {
          const [start, end] = monthRange(m);
          return ACCOUNTS.map((a) => `=PAYROLL.AMOUNT("${a}","${start}","${end}","${e.number}")`).join("\t");
        }).join("\t"),
      )
      .join("\r\n");
    await pasteAt(page, SHEET, "A1", text);
    const values = await settled(page, 0, 0, 40, 48);
    const during = serviceRequests.slice(before);
    expect(during.filter((r) => r === "POST /v1/clients/1/reports/transaction_history")).toHaveLength(12);
    expect(during.filter((r) => r === "GET /v1/clients/1/employees")).toHaveLength(1);
    expect(during).toHaveLength(13);

    const expected: number[][] = employees.map(() => []);
    for (const m of MONTHS) {
      const [start_date, end_date] = monthRange(m);
      const rows = await direct.runReport(1, "transaction_history", { start_date, end_date, account_names: ACCOUNTS });
      employees.forEach((e, i) => expected[i].push(...ACCOUNTS.map((a) => cents(rows, a, e.number!))));
    }
    expect(values).toEqual(expected);
    expect(values.flat().filter((v) => v !== 0).length).toBeGreaterThan(1000);
    await cell(page, "A1").click();
    await screenshot(page, "formulas-grid");
  });
});

describe("PAYROLL formulas in a 1904-system workbook (Chromium against the sandbox)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 12 }, path: "/preview.html?dateSystem=1904" });
    await connect(stack.page, stack.sandbox.apiKey);
    await chooseClient(stack.page, 1);
  });
  afterAll(() => stack?.close());

  it("a typed date means the same day as in a 1900 workbook, and an h:mm cell stays a time, never read as a date", async () => {
    const { page } = stack;
    const direct = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey, requestsPerSecond: 0 });
    const rows = await direct.runReport(1, "transaction_history", {
      start_date: `${YEAR}-01-01`,
      end_date: `${YEAR}-06-30`,
      account_names: ["gross_pay"],
    });
    await typeInto(page, "B1", `01/01/${YEAR}`);
    await typeInto(page, "B2", `30/06/${YEAR}`);
    await typeInto(page, "B3", "9:30");
    await typeInto(page, "A1", `=PAYROLL.AMOUNT("gross_pay",B1,B2)`);
    await typeInto(page, "A2", `=PAYROLL.AMOUNT("gross_pay",B3,B2)`);
    const [[amount], [timeAsDate]] = await settled(page, 0, 0, 2, 1);
    expect(amount).toBeCloseTo(cents(rows, "gross_pay"), 2);
    expect(timeAsDate).toBe("#VALUE!");
    expect(await cell(page, "A2").getAttribute("title")).toMatch(/time of day, not a date/);
    // The time cell still shows 9:30: the 1904 system moves days, not times.
    expect((await settled(page, 2, 1, 1, 1, true))[0][0]).toBe("9:30");
  });
});
