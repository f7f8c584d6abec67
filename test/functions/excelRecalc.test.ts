/** In Excel's runtime, invalidation (Refresh formulas, a push, a new connection) asks Excel for one full recalculation. */
import { invalidateFormulaResults, setFunctionsConnection } from "../../src/functions/connection";
import { recalculateOnInvalidation } from "../../src/functions/excelRecalc";

it("recalculates fully once per burst of invalidations, and only inside Excel's custom-functions runtime", async () => {
  const g = globalThis as Record<string, unknown>;
  const calculate = jest.fn();
  recalculateOnInvalidation(5); // no runtime yet: does nothing
  g.CustomFunctions = { associate: jest.fn(), Error, ErrorCode: { notAvailable: "#N/A", invalidValue: "#VALUE!" } };
  g.Excel = {
    CalculationType: { full: "Full" },
    run: async (batch: (context: unknown) => Promise<void>) =>
      batch({ workbook: { application: { calculate } }, sync: async () => undefined }),
  };
  try {
    invalidateFormulaResults();
    await new Promise((r) => setTimeout(r, 20));
    expect(calculate).not.toHaveBeenCalled();
    recalculateOnInvalidation(5);
    setFunctionsConnection(null);
    invalidateFormulaResults();
    await new Promise((r) => setTimeout(r, 30));
    expect(calculate.mock.calls).toEqual([["Full"]]);
  } finally {
    delete g.CustomFunctions;
    delete g.Excel;
  }
});
