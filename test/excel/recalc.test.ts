/**
 * The recovery of cells saved showing #NAME? (src/excel/recalc.ts): one full rebuild, with delayForCellEdit only
 * where ExcelApi 1.11 is supported (RunOptions.delayForCellEdit). Over the preview's Excel; test/functions/
 * nameRecovery.test.ts shows the cells recovering.
 */
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { AsyncFormulaFunctions } from "../../src/emulator/asyncFunctions";
import { recalculateNameErrors } from "../../src/excel/recalc";

afterEach(() => {
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete (globalThis as Record<string, unknown>)[name];
});

it.each([
  ["1.11", [{ delayForCellEdit: true }]],
  ["1.10", [undefined]],
])("with ExcelApi %s: one full rebuild, run with %j", async (host, options) => {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel({ requirements: { host } }));
  workbook.formulaFunctions = new AsyncFormulaFunctions(
    () => undefined, // declared, not registered yet: #NAME?
    () => workbook.changed(),
    () => false,
    { declared: () => true },
  );
  workbook.activeSheet.enterFormula(0, 0, '=PAYROLL.LEAVE("1001","Annual Leave","2026-01-31")');
  workbook.activeSheet.enterFormula(1, 0, '=payroll.employee("1001","first_name")');
  const run = Excel.run as (...a: unknown[]) => Promise<unknown>;
  const runs: unknown[] = [];
  (Excel as unknown as { run: unknown }).run = (...args: unknown[]) => {
    runs.push(typeof args[0] === "function" ? undefined : args[0]);
    return run(...args);
  };
  const calculate = jest.spyOn(workbook, "calculate");
  expect(await recalculateNameErrors("=PAYROLL.", (v) => Number(v.split(".")[1]) <= Number(host.split(".")[1]))).toBe(2);
  expect(runs).toEqual(options);
  expect(calculate.mock.calls).toEqual([["FullRebuild"]]);
});

it("outside Excel there is nothing to recover", async () => {
  expect(await recalculateNameErrors("=PAYROLL.")).toBe(0);
});
