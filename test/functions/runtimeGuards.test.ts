/**
 * Issue 26, risky 7: CustomFunctions.Error is CustomFunctionsRuntime 1.2, so it is checked before use (a 1.1 runtime
 * gets a plain Error, which Excel shows as #VALUE!); and an exception inside setResult never becomes an unhandled
 * rejection that leaves the cell #BUSY!.
 */
import { invalidateFormulaResults } from "../../src/functions/connection";
import { customFunctionsErrorSupported, FormulaError, notAvailable, toExcelError } from "../../src/functions/errors";
import type { StreamingInvocation } from "../../src/functions/registry";
import { streamFigure } from "../../src/functions/streams";

const g = globalThis as Record<string, unknown>;

class RuntimeError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
  }
}
const runtime12 = {
  associate: () => undefined,
  Error: RuntimeError,
  ErrorCode: { notAvailable: "#N/A", invalidValue: "#VALUE!" },
};

/** Office.context.requirements answering CustomFunctionsRuntime up to `version`. */
const office = (version: string) => ({
  context: {
    requirements: {
      isSetSupported: (name: string, min = "1.1") => name === "CustomFunctionsRuntime" && Number(min) <= Number(version),
    },
  },
});

afterEach(() => {
  delete g.CustomFunctions;
  delete g.Office;
});

describe("CustomFunctions.Error is checked before use", () => {
  it("a 1.1 runtime without the class: the error is a plain Error with its message, never a TypeError", () => {
    g.CustomFunctions = { associate: () => undefined };
    g.Office = office("1.1");
    expect(customFunctionsErrorSupported()).toBe(false);
    const e = toExcelError(notAvailable("Connect in the Payroll pane"));
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe("Connect in the Payroll pane");
  });

  it("the class present but Office says the set is 1.1: not used", () => {
    g.CustomFunctions = runtime12;
    g.Office = office("1.1");
    expect(toExcelError(notAvailable("x"))).toBeInstanceOf(FormulaError);
  });

  it("CustomFunctionsRuntime 1.2: CustomFunctions.Error with Excel's code", () => {
    g.CustomFunctions = runtime12;
    g.Office = office("1.2");
    const e = toExcelError(new FormulaError("#VALUE!", "start_date is required"));
    expect(e).toBeInstanceOf(RuntimeError);
    expect([(e as RuntimeError).code, e.message]).toEqual(["#VALUE!", "start_date is required"]);
  });

  it("a constructor that throws falls back to the plain error", () => {
    g.CustomFunctions = {
      ...runtime12,
      Error: class {
        constructor() {
          throw new Error("not supported");
        }
      },
    };
    expect(toExcelError(notAvailable("x")).message).toBe("x");
  });
});

describe("setResult is wrapped", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => process.on("unhandledRejection", onUnhandled));
  afterAll(() => process.off("unhandledRejection", onUnhandled));

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("a value Excel refuses becomes an error value in the cell, and nothing is left unhandled", async () => {
    const results: unknown[] = [];
    const invocation: StreamingInvocation<number> = {
      setResult: (v) => {
        if (typeof v === "number") throw new Error("The result is not valid");
        results.push(v);
      },
    };
    streamFigure(invocation, async () => 42);
    await settle();
    await settle();
    expect(results).toHaveLength(1);
    expect(results[0]).toBeInstanceOf(Error);
    expect(unhandled).toEqual([]);
    invocation.onCanceled?.();
  });

  it("a setResult that refuses everything is logged, not thrown; the next invalidation tries again", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    let calls = 0;
    let refuse = true;
    const got: unknown[] = [];
    const invocation: StreamingInvocation<number> = {
      setResult: (v) => {
        calls++;
        if (refuse) throw new Error("runtime gone");
        got.push(v);
      },
    };
    try {
      streamFigure(invocation, async () => 7);
      await settle();
      await settle();
      expect(calls).toBe(2);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("runtime gone"));
      expect(unhandled).toEqual([]);
      refuse = false;
      invalidateFormulaResults();
      await settle();
      expect(got).toEqual([7]);
    } finally {
      warn.mockRestore();
      invocation.onCanceled?.();
    }
  });

  it("a read that throws synchronously still sets an error value", async () => {
    const results: unknown[] = [];
    const invocation: StreamingInvocation<number> = { setResult: (v) => results.push(v) };
    streamFigure(invocation, () => {
      throw new TypeError("boom");
    });
    await settle();
    expect(results).toHaveLength(1);
    expect((results[0] as FormulaError).code).toBe("#N/A");
    invocation.onCanceled?.();
  });
});
