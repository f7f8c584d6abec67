/**
 * "Explain this figure" (issue L, point 2): the transaction_history rows behind one PAYROLL.AMOUNT cell, written to
 * a sheet as a table (employee, Date, account, amount) whose amounts add up to the figure to the cent, under a
 * title line saying which cell, formula and arguments it explains. The formula is read with the functions' own
 * readers (src/functions: formula text, arguments, date system, employee numbers), so the rows are those the cell
 * summed. References to one cell inside the formula are read from the workbook; anything the functions would not
 * read, another PAYROLL function, a cell without one, or several cells get an ExplainFigureError whose message the
 * pane shows as is.
 */
import { NotFoundError, ValidationError } from "../../../api";
import { parseClientIdArg, parseEmployeeArg, parseNameArg, parsePeriodArgs } from "../../../functions/args";
import { dateSystemFor } from "../../../functions/dateSystem";
import { FormulaError } from "../../../functions/errors";
import { employeeByNumber, sumAccount } from "../../../functions/figures";
import { FormulaTextError, parsePayrollCall, type FormulaArgument } from "../../../functions/formulaText";
import { functionsConnection } from "../../../functions/connection";
import { columnIndex, safeSheetName, safeTableName } from "../../../xl/excelConventions";
import { parseAmount } from "../../../xl/amounts";
import { readFormulasClientId } from "../../../ui/flows/clientChoice";
import { type FlowContext, type SheetResult, writeSheet } from "../../../ui/flows/common";

export class ExplainFigureError extends Error {
  override readonly name = "ExplainFigureError";
}

/** The selected cell as the pane reads it: Range.address (without the sheet) and Range.formulas. */
export interface FigureCell {
  sheet: string;
  address: string;
  formula: unknown;
  /** The value the cell shows, when the pane read it: the result says whether the rows still add up to it. */
  value?: unknown;
}

/** The client's name from the service's list the pane holds (null when the list lacks it): messages name it, not its ID. */
export type ClientNameOf = (clientId: number) => string | null;

export interface ExplainedFigure extends SheetResult {
  /** The sum of the table's amounts (the figure the formula gives now). */
  total: number;
  /** The title line: the cell, its formula and the arguments as read. */
  explains: string;
  /** False when the cell shows another number than the rows add up to (it was read before a change). */
  matchesCell: boolean;
}

interface AmountArguments {
  account: string;
  start: string;
  end: string;
  employee: string | null;
  clientId: number;
  /** True when the formula names no client and so uses the one the workbook's formulas are linked to. */
  linkedClient: boolean;
}

const EXPLAIN_COLUMNS = [
  { key: "employee", header: "employee", type: "text" },
  { key: "date", header: "Date", type: "date" },
  { key: "account", header: "account", type: "text" },
  { key: "amount", header: "amount", type: "currency" },
] as const;

/** Explain one PAYROLL.AMOUNT cell: read its arguments, the rows behind it, and write them to a sheet. */
export async function explainFigure(
  ctx: FlowContext,
  cell: FigureCell,
  nameOf: ClientNameOf = (id) => (id === ctx.client.id ? ctx.client.name : null),
): Promise<ExplainedFigure> {
  const where = `${cell.sheet}!${cell.address}`;
  const formula = oneFormula(cell, where);
  const call = readCall(formula, where);
  const args = await amountArguments(ctx, cell.sheet, call.args);
  const client = clientWords(args.clientId, nameOf);
  let requests = 0;
  let employee: { id: number; number: string } | null = null;
  if (args.employee !== null) {
    requests++;
    const list = await guardClient(args.clientId, () => ctx.api.listEmployees(args.clientId, undefined, { signal: ctx.signal }));
    const found = employeeByNumber(list, args.employee);
    if (!found) throw new ExplainFigureError(`No employee numbered ${args.employee} in ${client}`);
    employee = { id: found.id, number: found.number ?? args.employee };
  }
  requests++;
  const rows = await historyRows(ctx, args, employee?.id ?? null);
  // The rows the function sums: those carrying the account, of the named employee when there is one.
  const mine = rows.filter((r) => args.account in r && (employee === null || String(r.employee) === employee.number));
  const table = mine.map((r) => [String(r.employee), String(r.Date).slice(0, 10), args.account, amountOf(r, args.account)]);
  const cents = table.reduce((s, r) => s + Math.round((r[3] as number) * 100), 0);
  const total = cents / 100;
  // The functions' own sum over the same rows: the table explains exactly what the cell computes.
  if (total !== sumAccount(mine, args.account, null, true)) throw new Error("explainFigure: the table does not add up");
  const explains = explanation(where, formula, args, client, table.length, total);
  const written = await writeSheet(
    ctx.workbook,
    {
      sheetName: safeSheetName(`Explain ${cell.sheet} ${cell.address}`),
      tableName: safeTableName(`Explain_${cell.sheet}_${cell.address}`),
      columns: EXPLAIN_COLUMNS,
      rows: table,
      title: explains,
      stampLabel: "Read from transaction_history",
    },
    ctx.progress,
    requests,
  );
  const shown = typeof cell.value === "number" ? Math.round(cell.value * 100) : null;
  return { ...written, total, explains, matchesCell: shown === null || shown === cents };
}

/** The formula of exactly one cell (Range.formulas gives a 1x1 array for one cell). */
function oneFormula(cell: FigureCell, where: string): string {
  let f = cell.formula;
  while (Array.isArray(f) && f.length === 1 && Array.isArray(f[0]) && f[0].length === 1) f = f[0][0];
  if (cell.address.includes(":") || Array.isArray(f))
    throw new ExplainFigureError(
      `Select one cell: Explain this figure explains one PAYROLL.AMOUNT cell at a time (the selection is ${where})`,
    );
  if (typeof f !== "string" || !f.startsWith("="))
    throw new ExplainFigureError(`${where} holds no formula; select a cell with =PAYROLL.AMOUNT(…)`);
  return f;
}

function readCall(formula: string, where: string): { args: FormulaArgument[] } {
  let call;
  try {
    call = parsePayrollCall(formula);
  } catch (e) {
    if (e instanceof FormulaTextError) throw new ExplainFigureError(`${where}: ${e.message}`);
    throw e;
  }
  if (!call)
    throw new ExplainFigureError(`${where} does not hold a PAYROLL formula (${formula}); select a cell with =PAYROLL.AMOUNT(…)`);
  if (call.name !== "AMOUNT")
    throw new ExplainFigureError(`${where} holds PAYROLL.${call.name}; Explain this figure explains PAYROLL.AMOUNT cells`);
  if (call.args.length < 3 || call.args.length > 5)
    throw new ExplainFigureError(
      `${where}: PAYROLL.AMOUNT takes 3 to 5 arguments (account, start_date, end_date, [employee], [client_id]); the formula has ${call.args.length}`,
    );
  return call;
}

/** The arguments as the function reads them, references read from the workbook. */
async function amountArguments(ctx: FlowContext, sheet: string, args: FormulaArgument[]): Promise<AmountArguments> {
  const values = await resolveReferences(ctx, sheet, args);
  try {
    const [account, start, end, employee, clientId] = values;
    const system = dateSystemFor(start, end);
    const period = parsePeriodArgs(start, end, typeof system === "string" ? system : await system);
    const named = parseClientIdArg(clientId);
    return {
      account: parseNameArg(account, "account", "basic_salary"),
      ...period,
      employee: parseEmployeeArg(employee, { required: false }),
      clientId: named ?? (await linkedClient(ctx)),
      linkedClient: named === null,
    };
  } catch (e) {
    if (e instanceof FormulaError) throw new ExplainFigureError(`The formula's arguments cannot be read: ${e.message}`);
    throw e;
  }
}

/**
 * The client a formula without client_id uses, as the functions do: the one the workbook's formulas are linked to
 * (its document setting; the functions' connection when the setting could not be written), never the pane's choice.
 */
async function linkedClient(ctx: FlowContext): Promise<number> {
  const linked = (await readFormulasClientId(ctx.workbook)) ?? functionsConnection()?.clientId ?? null;
  if (linked === null)
    throw new ExplainFigureError(
      "The formula names no client and this workbook's formulas are not linked to one yet: choose a client",
    );
  return linked;
}

/** Literal values as they are; references to one cell read from their sheet (one read per sheet). */
async function resolveReferences(ctx: FlowContext, sheet: string, args: FormulaArgument[]): Promise<unknown[]> {
  const sheets = new Map<string, Promise<{ row: number; col: number; values: unknown[][] } | null>>();
  const read = (name: string) => {
    let p = sheets.get(name);
    if (!p) {
      p = ctx.workbook.readValues(name).then((r) => {
        if (!r) return null;
        const m = /^([A-Z]+)(\d+)/.exec(r.address)!;
        return { row: Number(m[2]) - 1, col: columnIndex(m[1]), values: r.values };
      });
      sheets.set(name, p);
    }
    return p;
  };
  return Promise.all(
    args.map(async (a, i) => {
      if ("value" in a) return a.value;
      try {
        const block = await read(a.ref.sheet ?? sheet);
        const v = block?.values[a.ref.row - block.row]?.[a.ref.col - block.col];
        return v === undefined || v === "" ? null : v;
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new ExplainFigureError(`Argument ${i + 1} (${a.ref.text}) could not be read: ${why}`);
      }
    }),
  );
}

type HistoryRow = { employee: string } & Record<string, unknown>;

/** The transaction_history rows of the period for the account (one employee's when the formula names one). */
async function historyRows(ctx: FlowContext, args: AmountArguments, employeeId: number | null): Promise<HistoryRow[]> {
  try {
    const rows = await guardClient(args.clientId, () =>
      ctx.api.runReport(
        args.clientId,
        "transaction_history",
        {
          start_date: args.start,
          end_date: args.end,
          account_names: [args.account],
          employee_ids: employeeId === null ? null : [employeeId],
        },
        { signal: ctx.signal },
      ),
    );
    return rows as HistoryRow[];
  } catch (e) {
    if (e instanceof ValidationError) {
      const said = Object.values(e.errors)[0] ?? e.serviceMessage;
      throw new ExplainFigureError(`The service refused the account "${args.account}": ${said}`);
    }
    throw e;
  }
}

async function guardClient<T>(clientId: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof NotFoundError) throw new ExplainFigureError(`Client ${clientId} was not found with this API key`);
    throw e;
  }
}

function amountOf(row: HistoryRow, account: string): number {
  const amount = parseAmount(row[account]);
  if (!amount.ok) throw new ExplainFigureError(`The service sent "${amount.text}" for ${account}, which is not an amount`);
  return amount.value ?? 0;
}

/**
 * The client in words: its name, with the ID the formula's client_id argument takes beside it ("Liffey Dental
 * (client 12)"); the ID alone only when the pane's list does not know the name.
 */
function clientWords(clientId: number, nameOf: ClientNameOf): string {
  const name = nameOf(clientId);
  return name ? `${name} (client ${clientId})` : `client ${clientId}`;
}

/** The title line: "Sheet1!B4 =PAYROLL.AMOUNT(…): basic_salary, 2026-01-01 to 2026-06-30, employee 1001, Liffey Dental (client 1): 6 rows, total 12,345.67". */
function explanation(where: string, formula: string, a: AmountArguments, client: string, rows: number, total: number): string {
  const who = a.employee === null ? "all employees" : `employee ${a.employee}`;
  const sum = total.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whose = a.linkedClient ? `${client} (the formula names no client: the workbook's formulas are linked to it)` : client;
  return `${where} ${formula}: ${a.account}, ${a.start} to ${a.end}, ${who}, ${whose}: ${rows} ${rows === 1 ? "row" : "rows"}, total ${sum}`;
}
