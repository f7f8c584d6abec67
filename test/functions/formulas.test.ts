/**
 * The PAYROLL functions against a real sandbox: batching (request counts), values equal to the reports read
 * directly, errors as #N/A/#VALUE! with messages, the per-connection cache and its invalidation.
 */
import { PayrollApi, type RequestLogEntry } from "../../src/api";
import { invalidateFormulaResults, onFormulaResultsInvalidated, setFunctionsConnection } from "../../src/functions/connection";
import { FormulaError } from "../../src/functions/errors";
import { flushFigures, sumAccount } from "../../src/functions/figures";
import { amountFormula, employeeFormula, leaveFormula, transactionsFormula } from "../../src/functions/formulas";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";
import { isoDateToSerial } from "../../src/xl/excelConventions";

const serial = (date: unknown) => isoDateToSerial(String(date));
const ACCOUNTS = ["basic_salary", "gross_pay", "paye", "usc", "nett_pay"];
const START = "2026-01-01";
const END = "2026-06-30";

let sandbox: RunningSandbox;
let requests: RequestLogEntry[];
let api: PayrollApi;
let check: PayrollApi;
let clientId: number;

beforeAll(async () => {
  sandbox = await startSandbox({ employees: 40, recalcMs: 0, reportJobMs: 0 });
  const common = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0 };
  api = new PayrollApi({ ...common, onRequest: (e) => requests.push(e) });
  check = new PayrollApi(common);
  clientId = (await check.listClients())[0].id;
});
afterAll(() => sandbox.close());
beforeEach(() => {
  requests = [];
  setFunctionsConnection({ source: api, clientId });
  invalidateFormulaResults(); // each test starts with an empty cache
});

/** Settle formulas the way a recalculation does: all called, then the batch goes. */
async function settle<T>(calls: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  const settled = Promise.allSettled(calls);
  await flushFigures();
  return settled;
}

const errorOf = async (p: Promise<unknown>): Promise<FormulaError> => {
  const [r] = await settle([p]);
  if (r.status === "fulfilled") throw new Error(`expected an error, got ${String(r.value)}`);
  expect(r.reason).toBeInstanceOf(FormulaError);
  return r.reason as FormulaError;
};

describe("PAYROLL.AMOUNT", () => {
  it("equals the transaction_history figure read directly, for all employees and for one", async () => {
    const rows = await check.runReport(clientId, "transaction_history", {
      start_date: START,
      end_date: END,
      account_names: ["basic_salary", "nett_pay"],
    });
    expect(rows.length).toBeGreaterThan(0);
    const one = rows[0].employee;
    const total = (account: string, employee?: string) =>
      rows.filter((r) => !employee || r.employee === employee).reduce((s, r) => s + Math.round(Number(r[account]) * 100), 0) /
      100;

    const [all, nett, mine] = await settle([
      amountFormula("basic_salary", START, END),
      amountFormula("nett_pay", START, END),
      amountFormula("nett_pay", "2026-01-01", 46203, one),
    ]);
    expect(all).toEqual({ status: "fulfilled", value: total("basic_salary") });
    expect(nett).toEqual({ status: "fulfilled", value: total("nett_pay") });
    expect(mine).toEqual({ status: "fulfilled", value: total("nett_pay", one) });
    expect(total("nett_pay", one)).toBeGreaterThan(0);
    expect(total("basic_salary")).toBeGreaterThan(total("nett_pay", one));
  });

  it("200 formulas (40 employees x 5 accounts) cost at most 3 requests, and every value matches", async () => {
    const employees = await check.listEmployees(clientId);
    expect(employees.length).toBe(40);
    const cells = employees.flatMap((e) => ACCOUNTS.map((account) => ({ account, number: e.number! })));
    const results = await settle(cells.map((c) => amountFormula(c.account, START, END, c.number)));
    expect(requests.length).toBeLessThanOrEqual(3);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`POST /clients/${clientId}/reports/transaction_history`]),
    );

    const rows = await check.runReport(clientId, "transaction_history", {
      start_date: START,
      end_date: END,
      account_names: ACCOUNTS,
    });
    results.forEach((r, i) => {
      const expected = sumAccount(rows, cells[i].account, cells[i].number, false);
      expect(r).toEqual({ status: "fulfilled", value: expected });
    });
    expect(results.filter((r) => r.status === "fulfilled" && r.value !== 0).length).toBeGreaterThan(150);

    // The same formulas again (a second recalculation) come from the cache: no request.
    requests = [];
    await settle(cells.slice(0, 20).map((c) => amountFormula(c.account, START, END, c.number)));
    expect(requests).toEqual([]);
  });

  it("an unknown account is #N/A with a message, and the other formulas of the batch still get their figures", async () => {
    const [bad, good] = await settle([amountFormula("no_such_account", START, END), amountFormula("paye", START, END)]);
    expect(bad.status).toBe("rejected");
    const e = (bad as PromiseRejectedResult).reason as FormulaError;
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/^Unknown account "no_such_account"; the names are those items_and_outputs lists/);
    expect(good.status).toBe("fulfilled");
    expect((good as PromiseFulfilledResult<number>).value).toBeGreaterThan(0);
    // One refused request, one for the known accounts.
    expect(requests.filter((r) => r.path.endsWith("/transaction_history")).length).toBe(2);
  });

  it("a client the key cannot reach is #N/A naming it", async () => {
    const e = await errorOf(amountFormula("paye", START, END, null, 999));
    expect([e.code, e.message]).toEqual(["#N/A", "Client 999 was not found with this API key"]);
    const f = await errorOf(employeeFormula("1001", "first_name", 999));
    expect(f.message).toBe("Client 999 was not found with this API key");
  });

  it("an unknown employee is #N/A; a bad date is #VALUE! before any request", async () => {
    const e = await errorOf(amountFormula("paye", START, END, "99999"));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/No employee numbered 99999/);
    requests = [];
    const d = await errorOf(amountFormula("paye", "30/06/2026", END));
    expect(d.code).toBe("#VALUE!");
    expect(d.message).toMatch(/start_date/);
    expect(requests).toEqual([]);
  });

  it("not connected is #N/A 'Connect in the Payroll pane'; no client chosen says so", async () => {
    setFunctionsConnection(null);
    const e = await errorOf(amountFormula("paye", START, END));
    expect([e.code, e.message]).toEqual(["#N/A", "Connect in the Payroll pane"]);
    setFunctionsConnection({ source: api, clientId: null });
    expect((await errorOf(amountFormula("paye", START, END))).message).toMatch(/Choose a client/);
    // client_id given: works without a chosen client.
    const [r] = await settle([amountFormula("paye", START, END, null, clientId)]);
    expect(r.status).toBe("fulfilled");
  });

  it("invalidation empties the cache and tells the listeners, so the next calculation asks again", async () => {
    await settle([amountFormula("gross_pay", START, END)]);
    requests = [];
    await settle([amountFormula("gross_pay", START, END)]);
    expect(requests).toEqual([]);
    const heard = jest.fn();
    const off = onFormulaResultsInvalidated(heard);
    invalidateFormulaResults();
    off();
    expect(heard).toHaveBeenCalledTimes(1);
    await settle([amountFormula("gross_pay", START, END)]);
    expect(requests.length).toBe(1);
  });

  it("a failed request is not cached: the next calculation asks again", async () => {
    let fail = true;
    const flaky = new PayrollApi({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      requestsPerSecond: 0,
      maxRetries: 0,
      fetch: async (url, init) => (fail ? new Response("{}", { status: 503 }) : fetch(url, init)),
    });
    setFunctionsConnection({ source: flaky, clientId });
    const e = await errorOf(amountFormula("paye", START, END));
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/Refresh formulas/);
    fail = false;
    const [r] = await settle([amountFormula("paye", START, END)]);
    expect(r.status).toBe("fulfilled");
  });
});

describe("PAYROLL.LEAVE and PAYROLL.EMPLOYEE", () => {
  it("gives each leave balance as GET leave_balances does, one request per employee and date", async () => {
    const employees = (await check.listEmployees(clientId)).slice(0, 3);
    const types = await check.listLeaveTypes(clientId);
    const [typeId, typeName] = Object.entries(types)[0];
    const calls = employees.flatMap((e) => [
      leaveFormula(e.number, typeName, "2026-06-30"),
      leaveFormula(Number(e.number), Number(typeId), 46203),
    ]);
    const results = await settle(calls);
    for (const [i, e] of employees.entries()) {
      const expected = (await check.getLeaveBalances(e.id, "2026-06-30"))[typeId];
      expect(results[2 * i]).toEqual({ status: "fulfilled", value: expected });
      expect(results[2 * i + 1]).toEqual({ status: "fulfilled", value: expected });
    }
    const paths = requests.map((r) => r.path);
    expect(paths.filter((p) => p.endsWith("/leave_balances")).length).toBe(3);
    expect(paths.filter((p) => p.endsWith("/leave_types")).length).toBe(1);
    const unknown = await errorOf(leaveFormula(employees[0].number, "Sabbatical", "2026-06-30"));
    expect(unknown.code).toBe("#N/A");
    expect(unknown.message).toMatch(/Unknown leave type "Sabbatical"/);
  });

  it("gives fields of the employee record, the wave's name and custom fields", async () => {
    const [e] = await check.listEmployees(clientId);
    const waves = await check.listWaves(clientId);
    const wave = waves.find((w) => w.id === e.wave_id)!;
    const [first, appointed, waveName, bad] = await settle([
      employeeFormula(e.number, "first_name"),
      employeeFormula(e.number, "appointment_date"),
      employeeFormula(e.number, "wave"),
      employeeFormula(e.number, "shoe_size"),
    ]);
    expect(first).toEqual({ status: "fulfilled", value: e.first_name });
    expect(appointed).toEqual({ status: "fulfilled", value: e.appointment_date });
    expect(waveName).toEqual({ status: "fulfilled", value: wave.custom_name ?? wave.name });
    expect(bad.status).toBe("rejected");
    expect(((bad as PromiseRejectedResult).reason as FormulaError).code).toBe("#VALUE!");
    expect(requests.filter((r) => r.path.endsWith("/employees")).length).toBe(1);
  });
});

describe("PAYROLL.TRANSACTIONS", () => {
  it("is the report as a table with serial dates, in the same transaction_history request as the AMOUNT formulas of its period", async () => {
    const rows = await check.runReport(clientId, "transaction_history", {
      start_date: START,
      end_date: END,
      account_names: ["paye", "usc"],
    });
    const one = rows[0].employee;
    const [table, mine, sum] = await settle<unknown>([
      transactionsFormula("paye, usc", START, END),
      transactionsFormula([["usc"]], START, END, one),
      amountFormula("nett_pay", START, END),
    ]);
    expect(requests.filter((r) => r.path.endsWith("/transaction_history")).length).toBe(1);
    expect(table).toEqual({
      status: "fulfilled",
      value: [["employee", "Date", "paye", "usc"], ...rows.map((r) => [r.employee, serial(r.Date), r.paye, r.usc])],
    });
    const own = rows.filter((r) => r.employee === one);
    expect(mine).toEqual({
      status: "fulfilled",
      value: [["employee", "Date", "usc"], ...own.map((r) => [one, serial(r.Date), r.usc])],
    });
    // Dates are serials (a 1900 workbook outside Excel), so the spilled column sums and filters as dates.
    expect(((table as PromiseFulfilledResult<unknown[][]>).value[1][1] as number) > 46000).toBe(true);
    expect(sum.status).toBe("fulfilled");
    const bad = await errorOf(transactionsFormula("paye, nope", START, END));
    expect(bad.message).toMatch(/Unknown account "nope"/);
  });
});
