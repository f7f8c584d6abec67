/**
 * "Explain this figure" against the real sandbox and the real Excel layer over the preview workbook: the table
 * behind a PAYROLL.AMOUNT cell adds up to the value the preview's formula engine shows in that cell (to the cent),
 * for literal arguments and for references to date and employee cells; anything else gets a clear message.
 */
import { invalidateFormulaResults, setFunctionsConnection } from "../../../src/functions/connection";
import { resetDateSystem } from "../../../src/functions/dateSystem";
import * as functions from "../../../src/functions/functions";
import { AsyncFormulaFunctions, BUSY } from "../../../src/emulator/asyncFunctions";
import { createOfficeWorkbook } from "../../../src/excel";
import { installPreviewExcel, WorkbookModel, type SheetModel } from "../../../src/emulator";
import { serialToIsoDate } from "../../../src/xl/excelConventions";
import { flowContext } from "../../../src/ui/flows/common";
import { explainFigure, ExplainFigureError, type FigureCell } from "../../../src/features/formulas/flows/explainFigure";
import { startPathRig, type PathRig } from "../../support/pathRig";

const CLIENT = { id: 1, name: "Liffey" };
let rig: PathRig;
let grid: SheetModel;
let numbers: string[];

beforeAll(async () => {
  rig = await startPathRig({ employees: 12 });
  numbers = (await rig.check.listEmployees(1)).map((e) => e.number!);
  resetDateSystem(); // serials are read through the preview's Excel, as in the pane
  setFunctionsConnection({ source: rig.check, clientId: 1 });
  rig.model.formulaFunctions = new AsyncFormulaFunctions(
    (name) => (name === "PAYROLL.AMOUNT" ? functions.amount : name === "PAYROLL.LEAVE" ? functions.leave : undefined),
    () => rig.model.changed(),
    () => true, // streaming functions
  );
  grid = rig.model.addSheet("Grid");
  grid.enter(0, 0, "2026-01-01"); // A1, B1: date cells
  grid.enter(0, 1, "2026-06-30");
  grid.enter(0, 2, numbers[3]); // C1: an employee number
  grid.enter(0, 3, "paye"); // D1: an account name
});
afterAll(async () => {
  setFunctionsConnection(null);
  resetDateSystem();
  await rig.close();
});
beforeEach(() => {
  rig.faults.reset();
  invalidateFormulaResults();
});

const ctx = () => flowContext(rig.api, rig.workbook, CLIENT);

/** Type a formula into the grid and wait for the preview's engine to show its figure. */
async function figureAt(address: string, formula: string): Promise<{ cell: FigureCell; value: number }> {
  const r = Number(/\d+/.exec(address)![0]) - 1;
  const c = address.charCodeAt(0) - 65;
  grid.enterFormula(r, c, formula);
  for (let i = 0; i < 200 && grid.valueAt(r, c) === BUSY; i++) await new Promise((res) => setTimeout(res, 10));
  const value = grid.valueAt(r, c);
  expect(typeof value).toBe("number");
  return { cell: { sheet: "Grid", address, formula: [[formula]], value }, value: value as number };
}

async function explained(sheetName: string) {
  const data = await rig.workbook.readTable(sheetName);
  const sheet = rig.model.getSheet(sheetName);
  return { data: data!, title: sheet.textAt(0, 0) };
}

const cents = (rows: unknown[][]) => rows.reduce((s, r) => s + Math.round((r[3] as number) * 100), 0);

it("all employees, literal arguments: the table's amounts add up to the cell to the cent, under a line naming the formula", async () => {
  const { cell, value } = await figureAt("A3", '=PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-06-30")');
  rig.faults.reset();
  const result = await explainFigure(ctx(), cell);
  expect(result.total).toBe(value);
  expect(result.matchesCell).toBe(true);
  expect(rig.faults.sent.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /clients/1/reports/transaction_history"]);
  expect(result.requests).toBe(1);
  const { data, title } = await explained(result.sheetName);
  expect(data.columns).toEqual(["employee", "Date", "account", "amount"]);
  expect(cents(data.rows)).toBe(Math.round(value * 100));
  expect(new Set(data.rows.map((r) => r[0])).size).toBeGreaterThan(5); // several employees
  expect(data.rows.every((r) => r[2] === "basic_salary")).toBe(true);
  const dates = data.rows.map((r) => serialToIsoDate(r[1] as number)); // a date column: serials
  expect(dates.every((d) => d !== null && d >= "2026-01-01" && d <= "2026-06-30")).toBe(true);
  expect(title).toBe(
    `Grid!A3 =PAYROLL.AMOUNT("basic_salary","2026-01-01","2026-06-30"): basic_salary, 2026-01-01 to 2026-06-30, all employees, ` +
      `Liffey (client 1) (the formula names no client: the workbook's formulas are linked to it): ` +
      `${data.rows.length} rows, total ${value.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  expect(result.explains).toBe(title);
});

it("references to date, account and employee cells are read from the sheet: one employee's rows, equal to the cell", async () => {
  const { cell, value } = await figureAt("B3", "=PAYROLL.AMOUNT($D$1,A1,B1,C1)");
  expect(value).not.toBe(0);
  rig.faults.reset();
  const result = await explainFigure(ctx(), cell);
  expect(result.total).toBe(value);
  expect(rig.faults.count(/\/employees$/)).toBe(1);
  expect(rig.faults.sent.find((r) => r.path.endsWith("transaction_history"))!.body).toMatchObject({
    start_date: "2026-01-01",
    end_date: "2026-06-30",
    account_names: ["paye"],
  });
  const { data, title } = await explained(result.sheetName);
  expect(new Set(data.rows.map((r) => r[0]))).toEqual(new Set([numbers[3]]));
  expect(cents(data.rows)).toBe(Math.round(value * 100));
  expect(title).toContain(`paye, 2026-01-01 to 2026-06-30, employee ${numbers[3]}, Liffey (client 1)`);
});

it("a formula without client_id is explained for the client the workbook's formulas are linked to, not the pane's", async () => {
  // The workbook's formulas are linked to client 2; the pane has chosen client 1 (CLIENT).
  await rig.workbook.setSetting("payroll.formulasClientId", 2);
  setFunctionsConnection({ source: rig.check, clientId: 2 });
  try {
    const { cell, value } = await figureAt("E3", '=PAYROLL.AMOUNT("nett_pay","2026-01-01","2026-06-30")');
    const { value: pane } = await figureAt("F3", '=PAYROLL.AMOUNT("nett_pay","2026-01-01","2026-06-30",,1)');
    expect(value).not.toBe(pane); // the two clients' figures differ
    rig.faults.reset();
    // The pane's list of clients names client 2: the title says its name, with the ID its formulas take.
    const result = await explainFigure(ctx(), cell, (id) => (id === 2 ? "Shannon" : null));
    expect(rig.faults.sent.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /clients/2/reports/transaction_history"]);
    expect(result.total).toBe(value);
    expect(result.matchesCell).toBe(true);
    expect(result.explains).toContain(
      "all employees, Shannon (client 2) (the formula names no client: the workbook's formulas are linked to it)",
    );
    // Without a name in the pane's list, the ID alone, never a made-up name.
    const unnamed = await explainFigure(ctx(), cell, () => null);
    expect(unnamed.explains).toContain("all employees, client 2 (the formula names no client");
  } finally {
    await rig.workbook.removeSetting("payroll.formulasClientId");
    setFunctionsConnection({ source: rig.check, clientId: 1 });
  }
});

it("says when the cell shows another figure than the rows add up to now (read before a change)", async () => {
  const { cell, value } = await figureAt("C3", '=PAYROLL.AMOUNT("nett_pay","2026-01-01","2026-03-31")');
  const result = await explainFigure(ctx(), { ...cell, value: value + 1 });
  expect(result.matchesCell).toBe(false);
  expect(result.total).toBe(value);
});

it("in a 1904 workbook, date cells the formula refers to are read as the days they show", async () => {
  const model = installPreviewExcel(globalThis, new WorkbookModel({ dateSystem: "1904" }));
  try {
    resetDateSystem(); // a new workbook: ask its date system again
    const sheet = model.activeSheet;
    sheet.enter(0, 0, "2026-02-01");
    sheet.enter(0, 1, "2026-02-28");
    const result = await explainFigure(flowContext(rig.api, createOfficeWorkbook(), CLIENT), {
      sheet: sheet.name,
      address: "C1",
      formula: '=PAYROLL.AMOUNT("paye",A1,B1)',
    });
    expect(rig.faults.sent.find((r) => r.path.endsWith("transaction_history"))!.body).toMatchObject({
      start_date: "2026-02-01",
      end_date: "2026-02-28",
    });
    expect(result.explains).toContain("paye, 2026-02-01 to 2026-02-28, all employees");
    expect(result.rowCount).toBeGreaterThan(0);
  } finally {
    installPreviewExcel(globalThis, rig.model); // back to the rig's workbook
    resetDateSystem();
  }
});

describe("clear messages", () => {
  const cases: [string, Partial<FigureCell>, RegExp][] = [
    ["several cells", { address: "A1:B3", formula: [["=1", "=2"]] }, /^Select one cell: .*\(the selection is Grid!A1:B3\)$/],
    [
      "a value, not a formula",
      { address: "A1", formula: [[46023]] },
      /^Grid!A1 holds no formula; select a cell with =PAYROLL\.AMOUNT/,
    ],
    ["another function", { formula: "=SUM(A1:A2)" }, /^Grid!E3 does not hold a PAYROLL formula \(=SUM\(A1:A2\)\)/],
    [
      "another PAYROLL function",
      { formula: '=PAYROLL.LEAVE("1001","Annual Leave","2026-06-30")' },
      /holds PAYROLL\.LEAVE; Explain this figure explains PAYROLL\.AMOUNT cells/,
    ],
    [
      "inside a larger formula",
      { formula: '=PAYROLL.AMOUNT("paye","2026-01-01","2026-01-31")*2' },
      /does more than one PAYROLL call/,
    ],
    [
      "an expression argument",
      { formula: '=PAYROLL.AMOUNT("paye",DATE(2026,1,1),"2026-01-31")' },
      /Argument 2 \(DATE\(2026,1,1\)\) is an expression/,
    ],
    ["a range argument", { formula: '=PAYROLL.AMOUNT("paye",A1:B1,"2026-01-31")' }, /Argument 2 \(A1:B1\) is a range/],
    ["too few arguments", { formula: '=PAYROLL.AMOUNT("paye")' }, /takes 3 to 5 arguments .* the formula has 1$/],
    [
      "an unreadable date",
      { formula: '=PAYROLL.AMOUNT("paye","31/01/2026","2026-01-31")' },
      /cannot be read: start_date: "31\/01\/2026" is not a date/,
    ],
    [
      "an unknown employee",
      { formula: '=PAYROLL.AMOUNT("paye","2026-01-01","2026-01-31","999999")' },
      /^No employee numbered 999999 in Liffey \(client 1\)$/,
    ],
    [
      "an unknown account",
      { formula: '=PAYROLL.AMOUNT("no_such","2026-01-01","2026-01-31")' },
      /^The service refused the account "no_such": /,
    ],
  ];
  it.each(cases)("%s", async (_what, cell, message) => {
    const error = await explainFigure(ctx(), { sheet: "Grid", address: "E3", formula: "", ...cell }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExplainFigureError);
    expect((error as Error).message).toMatch(message);
  });
});
