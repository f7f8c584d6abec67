/**
 * TRANSACTIONS' Date column: a FormattedNumber carrying the date format where Office confirms ExcelApi 1.16, a bare
 * serial elsewhere (and outside Office); the preview shows either as the date's serial.
 */
import { setFunctionsConnection, type FormulaSource } from "../../src/functions/connection";
import { resetDateSystem } from "../../src/functions/dateSystem";
import { flushFigures } from "../../src/functions/figures";
import { TRANSACTION_DATE_FORMAT, transactionsFormula } from "../../src/functions/formulas";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { AsyncFormulaFunctions, BUSY } from "../../src/emulator/asyncFunctions";
import * as functions from "../../src/functions/functions";

const source = {
  runReport: async () => [{ employee: "1001", Date: "2026-01-31", basic_salary: 100 }],
  listEmployees: async () => [{ id: 7, number: "1001" }],
} as unknown as FormulaSource;
const JAN31 = 46053;
const g = globalThis as Record<string, unknown>;
const office = (highest: number) => ({
  context: {
    requirements: { isSetSupported: (name: string, v = "1.1") => name === "ExcelApi" && Number(v.split(".")[1]) <= highest },
  },
});

async function table(): Promise<unknown[][]> {
  const p = transactionsFormula("basic_salary", "2026-01-01", "2026-01-31");
  await new Promise((r) => setTimeout(r, 0));
  await flushFigures();
  return (await p) as unknown[][];
}

beforeEach(() => {
  resetDateSystem(async () => "1900");
  setFunctionsConnection({ source, clientId: 1 });
});
afterEach(() => {
  setFunctionsConnection(null);
  resetDateSystem();
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete g[name];
});

it("ExcelApi 1.16: each date is a FormattedNumber with the date format", async () => {
  g.Office = office(16);
  expect((await table())[1]).toEqual([
    "1001",
    { type: "FormattedNumber", basicValue: JAN31, numberFormat: TRANSACTION_DATE_FORMAT },
    100,
  ]);
});

it.each([
  ["ExcelApi 1.15", () => (g.Office = office(15))],
  ["outside Office", () => undefined],
])("%s: bare serials", async (_host, setUp) => {
  setUp();
  expect((await table())[1]).toEqual(["1001", JAN31, 100]);
});

it("the preview spills a FormattedNumber as its number", async () => {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel()); // ExcelApi 1.17
  const fns = new AsyncFormulaFunctions(
    (name) => (name === "PAYROLL.TRANSACTIONS" ? functions.transactions : undefined),
    () => workbook.changed(),
    () => true,
  );
  workbook.formulaFunctions = fns;
  const sheet = workbook.activeSheet;
  sheet.enterFormula(0, 0, '=PAYROLL.TRANSACTIONS("basic_salary","2026-01-01","2026-01-31")');
  for (let i = 0; i < 200 && sheet.valueAt(0, 0) === BUSY; i++) await new Promise((r) => setTimeout(r, 0));
  try {
    expect([sheet.valueAt(1, 0), sheet.valueAt(1, 1), sheet.valueAt(1, 2)]).toEqual(["1001", JAN31, 100]);
  } finally {
    fns.clear();
  }
});
