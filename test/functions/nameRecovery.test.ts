/**
 * Issue 26, risky 2: a PAYROLL cell saved showing #NAME? (calculated before the functions were loaded) stays so after
 * they load (office-js #6355), and a full recalculation skips it (#4502). The preview plays that: the names are
 * declared (functions.json) before the code registers. After load and on Refresh formulas, such cells are found and
 * recalculated with a full rebuild, with delayForCellEdit where ExcelApi 1.11 says it is there.
 */
import type { PayrollApi } from "../../src/api";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { AsyncFormulaFunctions, BUSY } from "../../src/emulator/asyncFunctions";
import { createOfficeWorkbook } from "../../src/excel";
import { recalculateNameErrors } from "../../src/excel/recalc";
import { setFunctionsConnection, type FormulaSource } from "../../src/functions/connection";
import * as functions from "../../src/functions/functions";
import { recoverAfterLoad, recoverSavedNameErrors } from "../../src/functions/recovery";
import { flowContext } from "../../src/ui/flows/common";
import { refreshFormulas } from "../../src/features/formulas/flows/refreshFormulas";

const source = {
  runReport: async () => [{ employee: "1001", Date: "2026-01-31", basic_salary: 100 }],
  listEmployees: async () => [{ id: 7, number: "1001" }],
} as unknown as FormulaSource;

const tick = () => new Promise((r) => setTimeout(r, 0));
const FORMULA = '=PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-06-30")';

let functionsOf: AsyncFormulaFunctions | undefined;

/**
 * The host's answer for CustomFunctionsRuntime (stubbed here: the preview's isSetSupported answers ExcelApi only, and
 * src/emulator/requirements.ts is another round's).
 */
function customFunctionsRuntime(supported: boolean): void {
  type IsSetSupported = (name: string, version?: string) => boolean;
  const office = (globalThis as unknown as { Office: { context: { requirements: { isSetSupported: IsSetSupported } } } }).Office;
  const requirements = office.context.requirements;
  const host = requirements.isSetSupported.bind(requirements);
  requirements.isSetSupported = (name, version) => (name === "CustomFunctionsRuntime" ? supported : host(name, version));
}

/** A workbook whose PAYROLL cell was calculated before the functions' code registered: it shows #NAME?. */
function openedBeforeLoad(options: ConstructorParameters<typeof WorkbookModel>[0] = {}, runtime = true) {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel(options));
  customFunctionsRuntime(runtime);
  let registered = false;
  functionsOf = new AsyncFormulaFunctions(
    (name) => (registered && name === "PAYROLL.AMOUNT" ? functions.amount : undefined),
    () => workbook.changed(),
    () => true,
    { declared: (name) => name.startsWith("PAYROLL.") },
  );
  workbook.formulaFunctions = functionsOf;
  const sheet = workbook.addSheet("Figures");
  sheet.enterFormula(2, 1, FORMULA);
  sheet.enterFormula(3, 1, "=1+1");
  expect(sheet.valueAt(2, 1)).toBe("#NAME?");
  registered = true; // the add-in loads
  return { workbook, sheet };
}

async function settled(read: () => unknown): Promise<unknown> {
  for (let i = 0; i < 200 && (read() === BUSY || read() === undefined); i++) await tick();
  return read();
}

beforeEach(() => setFunctionsConnection({ source, clientId: 1 }));
afterEach(() => {
  functionsOf?.clear();
  setFunctionsConnection(null);
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete (globalThis as Record<string, unknown>)[name];
});

it("in the preview as in Excel: the cell keeps #NAME? after the functions load, even through a full recalculation", async () => {
  const { workbook, sheet } = openedBeforeLoad();
  await tick();
  expect(sheet.valueAt(2, 1)).toBe("#NAME?");
  workbook.calculate("Full");
  expect(sheet.valueAt(2, 1)).toBe("#NAME?");
});

it("the #NAME? cells are found and recalculated with a full rebuild, with delayForCellEdit (ExcelApi 1.11)", async () => {
  const { workbook, sheet } = openedBeforeLoad();
  workbook.beginCellEdit(); // the user is typing: the request waits instead of failing
  const recovering = recoverSavedNameErrors();
  await tick();
  expect(sheet.valueAt(2, 1)).toBe("#NAME?");
  workbook.endCellEdit();
  expect(await recovering).toBe(1);
  expect(await settled(() => sheet.valueAt(2, 1))).toBe(100);
});

it("without ExcelApi 1.11 it runs without delayForCellEdit (refused while a cell is edited, logged, tried again later)", async () => {
  const { workbook, sheet } = openedBeforeLoad({ requirements: { host: "1.10" } });
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    workbook.beginCellEdit();
    expect(await recoverSavedNameErrors()).toBe(0);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/could not be recalculated/);
    workbook.endCellEdit();
    expect(await recalculateNameErrors("=PAYROLL.")).toBe(1);
    expect(await settled(() => sheet.valueAt(2, 1))).toBe(100);
  } finally {
    warn.mockRestore();
  }
});

it("after load: once Office is ready (Office.onReady), a moment later", async () => {
  const { sheet } = openedBeforeLoad();
  let ready: () => void = () => undefined;
  (globalThis as unknown as { Office: { onReady?: () => Promise<void> } }).Office.onReady = () =>
    new Promise<void>((resolve) => (ready = resolve));
  recoverAfterLoad(0);
  await tick();
  expect(sheet.valueAt(2, 1)).toBe("#NAME?"); // Office not ready yet
  ready();
  expect(await settled(() => (sheet.valueAt(2, 1) === "#NAME?" ? BUSY : sheet.valueAt(2, 1)))).toBe(100);
});

it("where Excel runs no custom functions (no CustomFunctionsRuntime 1.1: Office 2019), no rebuild is asked for", async () => {
  const { workbook, sheet } = openedBeforeLoad({}, false);
  const calculate = jest.spyOn(workbook, "calculate");
  expect(await recoverSavedNameErrors()).toBe(0);
  expect(calculate).not.toHaveBeenCalled();
  expect(sheet.valueAt(2, 1)).toBe("#NAME?");
});

it("with no #NAME? cell, nothing is recalculated", async () => {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  workbook.activeSheet.enterFormula(0, 0, "=1+1");
  const calculate = jest.spyOn(workbook, "calculate");
  expect(await recalculateNameErrors("=PAYROLL.")).toBe(0);
  expect(calculate).not.toHaveBeenCalled();
});

it("Refresh formulas recovers them too", async () => {
  const { sheet } = openedBeforeLoad();
  const result = await refreshFormulas(flowContext({} as PayrollApi, createOfficeWorkbook(), { id: 1, name: "Liffey" }), {
    pollMs: 5,
  });
  expect(sheet.valueAt(2, 1)).toBe(100);
  expect(result).toMatchObject({ cells: 1, changed: 1, settled: true });
});
