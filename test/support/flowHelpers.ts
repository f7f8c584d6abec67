/**
 * Flow-test rig for input sheets: the shared stack (./stack: real sandbox, real PayrollApi, real Excel layer
 * over the preview workbook installed as the global Excel) with a fetch that can fail chosen bulk_input requests;
 * and helpers that act on the preview workbook as a person would.
 */
import type { FetchLike } from "../../src/api";
import type { WorkbookPort } from "../../src/excel";
import type { WorkbookModel } from "../../src/emulator";
import type { SandboxOptions } from "../../src/sandbox";
import { flowContext, type FlowContext, type FlowProgress, type ClientRef } from "../../src/ui/flows/common";
import type { RowStatus } from "../../src/features/inputSheets/model/rowState";
import { buildInputSheet, loadInputChoices, readInputSheetMeta } from "../../src/features/inputSheets/flows/inputs";
import { annotationOf, readRowRecords, saveRowRecords } from "../../src/features/inputSheets/flows/rowStates";
import { injectFault, startStack, type Stack } from "./stack";
import { calcKey } from "../../src/contract";
import type { InputChoices } from "../../src/features/inputSheets/flows/inputs";
import { activeEmployees, defaultPeriod } from "../../src/ui/sheets/periods";

/** What to do with the n-th bulk_input request. */
export type Fault =
  | { kind: "network-before" } // the request never reaches the service
  | { kind: "network-after" } // the service applies it, the answer is lost
  | { kind: "status"; status: 401 | 429 | 500 | 503; retryAfter?: string };

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export class FaultyFetch {
  readonly sent: SentRequest[] = [];
  /** bulk_input request number (1-based, counted over the rig's life) to fault. */
  readonly faults = new Map<number, Fault>();
  bulkCount = 0;

  readonly fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/v1/, "");
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    this.sent.push({ method: init.method ?? "GET", path, body });
    if (path.endsWith("/bulk_input")) {
      const fault = this.faults.get(++this.bulkCount);
      if (fault) return injectFault(fault, url, init);
    }
    return fetch(url, init);
  };

  count(pathPart: string | RegExp, method?: string): number {
    return this.sent.filter(
      (r) =>
        (method ? r.method === method : true) &&
        (typeof pathPart === "string" ? r.path.includes(pathPart) : pathPart.test(r.path)),
    ).length;
  }

  /** Entities sent in all bulk_input requests so far. */
  bulkEntities(): { id: string; payslip_date?: string; attributes: Record<string, unknown> }[] {
    return this.sent.filter((r) => r.path.endsWith("/bulk_input")).flatMap((r) => (r.body as { entities: never[] }).entities);
  }

  reset(): void {
    this.sent.length = 0;
  }
}

export interface Rig extends Stack {
  faulty: FaultyFetch;
}

export async function startRig(options: SandboxOptions = {}): Promise<Rig> {
  const faulty = new FaultyFetch();
  const stack = await startStack(faulty.fetch, { employees: 12, recalcMs: 30, ...options });
  return { ...stack, faulty };
}

/** The demo's first client, the client of most input-sheet tests. */
const DEMO_CLIENT: ClientRef = { id: 1, name: "Demo client 1" };

/** The flows' context on the rig (or any stack) for a client, with an optional progress (signal, update). */
export function ctxOf(
  stack: Pick<Stack, "api" | "workbook">,
  client: ClientRef = DEMO_CLIENT,
  progress: FlowProgress = {},
): FlowContext {
  return flowContext(stack.api, stack.workbook, client, progress);
}

/** A person types into a cell of the first table on the sheet (row = 0-based data row, column by header). */
export function typeInto(model: WorkbookModel, sheetName: string, rowIndex: number, header: string, text: string): void {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  const headers = Array.from({ length: table.cols }, (_, k) => String(sheet.valueAt(table.r, table.c + k)));
  const k = headers.indexOf(header);
  if (k < 0) throw new Error(`No column "${header}" on ${sheetName}: ${headers.join(", ")}`);
  model.editCell(sheet, table.r + 1 + rowIndex, table.c + k, text);
}

/** Select data rows [first, last] of the sheet's table, as a person would. */
export function selectRows(model: WorkbookModel, sheetName: string, first: number, last: number): void {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  model.select(sheet, { r: table.r + 1 + first, c: table.c, rows: last - first + 1, cols: 1 });
}

/** Fill colour of a data cell of the sheet's table. */
export function fillOf(model: WorkbookModel, sheetName: string, rowIndex: number, header: string): string | undefined {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  const headers = Array.from({ length: table.cols }, (_, k) => String(sheet.valueAt(table.r, table.c + k)));
  return sheet.cell(table.r + 1 + rowIndex, table.c + headers.indexOf(header))?.fill;
}

/** The table as records keyed by header. */
export async function readRecords(workbook: WorkbookPort, sheetName: string): Promise<Record<string, unknown>[]> {
  const table = await workbook.readTable(sheetName);
  if (!table) throw new Error(`No table on ${sheetName}`);
  return table.rows.map((row) => Object.fromEntries(table.columns.map((h, i) => [h, row[i]])));
}

/**
 * Gives rows a state (sheets/rowState) as a push would have left them, e.g. `{ 2: "Failed" }`, and draws their Status
 * and Message: typing a status into the cell no longer makes a row Failed or Conflict.
 */
export async function markRows(workbook: WorkbookPort, sheetName: string, statuses: Record<number, RowStatus>): Promise<void> {
  const meta = await readInputSheetMeta(workbook, sheetName);
  const table = await workbook.readTable(sheetName);
  if (!meta || !table) throw new Error(`"${sheetName}" is not an input sheet`);
  const records = await readRowRecords(workbook, meta, table);
  for (const [rowIndex, status] of Object.entries(statuses))
    records.set(Number(rowIndex), { status, reason: `${status} (set by the test)` });
  await saveRowRecords(workbook, meta, table, records);
  await workbook.annotateRows(
    sheetName,
    Object.keys(statuses).map((i) => annotationOf(Number(i), records.get(Number(i)))),
    { clearOthers: false },
  );
}

/**
 * The wave whose open period has the most employees on a basic salary, that period's payslip date, and the salary
 * input's column header: where the input-sheet flow tests build their sheet.
 */
export function salaryWave(choices: InputChoices): { waveId: number; payslipDate: string; salaryHeader: string } {
  const withSalary = (id: number, date: string) =>
    activeEmployees(choices.employees, id, date).filter((e) =>
      choices.calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary" && !c.deleted),
    ).length;
  const [best] = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .filter((x) => x.period)
    .sort((a, b) => withSalary(b.w.id, b.period!.date) - withSalary(a.w.id, a.period!.date));
  const salary = calcKey("basic_salary", "amount");
  return {
    waveId: best.w.id,
    payslipDate: best.period!.date,
    salaryHeader: choices.offered.find((o) => o.key === salary)!.label,
  };
}

/** What an input-sheet flow test file starts from: the rig, the client's input choices and salaryWave's wave. */
export interface InputSheetRig extends ReturnType<typeof salaryWave> {
  rig: Rig;
  choices: InputChoices;
}

/**
 * Starts a rig before the file's tests, reads the client's input choices and picks salaryWave's wave and period; closes
 * the rig after them. Call it at the top of the file, before its own hooks: the object is filled in when they run.
 */
export function inputSheetRig(client: ClientRef = DEMO_CLIENT): InputSheetRig {
  const setup = {} as InputSheetRig;
  beforeAll(async () => {
    setup.rig = await startRig();
    setup.choices = await loadInputChoices(ctxOf(setup.rig, client));
    Object.assign(setup, salaryWave(setup.choices));
  });
  afterAll(() => setup.rig?.close());
  return setup;
}

/**
 * Builds the salary input sheet of the rig's wave and period: its name, its row count, and the rows whose salary is
 * above 0 (row index, employee ID, the salary before any edit). The salary is "This payslip only" unless `kind` says.
 */
export async function buildSalarySheet(
  env: InputSheetRig,
  ctx: FlowContext = ctxOf(env.rig),
  kind: "payslip" | "standing" = "payslip",
) {
  const salary = calcKey("basic_salary", "amount");
  const built = await buildInputSheet(
    ctx,
    { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys: [salary], kinds: { [salary]: kind } },
    { choices: env.choices },
  );
  const records = await readRecords(env.rig.workbook, built.sheetName);
  const rows = records
    .map((r, rowIndex) => ({ rowIndex, employeeId: Number(r["Employee ID"]), before: r[env.salaryHeader] as number }))
    .filter((r) => typeof r.before === "number" && r.before > 0);
  return { sheetName: built.sheetName, rows, count: records.length };
}

/**
 * Builds a client's input sheet of basic salary (or its first input where none is offered) for the first wave whose
 * last period has at least two active employees; with the wave, the payslip date and the input's header.
 */
export async function buildSalarySheetFor(rig: Rig, client: ClientRef) {
  const ctx = ctxOf(rig, client);
  const choices = await loadInputChoices(ctx);
  const { w, period } = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .find((x) => x.period && activeEmployees(choices.employees, x.w.id, x.period.date).length >= 2)!;
  const salary = calcKey("basic_salary", "amount");
  const inputKeys = [choices.offered.find((o) => o.key === salary)?.key ?? choices.offered[0].key];
  const built = await buildInputSheet(
    ctx,
    { waveId: w.id, payslipDate: period!.date, inputKeys, kinds: payslipOnly(inputKeys) },
    { choices },
  );
  return {
    ...built,
    waveId: w.id,
    payslipDate: period!.date,
    header: choices.offered.find((o) => o.key === inputKeys[0])!.label,
  };
}

/** Waits until the last state a watch reported passes `pred`, however long the machine's load makes it take (the
 * test's timeout is the only limit). */
export function waitForState<S>(states: readonly S[], pred: (s: S) => boolean): Promise<S> {
  return new Promise((resolve) => {
    const tick = () => {
      const last = states[states.length - 1];
      if (last !== undefined && pred(last)) resolve(last);
      else setTimeout(tick, 10);
    };
    tick();
  });
}

/**
 * Every input "This payslip only" (src/features/inputSheets/model/changeKind): for tests of what a push does on the
 * period's payslip, whatever kind the input's default would be.
 */
export const payslipOnly = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, "payslip" as const]));
