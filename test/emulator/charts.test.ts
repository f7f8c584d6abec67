/**
 * Worksheet.charts, Range.hyperlink and Table.convertToRange in the emulator, as Excel documents them: a chart keeps
 * its source range (its series follow the cells), is named "Chart n" until renamed, is found by name and deleted; the
 * category names come from a range (ChartAxis.setCategoryNames, ExcelApi 1.7); a hyperlink's text never becomes a
 * formula; a table converted to a range leaves its cells. What the preview once did more leniently or more strictly
 * than Excel is in previewStrictness.test.ts.
 */
import { chartData } from "../../src/emulator";
import { codeOf, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());

function fill() {
  const sheet = wb.getSheet("Sheet1");
  [
    ["Client", "Previous", "Now"],
    ["Liffey", 100, 120],
    ["Shannon", 200, 150],
  ].forEach((row, r) => row.forEach((v, c) => sheet.enter(r, c, v)));
  return sheet;
}

describe("Worksheet.charts (ExcelApi 1.1)", () => {
  test("add takes the source range: names from the first row, categories from a first column of text, one series a column", async () => {
    const sheet = fill();
    const name = await run(async (ctx) => {
      const chart = ctx.workbook.worksheets
        .getItem("Sheet1")
        .charts.add("ColumnClustered", ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:C3"), "Columns");
      chart.load("name");
      await ctx.sync();
      return chart.name;
    });
    expect(name).toBe("Chart 1");
    expect(chartData(sheet.charts[0])).toMatchObject({
      categories: ["Liffey", "Shannon"],
      series: [
        { name: "Previous", values: [100, 200] },
        { name: "Now", values: [120, 150] },
      ],
    });
    // The chart holds the range, not the values.
    sheet.enter(2, 2, 175);
    expect(chartData(sheet.charts[0]).series[1].values).toEqual([120, 175]);
  });

  test("a name, a title, a position and category names from another range; found by name, deleted", async () => {
    const sheet = fill();
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      const chart = ws.charts.add("ColumnClustered", ws.getRange("B1:C3"), "Columns");
      chart.name = "NettPay";
      chart.title.text = "Nett pay";
      chart.axes.categoryAxis.setCategoryNames(ws.getRange("A2:A3"));
      chart.setPosition("A6", "H20");
      await ctx.sync();
    });
    expect(chartData(sheet.charts[0])).toMatchObject({
      name: "NettPay",
      title: "Nett pay",
      categories: ["Liffey", "Shannon"],
      position: { r: 5, c: 0, rows: 15, cols: 8 },
    });
    const found = await run(async (ctx) => {
      const charts = ctx.workbook.worksheets.getItem("Sheet1").charts;
      const none = charts.getItemOrNullObject("Other");
      const one = charts.getItemOrNullObject("nettpay");
      await ctx.sync();
      const was = [none.isNullObject, one.isNullObject];
      one.delete();
      await ctx.sync();
      return was;
    });
    expect(found).toEqual([true, false]);
    expect(sheet.charts).toHaveLength(0);
    expect(
      await codeOf(run(async (ctx) => ctx.workbook.worksheets.getItem("Sheet1").charts.getItem("NettPay").load("name"))),
    ).toBe("ItemNotFound");
  });

  test("two charts may share a name, as in Excel (getItem finds the first); a type outside Excel.ChartType is refused", async () => {
    const sheet = fill();
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      ws.charts.add("ColumnClustered", ws.getRange("B1:C3"), "Columns").name = "A";
      ws.charts.add("Line", ws.getRange("B1:C3"), "Columns").name = "a";
      await ctx.sync();
    });
    expect(sheet.charts.map((c) => [c.name, c.type])).toEqual([
      ["A", "ColumnClustered"],
      ["a", "Line"],
    ]);
    const first = await run(async (ctx) => {
      const c = ctx.workbook.worksheets.getItem("Sheet1").charts.getItem("a").load("name");
      await ctx.sync();
      return c.name;
    });
    expect(first).toBe("A");
    for (const type of ["Columns", "Invalid", "columnclustered"]) {
      const refused = run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem("Sheet1");
        ws.charts.add(type as Excel.ChartType, ws.getRange("B1:C3"), "Columns");
        await ctx.sync();
      });
      expect(await codeOf(refused)).toBe("InvalidArgument");
    }
  });

  test("setCategoryNames is ExcelApi 1.7: refused on a host without it", async () => {
    setup({ requirements: { host: "1.6", manifest: "1.6" } });
    fill();
    const code = await codeOf(
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem("Sheet1");
        ws.charts
          .add("ColumnClustered", ws.getRange("B1:C3"), "Columns")
          .axes.categoryAxis.setCategoryNames(ws.getRange("A2:A3"));
        await ctx.sync();
      }),
    );
    expect(code).toBe("ApiNotFound");
  });
});

describe("Range.hyperlink (ExcelApi 1.7) and Table.convertToRange (1.2)", () => {
  test("a link to a sheet shows its text as text (never a formula) and is read back; Clear All removes it", async () => {
    const link = await run(async (ctx) => {
      const cell = ctx.workbook.worksheets.getItem("Sheet1").getRange("B2");
      cell.hyperlink = { documentReference: "'Inputs'!A1", textToDisplay: "=Inputs" };
      await ctx.sync();
      cell.load("hyperlink, values, formulas");
      await ctx.sync();
      return [cell.hyperlink, cell.values, cell.formulas];
    });
    expect(link[0]).toMatchObject({ documentReference: "'Inputs'!A1", textToDisplay: "=Inputs" });
    const sheet = wb.getSheet("Sheet1");
    expect(sheet.cell(1, 1)?.f).toBeUndefined();
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("B2").clear("All");
      await ctx.sync();
    });
    expect(sheet.cell(1, 1)?.link).toBeUndefined();
  });

  test("convertToRange removes the table and keeps its cells", async () => {
    const sheet = fill();
    await run(async (ctx) => {
      const t = ctx.workbook.worksheets.getItem("Sheet1").tables.add("A1:C3", true);
      t.name = "T";
      await ctx.sync();
      t.convertToRange();
      await ctx.sync();
    });
    expect(wb.findTable("T")).toBeUndefined();
    expect(sheet.valueAt(2, 0)).toBe("Shannon");
  });
});
