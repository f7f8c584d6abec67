/**
 * What colour ownership and the Push log's new columns need from the emulator, as Excel documents it:
 * Range.getCellProperties (ExcelApi 1.9) reading fills back, Table.columns.add (1.1; a null index and a name 1.4),
 * and a person's Fill Color, which is a format change (no Worksheet.onChanged).
 */
import { codeOf, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());

const FILL = { format: { fill: { color: true } } };

describe("Range.getCellProperties (ExcelApi 1.9)", () => {
  test("answers each cell's fill colour after the sync, #FFFFFF where there is none, and counts the answer's bytes", async () => {
    const sheet = wb.getSheet("Sheet1");
    wb.colourCells(sheet, { r: 1, c: 0, rows: 1, cols: 1 }, "#00b0f0");
    wb.requirements.isSetSupported("ExcelApi", "1.9"); // as Office.context.requirements answers it
    const answer = await run(async (ctx) => {
      const result = ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 3, 1).getCellProperties(FILL);
      expect(() => result.value).toThrow(/not been loaded/);
      await ctx.sync();
      return result.value;
    });
    expect(answer).toEqual([
      [{ format: { fill: { color: "#FFFFFF" } } }],
      [{ format: { fill: { color: "#00B0F0" } } }],
      [{ format: { fill: { color: "#FFFFFF" } } }],
    ]);
    expect(wb.syncLog[wb.syncLog.length - 1].responseBytes).toBe(JSON.stringify(answer).length);
  });

  test("answers the address too", async () => {
    wb.requirements.isSetSupported("ExcelApi", "1.9");
    const answer = await run(async (ctx) => {
      const result = ctx.workbook.worksheets.getItem("Sheet1").getRange("B2:C2").getCellProperties({ address: true });
      await ctx.sync();
      return result.value;
    });
    expect(answer).toEqual([[{ address: "Sheet1!B2" }, { address: "Sheet1!C2" }]]);
  });

  test("is refused (ApiNotFound) unless isSetSupported confirmed 1.9, and on a host without it", async () => {
    const read = () =>
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 1, 1).getCellProperties(FILL);
        await ctx.sync();
      });
    expect(await codeOf(read())).toBe("ApiNotFound");
    setup({ requirements: { host: "1.8" } });
    expect(wb.requirements.isSetSupported("ExcelApi", "1.9")).toBe(false);
    expect(await codeOf(read())).toBe("ApiNotFound");
  });
});

describe("a person's Fill Color", () => {
  test("colours and clears cells without firing Worksheet.onChanged (a format change)", async () => {
    const sheet = wb.getSheet("Sheet1");
    const events: unknown[] = [];
    wb.addChangeHandler(sheet, (e) => void events.push(e));
    wb.colourCells(sheet, { r: 0, c: 0, rows: 2, cols: 2 }, "#FF0000");
    wb.colourCells(sheet, { r: 0, c: 0, rows: 1, cols: 1 }, null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([]);
    expect([sheet.cell(0, 0)?.fill, sheet.cell(1, 1)?.fill]).toEqual([undefined, "#FF0000"]);
  });
});

describe("Table.columns.add", () => {
  async function table(name = "Log") {
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      const range = ws.getRange("A1:C3");
      range.values = [
        ["Time", "Saved", "Invalid"],
        [1, 2, 3],
        [4, 5, 6],
      ];
      ws.getRange("E2").values = [["beside"]];
      ws.tables.add(range, true).name = name;
      await ctx.sync();
    });
  }

  test("adds a named column at an index (later columns and cells of those rows shift right) or at the end (null)", async () => {
    await table();
    await run(async (ctx) => {
      const t = ctx.workbook.tables.getItem("Log");
      t.columns.add(2, undefined, "Conflict");
      t.columns.add(null as unknown as undefined, undefined, "Saved");
      await ctx.sync();
    });
    const sheet = wb.getSheet("Sheet1");
    const row = (r: number) => [0, 1, 2, 3, 4, 5, 6].map((c) => sheet.valueAt(r, c));
    // A name already in the table gets a number, as Excel keeps headers unique.
    expect(row(0)).toEqual(["Time", "Saved", "Conflict", "Invalid", "Saved2", "", ""]);
    expect(row(1)).toEqual([1, 2, "", 3, "", "", "beside"]);
    expect(sheet.tables()[0].cols).toBe(5);
  });

  test("an index past the table or values of the wrong shape are refused (InvalidArgument); the table is unchanged", async () => {
    await table();
    const add = (index: number, values?: unknown[][]) =>
      run(async (ctx) => {
        ctx.workbook.tables.getItem("Log").columns.add(index, values as never, "X");
        await ctx.sync();
      });
    expect(await codeOf(add(4))).toBe("InvalidArgument");
    expect(await codeOf(add(1, [[1], [2], [3]]))).toBe("InvalidArgument");
    expect(wb.getSheet("Sheet1").tables()[0].cols).toBe(3);
  });

  test("is refused on a protected sheet (AccessDenied)", async () => {
    await table();
    wb.getSheet("Sheet1").protection.protected = true;
    const add = run(async (ctx) => {
      ctx.workbook.tables.getItem("Log").columns.add(null as unknown as undefined, undefined, "X");
      await ctx.sync();
    });
    expect(await codeOf(add)).toBe("AccessDenied");
  });

  test("a null index or a name needs ExcelApi 1.4", async () => {
    setup({ requirements: { host: "1.3", manifest: "1.3" } });
    await table();
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.tables.getItem("Log").columns.add(1, undefined, "X");
          await ctx.sync();
        }),
      ),
    ).toBe("ApiNotFound");
  });
});
