/**
 * An input sheet written straight to a workbook, without a service: sheet "Inputs" (table Inputs_1), its hidden
 * snapshot PayrollSnap_1 and its metadata, as buildInputSheet leaves them. For the live-edit scale test and bench.
 */
import type { WorkbookPort } from "../../src/excel";
import {
  inputSheetColumns,
  inputSheetGrid,
  type InputSheetRow,
  type OfferedInput,
} from "../../src/features/inputSheets/model/inputSheet";
import {
  metaSettingKey,
  snapshotFromRows,
  snapshotToTable,
  type InputSheetMeta,
} from "../../src/features/inputSheets/model/inputSheetModel";
import { ROW_STATE_COLUMNS, rowStateSheet } from "../../src/features/inputSheets/model/rowState";

/** Basic salary (amount) and overtime (hours), the inputs both fixtures start with. */
export const FIXTURE_INPUTS: OfferedInput[] = [
  {
    key: "calc.basic_salary.amount",
    calculationId: "basic_salary",
    input: "amount",
    label: "Basic salary: amount",
    itemLabel: "Basic salary",
    type: "currency",
  },
  {
    key: "calc.overtime.hours",
    calculationId: "overtime",
    input: "hours",
    label: "Overtime: hours",
    itemLabel: "Overtime",
    type: "number",
  },
];

/** `count` employees' rows for one payslip date, salaried, with no overtime: the benches' input sheet. */
export const fixtureRows = (count: number, values: InputSheetRow["values"] = {}): InputSheetRow[] =>
  Array.from({ length: count }, (_, i) => ({
    employeeId: i + 1,
    number: `E${String(i + 1).padStart(6, "0")}`,
    name: `Employee ${i + 1} Ó Briain`,
    payslipDate: "2025-01-31",
    payslipId: null,
    finalised: false,
    nettPay: 2000 + i,
    values: { "calc.basic_salary.amount": 3000 + i, "calc.overtime.hours": null, ...values },
  }));

/**
 * The metadata of client 1's Monthly input sheet for 31 January 2025 (table Inputs_1, snapshot PayrollSnap_1), with
 * basic salary as its one input unless told otherwise.
 */
export const inputSheetMeta = (over: Partial<InputSheetMeta> = {}): InputSheetMeta => ({
  version: 1,
  clientId: 1,
  clientName: "Liffey",
  waveId: 1,
  waveName: "Monthly",
  payslipDate: "2025-01-31",
  tableName: "Inputs_1",
  snapshotSheet: "PayrollSnap_1",
  inputs: [{ key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "number" }],
  builtAt: "2025-01-20T10:00:00.000Z",
  ...over,
});

export async function writeInputSheetFixture(
  workbook: WorkbookPort,
  rows: readonly InputSheetRow[],
  inputs: readonly OfferedInput[],
  meta: Pick<InputSheetMeta, "clientName" | "builtAt">,
): Promise<void> {
  await workbook.writeTable({
    sheetName: "Inputs",
    tableName: "Inputs_1",
    columns: inputSheetColumns(inputs),
    rows: inputSheetGrid(rows, inputs),
  });
  const snap = snapshotToTable(
    snapshotFromRows(rows),
    inputs.map((i) => i.key),
  );
  await workbook.writeHiddenTable("PayrollSnap_1", snap.columns, snap.rows);
  // No row has a state yet, as after a build (src/features/inputSheets/model/rowState.ts).
  await workbook.writeHiddenTable(rowStateSheet({ snapshotSheet: "PayrollSnap_1" }), [...ROW_STATE_COLUMNS], []);
  const full = inputSheetMeta({
    clientName: meta.clientName,
    builtAt: meta.builtAt,
    inputs: inputs.map((i) => ({ key: i.key, header: i.label, type: i.type })),
  });
  await workbook.setSetting(metaSettingKey("Inputs"), full as never);
}
