/** A recalculation the add-in asks for waits for cell-edit mode to end (delayForCellEdit) instead of failing. */
import { recalculateFully } from "../../src/excel/recalc";

it("asks Excel for one full recalculation, with delayForCellEdit", async () => {
  const g = globalThis as Record<string, unknown>;
  const calculate = jest.fn();
  const runs: unknown[] = [];
  g.Excel = {
    CalculationType: { full: "Full" },
    run: async (options: unknown, batch: (context: unknown) => Promise<void>) => {
      runs.push(options);
      return batch({ workbook: { application: { calculate } }, sync: async () => undefined });
    },
  };
  try {
    await recalculateFully();
    expect(runs).toEqual([{ delayForCellEdit: true }]);
    expect(calculate.mock.calls).toEqual([["Full"]]);
  } finally {
    delete g.Excel;
  }
});
