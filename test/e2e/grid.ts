/** Reading and typing into the preview grid the way a person does (for the e2e tests). */
import type { Page } from "playwright-core";
import type { PayrollApi } from "../../src/api";
import { buildInputSheet, openTab, salariedWave, selectWave, sheetText } from "./harness";

type PreviewSheet = {
  tables(): { r: number; c: number; rows: number; cols: number }[];
  valueAt(r: number, c: number): unknown;
  textAt(r: number, c: number): string;
};

/** Header row (0-based), column letters by header and data row count of a sheet's first table. */
export async function tableLayout(
  page: Page,
  sheetName: string,
): Promise<{ headerRow: number; columns: Record<string, string>; rows: number }> {
  return page.evaluate((name) => {
    const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } }).__payrollPreview
      .workbook;
    const sheet = wb.findSheet(name);
    const t = sheet.tables()[0];
    const letters = (c: number) => {
      let s = "";
      for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
      return s;
    };
    const columns: Record<string, string> = {};
    for (let k = 0; k < t.cols; k++) columns[String(sheet.valueAt(t.r, t.c + k))] = letters(t.c + k);
    return { headerRow: t.r, columns, rows: t.rows - 1 };
  }, sheetName);
}

/** The table's rows as records of displayed text. */
export async function records(page: Page, sheetName: string): Promise<Record<string, string>[]> {
  const layout = await tableLayout(page, sheetName);
  const text = await sheetText(page, sheetName);
  const headers = text[layout.headerRow];
  return text
    .slice(layout.headerRow + 1, layout.headerRow + 1 + layout.rows)
    .map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i] ?? ""])));
}

/** Clicks a data cell of the table (selecting it). */
export async function clickCell(page: Page, sheetName: string, rowIndex: number, header: string): Promise<void> {
  const layout = await tableLayout(page, sheetName);
  const address = `${layout.columns[header]}${layout.headerRow + 2 + rowIndex}`;
  await page
    .getByRole("grid", { name: `Sheet ${sheetName}` })
    .locator(`[data-address="${address}"]`)
    .click();
}

/** Selects a data cell, types the text and presses Enter; waits until the workbook holds something there. */
export async function typeCell(page: Page, sheetName: string, rowIndex: number, header: string, text: string): Promise<void> {
  await clickCell(page, sheetName, rowIndex, header);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  const layout = await tableLayout(page, sheetName);
  const col = layout.columns[header];
  await page.waitForFunction(
    ([name, letters, r]) => {
      const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } })
        .__payrollPreview.workbook;
      let c = 0;
      for (const ch of letters) c = c * 26 + ch.charCodeAt(0) - 64;
      return wb.findSheet(name).textAt(r, c - 1) !== "";
    },
    [sheetName, col, layout.headerRow + 1 + rowIndex] as const,
  );
}

/** Shows a sheet by its tab under the grid (the pane's feature tabs can share a name, e.g. "Employees"). */
export async function openSheet(page: Page, sheetName: string): Promise<void> {
  await page.getByRole("tablist", { name: "Sheets" }).getByRole("tab", { name: sheetName, exact: true }).click();
  await page.getByRole("grid", { name: `Sheet ${sheetName}` }).waitFor();
}

/**
 * Scrolls the grid back to column A with the mouse wheel, as a person would (each sheet keeps its own scroll
 * position, as in Excel, so a sheet scrolled right earlier is still scrolled right when shown again).
 */
export async function scrollGridLeft(page: Page, sheetName: string): Promise<void> {
  const grid = page.getByRole("grid", { name: `Sheet ${sheetName}` });
  await grid.hover();
  await page.mouse.wheel(-10_000, 0);
  await page.waitForFunction((name) => {
    const el = document.querySelector(`[role=grid][aria-label="Sheet ${name}"]`);
    return !el || el.scrollLeft === 0;
  }, sheetName);
}

/** A cell of a sheet's grid by its address ("A1"), as the grid renders it. */
export const gridCell = (page: Page, sheetName: string, address: string) =>
  page.getByRole("grid", { name: `Sheet ${sheetName}` }).locator(`[data-address="${address}"]`);

/** Types into a cell by its address and presses Enter, as a person does. */
export async function typeAt(page: Page, sheetName: string, address: string, text: string): Promise<void> {
  await gridCell(page, sheetName, address).click();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** Pastes tab-separated text at a cell through the grid's paste handler (what Ctrl+V delivers). */
export async function pasteAt(page: Page, sheetName: string, address: string, text: string): Promise<void> {
  await gridCell(page, sheetName, address).click();
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    (document.activeElement ?? document.body).dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** A cell's value (0-based row and column) once it is not #BUSY! any more (nor blank, with `untilFilled`). */
export async function settledCell(
  page: Page,
  sheetName: string,
  r: number,
  c: number,
  options: { untilFilled?: boolean } = {},
): Promise<unknown> {
  type PreviewSheet = { valueAt(r: number, c: number): unknown };
  const handle = await page.waitForFunction(
    ([name, r, c, untilFilled]) => {
      const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): PreviewSheet } } })
        .__payrollPreview.workbook;
      const v = wb.findSheet(name).valueAt(r, c);
      return v === "#BUSY!" || (untilFilled && (v === null || v === "")) ? null : { v };
    },
    [sheetName, r, c, options.untilFilled ?? false] as const,
    { timeout: 30_000 },
  );
  return ((await handle.jsonValue()) as { v: unknown }).v;
}

/**
 * The opening the input-sheet journeys share: the Input sheets tab, the client's salaried wave (harness salariedWave),
 * a sheet of Basic salary built with any `more` input columns ticked too. Returns the sheet's rows as built, the Basic
 * salary `header` (it carries its unit), `column(prefix)` for another header, the rows' employee IDs and names.
 */
export async function buildSalarySheet(page: Page, api: PayrollApi, clientId: number, more: readonly string[] = []) {
  await openTab(page, "Input sheets");
  const wave = await salariedWave(api, clientId);
  await selectWave(page, wave.w.id);
  for (const column of more) await page.getByRole("checkbox", { name: column }).check();
  const sheetName = await buildInputSheet(page, "Basic salary: amount");
  const rows = await records(page, sheetName);
  const column = (prefix: string) => Object.keys(rows[0]).find((h) => h.startsWith(prefix))!;
  return {
    sheetName,
    rows,
    header: column("Basic salary"),
    column,
    waveId: wave.w.id,
    payslipDate: wave.period!.date,
    ids: rows.map((r) => Number(r["Employee ID"])),
    names: rows.map((r) => r.Name),
  };
}

/** A table cell's fill in the workbook (hex, or null when it has none), shown or not: the grid draws only one sheet. */
export async function cellFill(page: Page, sheetName: string, rowIndex: number, header: string): Promise<string | null> {
  return page.evaluate(
    ([name, h, r]) => {
      type Sheet = PreviewSheet & { cell(r: number, c: number): { fill?: string } | undefined };
      const wb = (window as unknown as { __payrollPreview: { workbook: { findSheet(n: string): Sheet } } }).__payrollPreview
        .workbook;
      const s = wb.findSheet(name);
      const t = s.tables()[0];
      let k = 0;
      while (String(s.valueAt(t.r, t.c + k)) !== h) k++;
      return s.cell(t.r + 1 + r, t.c + k)?.fill ?? null;
    },
    [sheetName, header, rowIndex] as const,
  );
}
