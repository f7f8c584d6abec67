/**
 * Import flows: employees, payment frequencies (waves) and pay points, each to its own sheet as a typed table.
 * Each import is a fixed number of list requests (never one per employee); re-importing replaces the table in
 * place. Cancel aborts the requests; the sheet is only written once everything has been read, so a cancelled
 * import leaves the previous data as it was.
 */
import { specsOf, toRows } from "../../../xl/columns";
import {
  employeeColumns,
  payPointColumns,
  simplifiedWaveColumns,
  sortEmployees,
  waveColumns,
  waveDisplayName,
} from "../../../ui/sheets/importTables";
import { invalidateFormulaResults } from "../../../functions/connection";
import { sheetForClient } from "../../../ui/flows/clientSheet";
import { type FlowContext, requestCounter, type SheetResult, writeSheet, clientLabel } from "../../../ui/flows/common";

/** The plain names: each client's sheet carries its short name before them ("Shannon · Employees"). */
export const IMPORT_SHEETS = {
  employees: { sheetName: "Employees", tableName: "Employees" },
  waves: { sheetName: "Payment frequencies", tableName: "PaymentFrequencies" },
  payPoints: { sheetName: "Pay points", tableName: "PayPoints" },
} as const;

export interface EmployeeImportChoice {
  customFields: boolean;
  servicePeriod: boolean;
}

export type ImportResult = SheetResult;

/** Employees (sorted by number) with wave and pay point names: three requests whatever the head count. */
export async function importEmployees(ctx: FlowContext, choice: EmployeeImportChoice): Promise<ImportResult> {
  const { api, workbook, client, progress, signal } = ctx;
  const answered = requestCounter(progress, 3, "employees, waves, pay points");
  const include: "service_periods"[] = choice.servicePeriod ? ["service_periods"] : [];
  const [employees, waves, payPoints] = await Promise.all([
    answered(api.listEmployees(client.id, include, { signal })),
    answered(api.listWaves(client.id, { signal })),
    answered(api.listPayPoints(client.id, { signal })),
  ]);
  const columns = employeeColumns(employees, {
    ...choice,
    waveNames: new Map(waves.map((w) => [w.id, waveDisplayName(w)])),
    payPointNames: new Map(payPoints.map((p) => [p.id, p.name])),
  });
  const rows = toRows(columns, sortEmployees(employees));
  const title = `Employees: ${clientLabel(client)}`;
  invalidateFormulaResults(client.id); // PAYROLL formulas read the same fresh records
  const sheet = await sheetForClient(workbook, client, IMPORT_SHEETS.employees);
  return writeSheet(workbook, { ...sheet, title, columns: specsOf(columns), rows }, progress, 3);
}

/** Payment frequencies in the full or the simplified (`format=simplified`) form: one request. */
export async function importWaves(ctx: FlowContext, choice: { simplified: boolean }): Promise<ImportResult> {
  const { api, workbook, client, progress, signal } = ctx;
  const answered = requestCounter(progress, 1, "payment frequencies");
  const sheet = {
    ...(await sheetForClient(workbook, client, IMPORT_SHEETS.waves)),
    title: `Payment frequencies: ${clientLabel(client)}`,
  };
  invalidateFormulaResults(client.id); // PAYROLL.EMPLOYEE(…, "wave") reads the wave names again
  if (choice.simplified) {
    const columns = simplifiedWaveColumns();
    const waves = await answered(api.listWavesSimplified(client.id, { signal }));
    return writeSheet(workbook, { ...sheet, columns: specsOf(columns), rows: toRows(columns, waves) }, progress, 1);
  }
  const columns = waveColumns();
  const waves = await answered(api.listWaves(client.id, { signal }));
  return writeSheet(workbook, { ...sheet, columns: specsOf(columns), rows: toRows(columns, waves) }, progress, 1);
}

/** Pay points: one request. */
export async function importPayPoints(ctx: FlowContext): Promise<ImportResult> {
  const { api, workbook, client, progress, signal } = ctx;
  const answered = requestCounter(progress, 1, "pay points");
  const columns = payPointColumns();
  const payPoints = await answered(api.listPayPoints(client.id, { signal }));
  const title = `Pay points: ${clientLabel(client)}`;
  return writeSheet(
    workbook,
    {
      ...(await sheetForClient(workbook, client, IMPORT_SHEETS.payPoints)),
      title,
      columns: specsOf(columns),
      rows: toRows(columns, payPoints),
    },
    progress,
    1,
  );
}
