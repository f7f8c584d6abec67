/**
 * Scale (issue L, point 5): a finance grid of AMOUNT formulas (employees × 12 months × 4 accounts) costs one
 * transaction_history per distinct (client, start, end) and one employee list, whatever its size; every cell ends with
 * its number (none left at #BUSY!), and each figure equals the report's. LEAVE for every employee on one date: one
 * leave_balances per employee (no report gives balances at any date; docs/formulas.md says why).
 * At 30 employees (1,440 formulas): the requests do not grow with the cells, which any size shows; the grid at 100
 * and 1,000 employees (4,800 and 48,000 formulas), with the pane's pacing, is `npx tsx scripts/bench-formulas-grid.ts`'s
 * (issue 29, Deliver 4: at 100 employees this file took 14 s of a quiet unit run and up to 108 s at load 10-15).
 */
import { PayrollApi, type RequestLogEntry } from "../../src/api";
import { invalidateFormulaResults, setFunctionsConnection } from "../../src/functions/connection";
import { flushFigures, sumAccount } from "../../src/functions/figures";
import { amountFormula, leaveFormula } from "../../src/functions/formulas";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";
import { GRID_ACCOUNTS, GRID_MONTHS, removePreviewExcel, route, runFormulaGrid } from "../../scripts/lib/formulaGrid";

let sandbox: RunningSandbox;
let api: PayrollApi;
let check: PayrollApi;
let clientId: number;
let numbers: string[];
const log: RequestLogEntry[] = [];

const EMPLOYEE_COUNT = 30;
const FORMULAS = EMPLOYEE_COUNT * 12 * 4;
const HISTORY = "POST /clients/:id/reports/transaction_history";
const EMPLOYEES = "GET /clients/:id/employees";

const common = () => ({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });

beforeAll(async () => {
  sandbox = await startSandbox({ employees: EMPLOYEE_COUNT, recalcMs: 0, reportJobMs: 0 });
  // The pane's own pacing (5 requests per second, 4 in flight): the grid must fit in it.
  api = new PayrollApi({ ...common(), onRequest: (e) => log.push(e) });
  check = new PayrollApi({ ...common(), requestsPerSecond: 0, maxConcurrent: 0 });
  clientId = (await check.listClients())[0].id;
  numbers = (await check.listEmployees(clientId)).map((e) => e.number!);
  expect(numbers).toHaveLength(EMPLOYEE_COUNT);
}, 30_000);
afterAll(async () => {
  removePreviewExcel();
  await sandbox.close();
});

const byRoute = () => {
  const counts: Record<string, number> = {};
  for (const e of log) counts[route(e)] = (counts[route(e)] ?? 0) + 1;
  return counts;
};

async function expectedTotals(): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const m of GRID_MONTHS) {
    const rows = await check.runReport(clientId, "transaction_history", {
      start_date: m.start,
      end_date: m.end,
      account_names: GRID_ACCOUNTS,
    });
    for (const n of numbers) for (const a of GRID_ACCOUNTS) totals.set(`${m.start}|${a}|${n}`, sumAccount(rows, a, n, false));
  }
  return totals;
}

it("the functions layer: 1,440 AMOUNT formulas cost 12 transaction_history requests and 1 employee list", async () => {
  setFunctionsConnection({ source: api, clientId });
  invalidateFormulaResults();
  log.length = 0;
  const cells = numbers.flatMap((n) => GRID_MONTHS.flatMap((m) => GRID_ACCOUNTS.map((a) => ({ n, m, a }))));
  expect(cells).toHaveLength(FORMULAS);
  const settled = Promise.allSettled(cells.map((c) => amountFormula(c.a, c.m.start, c.m.end, c.n)));
  await flushFigures();
  const results = await settled;
  expect(byRoute()).toEqual({ [HISTORY]: 12, [EMPLOYEES]: 1 });
  const totals = await expectedTotals();
  results.forEach((r, i) => {
    const c = cells[i];
    expect(r).toEqual({ status: "fulfilled", value: totals.get(`${c.m.start}|${c.a}|${c.n}`) });
  });
  // Most figures are not zero (at 100 employees: over 3,000 of 4,800), so equal figures are not equal zeros.
  expect(results.filter((r) => r.status === "fulfilled" && r.value !== 0).length).toBeGreaterThan(FORMULAS * 0.6);
}, 60_000);

it("the preview's grid over date cells: every cell holds its number, none is left at #BUSY!, 13 requests", async () => {
  const run = await runFormulaGrid(api, log, clientId, numbers, 50_000);
  expect(run.formulas).toBe(FORMULAS);
  expect(run.notNumbers).toEqual([]);
  expect(run.routes).toEqual({ [HISTORY]: 12, [EMPLOYEES]: 1 });
  const totals = await expectedTotals();
  const columns = GRID_MONTHS.flatMap((m) => GRID_ACCOUNTS.map((a) => `${m.start}|${a}`));
  run.values.forEach((row, i) => row.forEach((v, k) => expect(v).toBe(totals.get(`${columns[k]}|${numbers[i]}`))));
}, 60_000);

it("LEAVE for every employee on one date: one leave_balances per employee, plus the lists", async () => {
  // Unpaced here to keep the test short; the pane's 5 requests per second make these 32 requests about 6 s.
  setFunctionsConnection({
    source: new PayrollApi({ ...common(), requestsPerSecond: 0, onRequest: (e) => log.push(e) }),
    clientId,
  });
  invalidateFormulaResults();
  log.length = 0;
  const settled = Promise.allSettled(numbers.map((n) => leaveFormula(n, "Annual Leave", "2026-06-30")));
  await flushFigures();
  const results = await settled;
  expect(byRoute()).toEqual({
    "GET /clients/:id/leave_types": 1,
    [EMPLOYEES]: 1,
    "GET /employees/:id/leave_balances": EMPLOYEE_COUNT,
  });
  expect(results.every((r) => r.status === "fulfilled" && typeof r.value === "number")).toBe(true);
}, 60_000);
