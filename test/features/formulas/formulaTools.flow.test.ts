/**
 * The pane's formula tools over the real Excel layer and the preview workbook, against the sandbox: the selected
 * cell is read through the WorkbookPort (selectedCell) and explained; the PAYROLL cells are found by their formula
 * (formulaCells), and Refresh formulas counts those whose value changed; the functions announce each read.
 */
import { invalidateFormulaResults, setFunctionsConnection } from "../../../src/functions/connection";
import { resetDateSystem } from "../../../src/functions/dateSystem";
import { onFiguresRead } from "../../../src/functions/figuresRead";
import * as functions from "../../../src/functions/functions";
import { AsyncFormulaFunctions, BUSY } from "../../../src/emulator/asyncFunctions";
import type { SheetModel } from "../../../src/emulator";
import { flowContext } from "../../../src/ui/flows/common";
import { explainFigure } from "../../../src/features/formulas/flows/explainFigure";
import { PAYROLL_PREFIX, refreshedText, refreshFormulas } from "../../../src/features/formulas/flows/refreshFormulas";
import { startPathRig, type PathRig } from "../../support/pathRig";

const CLIENT = { id: 1, name: "Liffey" };
let rig: PathRig;
let grid: SheetModel;
let stopInvalidations: () => void;

beforeAll(async () => {
  rig = await startPathRig({ employees: 8 });
  resetDateSystem();
  setFunctionsConnection({ source: rig.check, clientId: 1 });
  const formulaFunctions = new AsyncFormulaFunctions(
    (name) => (name === "PAYROLL.AMOUNT" ? functions.amount : undefined),
    () => rig.model.changed(),
    () => true, // streaming functions: they set new results on an invalidation themselves, as in Excel
  );
  rig.model.formulaFunctions = formulaFunctions;
  stopInvalidations = () => formulaFunctions.clear(); // cancels the streams, as closing the workbook does
  grid = rig.model.addSheet("Tools");
  grid.enter(0, 0, "2026-01-01"); // A1, B1: the period the formulas refer to
  grid.enter(0, 1, "2026-03-31");
  grid.enter(0, 2, "a note"); // C1: not a formula
  grid.enterFormula(1, 0, '=PAYROLL.AMOUNT("basic_salary",A1,B1)'); // A2: follows B1
  grid.enterFormula(1, 1, '=PAYROLL.AMOUNT("paye",A1,B1)'); // B2: follows B1
  grid.enterFormula(1, 2, '=payroll.amount("usc","2026-01-01","2026-01-31")'); // C2: fixed period, any case
  grid.enterFormula(1, 3, "=SUM(A2:B2)"); // D2: a formula, not a PAYROLL one
});
afterAll(async () => {
  stopInvalidations();
  setFunctionsConnection(null);
  resetDateSystem();
  await rig.close();
});

const ctx = () => flowContext(rig.api, rig.workbook, CLIENT);

async function settled(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (![0, 1, 2].some((c) => grid.valueAt(1, c) === BUSY)) return;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error("still #BUSY!");
}

it("formulaCells finds every PAYROLL cell (ignoring case) with the value it shows, and nothing else", async () => {
  await settled();
  const cells = await rig.workbook.formulaCells(PAYROLL_PREFIX);
  expect(cells.map((c) => `${c.sheetName}!${c.address}`)).toEqual(["Tools!A2", "Tools!B2", "Tools!C2"]);
  expect(cells.map((c) => c.value)).toEqual([grid.valueAt(1, 0), grid.valueAt(1, 1), grid.valueAt(1, 2)]);
  expect(cells.every((c) => typeof c.value === "number")).toBe(true);
});

it("selectedCell reads the selection's formula and value; Explain this figure then writes a table equal to the cell", async () => {
  await settled();
  rig.model.select(grid, { r: 1, c: 1, rows: 1, cols: 1 });
  const cell = await rig.workbook.selectedCell();
  expect(cell).toEqual({
    sheetName: "Tools",
    address: "B2",
    formula: '=PAYROLL.AMOUNT("paye",A1,B1)',
    value: grid.valueAt(1, 1),
  });
  const result = await explainFigure(ctx(), {
    sheet: cell.sheetName,
    address: cell.address,
    formula: cell.formula,
    value: cell.value,
  });
  expect(result.matchesCell).toBe(true);
  expect(result.total).toBe(cell.value);
});

it("a selection of several cells, or a cell without a PAYROLL formula, gets the flow's clear message", async () => {
  rig.model.select(grid, { r: 1, c: 0, rows: 1, cols: 2 });
  const several = await rig.workbook.selectedCell();
  expect(several.address).toBe("A2:B2");
  const explain = (c: typeof several) =>
    explainFigure(ctx(), { sheet: c.sheetName, address: c.address, formula: c.formula, value: c.value });
  await expect(explain(several)).rejects.toThrow(/Select one cell/);
  rig.model.select(grid, { r: 1, c: 3, rows: 1, cols: 1 });
  await expect(explain(await rig.workbook.selectedCell())).rejects.toThrow(/does not hold a PAYROLL formula/);
  rig.model.select(grid, { r: 0, c: 2, rows: 1, cols: 1 });
  await expect(explain(await rig.workbook.selectedCell())).rejects.toThrow(/holds no formula/);
});

it("the functions announce each answer from the service, not answers from their cache", async () => {
  await settled();
  const reads: Date[] = [];
  const stop = onFiguresRead((at) => reads.push(at));
  try {
    rig.model.changed(); // evaluated again from the cache: no read
    await settled();
    expect(reads).toHaveLength(0);
    invalidateFormulaResults();
    // Streaming cells keep their figure while they read again (no #BUSY!), through the batcher's short wait.
    for (let waited = 0; reads.length === 0 && waited < 5_000; waited += 20) await new Promise((res) => setTimeout(res, 20));
    expect(reads.length).toBeGreaterThan(0);
  } finally {
    stop();
  }
});

it("Refresh formulas counts the PAYROLL cells whose value changed", async () => {
  await settled();
  // Nothing changed in the service: the same figures come back.
  const same = await refreshFormulas(ctx(), { pollMs: 30 });
  expect(same).toEqual({ cells: 3, changed: 0, settled: true });
  expect(refreshedText(same)).toBe("Refreshed 3 PAYROLL cells: none changed value.");
  // A longer period in B1 while the figures are read again: the two cells that follow it change, C2 does not.
  const before = [grid.valueAt(1, 0), grid.valueAt(1, 1), grid.valueAt(1, 2)];
  const changed = await refreshFormulas(ctx(), {
    pollMs: 30,
    invalidate: () => {
      grid.enter(0, 1, "2026-06-30");
      invalidateFormulaResults();
    },
  });
  expect(changed).toEqual({ cells: 3, changed: 2, settled: true });
  expect(grid.valueAt(1, 0)).not.toBe(before[0]);
  expect(grid.valueAt(1, 2)).toBe(before[2]);
  expect(refreshedText(changed)).toBe("Refreshed 3 PAYROLL cells: 2 changed value.");
});

it("when the cells cannot be read, Refresh formulas still reads the figures again and says it could not count", async () => {
  let invalidated = 0;
  const workbook = { ...rig.workbook, formulaCells: () => Promise.reject(new Error('Sheet "Locked" cannot be read.')) };
  const result = await refreshFormulas(flowContext(rig.api, workbook, CLIENT), { invalidate: () => invalidated++ });
  expect(invalidated).toBe(1);
  expect(refreshedText(result)).toBe(
    'Refreshed formulas. The PAYROLL cells could not be read to count those that changed: Sheet "Locked" cannot be read.',
  );
});
