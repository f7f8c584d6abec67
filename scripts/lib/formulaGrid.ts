/**
 * A finance grid of PAYROLL.AMOUNT formulas in the preview's workbook: employees down column A, and for every
 * (month, account) a column whose rows 1-3 hold the month's first and last day (date cells) and the account name.
 * Each body cell is =PAYROLL.AMOUNT(account, start, end, employee), as a user would fill it. Used by
 * test/functions/grid.scale.test.ts and scripts/bench-formulas-grid.ts.
 */
import type { PayrollApi, RequestLogEntry } from "../../src/api";
import { invalidateFormulaResults, setFunctionsConnection } from "../../src/functions/connection";
import { resetDateSystem } from "../../src/functions/dateSystem";
import * as functions from "../../src/functions/functions";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";
import { AsyncFormulaFunctions, BUSY } from "../../src/emulator/asyncFunctions";
import { columnLetter } from "../../src/xl/excelConventions";

export const GRID_ACCOUNTS = ["basic_salary", "gross_pay", "paye", "nett_pay"];

/** Twelve months with payslips in the sandbox's data: November 2025 to October 2026. */
export const GRID_MONTHS: { start: string; end: string }[] = Array.from({ length: 12 }, (_, i) => {
  const y = 2025 + Math.floor((10 + i) / 12);
  const m = ((10 + i) % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${last}` };
});

const HEADER_ROWS = 3;

export interface GridRun {
  formulas: number;
  /** Requests by route ("POST /clients/:id/reports/transaction_history"). */
  routes: Record<string, number>;
  requests: number;
  /** From entering the formulas to every cell holding a number. */
  ms: number;
  /** Cells still #BUSY! or holding anything but a number at the end (none expected). */
  notNumbers: { address: string; value: unknown }[];
  /** The body values, row by row (employees) and column by column ((month, account)). */
  values: unknown[][];
}

/** A route without IDs, so requests of one kind count together. */
export const route = (e: RequestLogEntry): string => `${e.method} ${e.path.replace(/\/\d+(?=\/|$)/g, "/:id")}`;

/**
 * Build the grid for `employees` (their numbers), connect the functions to `api` (whose requests `log` receives),
 * read every cell until none is #BUSY!, and report. `timeoutMs` bounds the wait.
 */
export async function runFormulaGrid(
  api: PayrollApi,
  log: RequestLogEntry[],
  clientId: number,
  employees: string[],
  timeoutMs = 120_000,
): Promise<GridRun> {
  resetDateSystem(); // the real question, through the preview's Excel
  const workbook = installPreviewExcel(globalThis, new WorkbookModel());
  workbook.formulaFunctions = new AsyncFormulaFunctions(
    (name) => (name === "PAYROLL.AMOUNT" ? functions.amount : undefined),
    () => undefined, // the loop below reads the cells again; no view to re-render
    () => true, // AMOUNT is a streaming function
  );
  setFunctionsConnection({ source: api, clientId });
  invalidateFormulaResults();
  const sheet = workbook.activeSheet;
  const columns = GRID_MONTHS.flatMap((month) => GRID_ACCOUNTS.map((account) => ({ ...month, account })));
  columns.forEach((col, k) => {
    sheet.enter(0, k + 1, col.start); // date cells: serials, as a user types them
    sheet.enter(1, k + 1, col.end);
    sheet.enter(2, k + 1, col.account);
  });
  employees.forEach((number, i) => sheet.enter(HEADER_ROWS + i, 0, number));
  log.length = 0;
  const started = Date.now();
  employees.forEach((_, i) =>
    columns.forEach((_, k) => {
      const c = columnLetter(k + 1);
      sheet.enterFormula(HEADER_ROWS + i, k + 1, `=PAYROLL.AMOUNT(${c}$3,${c}$1,${c}$2,$A${HEADER_ROWS + i + 1})`);
    }),
  );
  const read = () => employees.map((_, i) => columns.map((_, k) => sheet.valueAt(HEADER_ROWS + i, k + 1)));
  let values = read();
  while (values.some((row) => row.includes(BUSY)) && Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 5));
    values = read();
  }
  const ms = Date.now() - started;
  const notNumbers = values.flatMap((row, i) =>
    row.flatMap((value, k) =>
      typeof value === "number" ? [] : [{ address: `${columnLetter(k + 1)}${HEADER_ROWS + i + 1}`, value }],
    ),
  );
  const routes: Record<string, number> = {};
  for (const e of log) routes[route(e)] = (routes[route(e)] ?? 0) + 1;
  return { formulas: employees.length * columns.length, routes, requests: log.length, ms, notNumbers, values };
}

/** Take the preview's Excel away again (tests that run after this one expect none). */
export function removePreviewExcel(): void {
  for (const name of ["Excel", "Office", "OfficeExtension"]) delete (globalThis as Record<string, unknown>)[name];
  resetDateSystem();
  setFunctionsConnection(null);
}
