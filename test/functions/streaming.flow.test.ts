/**
 * Issue L, point 1, in a preview as strict as Excel (a full recalculation does not re-run cells showing an error):
 * PAYROLL formulas typed before connecting show #N/A "Connect in the Payroll pane"; after Connect every one shows
 * its figure without being retyped; after an invalidation (what Refresh formulas, a push or an import does) the
 * cells show the service's new figures.
 */
import { PayrollApi } from "../../src/api";
import { installPreviewExcel, WorkbookModel, type SheetModel } from "../../src/emulator";
import { BUSY } from "../../src/emulator/asyncFunctions";
import { invalidateFormulaResults, setFunctionsConnection } from "../../src/functions/connection";
import { resetDateSystem } from "../../src/functions/dateSystem";
import { sumAccount } from "../../src/functions/figures";
import * as functions from "../../src/functions/functions";
import { associate } from "../../src/functions/registry";
import { installFormulaFunctions } from "../../src/preview/formulaFunctions";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";

let sandbox: RunningSandbox;
let api: PayrollApi;
let check: PayrollApi;
let clientId: number;

beforeAll(async () => {
  sandbox = await startSandbox({ employees: 5, recalcMs: 0, reportJobMs: 0 });
  api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  check = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0 });
  clientId = (await check.listClients())[0].id;
}, 30_000);
afterAll(async () => {
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete (globalThis as Record<string, unknown>)[name];
  resetDateSystem();
  setFunctionsConnection(null);
  await sandbox.close();
});

/**
 * Read the cells until none is #BUSY! and `done` holds, as a person looking at the grid: however long load makes it
 * take (the test's timeout is the only limit).
 */
async function settle(sheet: SheetModel, cells: [number, number][], done: (values: unknown[]) => boolean = () => true) {
  let values = cells.map(([r, c]) => sheet.valueAt(r, c));
  while (values.includes(BUSY) || !done(values)) {
    await new Promise((r) => setTimeout(r, 10));
    values = cells.map(([r, c]) => sheet.valueAt(r, c));
  }
  return values;
}

it("formulas typed before Connect show #N/A, then their figures after Connect, and new figures after an invalidation", async () => {
  resetDateSystem();
  setFunctionsConnection(null);
  // What the build appends to functions.ts (jest runs the source without it).
  associate("AMOUNT", functions.amount);
  associate("EMPLOYEE", functions.employeeField);
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  installFormulaFunctions(workbook);
  const sheet = workbook.activeSheet;
  const [e] = await check.listEmployees(clientId);
  const rows = await check.runReport(clientId, "transaction_history", {
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    account_names: ["basic_salary"],
  });
  sheet.enterFormula(0, 0, '=PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-12-31")');
  sheet.enterFormula(1, 0, `=PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-12-31","${e.number}")`);
  sheet.enterFormula(2, 0, `=PAYROLL.EMPLOYEE("${e.number}","first_name")`);
  const cells: [number, number][] = [
    [0, 0],
    [1, 0],
    [2, 0],
  ];

  expect(await settle(sheet, cells)).toEqual(["#N/A", "#N/A", "#N/A"]);
  expect(sheet.formulaMessageAt(0, 0)).toBe("Connect in the Payroll pane");

  setFunctionsConnection({ source: api, clientId });
  const connected = await settle(sheet, cells, (v) => !v.includes("#N/A"));
  expect(connected).toEqual([
    sumAccount(rows, "basic_salary", null, true),
    sumAccount(rows, "basic_salary", e.number!, false),
    e.first_name,
  ]);
  expect(connected[0]).toBeGreaterThan(0);

  await check.updateEmployee(e.id, { first_name: "Renamed" });
  invalidateFormulaResults(clientId);
  expect((await settle(sheet, cells, (v) => v[2] === "Renamed"))[2]).toBe("Renamed");
}, 30_000);
