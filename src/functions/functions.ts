/**
 * The PAYROLL custom functions. The build reads this file's JSDoc with custom-functions-metadata-plugin to write
 * functions.json, and appends one `CustomFunctions.associate(id, function)` per @customfunction. That name is
 * imported below from ./registry, so the appended calls register with Excel's runtime when it is there and with the
 * preview's formula engine otherwise (a page without Office's runtime must not fail on a missing global).
 *
 * Each function is a streaming one (@streaming, the invocation last): it sets its figure, then sets it again
 * whenever the connection or the cache changes (./streams), so no cell depends on Excel re-running it, not even one
 * showing #N/A "Connect in the Payroll pane". docs/formulas.md says why.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the metadata tool maps TypeScript's `any` to Excel's "any"
   parameter type (a number, text, TRUE/FALSE or blank); ./args reads them. */
import { amountFormula, employeeFormula, leaveFormula, transactionsFormula } from "./formulas";
// Also used by the associate calls the build appends.
import * as CustomFunctions from "./registry";
import { recoverAfterLoad } from "./recovery";
import { streamFigure } from "./streams";

/**
 * Sum of an account's amounts on payslips dated from start_date to end_date, as the transaction_history report gives them.
 * @customfunction AMOUNT
 * @param account Account name, e.g. "basic_salary" or "nett_pay".
 * @param start_date First payslip date: an Excel date or "YYYY-MM-DD" text.
 * @param end_date Last payslip date (inclusive): an Excel date or "YYYY-MM-DD" text.
 * @param [employee] Employee number (text or a number); blank for all employees.
 * @param [client_id] Client ID; blank for the client the workbook's formulas are linked to.
 * @param invocation Excel's streaming invocation.
 * @returns The total amount.
 * @streaming
 */
export function amount(
  account: any,
  start_date: any,
  end_date: any,
  employee: any,
  client_id: any,
  invocation: CustomFunctions.StreamingInvocation<number>,
): void {
  streamFigure(invocation, () => amountFormula(account, start_date, end_date, employee, client_id));
}

/**
 * Balance of a leave type for an employee at a date.
 * @customfunction LEAVE
 * @param employee Employee number (text or a number).
 * @param leave_type Leave type name, e.g. "Annual Leave", or its ID.
 * @param date The date of the balance: an Excel date or "YYYY-MM-DD" text.
 * @param [client_id] Client ID; blank for the client the workbook's formulas are linked to.
 * @param invocation Excel's streaming invocation.
 * @returns The balance in days.
 * @streaming
 */
export function leave(
  employee: any,
  leave_type: any,
  date: any,
  client_id: any,
  invocation: CustomFunctions.StreamingInvocation<number>,
): void {
  streamFigure(invocation, () => leaveFormula(employee, leave_type, date, client_id));
}

/**
 * A field of an employee's record, e.g. first_name, appointment_date, wave (its name) or a custom field ID.
 * @customfunction EMPLOYEE
 * @param employee Employee number (text or a number).
 * @param field Field name, e.g. "first_name", "appointment_date", "wave", "physical_address.line_1", or a custom field ID.
 * @param [client_id] Client ID; blank for the client the workbook's formulas are linked to.
 * @param invocation Excel's streaming invocation.
 * @returns The field's value.
 * @streaming
 */
export function employeeField(
  employee: any,
  field: any,
  client_id: any,
  invocation: CustomFunctions.StreamingInvocation<any>,
): void {
  streamFigure(invocation, () => employeeFormula(employee, field, client_id));
}

/**
 * The transaction_history report as a table that spills: a header row (employee, Date, the accounts), then one row per payslip.
 * @customfunction TRANSACTIONS
 * @param accounts Account names: text such as "basic_salary, nett_pay", or a range holding one name per cell.
 * @param start_date First payslip date: an Excel date or "YYYY-MM-DD" text.
 * @param end_date Last payslip date (inclusive): an Excel date or "YYYY-MM-DD" text.
 * @param [employee] Employee number (text or a number); blank for all employees.
 * @param [client_id] Client ID; blank for the client the workbook's formulas are linked to.
 * @param invocation Excel's streaming invocation.
 * @returns The rows, with a header row.
 * @streaming
 */
export function transactions(
  accounts: any[][],
  start_date: any,
  end_date: any,
  employee: any,
  client_id: any,
  invocation: CustomFunctions.StreamingInvocation<any[][]>,
): void {
  streamFigure(invocation, () => transactionsFormula(accounts, start_date, end_date, employee, client_id));
}

CustomFunctions.markStreaming(amount, leave, employeeField, transactions);
CustomFunctions.markMatrix(transactions, 0); // accounts: any[][], dimensionality "matrix" in functions.json
// Cells saved showing #NAME? before the functions were loaded are recalculated now that they are (office-js #6355).
recoverAfterLoad();
