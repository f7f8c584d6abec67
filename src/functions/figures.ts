/**
 * What the PAYROLL functions compute, gathered per recalculation into as few requests as the API allows:
 * - amounts: one transaction_history per (client, start, end) for the union of the accounts asked, filtered to the
 *   employees asked (employee_ids null when any formula asks for all employees);
 * - the employee list: one GET per client, shared by every function that names an employee;
 * - leave balances: one GET leave_balances per (employee, date), which answers every leave type at once
 *   (comparison_leave would be one request, but its balances are as at payslip dates, not at any date);
 * - leave types and waves: one GET per client, only when a formula needs them.
 * Everything is cached per connection (./cache) until invalidateFormulaResults().
 */
import { NotFoundError, ValidationError } from "../api";
import type { Employee } from "../contract";
import { parseAmount } from "../xl/amounts";
import { Batcher, type Pending } from "./batcher";
import { FormulaCache } from "./cache";
import { functionsConnection, type FormulaSource } from "./connection";
import { FormulaError, invalidValue, notAvailable, NOT_CONNECTED, toFormulaError } from "./errors";

export type FigureValue = number | string | boolean | (number | string)[][];

export type FigureOp =
  | { kind: "amount"; clientId: number; account: string; start: string; end: string; employee: string | null }
  | { kind: "transactions"; clientId: number; accounts: string[]; start: string; end: string; employee: string | null }
  | { kind: "leave"; clientId: number; employee: string; leaveType: { id: number } | { name: string }; date: string }
  | { kind: "employee"; clientId: number; employee: string; field: string };

type Op<K extends FigureOp["kind"]> = Extract<FigureOp, { kind: K }>;
type Job<K extends FigureOp["kind"] = FigureOp["kind"]> = Pending<Op<K>, FigureValue>;

/** The cache key of one figure. */
export function figureKey(op: FigureOp): string {
  switch (op.kind) {
    case "amount":
      return FormulaCache.key(op.clientId, "amount", op.start, op.end, op.account, op.employee);
    case "transactions":
      return FormulaCache.key(op.clientId, "transactions", op.start, op.end, op.accounts.join(","), op.employee);
    case "leave":
      return FormulaCache.key(
        op.clientId,
        "leave",
        op.employee,
        "id" in op.leaveType ? `#${op.leaveType.id}` : op.leaveType.name.toLowerCase(),
        op.date,
      );
    case "employee":
      return FormulaCache.key(op.clientId, "employee", op.employee, op.field);
  }
}

const batcher = new Batcher<FigureOp, FigureValue>(runBatch);

/** One figure: from the cache, or gathered into the current batch. */
export function figure(op: FigureOp): Promise<FigureValue> {
  const c = functionsConnection();
  if (!c) return Promise.reject(notAvailable(NOT_CONNECTED));
  const key = figureKey(op);
  let p = c.cache.get<FigureValue>(key);
  if (!p) {
    p = batcher.push(op);
    c.cache.remember(key, p); // the raw failure: the cache keeps FormulaErrors only
  }
  return p.catch((e) => Promise.reject(toFormulaError(e)));
}

/**
 * Send the gathered batch now (tests); otherwise it goes a moment after its first call.
 * @internal Tests send the batch at once instead of waiting for its timer.
 */
export function flushFigures(): Promise<void> {
  return batcher.flush();
}

async function runBatch(batch: Job[]): Promise<void> {
  const c = functionsConnection();
  if (!c) {
    for (const j of batch) j.reject(notAvailable(NOT_CONNECTED));
    return;
  }
  const byClient = groupBy(batch, (j) => String(j.op.clientId));
  await Promise.all(
    [...byClient.values()].map(async (jobs) => {
      const ctx = new ClientReads(c.source, c.cache, jobs[0].op.clientId);
      const of = <K extends FigureOp["kind"]>(kind: K) => jobs.filter((j) => j.op.kind === kind) as Job<K>[];
      const history = [...of("amount"), ...of("transactions")];
      await Promise.all([amounts(ctx, history), leaves(ctx, of("leave")), employeeFields(ctx, of("employee"))]);
    }),
  );
}

/** Settle each job with `compute`'s value or error, so one bad formula never fails the others. */
async function settleEach<J extends Job>(jobs: J[], compute: (job: J) => FigureValue | Promise<FigureValue>): Promise<void> {
  await Promise.all(
    jobs.map(async (j) => {
      try {
        j.resolve(await compute(j));
      } catch (e) {
        j.reject(e);
      }
    }),
  );
}

// ---- shared reads of one client ------------------------------------------------------------------------------

/** The lists a batch reads once per client (and the cache keeps for the connection). */
class ClientReads {
  constructor(
    readonly source: FormulaSource,
    readonly cache: FormulaCache,
    readonly clientId: number,
  ) {}

  /** A client the key cannot reach is an unknown client (#N/A), not a failed request. */
  async guard<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (e) {
      if (e instanceof NotFoundError) throw notAvailable(`Client ${this.clientId} was not found with this API key`);
      throw e;
    }
  }

  employees(): Promise<Employee[]> {
    return this.cache.memo(FormulaCache.key(this.clientId, "employees"), () =>
      this.guard(() => this.source.listEmployees(this.clientId)),
    );
  }

  /** The employee with this number; #N/A when the client has none. */
  async employee(number: string): Promise<Employee> {
    const found = employeeByNumber(await this.employees(), number);
    if (!found) throw notAvailable(`No employee numbered ${number} in client ${this.clientId}`);
    return found;
  }

  leaveTypes(): Promise<Record<string, string>> {
    return this.cache.memo(FormulaCache.key(this.clientId, "leave_types"), () =>
      this.guard(() => this.source.listLeaveTypes(this.clientId)),
    );
  }

  waves(): Promise<{ id: number; name: string; custom_name: string | null }[]> {
    return this.cache.memo(FormulaCache.key(this.clientId, "waves"), () =>
      this.guard(() => this.source.listWaves(this.clientId)),
    );
  }

  /** One employee's record read alone (GET /employees/:id carries custom_fields). */
  employeeDetail(id: number): Promise<Employee> {
    return this.cache.memo(FormulaCache.key(this.clientId, "employee_detail", id), () => this.source.getEmployee(id));
  }

  leaveBalances(employeeId: number, date: string): Promise<Record<string, number>> {
    return this.cache.memo(FormulaCache.key(this.clientId, "leave_balances", employeeId, date), () =>
      this.source.getLeaveBalances(employeeId, date),
    );
  }
}

/**
 * The employee an `employee` argument names: the exact number, else the one number equal to it as a number (42
 * typed for "0042": a number argument loses leading zeros).
 */
export function employeeByNumber<E extends { number?: string | null }>(list: readonly E[], number: string): E | undefined {
  const exact = list.find((e) => e.number === number);
  if (exact) return exact;
  if (!/^\d+$/.test(number)) return undefined;
  const numeric = list.filter((e) => e.number && /^\d+$/.test(e.number) && Number(e.number) === Number(number));
  return numeric.length === 1 ? numeric[0] : undefined;
}

// ---- PAYROLL.AMOUNT --------------------------------------------------------------------------------------------

type HistoryJob = Job<"amount"> | Job<"transactions">;

async function amounts(ctx: ClientReads, jobs: HistoryJob[]): Promise<void> {
  const groups = [...groupBy(jobs, (j) => `${j.op.start}|${j.op.end}`).values()];
  await Promise.all(
    groups.map((group) =>
      amountGroup(ctx, group).catch((e) => {
        for (const j of group) j.reject(e);
      }),
    ),
  );
}

/** The amounts and tables of one period: one transaction_history (more only when an account is unknown). */
async function amountGroup(ctx: ClientReads, group: HistoryJob[]): Promise<void> {
  const { start, end } = group[0].op;
  // Employees named by number are checked against the list (unknown -> #N/A) and sent as IDs.
  const named = new Map<string, Employee | FormulaError>();
  for (const j of group) {
    if (j.op.employee === null || named.has(j.op.employee)) continue;
    named.set(j.op.employee, await ctx.employee(j.op.employee).catch((e) => (e instanceof FormulaError ? e : Promise.reject(e))));
  }
  const live = group.filter((j) => {
    const e = j.op.employee === null ? null : named.get(j.op.employee)!;
    if (e instanceof FormulaError) j.reject(e);
    return !(e instanceof FormulaError);
  });
  if (live.length === 0) return;
  const everyone = live.some((j) => j.op.employee === null);
  const employeeIds = everyone ? null : unique(live.map((j) => (named.get(j.op.employee!) as Employee).id));
  const accounts = unique(live.flatMap((j) => (j.op.kind === "amount" ? [j.op.account] : j.op.accounts)));
  const history = await transactionHistory(ctx, start, end, accounts, employeeIds);
  await settleEach(live, (j) => {
    for (const account of j.op.kind === "amount" ? [j.op.account] : j.op.accounts) {
      const unknown = history.unknown.get(account);
      if (unknown !== undefined) throw notAvailable(unknown);
    }
    const number = j.op.employee === null ? null : ((named.get(j.op.employee) as Employee).number ?? null);
    if (j.op.kind === "transactions") return transactionsTable(history.rows, j.op.accounts, number);
    return sumAccount(history.rows, j.op.account, number, j.op.employee === null);
  });
}

type HistoryRow = { employee: string } & Record<string, unknown>;

/**
 * transaction_history for these accounts. An unknown account fails the whole request (422), so it is taken out and
 * the rest asked again: by the per-account errors when the service names them, else by asking for halves.
 */
async function transactionHistory(
  ctx: ClientReads,
  start: string,
  end: string,
  accounts: string[],
  employeeIds: number[] | null,
): Promise<{ rows: HistoryRow[]; unknown: Map<string, string> }> {
  const unknown = new Map<string, string>();
  let asking = accounts;
  while (asking.length > 0) {
    try {
      const rows = await ctx.guard(() =>
        ctx.source.runReport(ctx.clientId, "transaction_history", {
          start_date: start,
          end_date: end,
          account_names: asking,
          employee_ids: employeeIds,
        }),
      );
      return { rows: rows as HistoryRow[], unknown };
    } catch (e) {
      if (!(e instanceof ValidationError) || e.status === undefined) throw e;
      const named = Object.entries(e.errors).flatMap(([k, message]) => {
        const m = /^account_names\.(\d+)$/.exec(k);
        const account = m ? asking[Number(m[1])] : undefined;
        return account === undefined ? [] : [[account, message] as const];
      });
      if (named.length > 0) {
        for (const [account, message] of named) unknown.set(account, unknownAccountMessage(account, message));
        asking = asking.filter((a) => !unknown.has(a));
      } else if (asking.length === 1) {
        unknown.set(asking[0], `Unknown account "${asking[0]}" (the service said: ${e.serviceMessage})`);
        asking = [];
      } else {
        const half = Math.ceil(asking.length / 2);
        const parts = await Promise.all(
          [asking.slice(0, half), asking.slice(half)].map((part) => transactionHistory(ctx, start, end, part, employeeIds)),
        );
        for (const p of parts) for (const [a, m] of p.unknown) unknown.set(a, m);
        return { rows: parts.flatMap((p) => p.rows), unknown };
      }
    }
  }
  return { rows: [], unknown };
}

/** The service's word on an unknown account when it names the account ("unknown account "x"; the names are…"). */
function unknownAccountMessage(account: string, message: string): string {
  if (!message.includes(account)) return `Unknown account "${account}": ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The sum of one account's amounts over the rows (of one employee, or all), to the cent. */
export function sumAccount(rows: HistoryRow[], account: string, employeeNumber: string | null, allEmployees: boolean): number {
  let cents = 0;
  for (const row of rows) {
    if (!allEmployees && String(row.employee) !== employeeNumber) continue;
    if (!(account in row)) continue;
    cents += Math.round(amountOf(row, account) * 100);
  }
  return cents / 100;
}

/**
 * PAYROLL.TRANSACTIONS: a header row (employee, Date, the accounts) and one row per payslip, amounts as numbers,
 * of one employee (by number) or all.
 */
export function transactionsTable(rows: HistoryRow[], accounts: string[], employeeNumber: string | null): (number | string)[][] {
  const out: (number | string)[][] = [["employee", "Date", ...accounts]];
  for (const row of rows) {
    if (employeeNumber !== null && String(row.employee) !== employeeNumber) continue;
    out.push([String(row.employee), String(row.Date), ...accounts.map((account) => amountOf(row, account))]);
  }
  return out;
}

/** One account's amount in a history row (blank is 0); #VALUE! when the service sent something else. */
function amountOf(row: HistoryRow, account: string): number {
  const amount = parseAmount(row[account]);
  if (!amount.ok) throw invalidValue(`The service sent "${amount.text}" for ${account}, which is not an amount`);
  return amount.value ?? 0;
}

// ---- PAYROLL.LEAVE ---------------------------------------------------------------------------------------------

async function leaves(ctx: ClientReads, jobs: Job<"leave">[]): Promise<void> {
  if (jobs.length === 0) return;
  await settleEach(jobs, async (j) => {
    const types = await ctx.leaveTypes();
    const typeId = leaveTypeId(types, j.op.leaveType);
    const e = await ctx.employee(j.op.employee);
    const balances = await ctx.leaveBalances(e.id, j.op.date);
    const balance = balances[String(typeId)];
    if (balance === undefined)
      throw notAvailable(`No ${types[String(typeId)]} balance for employee ${j.op.employee} on ${j.op.date}`);
    return balance;
  });
}

function leaveTypeId(types: Record<string, string>, wanted: { id: number } | { name: string }): number {
  if ("id" in wanted) {
    if (types[String(wanted.id)] === undefined) throw notAvailable(`Unknown leave type ID ${wanted.id}`);
    return wanted.id;
  }
  const name = wanted.name.toLowerCase();
  const found = Object.entries(types).find(([, n]) => n.toLowerCase() === name);
  if (!found) throw notAvailable(`Unknown leave type "${wanted.name}" (leave types: ${Object.values(types).join(", ")})`);
  return Number(found[0]);
}

// ---- PAYROLL.EMPLOYEE ------------------------------------------------------------------------------------------

/** Field names that are not plain keys of the employee record. */
const WAVE_FIELDS = new Set(["wave", "wave_name"]);

async function employeeFields(ctx: ClientReads, jobs: Job<"employee">[]): Promise<void> {
  await settleEach(jobs, async (j) => {
    const e = await ctx.employee(j.op.employee);
    const field = j.op.field;
    if (WAVE_FIELDS.has(field.toLowerCase())) {
      const wave = (await ctx.waves()).find((w) => w.id === e.wave_id);
      return wave ? (wave.custom_name ?? wave.name) : "";
    }
    if (/^\d+$/.test(field)) {
      // A custom field by ID: the list carries custom_fields when the service includes them, else the record does.
      const fields = e.custom_fields ?? (await ctx.employeeDetail(e.id)).custom_fields ?? {};
      if (!(field in fields)) throw notAvailable(`Employee ${j.op.employee} has no custom field ${field}`);
      return fields[field] ?? "";
    }
    return fieldValue(e, field);
  });
}

/** A field of the record, dotted for a part (physical_address.line_1); text, number, TRUE/FALSE or blank. */
export function fieldValue(record: Record<string, unknown>, field: string): FigureValue {
  let value: unknown = record;
  for (const part of field.split(".")) {
    if (value === null || typeof value !== "object" || !(part in value)) {
      const known = Object.keys(record).filter(
        (k) => !["recent_payslips", "recent_payslips_with_data", "service_periods"].includes(k),
      );
      throw invalidValue(`Unknown employee field "${field}" (fields: ${known.join(", ")}, wave, or a custom field ID)`);
    }
    value = (value as Record<string, unknown>)[part];
  }
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  const parts = Object.keys(value as object).map((k) => `${field}.${k}`);
  throw invalidValue(`"${field}" has parts; name one: ${parts.join(", ")}`);
}

// ---- helpers ---------------------------------------------------------------------------------------------------

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = m.get(k);
    if (list) list.push(item);
    else m.set(k, [item]);
  }
  return m;
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];
