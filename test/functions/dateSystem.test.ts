/**
 * Serial date arguments in a 1904 workbook: the PAYROLL functions read them in the workbook's date system, asked
 * of Excel once per runtime and only when a serial arrives; text dates need no answer; a failed question reads
 * serials as 1900 dates.
 */
import { readWorkbookDateSystem } from "../../src/excel/dateSystem";
import { parseDateArg } from "../../src/functions/args";
import { invalidateFormulaResults, setFunctionsConnection, type FormulaSource } from "../../src/functions/connection";
import { resetDateSystem } from "../../src/functions/dateSystem";
import { flushFigures } from "../../src/functions/figures";
import { amountFormula, leaveFormula } from "../../src/functions/formulas";
import { installPreviewExcel, WorkbookModel } from "../../src/preview/workbook";
import type { DateSystem } from "../../src/sheets/excelConventions";

// 2026-01-01 and 2026-06-30 as date cells hold them in each system.
const SERIAL = { "1900": { jan1: 46023, jun30: 46203 }, "1904": { jan1: 44561, jun30: 44741 } };

describe("parseDateArg", () => {
  it("reads a serial in the given date system; text dates are the same in both", () => {
    expect(parseDateArg(SERIAL["1904"].jan1, "start_date", "1904")).toBe("2026-01-01");
    expect(parseDateArg(SERIAL["1900"].jan1, "start_date", "1900")).toBe("2026-01-01");
    expect(parseDateArg(SERIAL["1904"].jan1, "start_date")).toBe("2021-12-31"); // what a 1904 cell was read as before
    expect(parseDateArg("2026-01-01", "start_date", "1904")).toBe("2026-01-01");
  });
});

describe("readWorkbookDateSystem (over the preview's Excel)", () => {
  afterEach(() => {
    delete (globalThis as { Excel?: unknown }).Excel;
  });
  it.each(["1900", "1904"] as DateSystem[])(
    "says %s for a workbook in that date system, in one Excel.run",
    async (dateSystem) => {
      installPreviewExcel(globalThis, new WorkbookModel({ dateSystem }));
      expect(await readWorkbookDateSystem(() => true)).toBe(dateSystem);
    },
  );
  it("says 1900 without asking when ExcelApi 1.2 is missing, and outside Excel", async () => {
    installPreviewExcel(globalThis, new WorkbookModel({ dateSystem: "1904" }));
    expect(await readWorkbookDateSystem(() => false)).toBe("1900");
    delete (globalThis as { Excel?: unknown }).Excel;
    expect(await readWorkbookDateSystem(() => true)).toBe("1900");
  });
});

describe("PAYROLL formulas in a 1904 workbook", () => {
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
  let asked: number;
  const askingFor = (system: DateSystem | "fail") =>
    resetDateSystem(async () => {
      asked++;
      if (system === "fail") throw new Error("Excel is busy");
      return system;
    });

  beforeEach(() => {
    bodies.length = 0;
    asked = 0;
    setFunctionsConnection({ source, clientId: 1 });
    invalidateFormulaResults();
  });
  afterAll(() => resetDateSystem());

  async function settle<T>(calls: Promise<T>[]): Promise<T[]> {
    const all = Promise.all(calls);
    await new Promise((r) => setTimeout(r, 0)); // the first answer arrives, the formulas join the batch
    await flushFigures();
    return all;
  }

  it("serial dates go to the service as the dates the cells show; the workbook is asked once for all formulas", async () => {
    askingFor("1904");
    const { jan1, jun30 } = SERIAL["1904"];
    await settle([amountFormula("basic_salary", jan1, jun30), leaveFormula("1001", "Annual leave", jun30)]);
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ start_date: "2026-01-01", end_date: "2026-06-30" }),
        { leave_balances_date: "2026-06-30" },
      ]),
    );
    // One transaction_history for the amount: the two formulas of this recalculation went in one batch.
    expect(bodies.filter((b) => "start_date" in b)).toHaveLength(1);
    await settle([amountFormula("basic_salary", jan1 + 1, jun30)]);
    expect(bodies.at(-1)).toMatchObject({ start_date: "2026-01-02" });
    expect(asked).toBe(1);
  });

  it("text dates never ask the workbook", async () => {
    askingFor("1904");
    await settle([amountFormula("basic_salary", "2026-01-01", "2026-06-30")]);
    expect(asked).toBe(0);
    expect(bodies[0]).toMatchObject({ start_date: "2026-01-01", end_date: "2026-06-30" });
  });

  it("when the workbook cannot be asked, serials are read as 1900 dates", async () => {
    askingFor("fail");
    const { jan1, jun30 } = SERIAL["1900"];
    await settle([amountFormula("basic_salary", jan1, jun30)]);
    expect(bodies[0]).toMatchObject({ start_date: "2026-01-01", end_date: "2026-06-30" });
    expect(asked).toBe(1);
  });
});
