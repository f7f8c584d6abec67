/**
 * Finding a sheet's table inside a batch, and the checks every operation on a table shares: where its header and
 * data body are, whether its sheet is protected, column by header, rows inside the body, valid sheet names.
 */
import { sheetNameProblem } from "../xl/excelConventions";
import { WorkbookError } from "./port";
import type { Ctx } from "./session";

export interface TableInfo {
  name: string;
  sheetName: string;
  headers: string[];
  bodyRow: number;
  bodyCol: number;
  bodyRows: number;
  /** Worksheet.protection.protected of the table's sheet: writes would fail with AccessDenied. */
  protected: boolean;
}

export async function loadTables(ctx: Ctx): Promise<{ name: string; sheetName: string }[]> {
  const tables = ctx.workbook.tables;
  tables.load("items/name, items/worksheet/name");
  await ctx.sync();
  return tables.items.map((t) => ({ name: t.name, sheetName: t.worksheet.name }));
}

/** Queue the loads that describe a table; the returned function reads them after the next sync. */
export function queueDescribe(ctx: Ctx, name: string, sheetName: string): () => TableInfo {
  const table = ctx.workbook.tables.getItem(name);
  const header = table.getHeaderRowRange().load("values");
  const body = table.getDataBodyRange().load("rowIndex, columnIndex, rowCount");
  const protection = ctx.workbook.worksheets.getItem(sheetName).protection.load("protected");
  return () => ({
    protected: protection.protected,
    name,
    sheetName,
    headers: (header.values[0] as unknown[]).map((h) => String(h)),
    bodyRow: body.rowIndex,
    bodyCol: body.columnIndex,
    bodyRows: body.rowCount,
  });
}

/** The first table on a sheet with its header and data body position, or null. */
export async function findTable(ctx: Ctx, sheetName: string): Promise<TableInfo | null> {
  const key = sheetName.toLowerCase();
  const found = (await loadTables(ctx)).find((t) => t.sheetName.toLowerCase() === key);
  if (!found) return null;
  const describe = queueDescribe(ctx, found.name, found.sheetName);
  await ctx.sync();
  return describe();
}

export async function requireTable(ctx: Ctx, sheetName: string): Promise<TableInfo> {
  const info = await findTable(ctx, sheetName);
  if (!info) throw new WorkbookError(`Sheet "${sheetName}" has no table. Import or build the sheet again.`, "ItemNotFound");
  return info;
}

export function columnIndex(info: TableInfo, column: string): number {
  const key = column.trim().toLowerCase();
  return info.headers.findIndex((h) => h.trim().toLowerCase() === key);
}

export function checkSheetName(name: string): void {
  const problem = sheetNameProblem(name);
  if (problem) throw new WorkbookError(`"${name}" cannot be a sheet name. ${problem}`, "InvalidArgument");
}

export function checkRows(info: TableInfo, rows: readonly number[]): void {
  const bad = rows.find((r) => !Number.isInteger(r) || r < 0 || r >= info.bodyRows);
  if (bad !== undefined) throw new WorkbookError(`Row ${bad} is outside the table on "${info.sheetName}".`, "InvalidArgument");
}

/** Refused up front, before anything changes: Excel's own AccessDenied names no sheet. */
export function protectedSheetError(sheetName: string): WorkbookError {
  return new WorkbookError(
    `Sheet "${sheetName}" is protected, so Excel refuses changes to it. Unprotect it (Review > Unprotect Sheet) and try again.`,
    "AccessDenied",
  );
}

export function isBlankRow(row: unknown[]): boolean {
  return row.every((v) => v === "" || v === null || v === undefined);
}

/** Sorted distinct row indexes as contiguous runs. */
export function rowRuns(rows: Iterable<number>): { from: number; count: number }[] {
  const out: { from: number; count: number }[] = [];
  for (const r of [...new Set(rows)].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last.from + last.count === r) last.count++;
    else out.push({ from: r, count: 1 });
  }
  return out;
}
