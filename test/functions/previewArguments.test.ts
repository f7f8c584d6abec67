/**
 * Issue 26: the preview passes arguments to the PAYROLL functions as Excel does. An entity cell arrives as the
 * documented EntityCellValue (basicType "Error", basicValue "#VALUE!", which Range.values shows); TRANSACTIONS'
 * matrix `accounts` takes a range of several cells; a range given to a scalar parameter spreads over one call per
 * cell and spills, as Excel's lifting does.
 */
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { AsyncFormulaFunctions, BUSY } from "../../src/emulator/asyncFunctions";
import { entityValue } from "../../src/emulator/dataValues";
import { setFunctionsConnection, type FormulaSource } from "../../src/functions/connection";
import { resetDateSystem } from "../../src/functions/dateSystem";
import * as functionsCode from "../../src/functions/functions";
import { associate } from "../../src/functions/registry";
import { installFormulaFunctions } from "../../src/preview/formulaFunctions";

const reports: Record<string, unknown>[] = [];
const source = {
  runReport: async (_client: number, _report: string, body: Record<string, unknown>) => {
    reports.push(body);
    return [
      { employee: "1001", Date: "2026-01-31", basic_salary: 100, paye: 20 },
      { employee: "1002", Date: "2026-01-31", basic_salary: 300, paye: 60 },
    ];
  },
  listEmployees: async () => [
    { id: 7, number: "1001", first_name: "Ann" },
    { id: 8, number: "1002", first_name: "Brian" },
  ],
} as unknown as FormulaSource;

const tick = () => new Promise((r) => setTimeout(r, 0));
let functions: AsyncFormulaFunctions | undefined;

// What the build appends to functions.ts (one associate per @customfunction).
beforeAll(() => {
  associate("EMPLOYEE", functionsCode.employeeField);
  associate("AMOUNT", functionsCode.amount);
  associate("TRANSACTIONS", functionsCode.transactions);
});

async function settled(read: () => unknown): Promise<unknown> {
  for (let i = 0; i < 200 && read() === BUSY; i++) await tick();
  return read();
}

function workbookWithFunctions() {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  functions = installFormulaFunctions(workbook);
  return { workbook, sheet: workbook.activeSheet };
}

beforeEach(() => {
  reports.length = 0;
  resetDateSystem(async () => "1900");
  setFunctionsConnection({ source, clientId: 1 });
});
afterEach(() => {
  functions?.clear();
  setFunctionsConnection(null);
  resetDateSystem();
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete (globalThis as Record<string, unknown>)[name];
});

it("an entity cell reaches EMPLOYEE as Excel documents it, and Range.values shows its basic value #VALUE!", async () => {
  const { sheet } = workbookWithFunctions();
  const card = entityValue("Brian Kelly", { Number: { type: "String", basicValue: "1002" }, Department: "Sales" });
  sheet.enterDataValue(0, 0, card);
  sheet.enterFormula(0, 1, '=PAYROLL.EMPLOYEE(A1,"first_name")');
  expect(await settled(() => sheet.valueAt(0, 1))).toBe("Brian");
  const values = await Excel.run(async (ctx) => {
    const range = ctx.workbook.worksheets.getActiveWorksheet().getRange("A1").load("values");
    await ctx.sync();
    return range.values;
  });
  expect(values).toEqual([["#VALUE!"]]);
  sheet.enterFormula(1, 1, "=A1+1"); // any other formula sees the error value
  expect(sheet.valueAt(1, 1)).toBe("#VALUE!");
});

it("the function receives the entity object itself, not a scalar", async () => {
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  const got: unknown[] = [];
  functions = new AsyncFormulaFunctions(
    (name) => (name === "X.ARG" ? async (v) => (got.push(v), 1) : undefined),
    () => workbook.changed(),
  );
  workbook.formulaFunctions = functions;
  const card = entityValue("Ann", { Number: "1001" });
  workbook.activeSheet.enterDataValue(0, 0, card);
  workbook.activeSheet.enterFormula(0, 1, "=X.ARG(A1)");
  expect(await settled(() => workbook.activeSheet.valueAt(0, 1))).toBe(1);
  expect(got).toEqual([
    { type: "Entity", text: "Ann", properties: { Number: "1001" }, basicType: "Error", basicValue: "#VALUE!" },
  ]);
});

it("TRANSACTIONS' accounts (a matrix parameter) takes a range of several cells", async () => {
  const { sheet } = workbookWithFunctions();
  sheet.enter(0, 0, "basic_salary");
  sheet.enter(1, 0, "paye");
  sheet.enterFormula(3, 0, '=PAYROLL.TRANSACTIONS(A1:A2,"2026-01-01","2026-01-31")');
  expect(await settled(() => sheet.valueAt(3, 0))).toBe("employee");
  expect([sheet.valueAt(3, 2), sheet.valueAt(3, 3), sheet.valueAt(4, 2), sheet.valueAt(5, 3)]).toEqual([
    "basic_salary",
    "paye",
    100,
    60,
  ]);
  expect(reports[0]).toMatchObject({ account_names: ["basic_salary", "paye"] });
});

it("a range given to a scalar parameter spreads over one call per cell and spills, as Excel lifts it", async () => {
  const { sheet } = workbookWithFunctions();
  sheet.enter(0, 0, "1001");
  sheet.enter(1, 0, "1002");
  sheet.enterFormula(0, 2, '=PAYROLL.EMPLOYEE(A1:A2,"first_name")');
  expect(await settled(() => sheet.valueAt(0, 2))).toBe("Ann");
  expect(await settled(() => sheet.valueAt(1, 2))).toBe("Brian");
  sheet.enterFormula(0, 4, '=PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-01-31",A1:A2)');
  expect(await settled(() => sheet.valueAt(0, 4))).toBe(100);
  expect(await settled(() => sheet.valueAt(1, 4))).toBe(300);
});

it("a range of entity cells given to a scalar parameter spreads, each call getting its entity", async () => {
  const { sheet } = workbookWithFunctions();
  sheet.enterDataValue(0, 0, entityValue("Ann Byrne", { Number: "1001" }));
  sheet.enterDataValue(1, 0, entityValue("Brian Kelly", { Number: "1002" }));
  sheet.enterFormula(0, 1, '=PAYROLL.EMPLOYEE(A1:A2,"first_name")');
  expect(await settled(() => sheet.valueAt(0, 1))).toBe("Ann");
  expect(await settled(() => sheet.valueAt(1, 1))).toBe("Brian");
});
