/**
 * The preview refuses what Excel refuses (issue G): requirement sets above the manifest's level without an
 * isSetSupported check, very hidden sheets deleted or their panes unfrozen, writes to a protected sheet, invalid
 * number formats; and it does what Excel does: a write under a table extends it, a request counts about 500 bytes
 * per range written, DATE answers in the workbook's date system.
 */
import { createPreviewWorkbook, formatValue, installPreviewExcel, parseEntry } from "../../src/emulator";
import * as api from "../../src/emulator/api";
import { API_SETS, compareVersions } from "../../src/emulator/requirements";
import { numberFormatProblem } from "../../src/emulator/numberFormat";
import { codeOf, codesOf, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());

describe("requirement sets at the manifest's level (ExcelApi 1.7)", () => {
  const selectedRanges = () =>
    run(async (ctx) => {
      const r = ctx.workbook.getSelectedRanges().load("address");
      await ctx.sync();
      return r.address;
    });

  test("an ExcelApi 1.9 call without isSetSupported fails with ApiNotFound, even on a host that has 1.9", async () => {
    expect(await codeOf(selectedRanges())).toBe("ApiNotFound");
    expect(wb.requirements.isSetSupported("ExcelApi", "1.9")).toBe(true);
    await expect(selectedRanges()).resolves.toBe("Sheet1!A1");
  });

  test("a host below the set says no and refuses the call", async () => {
    setup({ requirements: { host: "1.8" } });
    expect(wb.requirements.isSetSupported("ExcelApi", "1.9")).toBe(false);
    expect(await codeOf(selectedRanges())).toBe("ApiNotFound");
    // Sets up to the host's level are there; the manifest's 1.7 calls need no check.
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 1, 1).values = [[1]];
      await ctx.sync();
    });
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe(1);
  });

  test("a host below the manifest's level lacks the 1.7 calls", async () => {
    setup({ requirements: { host: "1.3" } });
    const code = await codeOf(
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 1, 1).values = [[1]];
        await ctx.sync();
      }),
    );
    expect(code).toBe("ApiNotFound");
  });

  test("installPreviewExcel gives an Office.context.requirements that answers for the preview host", () => {
    const g: Record<string, unknown> = {};
    const model = installPreviewExcel(g, createPreviewWorkbook({ requirements: { host: "1.8" } }));
    const office = g.Office as { context: { requirements: { isSetSupported(n: string, v: string): boolean } } };
    expect(office.context.requirements.isSetSupported("ExcelApi", "1.7")).toBe(true);
    expect(office.context.requirements.isSetSupported("ExcelApi", "1.9")).toBe(false);
    expect(model.requirements.levels).toMatchObject({ manifest: "1.7", host: "1.8" });
  });

  test("the table names the set of every public member of the preview's API classes", () => {
    const skip = new Set(["RequestContext", "ClientObject", "Collection", "EventHandlerResult"]);
    const members = Object.entries(api).flatMap(([name, cls]) =>
      typeof cls === "function" && cls.prototype && !skip.has(name)
        ? Object.getOwnPropertyNames(cls.prototype)
            .filter((m) => m !== "constructor" && !m.startsWith("_") && m !== "load" && m !== "isNullObject")
            .map((m) => `${name}.${m}`)
        : [],
    );
    expect(members.length).toBeGreaterThan(50);
    expect(members.filter((m) => API_SETS[m] === undefined)).toEqual([]);
  });

  test("every set in the table is a real ExcelApi version, ordered as numbers", () => {
    for (const set of Object.values(API_SETS)) expect(set).toMatch(/^1\.\d+$/);
    expect(compareVersions("1.10", "1.9")).toBeGreaterThan(0);
  });
});

describe("very hidden sheets", () => {
  beforeEach(async () => {
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.add("_snap");
      ws.visibility = "VeryHidden";
      await ctx.sync();
    });
  });

  test("cannot be deleted until made Hidden or Visible", async () => {
    const del = () =>
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("_snap").delete();
        await ctx.sync();
      });
    expect(await codeOf(del())).toBe("InvalidOperation");
    expect(wb.findSheet("_snap")).toBeDefined();
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("_snap");
      ws.visibility = "Hidden";
      ws.delete();
      await ctx.sync();
    });
    expect(wb.findSheet("_snap")).toBeUndefined();
  });

  test("panes of a hidden sheet cannot be unfrozen or frozen until it is visible", async () => {
    const unfreeze = () =>
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("_snap").freezePanes.unfreeze();
        await ctx.sync();
      });
    expect(await codeOf(unfreeze())).toBe("InvalidOperation");
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("_snap");
      ws.visibility = "Visible";
      ws.freezePanes.unfreeze();
      ws.freezePanes.freezeRows(3);
      await ctx.sync();
    });
    expect(wb.getSheet("_snap").frozenRows).toBe(3);
  });
});

describe("a write under a table extends it", () => {
  beforeEach(() =>
    run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      ws.getRangeByIndexes(2, 0, 2, 2).values = [
        ["Name", "Amount"],
        ["A", 1],
      ];
      ws.tables.add(ws.getRangeByIndexes(2, 0, 2, 2), true).name = "T";
      await ctx.sync();
    }),
  );
  const rowsOfT = () => wb.findTable("T")!.rows;
  const write = (row: number, values: unknown[][], prop: "values" | "numberFormat" = "values") =>
    run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(row, 0, values.length, values[0].length)[prop] =
        values as never;
      await ctx.sync();
    });

  test("values in the row directly below join the table, a block of rows at once", async () => {
    await write(4, [
      ["B", 2],
      ["C", 3],
    ]);
    expect(rowsOfT()).toBe(4);
  });

  test("formats alone, blanks, or a row with a gap above leave it as it is", async () => {
    await write(4, [["@", "0.00"]], "numberFormat");
    await write(4, [["", ""]]);
    await write(5, [["D", 4]]);
    expect(rowsOfT()).toBe(2);
  });
});

describe("request size, as Excel on the web counts it", () => {
  test("each range written costs about 500 bytes besides its cells", async () => {
    const ranges = 1000;
    await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      for (let i = 0; i < ranges; i++) {
        const r = ws.getRangeByIndexes(i * 2, 0, 1, 1);
        r.numberFormat = [["0"]];
        r.values = [[i]];
      }
      await ctx.sync();
    });
    const bytes = wb.syncLog[wb.syncLog.length - 1].requestBytes;
    expect(bytes / ranges).toBeGreaterThanOrEqual(500);
    expect(bytes / ranges).toBeLessThan(530);
  });

  test("10,000 sparse one-row writes in one request are refused", async () => {
    const code = await codeOf(
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem("Sheet1");
        for (let i = 0; i < 10_000; i++) {
          const r = ws.getRangeByIndexes(i * 2, 0, 1, 3);
          r.numberFormat = [["@", "0", "#,##0.00"]];
          r.values = [["Saved", i, 1234.5]];
        }
        await ctx.sync();
      }),
    );
    expect(code).toBe("RequestPayloadSizeLimitExceeded");
  });
});

describe("sheet protection", () => {
  const protect = (password?: string) =>
    run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").protection.protect(undefined, password);
      await ctx.sync();
    });
  const writeA1 = () =>
    run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 1, 1).values = [["x"]];
      await ctx.sync();
    });

  test("a protected sheet refuses writes, formats, fills, clears and new tables with AccessDenied", async () => {
    await protect();
    const attempts: ((ws: Excel.Worksheet) => void)[] = [
      (ws) => (ws.getRangeByIndexes(0, 0, 1, 1).values = [["x"]]),
      (ws) => (ws.getRangeByIndexes(0, 0, 1, 1).numberFormat = [["0"]]),
      (ws) => (ws.getRangeByIndexes(0, 0, 1, 1).format.fill.color = "#FFC7CE"),
      (ws) => ws.getRange("A1:B2").clear(),
      (ws) => ws.tables.add(ws.getRangeByIndexes(0, 0, 2, 1), true),
    ];
    for (const attempt of attempts) {
      const code = await codeOf(
        run(async (ctx) => {
          attempt(ctx.workbook.worksheets.getItem("Sheet1"));
          await ctx.sync();
        }),
      );
      expect(code).toBe("AccessDenied");
    }
    expect(wb.getSheet("Sheet1").cell(0, 0)).toBeUndefined();
  });

  test("selecting and freezing still work; protected loads; unprotect needs the password", async () => {
    await protect("pw");
    const state = await run(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("Sheet1");
      ws.getRangeByIndexes(1, 1, 1, 1).select();
      ws.freezePanes.freezeRows(1);
      const p = ws.protection.load("protected");
      await ctx.sync();
      return p.protected;
    });
    expect(state).toBe(true);
    expect(
      await codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.getItem("Sheet1").protection.unprotect("wrong");
          await ctx.sync();
        }),
      ),
    ).toBe("InvalidArgument");
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").protection.unprotect("pw");
      await ctx.sync();
    });
    await writeA1();
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("x");
  });
});

describe("number formats are checked", () => {
  test.each([
    "General",
    "@",
    "0",
    "0.00",
    "#,##0.00",
    "€#,##0.00",
    "[$€-1809]#,##0.00;-[$€-1809]#,##0.00",
    "yyyy-mm-dd",
    "dd/mm/yyyy hh:mm",
    "0.00%",
    '#,##0.00 "EUR"',
    "[Red]-0.00",
    "[h]:mm",
    "h:mm AM/PM",
    "0.0E+00",
    "_(#,##0_)",
  ])("%s is accepted", (code) => expect(numberFormatProblem(code)).toBeNull());

  test.each(['"unclosed', "[Red", "[Purple]0", "0;0;0;0;0", "abc", "0.00 EUR", "\\"])("%s is refused", (code) =>
    expect(numberFormatProblem(code)).not.toBeNull(),
  );

  test("Range.numberFormat with an invalid code fails with InvalidArgument and changes nothing", async () => {
    const code = await codeOf(
      run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 1, 2).numberFormat = [["0.00", "0.00 EUR"]];
        await ctx.sync();
      }),
    );
    expect(code).toBe("InvalidArgument");
    expect(wb.getSheet("Sheet1").formatAt(0, 0)).toBe("General");
  });
});

describe("the 1904 date system", () => {
  const date1904 = () =>
    run(async (ctx) => {
      const r = ctx.workbook.functions.date(1904, 1, 1).load("value");
      await ctx.sync();
      return r.value;
    });

  test("DATE(1904,1,1) is 1462 in a 1900 workbook and 0 in a 1904 one", async () => {
    await expect(date1904()).resolves.toBe(1462);
    setup({ dateSystem: "1904" });
    await expect(date1904()).resolves.toBe(0);
  });

  test("a 1904 workbook shows and reads dates in its own system", () => {
    expect(formatValue(0, "yyyy-mm-dd dddd", "1904")).toBe("1904-01-01 Friday");
    expect(formatValue(45657 - 1462, "yyyy-mm-dd", "1904")).toBe(formatValue(45657, "yyyy-mm-dd"));
    expect(parseEntry("2025-01-31", undefined, "1904").value).toBe((parseEntry("2025-01-31", undefined).value as number) - 1462);
  });
});

describe("every gated call", () => {
  test("an assignment or method of a set the host lacks fails the sync with ApiNotFound", async () => {
    setup({ requirements: { host: "1.1" } });
    const attempts: ((ctx: Excel.RequestContext) => void)[] = [
      (ctx) => (ctx.workbook.worksheets.getItem("Sheet1").visibility = "Visible"),
      (ctx) => ctx.workbook.worksheets.getItem("Sheet1").freezePanes.freezeRows(1),
      (ctx) => ctx.workbook.settings.add("k", 1),
      (ctx) => void ctx.workbook.functions.date(2025, 1, 31).load("value"),
    ];
    expect(await codesOf(attempts)).toEqual(attempts.map(() => "ApiNotFound"));
    // ExcelApi 1.1 is there.
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await ctx.sync();
    });
    expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe(1);
  });
});
