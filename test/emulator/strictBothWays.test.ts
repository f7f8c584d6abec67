/**
 * The preview as strict as Excel both ways (issue M): tables grow under and right of a write as far as its data
 * goes, workbook structure protection, defined names sharing the tables' namespace, blocked spills, and protected
 * sheets that accept what Excel accepts (values in unlocked cells, formatting the protection options allow).
 */
import { codeOf, codesOf, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());
const onSheet = (fn: (ws: Excel.Worksheet, ctx: Excel.RequestContext) => void, sheet = "Sheet1") =>
  run(async (ctx) => {
    fn(ctx.workbook.worksheets.getItem(sheet), ctx);
    await ctx.sync();
  });

describe("table auto-expansion (office-js #3013, #3191, #2097)", () => {
  beforeEach(() =>
    onSheet((ws) => {
      ws.getRangeByIndexes(2, 0, 2, 2).values = [
        ["Name", "Amount"],
        ["A", 1],
      ];
      ws.tables.add(ws.getRangeByIndexes(2, 0, 2, 2), true).name = "T";
    }),
  );
  const t = () => wb.findTable("T")!;

  test("trailing blank rows of a block written below stay outside the table", async () => {
    await onSheet(
      (ws) =>
        (ws.getRangeByIndexes(4, 0, 4, 2).values = [
          ["B", 2],
          ["", 3],
          ["", ""],
          [null, ""],
        ]),
    );
    expect(t().rows).toBe(4);
  });

  test("a block whose first row is blank does not extend the table", async () => {
    await onSheet(
      (ws) =>
        (ws.getRangeByIndexes(4, 0, 2, 2).values = [
          ["", ""],
          ["C", 3],
        ]),
    );
    expect(t().rows).toBe(2);
  });

  test("values written directly right of the table extend it by the columns that hold data", async () => {
    await onSheet((ws) => (ws.getRangeByIndexes(3, 2, 1, 3).values = [["x", "y", ""]]));
    expect(t().cols).toBe(4);
    expect(wb.getSheet("Sheet1").valueAt(2, 2)).toBe("Column3");
    expect(wb.getSheet("Sheet1").valueAt(2, 3)).toBe("Column4");
  });

  test("a table on a protected sheet does not grow over unlocked cells written below it", async () => {
    await onSheet((ws) => {
      ws.getRangeByIndexes(4, 0, 1, 2).format.protection.locked = false;
      ws.protection.protect();
    });
    await onSheet((ws) => (ws.getRangeByIndexes(4, 0, 1, 2).values = [["B", 2]]));
    expect(wb.getSheet("Sheet1").valueAt(4, 0)).toBe("B");
    expect(t().rows).toBe(2);
    expect(await codeOf(onSheet((ws) => void ws.tables.getItem("T").rows.add(null as never, [["C", 3]])))).toBe("AccessDenied");
    expect(t().rows).toBe(2);
  });
});

describe("workbook structure protection (Review > Protect Workbook)", () => {
  const protect = (password?: string) =>
    run(async (ctx) => {
      ctx.workbook.protection.protect(password);
      await ctx.sync();
    });

  test("adding, deleting, hiding, showing and renaming sheets are refused; cells still change", async () => {
    await onSheet((_ws, ctx) => void ctx.workbook.worksheets.add("Two"));
    await onSheet((ws) => (ws.visibility = "Hidden"), "Two");
    await protect();
    const attempts: ((ctx: Excel.RequestContext) => void)[] = [
      (ctx) => void ctx.workbook.worksheets.add("Three"),
      (ctx) => ctx.workbook.worksheets.getItem("Sheet1").delete(),
      (ctx) => (ctx.workbook.worksheets.getItem("Two").visibility = "Visible"),
      (ctx) => (ctx.workbook.worksheets.getItem("Sheet1").name = "Renamed"),
    ];
    expect(await codesOf(attempts)).toEqual(attempts.map(() => "AccessDenied"));
    expect(wb.sheets.map((s) => [s.name, s.visibility])).toEqual([
      ["Sheet1", "Visible"],
      ["Two", "Hidden"],
    ]);
    await onSheet((ws) => (ws.getRange("A1").values = [["still writable"]]));
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("still writable");
  });

  test("protected loads (ExcelApi 1.7); unprotect needs the password, then sheets can be added", async () => {
    await protect("pw");
    const loaded = await run(async (ctx) => {
      const p = ctx.workbook.protection.load("protected");
      await ctx.sync();
      return p.protected;
    });
    expect(loaded).toBe(true);
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.protection.unprotect("wrong");
          await ctx.sync();
        }),
      ),
    ).toBe("InvalidArgument");
    await run(async (ctx) => {
      ctx.workbook.protection.unprotect("pw");
      ctx.workbook.worksheets.add("Three");
      await ctx.sync();
    });
    expect(wb.findSheet("Three")).toBeDefined();
  });
});

describe("defined names", () => {
  test("a table cannot take a defined name's name, and a name cannot take a table's", async () => {
    await run(async (ctx) => {
      ctx.workbook.names.add("Pay", "=Sheet1!$A$1");
      await ctx.sync();
    });
    const code = await codeOf(
      onSheet((ws) => {
        ws.getRange("A3:B4").values = [
          ["Name", "Amount"],
          ["A", 1],
        ];
        ws.tables.add(ws.getRange("A3:B4"), true).name = "pay";
      }),
    );
    expect(code).toBe("ItemAlreadyExists");
    expect(wb.tablesList.map((t) => t.name)).toEqual(["Table1"]);
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.names.add("table1", "=1");
          await ctx.sync();
        }),
      ),
    ).toBe("ItemAlreadyExists");
  });

  test("getItemOrNullObject finds a name whatever its case, and is null otherwise", async () => {
    const found = await run(async (ctx) => {
      ctx.workbook.names.add("Rate", "=0.2");
      const a = ctx.workbook.names.getItemOrNullObject("RATE").load("name, formula");
      const b = ctx.workbook.names.getItemOrNullObject("Other");
      await ctx.sync();
      return [a.isNullObject, a.name, a.formula, b.isNullObject];
    });
    expect(found).toEqual([false, "Rate", "=0.2", true]);
  });
});

describe("protected sheets accept what Excel accepts", () => {
  const protect = (options?: Excel.WorksheetProtectionOptions) => onSheet((ws) => ws.protection.protect(options));
  const attempt = (fn: (ws: Excel.Worksheet) => void) => codeOf(onSheet(fn));

  test("values go into unlocked cells; a range with any locked cell is refused whole", async () => {
    await onSheet((ws) => (ws.getRange("B2:B3").format.protection.locked = false));
    await protect();
    expect(await attempt((ws) => (ws.getRange("B2:B3").values = [["x"], ["=1+1"]]))).toBeUndefined();
    expect(wb.getSheet("Sheet1").valueAt(2, 1)).toBe(2);
    expect(await attempt((ws) => (ws.getRange("B3:B4").values = [["y"], ["z"]]))).toBe("AccessDenied");
    expect(wb.getSheet("Sheet1").valueAt(3, 1)).toBe("");
    expect(await attempt((ws) => ws.getRange("B2").clear("Contents"))).toBeUndefined();
    expect(wb.getSheet("Sheet1").valueAt(1, 1)).toBe("");
  });

  test("formats need allowFormatCells (locked or not), column widths allowFormatColumns; locking never", async () => {
    await onSheet((ws) => (ws.getRange("B2").format.protection.locked = false));
    await protect();
    expect(await attempt((ws) => (ws.getRange("B2").numberFormat = [["0.00"]]))).toBe("AccessDenied");
    await onSheet((ws) => ws.protection.unprotect());
    await protect({ allowFormatCells: true, allowFormatColumns: true });
    expect(await attempt((ws) => (ws.getRange("C5").numberFormat = [["0.00"]]))).toBeUndefined();
    expect(await attempt((ws) => (ws.getRange("C5").format.font.bold = true))).toBeUndefined();
    expect(await attempt((ws) => (ws.getRange("C:C").format.columnWidth = 80))).toBeUndefined();
    expect(await attempt((ws) => (ws.getRange("C5").values = [["x"]]))).toBe("AccessDenied");
    expect(await attempt((ws) => (ws.getRange("C5").format.protection.locked = false))).toBe("AccessDenied");
    const options = await run(async (ctx) => {
      const p = ctx.workbook.worksheets.getItem("Sheet1").protection.load("options");
      await ctx.sync();
      return p.options;
    });
    expect(options).toMatchObject({ allowFormatCells: true, allowFormatColumns: true, allowInsertRows: false });
  });

  test("locked reads true, false, or null when the range's cells differ", async () => {
    await onSheet((ws) => (ws.getRange("A1").format.protection.locked = false));
    const read = await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      const ps = ["A1", "A2", "A1:A2"].map((a) => ws.getRange(a).format.protection.load("locked"));
      await ctx.sync();
      return ps.map((p) => p.locked);
    });
    expect(read).toEqual([false, true, null]);
  });
});

describe("dynamic arrays", () => {
  const valuesOf = (address: string) =>
    run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange(address).load("values");
      await ctx.sync();
      return r.values;
    });

  test("a range formula spills into the empty cells below; a blocked spill shows #SPILL!", async () => {
    await onSheet((ws) => {
      ws.getRange("A1:A3").values = [[1], [2], [3]];
      ws.getRange("C1").formulas = [["=A1:A3"]];
    });
    expect(await valuesOf("C1:C3")).toEqual([[1], [2], [3]]);
    await onSheet((ws) => (ws.getRange("C3").values = [["in the way"]]));
    expect(await valuesOf("C1:C3")).toEqual([["#SPILL!"], [""], ["in the way"]]);
    await onSheet((ws) => ws.getRange("C3").clear("Contents"));
    expect(await valuesOf("C1:C3")).toEqual([[1], [2], [3]]);
  });

  test("a formula written beside a table joins it, where a spill shows #SPILL!; a range inside a function does not spill", async () => {
    await onSheet((ws) => {
      ws.getRange("A1:B3").values = [
        ["H1", "H2"],
        [1, 2],
        [3, 4],
      ];
      ws.tables.add(ws.getRange("A1:B3"), true);
      ws.getRange("D1").formulas = [["=SUM(A2:B3)"]];
      ws.getRange("C2").formulas = [["=A2:B3"]];
    });
    expect(await valuesOf("D1")).toEqual([[10]]);
    expect(wb.tablesList[0].cols).toBe(3);
    expect(await valuesOf("C2:C3")).toEqual([["#SPILL!"], [""]]);
  });
});
