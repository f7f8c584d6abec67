/**
 * The preview is as strict as Excel about when custom functions run again (issue L, point 1): a full recalculation
 * (application.calculate(full)) re-runs ordinary functions but not those showing an error value (office-js #4502);
 * a streaming function sets its result whenever it likes, error cells included; a full recalculation cancels and
 * invokes it again; clearing or overwriting a streaming cell cancels it (onCanceled), and its later results are ignored.
 */
import { AsyncFormulaFunctions, BUSY, type StreamingInvocation } from "../../src/emulator/asyncFunctions";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete (globalThis as Record<string, unknown>)[name];
});

it("a full recalculation re-runs ordinary custom functions, except those whose cell shows an error value", async () => {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  let connected = false;
  const calls: string[] = [];
  workbook.formulaFunctions = new AsyncFormulaFunctions(
    (name) =>
      name === "X.F"
        ? async (arg) => {
            calls.push(String(arg));
            if (!connected || arg === "bad") throw Object.assign(new Error("Connect first"), { code: "#N/A" });
            return 7;
          }
        : undefined,
    () => workbook.changed(),
  );
  const sheet = workbook.activeSheet;
  sheet.enterFormula(0, 0, '=X.F("a")');
  sheet.enterFormula(1, 0, '=X.F("bad")');
  expect([sheet.valueAt(0, 0), sheet.valueAt(1, 0)]).toEqual([BUSY, BUSY]);
  await tick();
  connected = true;
  sheet.enterFormula(2, 0, '=X.F("c")');
  expect(sheet.valueAt(2, 0)).toBe(BUSY);
  await tick();
  expect([sheet.valueAt(0, 0), sheet.valueAt(1, 0), sheet.valueAt(2, 0)]).toEqual(["#N/A", "#N/A", 7]);

  await Excel.run(async (ctx) => {
    ctx.workbook.application.calculate(Excel.CalculationType.full);
    await ctx.sync();
  });
  expect(sheet.valueAt(2, 0)).toBe(BUSY); // a value: asked again
  await tick();
  expect([sheet.valueAt(0, 0), sheet.valueAt(1, 0), sheet.valueAt(2, 0)]).toEqual(["#N/A", "#N/A", 7]);
  expect(calls).toEqual(["a", "bad", "c", "c"]); // the error cells were not re-run, though "a" would now answer
});

it("a streaming function sets its result at any time, errors included; clearing or overwriting its cell cancels it", async () => {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  const invocations = new Map<string, StreamingInvocation>();
  const canceled: string[] = [];
  const fns = new AsyncFormulaFunctions(
    (name) =>
      name === "X.S"
        ? (arg, invocation) => {
            const inv = invocation as unknown as StreamingInvocation;
            invocations.set(String(arg), inv);
            inv.onCanceled = () => canceled.push(String(arg));
            inv.setResult(Object.assign(new Error("Connect in the pane"), { code: "#N/A" }));
          }
        : undefined,
    () => workbook.changed(),
    (name) => name === "X.S",
  );
  workbook.formulaFunctions = fns;
  const sheet = workbook.activeSheet;
  sheet.enterFormula(0, 0, '=X.S("a")');
  sheet.enterFormula(1, 0, '=X.S("b")');
  expect(sheet.valueAt(0, 0)).toBe(BUSY);
  sheet.valueAt(1, 0);
  await tick();
  expect(sheet.valueAt(0, 0)).toBe("#N/A");
  expect(sheet.formulaMessageAt(0, 0)).toBe("Connect in the pane");
  expect(fns.liveStreams).toBe(2);

  invocations.get("a")!.setResult(41); // no recalculation asked: the error cell shows the new result
  await tick();
  expect(sheet.valueAt(0, 0)).toBe(41);
  // A full recalculation cancels the streams and invokes them again, as Excel does (issue 26).
  workbook.calculate();
  expect(canceled.sort()).toEqual(["a", "b"]);
  expect(fns.liveStreams).toBe(0);
  invocations.get("a")!.setResult(40); // the cancelled invocation: ignored
  expect(sheet.valueAt(0, 0)).toBe(BUSY); // invoked again at the next evaluation
  expect(sheet.valueAt(0, 0)).toBe("#N/A"); // its first result
  sheet.valueAt(1, 0);
  expect(fns.liveStreams).toBe(2);
  invocations.get("a")!.setResult(41);
  await tick();
  expect(sheet.valueAt(0, 0)).toBe(41);
  canceled.length = 0;

  await Excel.run(async (ctx) => {
    const ws = ctx.workbook.worksheets.getActiveWorksheet();
    ws.getRange("A1").values = [[5]]; // overwritten
    ws.getRange("A2").clear(Excel.ClearApplyTo.contents); // cleared
    await ctx.sync();
  });
  await tick();
  expect(canceled.sort()).toEqual(["a", "b"]);
  expect(fns.liveStreams).toBe(0);
  invocations.get("a")!.setResult(99); // after cancellation: ignored
  await tick();
  expect(sheet.valueAt(0, 0)).toBe(5);
});
