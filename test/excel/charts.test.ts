/**
 * Links, charts and a table rewritten with the cells right of it kept (src/excel/charts.ts, tables.ts) against the
 * preview workbook, whose Worksheet.charts keeps a chart's source range as Excel does.
 */
import { createOfficeWorkbook, type ColumnSpec, type WorkbookPort } from "../../src/excel";
import { chartData, copyChart, installPreviewExcel, WorkbookModel } from "../../src/emulator";

let wb: WorkbookModel;
let port: WorkbookPort;
beforeEach(() => {
  wb = installPreviewExcel(globalThis, new WorkbookModel());
  port = createOfficeWorkbook({ now: () => new Date(2026, 10, 26, 9, 0) });
});

const COLUMNS: ColumnSpec[] = [
  { key: "client", header: "Client", type: "text" },
  { key: "wave", header: "Wave", type: "text" },
  { key: "previous", header: "Previous nett pay", type: "currency" },
  { key: "nett", header: "Nett pay", type: "currency" },
  { key: "sheet", header: "Input sheet", type: "text" },
];
const ROWS = [
  ["Liffey Engineering", "Monthly", 1000, 1100, ""],
  ["Shannon Foods", "Weekly", 2000, 1500, ""],
];
const write = (rows = ROWS, keepCellsRight = true) =>
  port.writeTable({ sheetName: "Overview", tableName: "Overview", columns: COLUMNS, rows, keepCellsRight });
const chart = (sheetName = "Overview") =>
  port.writeColumnChart({
    sheetName,
    name: "NettPay",
    title: "Nett pay by client",
    seriesColumns: ["Previous nett pay", "Nett pay"],
    categoryColumns: ["Client", "Wave"],
  });

describe("writeColumnChart", () => {
  it("adds one clustered column chart whose series and categories are the table's cells", async () => {
    await write();
    await chart();
    const sheet = wb.findSheet("Overview")!;
    expect(sheet.charts).toHaveLength(1);
    const data = chartData(sheet.charts[0]);
    expect(data).toMatchObject({
      name: "NettPay",
      type: "ColumnClustered",
      title: "Nett pay by client",
      categories: ["Liffey Engineering Monthly", "Shannon Foods Weekly"],
      series: [
        { name: "Previous nett pay", values: [1000, 2000] },
        { name: "Nett pay", values: [1100, 1500] },
      ],
    });
    // Under the table (header on row 3, data on rows 4-5), two rows left blank, in column A.
    expect(data.position).toMatchObject({ r: 7, c: 0 });
  });

  it("follows the cells: a changed cell changes the chart, and a refresh replaces the chart rather than adding one", async () => {
    await write();
    await chart();
    const sheet = wb.findSheet("Overview")!;
    sheet.enter(3, 3, 1234);
    expect(chartData(sheet.charts[0]).series[1].values).toEqual([1234, 1500]);
    await write([...ROWS, ["Boyne Logistics", "Monthly", 10, 20, ""]]);
    await chart();
    expect(sheet.charts).toHaveLength(1);
    expect(chartData(sheet.charts[0]).series[0].values).toEqual([1000, 2000, 10]);
  });

  it("refuses series columns that are not side by side", async () => {
    await write();
    await expect(
      port.writeColumnChart({
        sheetName: "Overview",
        name: "X",
        title: "",
        seriesColumns: ["Client", "Nett pay"],
        categoryColumns: ["Wave"],
      }),
    ).rejects.toThrow(/adjacent columns/);
  });

  it("goes with its sheet", async () => {
    await write();
    await port.writeTable({ sheetName: "Other", tableName: "Other", columns: COLUMNS, rows: ROWS });
    await chart();
    const charts = wb.findSheet("Overview")!.charts;
    await port.deleteSheet("Overview");
    expect(charts[0].deleted).toBeUndefined();
    expect(wb.findSheet("Overview")).toBeUndefined();
  });
});

describe("writeColumnChart in Excel on the web (issue 26, risky 5)", () => {
  const web = () => {
    wb = installPreviewExcel(globalThis, new WorkbookModel({ charts: { keepNameOnCopy: false } }));
  };

  it("finds the chart by its title after the person moved it and Excel renamed it: a refresh leaves one chart", async () => {
    web();
    await write();
    await chart();
    const sheet = wb.findSheet("Overview")!;
    const moved = copyChart(sheet.charts[0], sheet, true);
    expect(moved.name).toBe("Chart 2");
    await chart();
    expect(sheet.charts).toHaveLength(1);
    expect(chartData(sheet.charts[0])).toMatchObject({ name: "NettPay", title: "Nett pay by client" });
  });

  it("a copy of the chart (renamed, same title) and the original both go on refresh; a person's own chart stays", async () => {
    web();
    await write();
    await chart();
    const sheet = wb.findSheet("Overview")!;
    copyChart(sheet.charts[0]);
    const mine = copyChart(sheet.charts[0]);
    mine.title = "My own chart";
    expect(sheet.charts.map((c) => c.name)).toEqual(["NettPay", "Chart 2", "Chart 3"]);
    await chart();
    expect(sheet.charts.map((c) => [c.name, c.title])).toEqual([
      ["Chart 3", "My own chart"],
      ["NettPay", "Nett pay by client"],
    ]);
  });

  it("names the categories from the first column when a two-column range is refused", async () => {
    wb = installPreviewExcel(globalThis, new WorkbookModel({ charts: { categoryNameColumns: 1 } }));
    await write();
    await chart();
    const sheet = wb.findSheet("Overview")!;
    expect(sheet.charts).toHaveLength(1);
    expect(chartData(sheet.charts[0])).toMatchObject({
      name: "NettPay",
      title: "Nett pay by client",
      categories: ["Liffey Engineering", "Shannon Foods"],
      series: [{ values: [1000, 2000] }, { values: [1100, 1500] }],
    });
  });

  it("a refusal that one column does not cure is reported, with the sheet's protection named", async () => {
    wb = installPreviewExcel(globalThis, new WorkbookModel({ charts: { categoryNameColumns: 1 } }));
    await write();
    wb.findSheet("Overview")!.protection = { protected: true, options: wb.findSheet("Overview")!.protection.options };
    await expect(chart()).rejects.toMatchObject({ code: "AccessDenied" });
    expect(wb.findSheet("Overview")!.charts).toHaveLength(0);
  });
});

describe("linkCells", () => {
  it("makes a cell a link to a sheet that shows the sheet's name as text, never a formula", async () => {
    await port.writeTable({ sheetName: "=Inputs", tableName: "Inp", columns: COLUMNS, rows: ROWS });
    await write();
    await port.linkCells("Overview", [{ rowIndex: 1, column: "Input sheet", sheetName: "=Inputs" }]);
    const cell = wb.findSheet("Overview")!.cell(4, 4)!;
    expect(cell.v).toBe("=Inputs");
    expect(cell.f).toBeUndefined();
    expect(cell.link).toMatchObject({ documentReference: "'=Inputs'!A1" });
    // A refresh clears the old link with the table's cells.
    await write();
    expect(wb.findSheet("Overview")!.cell(4, 4)?.link).toBeUndefined();
  });
});

describe("writeTable with keepCellsRight", () => {
  it("rewrites the table's columns and keeps text and formulas right of them, even in a column Excel added to the table", async () => {
    await write();
    const sheet = wb.findSheet("Overview")!;
    // A note typed right beside the table (Excel grows the table over it) and a formula further right.
    await Excel.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Overview");
      ws.getRange("F3:F4").values = [["Notes"], ["Chase timesheets"]];
      ws.getRange("H4").formulas = [["=D4*2"]];
      await ctx.sync();
    });
    expect(wb.findTable("Overview")!.cols).toBe(6);
    await write([ROWS[0], ["Shannon Foods", "Weekly", 2000, 1600, ""]]);
    expect(sheet.valueAt(3, 5)).toBe("Chase timesheets");
    expect(sheet.valueAt(2, 5)).toBe("Notes");
    expect(sheet.formulaAt(3, 7)).toBe("=D4*2");
    expect(sheet.valueAt(4, 3)).toBe(1600);
    expect(wb.findTable("Overview")!.cols).toBe(5);
  });

  it("without it, the sheet is cleared as before", async () => {
    await write();
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Overview").getRange("H4").values = [["mine"]];
      await ctx.sync();
    });
    await write(ROWS, false);
    expect(wb.findSheet("Overview")!.valueAt(3, 7)).toBe("");
  });
});
