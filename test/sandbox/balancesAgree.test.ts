/**
 * The demo agrees with itself (issue 29, part 5): for every employee of the demo with a tracked balance, in every
 * client, tracked_balances' change between two dates is exactly what transaction_history's deductions between them
 * moved: repayments reduce Loans, garnishee deductions reduce Garnishees, contributions increase Savings. Dates run
 * from before the first payslip to after the last, the day before each payslip and the payslip's own day included.
 * Every other employee of the demo agrees too: no balance, and no such deductions, between any two dates. Then the
 * same after the operator finalises two more periods over HTTP.
 */
import type { FastifyInstance } from "fastify";
import { fixedClock } from "../../src/sandbox/service/clock";
import type { Ctx } from "../../src/sandbox/service/context";
import { generateDemo } from "../../src/sandbox/demo/generate";
import { addDays } from "../../src/sandbox/demo/dates";
import { toCents } from "../../src/sandbox/engine";
import { DEFAULTS } from "../../src/sandbox/http/options";
import { Payroll } from "../../src/sandbox/service/payroll";
import { runReport } from "../../src/sandbox/service/reports";
import type { ClientRec, Store } from "../../src/sandbox/store/store";
import { Persistence } from "../../src/sandbox/store/persistence";
import { call, KEY, makeApp } from "../support/sandboxApp";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TODAY = DEFAULTS.today;
/** Each tracked_balances column, the transaction_history account that moves it, and which way. */
const COLUMNS = [
  { column: "Loans", account: "employer_loan", sign: -1 },
  { column: "Savings", account: "savings", sign: 1 },
  { column: "Garnishees", account: "garnishee", sign: -1 },
] as const;
const ACCOUNTS = COLUMNS.map((c) => c.account);
const TRACKED = new Set<string>(ACCOUNTS);

type Cents = [number, number, number]; // Loans, Savings, Garnishees
type ReportRow = Record<string, unknown>;
/** How both reports are run: in process or over HTTP. */
type RunReport = (reportId: "tracked_balances" | "transaction_history", body: object) => Promise<ReportRow[]>;

/** tracked_balances on a date, in cents per column, by employee number. */
async function balancesOn(run: RunReport, date: string): Promise<Map<string, Cents>> {
  const out = new Map<string, Cents>();
  for (const r of await run("tracked_balances", { date }))
    out.set(String(r.employee), COLUMNS.map((c) => toCents(Number(r[c.column]))) as Cents);
  return out;
}

/** What transaction_history's rows move each column by (signed), summed by employee number. */
function movedBy(rows: readonly ReportRow[]): Map<string, Cents> {
  const out = new Map<string, Cents>();
  for (const r of rows) {
    const sum = out.get(String(r.employee)) ?? [0, 0, 0];
    COLUMNS.forEach((c, i) => (sum[i] += c.sign * toCents(Number(r[c.account]))));
    out.set(String(r.employee), sum);
  }
  return out;
}

/** transaction_history between two dates: after `from`, up to and including `to` (a balance on a date includes that day's payslips). */
const between = (run: RunReport, from: string, to: string) =>
  run("transaction_history", { start_date: addDays(from, 1), end_date: to, account_names: ACCOUNTS });

interface Agreement {
  mismatches: string[];
  /** Employee × date pairs compared, and how many of those moved a balance. */
  compared: number;
  moved: number;
  /** Which columns moved somewhere (so the comparisons compared real movements). */
  columnsMoved: Set<string>;
}

/**
 * Compares the two reports for the given employee numbers on every pair of dates: each consecutive pair with its
 * own transaction_history request, and every other pair through the movements of one request over all the dates.
 */
async function agreement(
  run: RunReport,
  employees: readonly string[],
  datesIn: readonly string[],
  { noRowIsZero = false } = {},
): Promise<Agreement> {
  const dates = [...new Set(datesIn)].sort();
  const balances = await Promise.all(dates.map((d) => balancesOn(run, d)));
  const result: Agreement = { mismatches: [], compared: 0, moved: 0, columnsMoved: new Set() };
  const check = (employee: string, i: number, j: number, moved: Cents | undefined) => {
    // An employee with nothing tracked may have no tracked_balances row: a balance of nothing, when that is allowed.
    const none: Cents | undefined = noRowIsZero ? [0, 0, 0] : undefined;
    const a = balances[i].get(employee) ?? none;
    const b = balances[j].get(employee) ?? none;
    if (!a || !b) {
      result.mismatches.push(`${employee}: no tracked_balances row on ${a ? dates[j] : dates[i]}`);
      return;
    }
    const change = b.map((x, k) => x - a[k]);
    const history = moved ?? [0, 0, 0];
    result.compared++;
    if (change.some((x) => x !== 0)) result.moved++;
    change.forEach((x, k) => x !== 0 && result.columnsMoved.add(COLUMNS[k].column));
    if (change.some((x, k) => x !== history[k]))
      result.mismatches.push(
        `${employee} ${dates[i]} → ${dates[j]}: tracked_balances moved ${change.join("/")} cents, transaction_history ${history.join("/")}`,
      );
  };
  // Consecutive dates: one transaction_history request each (its date filter at both ends is part of what agrees).
  for (let i = 0; i + 1 < dates.length; i++) {
    const moved = movedBy(await between(run, dates[i], dates[i + 1]));
    for (const e of employees) check(e, i, i + 1, moved.get(e));
  }
  // Every other pair: the rows of one request over the whole span, summed up to each date; a pair's movement is
  // the difference of the two sums.
  const all = await between(run, dates[0], dates.at(-1)!);
  const upTo = dates.map((d) => movedBy(all.filter((r) => String(r.Date) <= d)));
  for (let i = 0; i < dates.length; i++)
    for (let j = i + 2; j < dates.length; j++)
      for (const e of employees) {
        const [a, b] = [upTo[i].get(e) ?? [0, 0, 0], upTo[j].get(e) ?? [0, 0, 0]];
        check(e, i, j, b.map((x, k) => x - a[k]) as Cents);
      }
  return result;
}

/** Employee numbers of a client with a live loan, savings or garnishee that tracks a balance. */
function trackedEmployees(store: Store, clientId: number): string[] {
  const ids = new Set(
    store.calculations
      .where("client", clientId)
      .filter((c) => c.employee_id !== null && c.payslip_id === null && !c.deleted && TRACKED.has(String(c.item)))
      .filter((c) => typeof c.inputs.balance === "number")
      .map((c) => c.employee_id!),
  );
  return [...ids].map((id) => store.employees.get(id)!.number);
}

/** Every finalised payslip date of the client and the day before each, the dates, and far before and after. */
function datesOf(store: Store, clientId: number): string[] {
  const paid = new Set<string>();
  for (const e of store.employees.where("client", clientId))
    for (const p of store.payslips.where("employee", e.id)) if (p.finalised) paid.add(p.date);
  return ["2000-01-01", ...[...paid].flatMap((d) => [addDays(d, -1), d]), "2026-10-31", "2026-11-21", TODAY, "2030-12-31"];
}

function inProcess(store: Store, client: ClientRec): RunReport {
  // The reports read only the store and the payroll figures.
  const ctx = { store, payroll: new Payroll(store, fixedClock(TODAY), 0) } as unknown as Ctx;
  return async (reportId, body) => runReport(ctx, client, reportId, body);
}

describe("the default demo: tracked_balances moves by what transaction_history deducted, between any two dates", () => {
  const store = generateDemo({ seed: DEFAULTS.seed, employees: DEFAULTS.employees, today: TODAY });

  it.each(store.clients.all().map((c) => [c.id, c.name] as const))("client %i (%s): every employee with a tracked balance", async (clientId) => {
    const client = store.clients.get(clientId)!;
    const employees = trackedEmployees(store, clientId);
    expect(employees.length).toBeGreaterThan(2);
    const dates = datesOf(store, clientId);
    const result = await agreement(inProcess(store, client), employees, dates);
    expect(result.mismatches.slice(0, 10)).toEqual([]);
    // Every employee on every pair of dates (n dates: n(n-1)/2 pairs), and the balances did move.
    const n = new Set(dates).size;
    expect(result.compared).toBe((employees.length * n * (n - 1)) / 2);
    expect(result.moved).toBeGreaterThan(result.compared / 2);
  });

  it.each(store.clients.all().map((c) => [c.id] as const))("client %i: every other employee too (none tracked: no balance, no deductions)", async (clientId) => {
    const client = store.clients.get(clientId)!;
    const tracked = new Set(trackedEmployees(store, clientId));
    const everyone = store.employees.where("client", clientId).map((e) => e.number);
    const others = everyone.filter((n) => !tracked.has(n));
    expect(others.length).toBeGreaterThan(0);
    const dates = datesOf(store, clientId);
    const result = await agreement(inProcess(store, client), everyone, dates, { noRowIsZero: true });
    expect(result.mismatches.slice(0, 10)).toEqual([]);
    const n = new Set(dates).size;
    expect(result.compared).toBe((everyone.length * n * (n - 1)) / 2);
  });

  it("covers loans, savings and garnishees, and hourly-paid employees", async () => {
    const moved = new Set<string>();
    let hourly = 0;
    for (const client of store.clients.all()) {
      const employees = trackedEmployees(store, client.id);
      hourly += employees.filter((n) => {
        const e = store.employees.all().find((x) => x.client_id === client.id && x.number === n)!;
        return store.calculations.where("employee", e.id).some((c) => c.item === "hourly_pay");
      }).length;
      const dates = ["2000-01-01", "2026-01-31", TODAY];
      for (const c of (await agreement(inProcess(store, client), employees, dates)).columnsMoved) moved.add(c);
    }
    expect([...moved].sort()).toEqual(["Garnishees", "Loans", "Savings"]);
    expect(hourly).toBeGreaterThan(0);
  });

  it("the issue's example: the hourly-paid loan of client 3 made in 2019 owes on 31/10/2026 what it owes on 21/11/2026 plus the repayments between", async () => {
    const e = store.employees.get(1119)!;
    expect(e.client_id).toBe(3);
    const loan = store.calculations.where("employee", e.id).find((c) => c.item === "employer_loan")!;
    expect(loan.created_at.slice(0, 4)).toBe("2019");
    const run = inProcess(store, store.clients.get(3)!);
    const [before, after] = [await balancesOn(run, "2026-10-31"), await balancesOn(run, "2026-11-21")];
    const repaid = movedBy(await between(run, "2026-10-31", "2026-11-21")).get(e.number)!;
    expect(before.get(e.number)![0]).toBeGreaterThan(after.get(e.number)![0]);
    expect(repaid[0]).toBeLessThan(0);
    expect(after.get(e.number)![0] - before.get(e.number)![0]).toBe(repaid[0]);
  });

  it("another seed, size and today agree as well", async () => {
    const other = generateDemo({ seed: 1234, employees: 25, today: "2026-03-15" });
    for (const client of other.clients.all()) {
      const employees = trackedEmployees(other, client.id);
      const dates = ["1999-12-31", "2025-06-30", "2025-12-24", "2026-01-01", "2026-02-27", "2026-03-15", "2027-01-01"];
      const result = await agreement(inProcess(other, client), employees, dates);
      expect(result.mismatches.slice(0, 10)).toEqual([]);
      expect(result.moved).toBeGreaterThan(0);
    }
  });
});

describe("over HTTP, after the operator finalises two more periods", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp({ employees: 24, seed: DEFAULTS.seed });
  });
  afterAll(() => app.close());

  const run =
    (clientId: number): RunReport =>
    async (reportId, body) => {
      const r = await call(app, "POST", `/clients/${clientId}/reports/${reportId}`, body);
      expect(r.status).toBe(200);
      return r.body;
    };
  const finalise = async (clientId: number) => {
    const r = await app.inject({
      method: "POST",
      url: "/sandbox/finalise",
      headers: { authorization: KEY, "content-type": "application/json" },
      payload: JSON.stringify({ client_id: clientId }),
    });
    expect(r.statusCode).toBe(200);
    return JSON.parse(r.body) as { finalised: { payslip_id: number }[]; opened: number[] };
  };

  it("each finalised repayment or contribution moves the balance once, and the next period opens from it", async () => {
    const clientId = 3;
    const employees = (await call(app, "GET", `/clients/${clientId}/employees`)).body.map((x: any) => x.employee);
    const tracked = (await call(app, "GET", `/clients/${clientId}/calculations`)).body.filter(
      (c: any) => c.employee_id !== null && c.payslip_id === null && TRACKED.has(String(c.system_type)),
    );
    const numbers = [...new Set<number>(tracked.map((c: any) => c.employee_id))].map(
      (id) => employees.find((e: any) => e.id === id).number as string,
    );
    expect(numbers.length).toBeGreaterThan(2);

    const first = await finalise(clientId);
    const second = await finalise(clientId);
    expect(first.finalised.length).toBeGreaterThan(0);
    expect(second.finalised.length).toBe(first.finalised.length);
    const dateOf = async (payslipId: number) => (await call(app, "GET", `/payslips/${payslipId}`)).body.payslip.date as string;
    const [d1, d2] = [await dateOf(first.finalised[0].payslip_id), await dateOf(second.finalised[0].payslip_id)];
    const dates = ["2000-01-01", "2026-10-31", TODAY, addDays(d1, -1), d1, addDays(d2, -1), d2, "2030-12-31"];
    const result = await agreement(run(clientId), numbers, dates);
    expect(result.mismatches.slice(0, 10)).toEqual([]);
    // The periods just finalised moved the balances (a finalised repayment is not made twice, nor lost).
    const moved = movedBy(await between(run(clientId), TODAY, "2030-12-31"));
    expect([...moved.values()].filter((m) => m.some((x) => x !== 0)).length).toBe(numbers.length);

    // The live calculation holds what the last finalised payslip left, so the next period opens from it.
    const closing = new Map<number, number>();
    for (const { payslip_id } of second.finalised)
      for (const c of (await call(app, "GET", `/payslips/${payslip_id}/calculations`)).body)
        if (TRACKED.has(String(c.system_type))) closing.set(c.id, toCents(c.outputs.balance));
    const latest = await balancesOn(run(clientId), "2030-12-31");
    const liveSums = new Map<string, Cents>();
    for (const c of tracked) {
      const live = (await call(app, "GET", `/calculations/${c.id}`)).body;
      expect({ calculation: c.id, balance: toCents(live.inputs.balance) }).toEqual({ calculation: c.id, balance: closing.get(c.id) });
      const number = employees.find((e: any) => e.id === c.employee_id).number as string;
      const sum = liveSums.get(number) ?? [0, 0, 0];
      sum[COLUMNS.findIndex((k) => k.account === c.system_type)] += toCents(live.inputs.balance);
      liveSums.set(number, sum);
    }
    expect(Object.fromEntries(latest)).toEqual(Object.fromEntries(liveSums));
  });
});

describe("with --data", () => {
  it("the balances finalising carried forward are on disk when its reply is sent (a crash image has them)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-balances-"));
    const app = await makeApp({ dataFile: join(dir, "state.ndjson"), employees: 12, seed: DEFAULTS.seed });
    try {
      const tracked = (await call(app, "GET", "/clients/1/calculations")).body.filter(
        (c: any) => c.employee_id !== null && c.payslip_id === null && TRACKED.has(String(c.system_type)),
      );
      expect(tracked.length).toBeGreaterThan(0);
      const r = await app.inject({
        method: "POST",
        url: "/sandbox/finalise",
        headers: { authorization: KEY, "content-type": "application/json" },
        payload: JSON.stringify({ client_id: 1 }),
      });
      expect(r.statusCode).toBe(200);
      const image = mkdtempSync(join(tmpdir(), "sandbox-balances-image-"));
      cpSync(dir, image, { recursive: true });
      const store = await new Persistence(join(image, "state.ndjson"), { log: () => {} }).load();
      rmSync(image, { recursive: true, force: true });
      for (const c of tracked) {
        const live = (await call(app, "GET", `/calculations/${c.id}`)).body.inputs.balance;
        // The repayment or contribution moved it, and the crash image holds the moved balance.
        expect(live).not.toBe(c.inputs.balance);
        expect({ calculation: c.id, balance: store!.calculations.get(c.id)!.inputs.balance }).toEqual({ calculation: c.id, balance: live });
      }
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
