/**
 * Excel behaviours the preview mirrors so the Excel layer's tests can guard them: the 1900 date system's
 * leap-year bug, a decimal point that always shows, cell-edit mode, several selected blocks, the characters a
 * cell holds, and the bare GeneralException older Excel on the web gave for an oversized request.
 */
import { formatValue, parseEntry } from "../../src/emulator";
import { codeOf as errorCode, run, setup, wb, X } from "../support/emulatorRig";

beforeEach(() => setup());
const codeOf = (p: Promise<unknown>) => errorCode(p, "no error");

describe("the 1900 date system", () => {
  test.each([
    [0, "yyyy-mm-dd", "1900-01-00"],
    [1, "yyyy-mm-dd", "1900-01-01"],
    [1, "dddd", "Sunday"], // Excel's weekday for serial 1 (the real 1900-01-01 was a Monday)
    [59, "yyyy-mm-dd", "1900-02-28"],
    [60, "yyyy-mm-dd", "1900-02-29"], // the day that never was
    [61, "yyyy-mm-dd", "1900-03-01"],
    [61, "dddd", "Thursday"],
    [45322.5, "yyyy-mm-dd hh:mm", "2024-01-31 12:00"],
    [2_958_466, "yyyy-mm-dd", "########"], // past 9999-12-31
  ])("serial %p in %p shows %p", (value, format, text) => {
    expect(formatValue(value, format)).toBe(text);
  });

  test.each([
    ["1900-01-01", 1],
    ["1900-02-28", 59],
    ["1900-02-29", 60],
    ["1900-03-01", 61],
  ])("typing %p gives serial %p", (text, serial) => {
    expect(parseEntry(text, "General")).toEqual({ value: serial, numberFormat: "yyyy-mm-dd" });
  });

  test("a date before 1900 has no serial: typed, it stays text", () => {
    expect(parseEntry("1899-12-31", "General")).toEqual({ value: "1899-12-31" });
  });
});

test.each([
  [5, "0.##", "5."],
  [1234, "#,##0.######", "1,234."],
  [1234.5, "#,##0.######", "1,234.5"],
  [7, "0.", "7."],
])("a decimal point in the format always shows: %p in %p is %p", (value, format, text) => {
  expect(formatValue(value, format)).toBe(text);
});

describe("cell-edit mode", () => {
  test("while a cell is edited a batch fails whole with InvalidOperationInCellEditMode", async () => {
    wb.beginCellEdit();
    const code = await codeOf(
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
        await ctx.sync();
      }),
    );
    expect(code).toBe("InvalidOperationInCellEditMode");
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("");
  });

  test("with delayForCellEdit the batch waits until editing ends, then runs", async () => {
    wb.beginCellEdit();
    let done = false;
    const pending = X.run({ delayForCellEdit: true }, async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await ctx.sync();
      done = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("");
    wb.endCellEdit();
    await pending;
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe(1);
  });
});

describe("several selected blocks", () => {
  test("getSelectedRange refuses them; getSelectedRanges (ExcelApi 1.9) gives every block", async () => {
    const sheet = wb.getSheet("Sheet1");
    wb.selectAreas(sheet, [
      { r: 1, c: 0, rows: 2, cols: 2 },
      { r: 6, c: 3, rows: 1, cols: 1 },
    ]);
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.getSelectedRange().load("address");
          await ctx.sync();
        }),
      ),
    ).toBe("InvalidSelection");
    expect(wb.requirements.isSetSupported("ExcelApi", "1.9")).toBe(true); // the manifest asks for 1.7 only
    await run(async (ctx) => {
      const ranges = ctx.workbook.getSelectedRanges().load("address");
      ranges.areas.load("items/rowIndex, items/rowCount");
      ranges.worksheet.load("name");
      await ctx.sync();
      expect(ranges.address).toBe("Sheet1!A2:B3,Sheet1!D7");
      expect(ranges.areas.items.map((r) => [r.rowIndex, r.rowCount])).toEqual([
        [1, 2],
        [6, 1],
      ]);
      expect(ranges.worksheet.name).toBe("Sheet1");
    });
    wb.select(sheet, { r: 0, c: 0, rows: 1, cols: 1 }); // one block again: getSelectedRange works
    await run(async (ctx) => {
      const sel = ctx.workbook.getSelectedRange().load("address");
      await ctx.sync();
      expect(sel.address).toBe("Sheet1!A1");
    });
  });
});

test("a cell holds at most 32,767 characters: an assignment with a longer text is refused whole", async () => {
  await run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["a".repeat(32_767)]];
    await ctx.sync();
  });
  const code = await codeOf(
    run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("B1:C1").values = [["b", "c".repeat(32_768)]];
      await ctx.sync();
    }),
  );
  expect(code).toBe("InvalidArgument");
  expect(String(wb.getSheet("Sheet1").valueAt(0, 0)).length).toBe(32_767);
  expect(wb.getSheet("Sheet1").valueAt(0, 1)).toBe(""); // B1 of the refused assignment is untouched
});

test("oversizeErrorCode: an oversized request can fail the way older Excel on the web did, with GeneralException", async () => {
  setup({ requestLimitBytes: 10_000, oversizeErrorCode: "GeneralException" });
  const code = await codeOf(
    run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:A100").values = Array.from({ length: 100 }, () => ["z".repeat(200)]);
      await ctx.sync();
    }),
  );
  expect(code).toBe("GeneralException");
  expect(wb.syncLog.at(-1)).toMatchObject({ ok: false, code: "GeneralException" });
});
