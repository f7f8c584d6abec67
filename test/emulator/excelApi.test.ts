/**
 * The preview's Excel.* subset behaves like Excel: proxies, load/sync, PropertyNotLoaded, shape checks,
 * formula reading of =, +, -, @ strings, text format, payload limits, sheet-name rules, tables, settings.
 */
import { codeOf as errorCode, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());
const codeOf = (p: Promise<unknown>) => errorCode(p, "no error");

describe("proxies, load and sync", () => {
  test("reading a property that was not loaded throws PropertyNotLoaded, and works after load + sync", async () => {
    await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      r.values = [[1, "x"]];
      await ctx.sync();
      const fresh = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      expect(() => fresh.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      fresh.load("values");
      expect(() => fresh.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" })); // not synced yet
      await ctx.sync();
      expect(fresh.values).toEqual([[1, "x"]]);
      expect(() => fresh.address).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    });
  });

  test("queued writes are not applied until sync", async () => {
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[42]];
      expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("");
      await ctx.sync();
      expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe(42);
    });
  });

  test("Excel.run syncs what is still queued when the batch ends", async () => {
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("B2").values = [["done"]];
    });
    expect(wb.getSheet("Sheet1").valueAt(1, 1)).toBe("done");
  });

  test("isNullObject needs a sync; getItem of a missing sheet fails at sync with ItemNotFound", async () => {
    await run(async (ctx) => {
      const missing = ctx.workbook.worksheets.getItemOrNullObject("Nope");
      expect(() => missing.isNullObject).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await ctx.sync();
      expect(missing.isNullObject).toBe(true);
      ctx.workbook.worksheets.getItem("Nope").load("name");
      expect(await codeOf(ctx.sync())).toBe("ItemNotFound");
    });
  });

  test("collections need items loaded; nested navigation loads", async () => {
    await run(async (ctx) => {
      ctx.workbook.worksheets.add("Data");
      const sheets = ctx.workbook.worksheets;
      expect(() => sheets.items).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      sheets.load("items/name, items/visibility");
      await ctx.sync();
      expect(sheets.items.map((s) => s.name)).toEqual(["Sheet1", "Data"]);
      expect(sheets.items[1].visibility).toBe("Visible");
    });
  });
});

describe("values", () => {
  test("a value array must match the shape of the range (InvalidArgument)", async () => {
    const code = await codeOf(
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [[1, 2, 3]];
        await ctx.sync();
      }),
    );
    expect(code).toBe("InvalidArgument");
    const ragged = await codeOf(
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [[1, 2], [3]];
        await ctx.sync();
      }),
    );
    expect(ragged).toBe("InvalidArgument");
  });

  test("strings starting with =, +, - or @ are read as formulas; text format keeps them text", async () => {
    const inputs = ['=HYPERLINK("http://x","y")', "+353 1 234", "-5 days", "@home", "=1+2", "-5", "007", "TRUE", "2024-02-29"];
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      ws.getRange("A1:A9").values = inputs.map((s) => [s]);
      const text = ws.getRange("B1:B9");
      text.numberFormat = inputs.map(() => ["@"]);
      text.values = inputs.map((s) => [s]);
      const a = ws.getRange("A1:A9").load("values, formulas");
      const b = ws.getRange("B1:B9").load("values, formulas");
      await ctx.sync();
      const va = a.values.map((r) => r[0]);
      const fa = a.formulas.map((r) => r[0]);
      expect(fa.slice(0, 5)).toEqual(['=HYPERLINK("http://x","y")', "=+353 1 234", "=-5 days", "=@home", "=1+2"]);
      expect(va[0]).toBe("#NAME?");
      expect(va[1]).toBe("#NULL!");
      expect(va[2]).toBe("#NAME?");
      expect(va[3]).toBe("#NAME?");
      expect(va[4]).toBe(3);
      expect(va.slice(5)).toEqual([-5, 7, true, 45351]);
      expect(b.values.map((r) => r[0])).toEqual(inputs);
      expect(b.formulas.map((r) => r[0])).toEqual(inputs);
    });
  });

  test("null in a values array leaves the cell unchanged; a leading apostrophe forces text", async () => {
    await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      r.values = [["keep", "x"]];
      await ctx.sync();
      r.values = [[null, "'=1+1"]];
      const read = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").load("values");
      await ctx.sync();
      expect(read.values).toEqual([["keep", "=1+1"]]);
    });
  });

  test("number formats drive the displayed text", async () => {
    await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:D1");
      r.numberFormat = [["yyyy-mm-dd", "#,##0.00", "0.00%", "[$€-1809]#,##0.00"]];
      r.values = [[45351, 1234.5, 0.125, -3.5]];
      r.load("text, numberFormat");
      await ctx.sync();
      expect(r.text).toEqual([["2024-02-29", "1,234.50", "12.50%", "-€3.50"]]);
      expect(r.numberFormat[0][0]).toBe("yyyy-mm-dd");
    });
  });
});

describe("payload limits", () => {
  test("a sync whose request exceeds the limit is rejected whole with RequestPayloadSizeLimitExceeded", async () => {
    setup({ requestLimitBytes: 10_000 });
    const big = Array.from({ length: 100 }, (_, i) => [`row ${i} `.repeat(20)]);
    const code = await codeOf(
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem("Sheet1");
        ws.getRange("C1").values = [["small"]];
        ws.getRange("A1:A100").values = big;
        await ctx.sync();
      }),
    );
    expect(code).toBe("RequestPayloadSizeLimitExceeded");
    expect(wb.getSheet("Sheet1").valueAt(0, 2)).toBe(""); // nothing from the batch was applied
    expect(wb.syncLog.at(-1)).toMatchObject({ ok: false, code: "RequestPayloadSizeLimitExceeded" });
  });

  test("the default limit is 5 MB", async () => {
    const row = ["x".repeat(1000)];
    const rows = Array.from({ length: 6000 }, () => row); // ~6 MB of JSON
    const code = await codeOf(
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, rows.length, 1).values = rows;
        await ctx.sync();
      }),
    );
    expect(code).toBe("RequestPayloadSizeLimitExceeded");
  });

  test("a load whose response exceeds the limit fails with ResponsePayloadSizeLimitExceeded", async () => {
    setup({ responseLimitBytes: 5_000 });
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:A100").values = Array.from({ length: 100 }, () => ["y".repeat(100)]);
      await ctx.sync();
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:A100").load("values");
      expect(await codeOf(ctx.sync())).toBe("ResponsePayloadSizeLimitExceeded");
      expect(() => r.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    });
  });
});

describe("worksheets", () => {
  test.each([
    ["", "InvalidArgument"],
    ["   ", "InvalidArgument"],
    ["a".repeat(32), "InvalidArgument"],
    ["a/b", "InvalidArgument"],
    ["what?", "InvalidArgument"],
    ["[x]", "InvalidArgument"],
    ["a:b", "InvalidArgument"],
    ["History", "InvalidArgument"],
    ["'quoted'", "InvalidArgument"],
    ["sheet1", "ItemAlreadyExists"],
  ])("name %p is refused with %s", async (name, code) => {
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.add(name);
          await ctx.sync();
        }),
      ),
    ).toBe(code);
  });

  test("31 characters and lookups ignoring case are fine", async () => {
    await run(async (ctx) => {
      ctx.workbook.worksheets.add("b".repeat(31));
      const ws = ctx.workbook.worksheets.getItem("SHEET1").load("name");
      await ctx.sync();
      expect(ws.name).toBe("Sheet1");
    });
  });

  test("the last visible sheet cannot be hidden; veryHidden sheets are not activatable", async () => {
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.getItem("Sheet1").visibility = "Hidden";
          await ctx.sync();
        }),
      ),
    ).toBe("InvalidOperation");
    await run(async (ctx) => {
      const h = ctx.workbook.worksheets.add("_store");
      h.visibility = "VeryHidden";
      await ctx.sync();
      h.activate();
      expect(await codeOf(ctx.sync())).toBe("InvalidOperation");
    });
  });
});

describe("tables, selection, settings", () => {
  test("tables: header-only range gets one empty data row; rows.add shifts and takes the formats above", async () => {
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      ws.getRange("A1:B1").values = [["Name", "Name"]];
      ws.getRange("A5").values = [["below"]];
      const t = ws.tables.add("A1:B1", true);
      t.name = "People";
      const body = t.getDataBodyRange().load("address, rowCount");
      const header = t.getHeaderRowRange().load("values");
      await ctx.sync();
      expect(body.address).toBe("Sheet1!A2:B2");
      expect(header.values).toEqual([["Name", "Name2"]]);
      ws.getRange("A2:B2").numberFormat = [["@", "0.00"]];
      t.rows.add(null as never, [["=1+1", "3"]]);
      const after = t.getDataBodyRange().load("values, numberFormat, address");
      const moved = ws.getRange("A6").load("values");
      await ctx.sync();
      expect(after.address).toBe("Sheet1!A2:B3");
      expect(after.values[1]).toEqual(["=1+1", 3]);
      expect(after.numberFormat[1]).toEqual(["@", "0.00"]);
      expect(moved.values).toEqual([["below"]]);
    });
  });

  test("table names are unique, case-insensitively", async () => {
    const code = await codeOf(
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem("Sheet1");
        ws.tables.add("A1:A2", true).name = "Data";
        ws.tables.add("C1:C2", true).name = "DATA";
        await ctx.sync();
      }),
    );
    expect(code).toBe("ItemAlreadyExists");
  });

  test("the selected range reflects the model's selection", async () => {
    const sheet = wb.getSheet("Sheet1");
    wb.select(sheet, { r: 3, c: 1, rows: 2, cols: 3 });
    await run(async (ctx) => {
      const sel = ctx.workbook.getSelectedRange().load("address, rowIndex, rowCount");
      sel.worksheet.load("name");
      await ctx.sync();
      expect(sel.address).toBe("Sheet1!B4:D5");
      expect(sel.worksheet.name).toBe("Sheet1");
    });
  });

  test("settings hold JSON values and can be removed", async () => {
    await run(async (ctx) => {
      ctx.workbook.settings.add("payroll.clientId", 7);
      await ctx.sync();
      const s = ctx.workbook.settings.getItemOrNullObject("payroll.clientId").load("value");
      await ctx.sync();
      expect(s.value).toBe(7);
      s.delete();
      const gone = ctx.workbook.settings.getItemOrNullObject("payroll.clientId").load("value");
      await ctx.sync();
      expect(gone.isNullObject).toBe(true);
    });
    expect(wb.settings.size).toBe(0);
  });

  test("listeners hear about synced changes once per sync", async () => {
    const heard = jest.fn();
    wb.subscribe(heard);
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      ws.getRange("A1").values = [[1]];
      ws.getRange("A2").values = [[2]];
      await ctx.sync();
      ws.getRange("A1").load("values");
      await ctx.sync();
    });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
