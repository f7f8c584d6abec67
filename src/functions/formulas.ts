/**
 * The PAYROLL functions' logic, independent of the host: read the arguments, find the client, and get the figure
 * from the per-connection cache or the current batch (./figures). Errors are FormulaError (#N/A or #VALUE! with a
 * message); functions.ts turns them into Excel's error values.
 */
import {
  parseAccountsArg,
  parseClientIdArg,
  parseDateArg,
  parseEmployeeArg,
  parseLeaveTypeArg,
  parseNameArg,
  parsePeriodArgs,
  type CellArg,
} from "./args";
import { functionsConnection } from "./connection";
import { dateSystemFor } from "./dateSystem";
import { NOT_CONNECTED, notAvailable } from "./errors";
import { figure, type FigureValue } from "./figures";

/** The client a formula is about: its client_id argument, else the one chosen in the pane. */
function targetClient(clientId: CellArg): number {
  const id = parseClientIdArg(clientId);
  const c = functionsConnection();
  if (!c) throw notAvailable(NOT_CONNECTED);
  const target = id ?? c.clientId;
  if (target === null) throw notAvailable("Choose a client in the Payroll pane (or give client_id)");
  return target;
}

/** The sum of an account's amounts on payslips dated start..end (inclusive), for one employee or all. */
export async function amountFormula(
  account: CellArg,
  start: CellArg,
  end: CellArg,
  employee?: CellArg,
  clientId?: CellArg,
): Promise<number> {
  const name = parseNameArg(account, "account", "basic_salary");
  const system = dateSystemFor(start, end);
  const period = parsePeriodArgs(start, end, typeof system === "string" ? system : await system);
  const number = parseEmployeeArg(employee, { required: false });
  const client = targetClient(clientId);
  return (await figure({ kind: "amount", clientId: client, account: name, ...period, employee: number })) as number;
}

/** The balance of a leave type (name or ID) for an employee at a date. */
export async function leaveFormula(employee: CellArg, leaveType: CellArg, date: CellArg, clientId?: CellArg): Promise<number> {
  const number = parseEmployeeArg(employee, { required: true })!;
  const type = parseLeaveTypeArg(leaveType);
  const system = dateSystemFor(date);
  const at = parseDateArg(date, "date", typeof system === "string" ? system : await system);
  const client = targetClient(clientId);
  return (await figure({ kind: "leave", clientId: client, employee: number, leaveType: type, date: at })) as number;
}

/** A field of an employee's record: a field name, a dotted part, "wave", or a custom field ID. */
export async function employeeFormula(employee: CellArg, field: CellArg, clientId?: CellArg): Promise<FigureValue> {
  const number = parseEmployeeArg(employee, { required: true })!;
  const name = parseNameArg(field, "field", "first_name");
  const client = targetClient(clientId);
  return figure({ kind: "employee", clientId: client, employee: number, field: name });
}

/** transaction_history as a table: a header row, then one row per payslip (of one employee, or all). */
export async function transactionsFormula(
  accounts: CellArg | CellArg[][],
  start: CellArg,
  end: CellArg,
  employee?: CellArg,
  clientId?: CellArg,
): Promise<(number | string)[][]> {
  const names = parseAccountsArg(accounts);
  const system = dateSystemFor(start, end);
  const period = parsePeriodArgs(start, end, typeof system === "string" ? system : await system);
  const number = parseEmployeeArg(employee, { required: false });
  const client = targetClient(clientId);
  return (await figure({ kind: "transactions", clientId: client, accounts: names, ...period, employee: number })) as (
    number | string
  )[][];
}
