/**
 * The preview strict both ways (issue 26): what it allowed that Excel refuses (charts on a protected sheet,
 * setPosition with any address, a hyperlink's text always stored as text, convertToRange dropping the table's look),
 * and what it refused that Excel allows (duplicate chart names and other chart types: charts.test.ts; a chart's data
 * on another sheet, hyperlinks on unlocked cells where "Insert hyperlinks" is allowed, isSetSupported for sets other
 * than ExcelApi). Each case as Excel's reference documents it.
 */
import { chartData } from "../../src/emulator";
import { TABLE_HEADER_FILL } from "../../src/emulator/api";
import { API_SETS, compareVersions } from "../../src/emulator/requirements";
import { codeOf, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());

const onSheet = (fn: (ws: Excel.Worksheet, ctx: Excel.RequestContext) => void, sheet = "Sheet1") =>
  run(async (ctx) => {
    fn(ctx.workbook.worksheets.getItem(sheet), ctx);
    await ctx.sync();
  });

function fill(name = "Sheet1") {
  const sheet = wb.findSheet(name) ?? wb.addSheet(name);
  [
    ["Client", "Previous", "Now"],
    ["Liffey", 100, 120],
    ["Shannon", 200, 150],
  ].forEach((row, r) => row.forEach((v, c) => sheet.enter(r, c, v)));
  return sheet;
}

const protect = (options: Partial<Excel.WorksheetProtectionOptions> = {}) =>
  onSheet((ws) => ws.protection.protect(options));

describe("charts on a protected sheet need Edit objects", () => {
  test("charts.add is refused with AccessDenied while the sheet is protected, and allowed with allowEditObjects", async () => {
    fill();
    await protect();
    const add = () => onSheet((ws) => ws.charts.add("ColumnClustered", ws.getRange("A1:C3"), "Columns"));
    expect(await codeOf(add())).toBe("AccessDenied");
    expect(wb.getSheet("Sheet1").charts).toHaveLength(0);
    await onSheet((ws) => ws.protection.unprotect());
    await protect({ allowEditObjects: true });
    expect(await codeOf(add(), "ok")).toBe("ok");
    expect(wb.getSheet("Sheet1").charts).toHaveLength(1);
  });

  test("renaming, titling, moving and deleting a chart are refused on a protected sheet", async () => {
    fill();
    await onSheet((ws) => void ws.charts.add("ColumnClustered", ws.getRange("A1:C3"), "Columns"));
    await protect();
    const chart = (ws: Excel.Worksheet) => ws.charts.getItem("Chart 1");
    for (const change of [
      (ws: Excel.Worksheet) => (chart(ws).name = "Other"),
      (ws: Excel.Worksheet) => (chart(ws).title.text = "Other"),
      (ws: Excel.Worksheet) => chart(ws).setPosition("A10"),
      (ws: Excel.Worksheet) => chart(ws).delete(),
    ])
      expect(await codeOf(onSheet(change))).toBe("AccessDenied");
    expect(chartData(wb.getSheet("Sheet1").charts[0])).toMatchObject({ name: "Chart 1", title: "" });
  });
});

describe("Chart.setPosition checks its cells", () => {
  beforeEach(async () => {
    fill();
    wb.addSheet("Other");
    await onSheet((ws) => void ws.charts.add("ColumnClustered", ws.getRange("A1:C3"), "Columns"));
  });
  const position = () => wb.getSheet("Sheet1").charts[0].position;

  test.each([["A0"], ["XFE1"], ["A1048577"], ["not a cell"], [""], ["Other!A1"]])(
    "start %p is refused with InvalidArgument",
    async (start) => {
      const before = { ...position() };
      expect(await codeOf(onSheet((ws) => ws.charts.getItem("Chart 1").setPosition(start)))).toBe("InvalidArgument");
      expect(position()).toEqual(before);
    },
  );

  test("an end on another sheet is refused", async () => {
    expect(await codeOf(onSheet((ws) => ws.charts.getItem("Chart 1").setPosition("A5", "Other!H20")))).toBe(
      "InvalidArgument",
    );
    expect(
      await codeOf(
        onSheet((ws, ctx) =>
          ws.charts.getItem("Chart 1").setPosition("A5", ctx.workbook.worksheets.getItem("Other").getRange("H20")),
        ),
      ),
    ).toBe("InvalidArgument");
  });

  test("Ranges and addresses of its own sheet place it: the end range's far corner is covered", async () => {
    await onSheet((ws) => ws.charts.getItem("Chart 1").setPosition(ws.getRange("B5:C6"), ws.getRange("E10:H20")));
    expect(position()).toEqual({ r: 4, c: 1, rows: 16, cols: 7 });
    await onSheet((ws) => ws.charts.getItem("Chart 1").setPosition("Sheet1!D4", "F9"));
    expect(position()).toEqual({ r: 3, c: 3, rows: 6, cols: 3 });
  });
});

describe("a chart's data may be on another sheet, as in Excel", () => {
  test("series and category names read from the data's sheet and follow its cells", async () => {
    const data = fill("Data");
    wb.addSheet("Charts");
    await onSheet((ws, ctx) => {
      const from = ctx.workbook.worksheets.getItem("Data");
      const chart = ws.charts.add("ColumnClustered", from.getRange("B1:C3"), "Columns");
      chart.axes.categoryAxis.setCategoryNames(from.getRange("A2:A3"));
    }, "Charts");
    const chart = wb.getSheet("Charts").charts[0];
    expect(chartData(chart)).toMatchObject({
      categories: ["Liffey", "Shannon"],
      series: [
        { name: "Previous", values: [100, 200] },
        { name: "Now", values: [120, 150] },
      ],
    });
    data.enter(1, 0, "Boyne");
    data.enter(2, 2, 175);
    expect(chartData(chart)).toMatchObject({ categories: ["Boyne", "Shannon"], series: [{}, { values: [120, 175] }] });
  });
});

describe("Range.hyperlink: the text follows the cell's number format", () => {
  const link = (address: string, textToDisplay: string) =>
    onSheet((ws) => (ws.getRange(address).hyperlink = { documentReference: "'Sheet1'!A1", textToDisplay }));

  test("a number's text in a General cell is a number, in a Text cell text; a formula's text stays text", async () => {
    await onSheet((ws) => (ws.getRange("B2").numberFormat = [["@"]]));
    await link("A2", "42");
    await link("B2", "42");
    await link("C2", "=SUM(A1)");
    await link("D2", "TRUE");
    const sheet = wb.getSheet("Sheet1");
    expect([sheet.valueAt(1, 0), sheet.valueAt(1, 1), sheet.valueAt(1, 2), sheet.valueAt(1, 3)]).toEqual([
      42,
      "42",
      "=SUM(A1)",
      true,
    ]);
    expect(sheet.cell(1, 2)?.f).toBeUndefined();
    const back = await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A2").load("hyperlink, text");
      await ctx.sync();
      return [r.hyperlink.textToDisplay, r.text];
    });
    expect(back).toEqual(["42", [["42"]]]);
  });
});

describe("Range.hyperlink on a protected sheet", () => {
  beforeEach(async () => {
    await onSheet((ws) => (ws.getRange("B2:B3").format.protection.locked = false));
  });
  const link = (address: string) =>
    codeOf(
      onSheet((ws) => (ws.getRange(address).hyperlink = { documentReference: "'Sheet1'!A1", textToDisplay: "Go" })),
      "ok",
    );

  test("with Insert hyperlinks allowed: honoured on unlocked cells, refused on locked ones", async () => {
    await protect({ allowInsertHyperlinks: true });
    expect(await link("B2:B3")).toBe("ok");
    expect(wb.getSheet("Sheet1").cell(2, 1)?.link?.documentReference).toBe("'Sheet1'!A1");
    expect(await link("A2")).toBe("AccessDenied");
    expect(await link("A2:B2")).toBe("AccessDenied");
    expect(wb.getSheet("Sheet1").cell(1, 0)?.link).toBeUndefined();
  });

  test("without it: refused even on unlocked cells", async () => {
    await protect();
    expect(await link("B2")).toBe("AccessDenied");
    expect(wb.getSheet("Sheet1").cell(1, 1)?.link).toBeUndefined();
  });
});

describe("Table.convertToRange keeps the table style as fixed formatting", () => {
  test("the header row keeps its fill and bold once the table is gone; a person's own fill is kept", async () => {
    const sheet = fill();
    sheet.cellForWrite(0, 2).fill = "#FFC7CE";
    await onSheet((ws) => {
      const t = ws.tables.add("A1:C3", true);
      t.name = "T";
    });
    await onSheet((ws) => void ws.tables.getItem("T").convertToRange());
    expect(wb.findTable("T")).toBeUndefined();
    expect([0, 1, 2].map((c) => [sheet.cell(0, c)?.fill, sheet.cell(0, c)?.bold])).toEqual([
      [TABLE_HEADER_FILL, true],
      [TABLE_HEADER_FILL, true],
      ["#FFC7CE", true],
    ]);
    expect(sheet.cell(1, 0)?.fill).toBeUndefined();
    const fills = await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").format.fill.load("color");
      await ctx.sync();
      return r.color;
    });
    expect(fills).toBe(TABLE_HEADER_FILL);
  });
});

describe("Office.context.requirements.isSetSupported per set and version", () => {
  const highest = Object.values(API_SETS).reduce((a, b) => (compareVersions(a, b) >= 0 ? a : b));

  test("ExcelApi up to the highest set the preview implements, and no further", () => {
    const r = wb.requirements;
    expect(r.levels.host).toBe(highest);
    expect(r.isSetSupported("ExcelApi")).toBe(true);
    expect(r.isSetSupported("ExcelApi", "1.1")).toBe(true);
    expect(r.isSetSupported("ExcelApi", highest)).toBe(true);
    const [major, minor] = highest.split(".").map(Number);
    expect(r.isSetSupported("ExcelApi", `${major}.${minor + 1}`)).toBe(false);
    expect(r.isSetSupported("ExcelApi", "2.0")).toBe(false);
  });

  test("CustomFunctionsRuntime 1.1 to 1.3 (what the preview's functions runtime has), not 1.4 or 1.5", () => {
    const r = wb.requirements;
    expect(["1.1", "1.2", "1.3", "1.4", "1.5", "1.6"].map((v) => r.isSetSupported("CustomFunctionsRuntime", v))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(r.isSetSupported("CustomFunctionsRuntime")).toBe(true);
  });

  test("a host set to CustomFunctionsRuntime 1.1 says no to 1.2; one set to 1.5 says yes", () => {
    setup({ requirements: { customFunctionsRuntime: "1.1" } });
    expect(wb.requirements.isSetSupported("CustomFunctionsRuntime", "1.1")).toBe(true);
    expect(wb.requirements.isSetSupported("CustomFunctionsRuntime", "1.2")).toBe(false);
    setup({ requirements: { customFunctionsRuntime: "1.5" } });
    expect(wb.requirements.isSetSupported("CustomFunctionsRuntime", "1.5")).toBe(true);
  });

  test("false for the sets the preview does not implement, and for versions that are not versions", () => {
    const r = wb.requirements;
    for (const set of ["SharedRuntime", "DialogApi", "ExcelApiOnline", "Mailbox", "WordApi", "excelapi", ""])
      expect([set, r.isSetSupported(set, "1.1")]).toEqual([set, false]);
    expect(r.isSetSupported("ExcelApi", "latest")).toBe(false);
    expect(r.isSetSupported("CustomFunctionsRuntime", "1.0")).toBe(false);
  });

  test("an isSetSupported yes still lets the add-in use the set (it is the check the manifest's level asks for)", async () => {
    expect(wb.requirements.isSetSupported("ExcelApi", "1.9")).toBe(true);
    const ranges = await run(async (ctx) => {
      const r = ctx.workbook.getSelectedRanges().load("address");
      await ctx.sync();
      return r.address;
    });
    expect(ranges).toBe("Sheet1!A1");
  });
});
