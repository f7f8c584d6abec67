/**
 * Links and charts over a sheet's table: cells that go to another sheet (Range.hyperlink with a documentReference,
 * ExcelApi 1.7: a link, never a HYPERLINK formula built from text), and a clustered column chart whose series and
 * categories are the table's own cells (Worksheet.charts.add, ExcelApi 1.1; the category names with
 * ChartAxis.setCategoryNames, ExcelApi 1.7, from one column when several are refused), so Excel redraws it when
 * the cells change. The chart is found again by its name or its title.
 */
import { checkCellTexts } from "./cellValues";
import { columnLetter, quoteSheetName } from "../xl/excelConventions";
import type { ColumnChartOptions, SheetLink } from "./port";
import { WorkbookError } from "./port";
import { type ExcelSession, guard } from "./session";
import { checkRows, columnIndex, requireTable, type TableInfo } from "./tableLookup";

/** Link actions per request: each is a range and a property set (a few hundred bytes), far under the request limit. */
const LINKS_PER_SYNC = 500;

function requireColumn(info: TableInfo, header: string): number {
  const k = columnIndex(info, header);
  if (k < 0) throw new WorkbookError(`Sheet "${info.sheetName}" has no column "${header}".`, "ItemNotFound");
  return k;
}

export async function linkCells(session: ExcelSession, sheetName: string, links: readonly SheetLink[]): Promise<void> {
  if (links.length === 0) return;
  checkCellTexts(
    links.map((l) => [l.text ?? l.sheetName]),
    (i) => `the link in row ${links[i].rowIndex + 1}`,
  );
  return guard(`link cells on "${sheetName}"`, () =>
    session.run(async (ctx) => {
      const info = await requireTable(ctx, sheetName);
      checkRows(
        info,
        links.map((l) => l.rowIndex),
      );
      const ws = ctx.workbook.worksheets.getItem(info.sheetName);
      for (let i = 0; i < links.length; i++) {
        const l = links[i];
        const cell = ws.getRangeByIndexes(info.bodyRow + l.rowIndex, info.bodyCol + requireColumn(info, l.column), 1, 1);
        // Text first, as text: the link's display text is never read as a formula.
        cell.numberFormat = [["@"]];
        cell.hyperlink = {
          documentReference: `${quoteSheetName(l.sheetName)}!A1`,
          textToDisplay: l.text ?? l.sheetName,
          screenTip: `Go to ${l.sheetName}`,
        };
        if ((i + 1) % LINKS_PER_SYNC === 0) await ctx.sync();
      }
      await ctx.sync();
    }),
  );
}

/** Adjacent columns of the table by header, left to right: their first index. */
function adjacent(info: TableInfo, headers: readonly string[], what: string): number {
  const at = headers.map((h) => requireColumn(info, h));
  if (at.length === 0 || at.some((k, i) => k !== at[0] + i))
    throw new WorkbookError(
      `The chart's ${what} must be adjacent columns of "${info.sheetName}", left to right.`,
      "InvalidArgument",
    );
  return at[0];
}

/**
 * The chart is the add-in's when it has the name or the title it was given: Excel on the web does not keep a chart's
 * name when the chart is copied or moved (office-js #3034), so a refresh looking by name alone would add a second.
 * Every such chart goes before the new one is drawn.
 */
function isOurs(chart: Excel.Chart, opts: ColumnChartOptions): boolean {
  return chart.name.toLowerCase() === opts.name.toLowerCase() || (opts.title !== "" && chart.title.text === opts.title);
}

export async function writeColumnChart(session: ExcelSession, opts: ColumnChartOptions): Promise<void> {
  return guard(`draw the chart on "${opts.sheetName}"`, () =>
    session.run(async (ctx) => {
      const info = await requireTable(ctx, opts.sheetName);
      const series = adjacent(info, opts.seriesColumns, "series");
      const categories = adjacent(info, opts.categoryColumns, "categories");
      const ws = ctx.workbook.worksheets.getItem(info.sheetName);
      const charts = ws.charts.load("items/name, items/title/text");
      await ctx.sync();
      for (const old of charts.items) if (isOurs(old, opts)) old.delete();
      const rows = Math.max(info.bodyRows, 1);
      const header = info.bodyRow - 1;
      const source = ws.getRangeByIndexes(header, info.bodyCol + series, rows + 1, opts.seriesColumns.length);
      const chart = ws.charts.add("ColumnClustered", source, "Columns");
      chart.name = opts.name;
      chart.title.text = opts.title;
      const top = info.bodyRow + rows + (opts.rowsBelow ?? 2);
      chart.setPosition(`A${top + 1}`, `${columnLetter(Math.max(5, opts.seriesColumns.length * 3))}${top + 18}`);
      // Last in the batch: what ran before it stands if it is refused.
      const names = (cols: number) => ws.getRangeByIndexes(info.bodyRow, info.bodyCol + categories, rows, cols);
      chart.axes.categoryAxis.setCategoryNames(names(opts.categoryColumns.length));
      try {
        await ctx.sync();
      } catch (refused) {
        // The reference does not promise a range of several columns: the first column alone names the categories.
        if (opts.categoryColumns.length < 2) throw refused;
        chart.axes.categoryAxis.setCategoryNames(names(1));
        await ctx.sync().catch(() => {
          throw refused;
        });
      }
    }),
  );
}
