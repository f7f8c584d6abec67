/**
 * Serial date arguments in a 1904 workbook: the PAYROLL functions read them in the workbook's date system, asked
 * of Excel once per runtime (again after an invalidation) and only when a serial arrives; text dates need no
 * answer; a failed question reads serials as 1900 dates, says why, and is asked again later. Over the preview's
 * workbook too: its formula engine calls the same functions, and its Excel answers the question as Excel does.
 */
import { readWorkbookDateSystem } from "../../src/excel/dateSystem";
import { parseDateArg } from "../../src/functions/args";
import {
  invalidateFormulaResults,
  onFormulaResultsInvalidated,
  setFunctionsConnection,
  type FormulaSource,
} from "../../src/functions/connection";
import { resetDateSystem } from "../../src/functions/dateSystem";
import { flushFigures } from "../../src/functions/figures";
import { amountFormula, leaveFormula, transactionsFormula } from "../../src/functions/formulas";
import * as functions from "../../src/functions/functions";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { AsyncFormulaFunctions, BUSY } from "../../src/emulator/asyncFunctions";
import type { DateSystem } from "../../src/xl/excelConventions";

// 2026-01-01 and 2026-06-30 as date cells hold them in each system.
const SERIAL = { "1900": { jan1: 46023, jun30: 46203 }, "1904": { jan1: 44561, jun30: 44741 } };

const removeExcel = () => {
  delete (globalThis as { Excel?: unknown }).Excel;
  delete (globalThis as { Office?: unknown }).Office;
  delete (globalThis as { OfficeExtension?: unknown }).OfficeExtension;
};

describe("parseDateArg", () => {
  it("reads a serial in the given date system; text dates are the same in both", () => {
    expect(parseDateArg(SERIAL["1904"].jan1, "start_date", "1904")).toBe("2026-01-01");
    expect(parseDateArg(SERIAL["1900"].jan1, "start_date", "1900")).toBe("2026-01-01");
    expect(parseDateArg(SERIAL["1904"].jan1, "start_date")).toBe("2021-12-31"); // what a 1904 cell was read as before
    expect(parseDateArg("2026-01-01", "start_date", "1904")).toBe("2026-01-01");
  });
});

describe("readWorkbookDateSystem (over the preview's Excel)", () => {
  afterEach(removeExcel);

  it.each(["1900", "1904"] as DateSystem[])("says %s for a workbook in that date system, in one request", async (dateSystem) => {
    const workbook = installPreviewExcel(globalThis, new WorkbookModel({ dateSystem }));
    expect(await readWorkbookDateSystem()).toBe(dateSystem);
    expect(workbook.syncLog).toHaveLength(1);
  });

  it("without ExcelApi 1.2 says why and asks nothing (isSetSupported, through Office.context.requirements)", async () => {
    const workbook = installPreviewExcel(globalThis, new WorkbookModel({ dateSystem: "1904", requirements: { host: "1.1" } }));
    await expect(readWorkbookDateSystem()).rejects.toMatchObject({
      code: "ApiNotSupported",
      message: expect.stringContaining("ExcelApi 1.2"),
    });
    expect(workbook.syncLog).toHaveLength(0);
  });

  it("waits while a cell is being edited instead of failing (delayForCellEdit)", async () => {
    const workbook = installPreviewExcel(globalThis, new WorkbookModel({ dateSystem: "1904" }));
    workbook.beginCellEdit();
    const answer = readWorkbookDateSystem();
    await new Promise((r) => setTimeout(r, 20));
    workbook.endCellEdit();
    await expect(answer).resolves.toBe("1904");
  });

  it("turns Excel's refusal into an error naming its code", async () => {
    (globalThis as { Excel?: unknown }).Excel = {
      run: async () => {
        throw Object.assign(new Error("An internal error has occurred."), { code: "GeneralException" });
      },
    };
    await expect(readWorkbookDateSystem(() => true)).rejects.toMatchObject({
      code: "GeneralException",
      message: "Excel refused the request (GeneralException: An internal error has occurred.)",
    });
  });

  it("says 1900 outside Excel, where there is no workbook to ask", async () => {
    removeExcel();
    expect(await readWorkbookDateSystem(() => true)).toBe("1900");
  });
});

// A stand-in service that records what each request asked for.
const bodies: Record<string, unknown>[] = [];
const source = {
  runReport: async (_clientId: number, _report: string, body: Record<string, unknown>) => {
    bodies.push(body);
    return [{ employee: "1001", Date: "2026-01-31", basic_salary: 100 }];
  },
  getLeaveBalances: async (_employeeId: number, date: string) => {
    bodies.push({ leave_balances_date: date });
    return { "1": 5 };
  },
  listEmployees: async () => [{ id: 7, number: "1001" }],
  listLeaveTypes: async () => ({ "1": "Annual leave" }),
} as unknown as FormulaSource;
const periods = () => bodies.filter((b) => "start_date" in b).map((b) => `${String(b.start_date)}..${String(b.end_date)}`);

/** Let the formulas' first question be answered and the formulas join the batch, then send the batch. */
async function settle(calls: Promise<unknown>[]): Promise<unknown[]> {
  const all = Promise.all(calls);
  await new Promise((r) => setTimeout(r, 0));
  await flushFigures();
  return all;
}

describe("PAYROLL formulas and the workbook's date system", () => {
  let asked: number;
  let clock: number;
  let warn: jest.SpyInstance;
  const askingFor = (...answers: (DateSystem | "fail")[]) =>
    resetDateSystem({
      now: () => clock,
      retryAfterMs: 1000,
      read: async () => {
        const answer = answers[Math.min(asked++, answers.length - 1)];
        if (answer === "fail") throw new Error("Excel refused the request (GeneralException)");
        return answer;
      },
    });

  beforeEach(() => {
    bodies.length = 0;
    asked = 0;
    clock = 0;
    setFunctionsConnection({ source, clientId: 1 });
    invalidateFormulaResults();
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
  afterAll(() => {
    resetDateSystem();
    setFunctionsConnection(null);
  });

  it("in a 1904 workbook, serials go to the service as the dates the cells show; the workbook is asked once", async () => {
    askingFor("1904");
    const { jan1, jun30 } = SERIAL["1904"];
    await settle([
      amountFormula("basic_salary", jan1, jun30),
      leaveFormula("1001", "Annual leave", jun30),
      transactionsFormula("basic_salary", jan1, "2026-06-30"),
    ]);
    expect(periods()).toEqual(["2026-01-01..2026-06-30"]); // AMOUNT and TRANSACTIONS: one transaction_history
    expect(bodies).toContainEqual({ leave_balances_date: "2026-06-30" });
    await settle([amountFormula("basic_salary", jan1 + 1, jun30)]);
    expect(periods().at(-1)).toBe("2026-01-02..2026-06-30");
    expect(asked).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("TRANSACTIONS spills its dates as serials of the workbook's date system, even for text arguments", async () => {
    askingFor("1904");
    const [table] = (await settle([transactionsFormula("basic_salary", "2026-01-01", "2026-06-30")])) as unknown[][][];
    expect(table).toEqual([
      ["employee", "Date", "basic_salary"],
      ["1001", SERIAL["1904"].jan1 + 30, 100],
    ]);
    expect(asked).toBe(1);
  });

  it("in a 1900 workbook, serials are read as before", async () => {
    askingFor("1900");
    const { jan1, jun30 } = SERIAL["1900"];
    await settle([amountFormula("basic_salary", jan1, jun30), leaveFormula("1001", "Annual leave", jun30)]);
    expect(periods()).toEqual(["2026-01-01..2026-06-30"]);
    expect(bodies).toContainEqual({ leave_balances_date: "2026-06-30" });
    await settle([amountFormula("basic_salary", jan1 + 1, jun30)]); // a later recalculation, with the known answer
    expect(periods().at(-1)).toBe("2026-01-02..2026-06-30");
    expect(asked).toBe(1);
  });

  it("text dates never ask the workbook", async () => {
    askingFor("1904");
    await settle([amountFormula("basic_salary", "2026-01-01", "2026-06-30"), leaveFormula("1001", "1", "2026-06-30")]);
    expect(asked).toBe(0);
    expect(periods()).toEqual(["2026-01-01..2026-06-30"]);
    expect(bodies).toContainEqual({ leave_balances_date: "2026-06-30" });
  });

  it("an invalidation (Refresh formulas, a new connection) forgets the answer: the next serial asks again", async () => {
    askingFor("1900", "1904");
    await settle([amountFormula("basic_salary", SERIAL["1900"].jan1, SERIAL["1900"].jun30)]);
    invalidateFormulaResults();
    await settle([amountFormula("basic_salary", SERIAL["1904"].jan1, SERIAL["1904"].jun30)]);
    expect(periods()).toEqual(["2026-01-01..2026-06-30", "2026-01-01..2026-06-30"]);
    expect(asked).toBe(2);
  });

  it("when the workbook cannot be asked, serials are read as 1900 dates and the reason is given", async () => {
    askingFor("fail");
    const { jan1, jun30 } = SERIAL["1900"];
    await settle([amountFormula("basic_salary", jan1, jun30), leaveFormula("1001", "Annual leave", jun30)]);
    expect(periods()).toEqual(["2026-01-01..2026-06-30"]);
    expect(bodies).toContainEqual({ leave_balances_date: "2026-06-30" });
    expect(asked).toBe(1); // one question for the recalculation's formulas
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/read as 1900-system dates.*Excel refused the request \(GeneralException\)/);
  });

  it("after a failure, asks again only once RETRY_AFTER_MS has passed; a 1904 answer then has the formulas evaluated again", async () => {
    askingFor("fail", "1904");
    const invalidated = jest.fn();
    const stop = onFormulaResultsInvalidated(invalidated);
    try {
      const { jan1, jun30 } = SERIAL["1904"];
      await settle([amountFormula("basic_salary", jan1, jun30)]);
      clock = 999;
      await settle([amountFormula("basic_salary", jan1, jun30 - 1)]);
      expect(asked).toBe(1); // still within the wait: read as 1900 dates without asking
      expect(periods()).toEqual(["2021-12-31..2022-06-29", "2021-12-31..2022-06-28"]);
      expect(invalidated).not.toHaveBeenCalled();

      clock = 1000;
      await settle([amountFormula("basic_salary", jan1, jun30)]);
      expect(asked).toBe(2);
      expect(periods().at(-1)).toBe("2026-01-01..2026-06-30");
      expect(invalidated).toHaveBeenCalledTimes(1); // the cells read as 1900 dates are evaluated again
      await settle([amountFormula("basic_salary", jan1, jun30 - 1)]);
      expect(asked).toBe(2); // that invalidation kept the answer
      expect(periods().at(-1)).toBe("2026-01-01..2026-06-29");
    } finally {
      stop();
    }
  });
});

describe("the preview's formulas in a 1904 workbook", () => {
  let closing: AsyncFormulaFunctions | undefined;
  afterEach(() => {
    closing?.clear(); // closing the workbook cancels its streaming cells, as Excel does
    removeExcel();
    resetDateSystem();
    setFunctionsConnection(null);
  });

  it.each(["1904", "1900"] as DateSystem[])(
    "=PAYROLL.AMOUNT over date cells of a %s workbook asks for the dates the cells show",
    async (dateSystem) => {
      bodies.length = 0;
      resetDateSystem(); // the real question, through the preview's Excel
      setFunctionsConnection({ source, clientId: 1 });
      const workbook = installPreviewExcel(globalThis, new WorkbookModel({ dateSystem }));
      workbook.formulaFunctions = new AsyncFormulaFunctions(
        (name) => ({ "PAYROLL.AMOUNT": functions.amount, "PAYROLL.LEAVE": functions.leave })[name],
        () => workbook.changed(),
        () => true, // streaming functions
      );
      closing = workbook.formulaFunctions as AsyncFormulaFunctions;
      const sheet = workbook.activeSheet;
      sheet.enter(0, 1, "2026-01-01"); // typed into cells: date serials in the workbook's system
      sheet.enter(0, 2, "2026-06-30");
      expect(sheet.cell(0, 1)?.v).toBe(SERIAL[dateSystem].jan1);
      sheet.enterFormula(0, 0, '=PAYROLL.AMOUNT("basic_salary",B1,C1)');
      sheet.enterFormula(1, 0, '=PAYROLL.LEAVE("1001","Annual leave",C1)');
      expect(sheet.valueAt(0, 0)).toBe(BUSY);
      expect(sheet.valueAt(1, 0)).toBe(BUSY);
      // The question, the batch's 30 ms, the answers: waited for, however long load makes them.
      while (sheet.valueAt(0, 0) === BUSY || sheet.valueAt(1, 0) === BUSY) await new Promise((r) => setTimeout(r, 10));
      expect(periods()).toEqual(["2026-01-01..2026-06-30"]);
      expect(bodies).toContainEqual({ leave_balances_date: "2026-06-30" });
      expect(sheet.valueAt(0, 0)).toBe(100);
      expect(sheet.valueAt(1, 0)).toBe(5);
      expect(workbook.syncLog).toHaveLength(1); // one request to the workbook for both formulas
    },
  );
});

describe("a workbook that does not answer (context.sync hanging at load: office-js #6150, #6678, #1395)", () => {
  let clock: number;
  let runs: number;
  let warn: jest.SpyInstance;
  /** Excel.run whose first sync never settles until `release` is called; later syncs answer at once. */
  const hangingExcel = (dateSystem: DateSystem) => {
    let release = () => undefined as void;
    (globalThis as { Excel?: unknown }).Excel = {
      run: async (_options: unknown, batch: (ctx: unknown) => Promise<DateSystem>) => {
        const run = ++runs;
        const date = { value: -1, load: () => date };
        return batch({
          workbook: { functions: { date: () => date } },
          sync: () =>
            new Promise<void>((resolve) => {
              const answer = () => {
                date.value = dateSystem === "1904" ? 0 : 1462;
                resolve();
              };
              if (run === 1) release = answer;
              else answer();
            }),
        });
      },
    };
    return () => release();
  };

  beforeEach(() => {
    bodies.length = 0;
    clock = 0;
    runs = 0;
    setFunctionsConnection({ source, clientId: 1 });
    invalidateFormulaResults();
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    removeExcel();
    resetDateSystem();
    setFunctionsConnection(null);
  });

  it("gives up after the time limit, reads serials as 1900 dates, and asks again (a new Excel.run) later", async () => {
    hangingExcel("1904");
    resetDateSystem({ answerWithinMs: 20, retryAfterMs: 1000, now: () => clock });
    const invalidated = jest.fn();
    const stop = onFormulaResultsInvalidated(invalidated);
    try {
      const { jan1, jun30 } = SERIAL["1904"];
      await settle([amountFormula("basic_salary", jan1, jun30)]); // before the fix: waits for ever
      expect(periods()).toEqual(["2021-12-31..2022-06-29"]);
      expect(String(warn.mock.calls[0][0])).toMatch(/did not answer within 0.02 s/);

      clock = 999;
      await settle([amountFormula("basic_salary", jan1, jun30 - 1)]);
      expect(runs).toBe(1); // within the wait: no second question

      clock = 1000;
      await settle([amountFormula("basic_salary", jan1, jun30)]);
      expect(runs).toBe(2);
      expect(periods().at(-1)).toBe("2026-01-01..2026-06-30");
      expect(invalidated).toHaveBeenCalledTimes(1); // the cells read as 1900 dates are evaluated again
    } finally {
      stop();
    }
  });

  it("a late answer to the hung question is still taken", async () => {
    const release = hangingExcel("1904");
    resetDateSystem({ answerWithinMs: 20, retryAfterMs: 60_000, now: () => clock });
    const invalidated = jest.fn();
    const stop = onFormulaResultsInvalidated(invalidated);
    try {
      const { jan1, jun30 } = SERIAL["1904"];
      await settle([amountFormula("basic_salary", jan1, jun30)]);
      expect(periods()).toEqual(["2021-12-31..2022-06-29"]);
      release();
      await new Promise((r) => setTimeout(r, 0));
      expect(invalidated).toHaveBeenCalledTimes(1);
      await settle([amountFormula("basic_salary", jan1, jun30)]);
      expect(periods().at(-1)).toBe("2026-01-01..2026-06-30");
      expect(runs).toBe(1);
    } finally {
      stop();
    }
  });
});
