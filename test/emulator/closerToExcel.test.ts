/**
 * The preview as strict as Excel (issue 26): the AutoCorrect option "Include new rows and columns in table" (writes
 * and typing under a table grow it only while it is on), Table.resize (ExcelApi 1.13), onActivated refused with
 * AccessDenied when set to, WorksheetActivated fired by freezing a non-active sheet's panes (office-js #3148), and
 * the document settings' size limit.
 */
import { codeOf, run, setup, wb } from "../support/emulatorRig";
import { tick } from "../support/previewExcel";

function logTable(): void {
  const sheet = wb.addSheet("Log");
  sheet.enter(0, 0, "When");
  sheet.enter(0, 1, "What");
  sheet.enter(1, 0, "09:00");
  sheet.enter(1, 1, "Pay A");
  wb.addTable(sheet, { r: 0, c: 0, rows: 2, cols: 2 }, true).name = "Log";
}
const writeUnder = () =>
  run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Log").getRange("A3:B3").values = [["10:00", "Pay B"]];
    await ctx.sync();
  });

describe("AutoCorrect 'Include new rows and columns in table'", () => {
  test("on (Excel's default): a write or a typed cell under the table grows it", async () => {
    setup();
    logTable();
    await writeUnder();
    expect(wb.findTable("Log")!.rows).toBe(3);
    wb.editCell(wb.getSheet("Log"), 3, 0, "11:00");
    expect(wb.findTable("Log")!.rows).toBe(4);
  });
  test("off: neither grows it, and the cells are written outside", async () => {
    setup({ autoCorrectTables: false });
    logTable();
    await writeUnder();
    wb.editCell(wb.getSheet("Log"), 3, 0, "11:00");
    expect(wb.findTable("Log")!.rows).toBe(2);
    expect(wb.getSheet("Log").valueAt(2, 1)).toBe("Pay B");
  });
});

describe("Table.resize (ExcelApi 1.13)", () => {
  const resize = (address: string) =>
    run(async (ctx) => {
      if (!Office.context.requirements.isSetSupported("ExcelApi", "1.13")) throw new Error("not supported");
      ctx.workbook.tables.getItem("Log").resize(address);
      await ctx.sync();
    });
  beforeEach(() => {
    setup();
    (globalThis as { Office?: unknown }).Office = {
      context: { requirements: { isSetSupported: (n: string, v?: string) => wb.requirements.isSetSupported(n, v) } },
    };
    logTable();
  });
  test("covers the new range, keeping the header row", async () => {
    await resize("A1:B5");
    expect(wb.findTable("Log")).toMatchObject({ r: 0, c: 0, rows: 5, cols: 2 });
  });
  test("refuses a range that moves the header row or misses the table", async () => {
    expect(await codeOf(resize("A2:B5"))).toBe("InvalidArgument");
    expect(await codeOf(resize("D1:E5"))).toBe("InvalidArgument");
    expect(wb.findTable("Log")).toMatchObject({ rows: 2, cols: 2 });
  });
  test("without the isSetSupported check, a host held to the manifest's 1.7 refuses it (ApiNotFound)", async () => {
    const code = await codeOf(
      run(async (ctx) => {
        ctx.workbook.tables.getItem("Log").resize("A1:B5");
        await ctx.sync();
      }),
    );
    expect(code).toBe("ApiNotFound");
  });
});

describe("sheet activation", () => {
  beforeEach(() => {
    setup();
    wb.addSheet("Inputs A");
    wb.addSheet("Inputs B");
  });
  const listen = (events: string[]) =>
    run(async (ctx) => {
      ctx.workbook.worksheets.onActivated.add(async (e) => void events.push(e.worksheetId));
      await ctx.sync();
    });

  test("freezing or unfreezing a non-active sheet's panes fires WorksheetActivated for it; the sheet shown stays", async () => {
    const events: string[] = [];
    await listen(events);
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Inputs B").freezePanes.freezeRows(3);
      await ctx.sync();
    });
    await tick();
    expect(events).toEqual([wb.getSheet("Inputs B").id]);
    expect(wb.activeSheet.name).toBe("Sheet1");
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Inputs A").freezePanes.unfreeze();
      ctx.workbook.worksheets.getItem("Sheet1").freezePanes.freezeRows(1); // the active sheet: nothing
      await ctx.sync();
    });
    await tick();
    expect(events).toEqual([wb.getSheet("Inputs B").id, wb.getSheet("Inputs A").id]);
  });

  test("set to refuse it, registering onActivated fails with AccessDenied", async () => {
    setup({ refuseActivatedEvents: true });
    expect(await codeOf(listen([]))).toBe("AccessDenied");
  });
});

describe("document settings", () => {
  const save = (key: string, value: unknown) =>
    run(async (ctx) => {
      ctx.workbook.settings.add(key, value);
      await ctx.sync();
    });
  test("refused with InvalidArgument past the limit (about 2 MB by default), nothing stored", async () => {
    setup();
    await save("a", "x".repeat(1_500_000));
    expect(await codeOf(save("b", "y".repeat(700_000)))).toBe("InvalidArgument");
    expect([...wb.settings.keys()]).toEqual(["a"]);
    await save("a", "x".repeat(100)); // replacing a key counts its new value only
    await save("b", "y".repeat(700_000));
    expect([...wb.settings.keys()]).toEqual(["a", "b"]);
  });
  test("the limit can be set lower, as builds that fail near 1 MB", async () => {
    setup({ settingsLimitBytes: 1_000_000 });
    expect(await codeOf(save("a", "x".repeat(1_000_000)))).toBe("InvalidArgument");
    const tooBig = run(async (ctx) => {
      ctx.workbook.settings.add("b", 1);
      await ctx.sync();
      ctx.workbook.settings.getItem("b").value = "z".repeat(1_000_000);
      await ctx.sync();
    });
    expect(await codeOf(tooBig)).toBe("InvalidArgument");
    expect(wb.settings.get("b")).toBe(1);
  });
});
