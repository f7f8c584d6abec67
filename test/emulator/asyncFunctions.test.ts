/**
 * The preview's custom-function calls: #BUSY! until the promise settles, then the value or the rejection's error
 * value; one call per distinct arguments; one change notification per burst; clear() calls again, ignoring stale
 * answers. Formulas typed into the workbook reach the registered functions through the evaluator.
 */
import { AsyncFormulaFunctions, BUSY } from "../../src/emulator/asyncFunctions";
import { createPreviewWorkbook } from "../../src/emulator";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("AsyncFormulaFunctions", () => {
  it("shows #BUSY! until the answer, then the value or the error value, calling once per distinct arguments", async () => {
    const calls: unknown[][] = [];
    const settled = jest.fn();
    const fns = new AsyncFormulaFunctions(
      (name) =>
        name === "X.DOUBLE"
          ? async (...args) => {
              calls.push(args);
              if (args[0] === "bad") throw Object.assign(new Error("Unknown account"), { code: "#N/A" });
              if (args[0] === "odd") throw new Error("no code");
              return (args[0] as number) * 2;
            }
          : undefined,
      settled,
    );
    expect(fns.has("X.DOUBLE")).toBe(true);
    expect(fns.has("X.NOPE")).toBe(false);
    expect(fns.call("X.DOUBLE", [21])).toBe(BUSY);
    expect(fns.call("X.DOUBLE", [21])).toBe(BUSY);
    expect(fns.call("X.DOUBLE", ["bad"])).toBe(BUSY);
    expect(fns.call("X.DOUBLE", ["odd"])).toBe(BUSY);
    await tick();
    expect(calls).toEqual([[21], ["bad"], ["odd"]]);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(fns.call("X.DOUBLE", [21])).toBe(42);
    expect(fns.call("X.DOUBLE", ["bad"])).toBe("#N/A");
    expect(fns.message("X.DOUBLE", ["bad"])).toBe("Unknown account");
    expect(fns.call("X.DOUBLE", ["odd"])).toBe("#VALUE!");

    fns.clear();
    expect(fns.call("X.DOUBLE", [21])).toBe(BUSY);
    await tick();
    expect(calls.length).toBe(4);
  });

  it("ignores an answer that arrives after clear()", async () => {
    let release: (v: number) => void = () => undefined;
    const answers = [new Promise<number>((r) => (release = r)), Promise.resolve(2)];
    const fns = new AsyncFormulaFunctions(() => () => answers.shift(), jest.fn());
    expect(fns.call("X.F", [])).toBe(BUSY);
    fns.clear();
    expect(fns.call("X.F", [])).toBe(BUSY);
    await tick();
    release(1);
    await tick();
    expect(fns.call("X.F", [])).toBe(2);
  });
});

describe("the workbook's formulas", () => {
  it("evaluate registered functions by name (any case), with cell references, and re-render when answers arrive", async () => {
    const workbook = createPreviewWorkbook();
    const onChange = jest.fn();
    workbook.subscribe(onChange);
    workbook.formulaFunctions = new AsyncFormulaFunctions(
      (name) =>
        name === "PAYROLL.AMOUNT"
          ? async (account, start) => {
              if (account === "nope") throw Object.assign(new Error('Unknown account "nope"'), { code: "#N/A" });
              return `${String(account)}@${String(start)}`;
            }
          : undefined,
      () => workbook.changed(),
    );
    const sheet = workbook.activeSheet;
    sheet.cellForWrite(0, 1).v = 46023;
    sheet.cellForWrite(0, 0).f = '=payroll.amount("nett_pay",B1)';
    sheet.cellForWrite(1, 0).f = '=PAYROLL.AMOUNT("paye",C1)';
    sheet.cellForWrite(2, 0).f = '=PAYROLL.NOPE("x")';
    sheet.cellForWrite(3, 0).f = '=PAYROLL.AMOUNT("nope",B1)';
    expect([sheet.valueAt(0, 0), sheet.valueAt(1, 0), sheet.valueAt(2, 0), sheet.valueAt(3, 0)]).toEqual([
      BUSY,
      BUSY,
      "#NAME?",
      BUSY,
    ]);
    await tick();
    expect(onChange).toHaveBeenCalled();
    expect([sheet.valueAt(0, 0), sheet.valueAt(1, 0)]).toEqual(["nett_pay@46023", "paye@null"]);
    // The error value carries its message, as Excel shows it beside the cell.
    expect(sheet.valueAt(3, 0)).toBe("#N/A");
    expect(sheet.formulaMessageAt(3, 0)).toBe('Unknown account "nope"');
    expect(sheet.formulaMessageAt(0, 0)).toBeUndefined();
  });
});

describe("a function that answers with a matrix (TRANSACTIONS)", () => {
  const setup = () => {
    const workbook = createPreviewWorkbook();
    workbook.formulaFunctions = new AsyncFormulaFunctions(
      (name) =>
        name === "X.TABLE"
          ? async () => [
              ["employee", "Date", "gross_pay"],
              ["1001", 46053, 3000],
              ["1002", 46053, 2500.5],
            ]
          : name === "X.ONE"
            ? async () => [[7]]
            : undefined,
      () => workbook.changed(),
    );
    return { workbook, sheet: workbook.activeSheet };
  };

  it("spills its rows into the empty cells below and right, as Excel's dynamic arrays do, so they can be summed", async () => {
    const { workbook, sheet } = setup();
    sheet.cellForWrite(1, 1).f = "=X.TABLE()";
    sheet.cellForWrite(1, 6).f = "=X.ONE()";
    expect([sheet.valueAt(1, 1), sheet.valueAt(1, 6)]).toEqual([BUSY, BUSY]);
    await tick();
    workbook.changed();
    expect(sheet.valueAt(1, 1)).toBe("employee");
    expect([sheet.valueAt(2, 2), sheet.valueAt(3, 2), sheet.valueAt(3, 3)]).toEqual([46053, 46053, 2500.5]);
    expect(sheet.valueAt(4, 1)).toBe(""); // nothing beyond the matrix
    expect(sheet.valueAt(1, 6)).toBe(7); // a 1x1 matrix is its value
    sheet.cellForWrite(0, 9).f = "=SUM(D3:D4)";
    expect(sheet.valueAt(0, 9)).toBe(5500.5);
  });

  it("shows #SPILL! when a cell of its range holds something, and spills again once it is cleared", async () => {
    const { workbook, sheet } = setup();
    sheet.cellForWrite(0, 0).f = "=X.TABLE()";
    sheet.cellForWrite(2, 1).v = "in the way";
    expect(sheet.valueAt(0, 0)).toBe(BUSY);
    await tick();
    workbook.changed();
    expect(sheet.valueAt(0, 0)).toBe("#SPILL!");
    expect(sheet.valueAt(1, 0)).toBe("");
    sheet.cellForWrite(2, 1).v = null;
    workbook.changed();
    expect(sheet.valueAt(0, 0)).toBe("employee");
    expect(sheet.valueAt(2, 1)).toBe(46053);
  });
});

it("a range of one cell passes that cell's value to a function, as Excel does; a range of several spreads over one call per cell", async () => {
  const workbook = createPreviewWorkbook();
  const calls: unknown[] = [];
  workbook.formulaFunctions = new AsyncFormulaFunctions(
    (name) =>
      name === "X.ECHO"
        ? async (v) => {
            calls.push(v);
            return `got ${String(v)}`;
          }
        : undefined,
    () => workbook.changed(),
  );
  const sheet = workbook.activeSheet;
  sheet.cellForWrite(0, 1).v = 46023;
  sheet.cellForWrite(0, 2).v = "x";
  sheet.cellForWrite(1, 0).f = "=X.ECHO(B1:B1)";
  sheet.cellForWrite(2, 0).f = "=X.ECHO(B1:C1)"; // a scalar parameter given two cells: Excel lifts, and spills
  expect(sheet.valueAt(1, 0)).toBe(BUSY);
  expect(sheet.valueAt(2, 0)).toBe(BUSY);
  await tick();
  workbook.changed();
  expect(sheet.valueAt(1, 0)).toBe("got 46023");
  expect([sheet.valueAt(2, 0), sheet.valueAt(2, 1)]).toEqual(["got 46023", "got x"]);
  expect(calls).toEqual([46023, "x"]); // one call per distinct argument: B1:B1 and B1 share theirs
});
