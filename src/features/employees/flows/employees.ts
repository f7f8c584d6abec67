/**
 * Employees from the pane:
 *  - create and update from rows of the Employees sheet (the import's layout). Rows are validated with the
 *    contract before anything is sent and compared with the employees as the service holds them now, so only
 *    changed attributes go. New employees are one POST each (the API has no bulk create); updates of several
 *    employees go through bulk_input in chunks (the document's bulk path for employee attributes), a single
 *    update through PATCH /employees/:id. Each row gets a Status and Message; created rows get their ID and Number.
 *  - delete the employees of the selected rows (the pane confirms first), one DELETE each;
 *  - one employee's full record (GET /employees/:id) as a Field/Value sheet, including custom field IDs;
 *  - template profile mappings (list, create); payment frequency (wave) creation.
 */
import {
  type BulkInputEntity,
  type BulkInputResult,
  type Client,
  EMPLOYEE_NUMBER_MANUAL,
  type Employee,
  type ProfileMappingCreateBody,
  WaveCreateBody,
  type WaveCreateBody as WaveCreateInput,
} from "../../../contract";
import type { CellValue, ColumnSpec, WorkbookPort } from "../../../excel";
import { employeeDetailGrid, profileMappingsGrid } from "../model/employeeDetail";
import { employeeLabel } from "../../../ui/sheets/employeeNames";
import { type EmployeeRowPlan, type EmployeeWriteContext, employeeErrorHeader, parseEmployeeRows } from "../model/employeeWrite";
import { employeeColumns, waveDisplayName } from "../../../ui/sheets/importTables";
import { matchBulkResults, serviceErrors } from "../../../ui/sheets/rowOutcomes";
import { findSheetForClient, parseSheetRows } from "../../../ui/flows/clientSheet";
import { chunk, type FlowContext, type SheetResult, type ClientRef, writeSheet, clientLabel } from "../../../ui/flows/common";
import { IMPORT_SHEETS } from "../../imports";
import {
  type RowRequest,
  type RowResult,
  type RowsResult,
  rowsWith,
  runDeletes,
  saveSheetEdits,
  runProgress,
} from "../../../ui/flows/rowWrites";

/** The client's Employees sheet ("Shannon · Employees"; the plain "Employees" of an older workbook). */
export const employeeSheetName = (workbook: WorkbookPort, client: ClientRef) =>
  findSheetForClient(workbook, client, IMPORT_SHEETS.employees);
export const EMPLOYEE_DETAIL_SHEET = { sheetName: "Employee detail", tableName: "EmployeeDetail" } as const;
export const PROFILE_MAPPINGS_SHEET = { sheetName: "Profile mappings", tableName: "ProfileMappings" } as const;

export class EmployeeSheetError extends Error {
  override readonly name = "EmployeeSheetError";
}

export const isManualNumbering = (client: Pick<Client, "employee_number_mode"> | undefined) =>
  client?.employee_number_mode === EMPLOYEE_NUMBER_MANUAL;

/**
 * The import writes no Status/Message columns; the first save adds them by rewriting the table with the same
 * cells (types from the import's column specs), so annotations have a place and nothing typed is lost.
 */
async function ensureStatusColumns(workbook: WorkbookPort, client: ClientRef, employees: readonly Employee[]) {
  const sheetName = await employeeSheetName(workbook, client);
  const table = await workbook.readTable(sheetName);
  if (!table)
    throw new EmployeeSheetError(
      `There is no "${sheetName}" table. Import employees first (add rows without an Employee ID for new employees).`,
    );
  if (table.columns.includes("Status") && table.columns.includes("Message")) return table;
  const known = new Map(
    employeeColumns(employees, { customFields: true, servicePeriod: true, waveNames: new Map(), payPointNames: new Map() }).map(
      (c) => [c.header, c.type],
    ),
  );
  known.set("Wave", "text");
  known.set("Pay point", "text");
  const columns: ColumnSpec[] = table.columns.map((header, i) => ({ key: `c${i}`, header, type: known.get(header) ?? "text" }));
  for (const h of ["Status", "Message"])
    if (!table.columns.includes(h))
      columns.push({ key: h.toLowerCase(), header: h, type: "text", width: h === "Message" ? 280 : undefined });
  const rows: CellValue[][] = table.rows.map((r) => [...(r as CellValue[]), ...columns.slice(r.length).map(() => null)]);
  const title = `Employees: ${clientLabel(client)}`;
  await workbook.writeTable({ sheetName, tableName: table.tableName, title, columns, rows, activate: false });
  return (await workbook.readTable(sheetName))!;
}

/** What saving employees needs beyond the context: the client's numbering mode, and batch sizes (tests, benches). */
interface SaveEmployeesOptions {
  numberMode?: string | null;
  chunkSize?: number;
  concurrency?: number;
}

/** Creates and updates employees from the Employees sheet. Throws EmployeeSheetError (nothing sent) when it cannot start. */
export async function saveEmployees(ctx: FlowContext, options: SaveEmployeesOptions = {}): Promise<RowsResult> {
  const { api, workbook, client, progress } = ctx;
  const o = { signal: ctx.signal };
  progress.update?.(0, undefined, "Reading employees, waves and pay points");
  const [employees, waves, payPoints] = await Promise.all([
    api.listEmployees(client.id, ["service_periods"], o),
    api.listWaves(client.id, o),
    api.listPayPoints(client.id, o),
  ]);
  const table = await ensureStatusColumns(workbook, client, employees);
  const writeCtx: EmployeeWriteContext = {
    employees,
    waves: waves.map((w) => ({ id: w.id, name: waveDisplayName(w) })),
    payPoints: payPoints.map((p) => ({ id: p.id, name: p.name })),
    manualNumbers: options.numberMode === EMPLOYEE_NUMBER_MANUAL,
  };
  const plans = parseSheetRows(EmployeeSheetError, () => parseEmployeeRows(table.columns, table.rows, writeCtx));
  const errorHeader = (key: string) => employeeErrorHeader(table.columns, key, writeCtx);

  const requests: RowRequest<unknown>[] = [];
  const created: { rowIndex: number; id: number; number: string }[] = [];
  for (const p of plans) {
    if (p.kind !== "create") continue;
    requests.push({
      kind: "create",
      rowIndexes: [p.rowIndex],
      send: () => api.createEmployee(client.id, p.attributes),
      succeeded: (r) => {
        const { id, number, message } = r as { id: number; number: string; message: string };
        created.push({ rowIndex: p.rowIndex, id, number });
        return rowsWith([p.rowIndex], "Saved", `${message} (employee ${id}, number ${number})`);
      },
    });
  }
  const updates = plans.filter((p): p is Extract<EmployeeRowPlan, { kind: "update" }> => p.kind === "update");
  if (updates.length === 1) {
    const [u] = updates;
    requests.push({
      kind: "patch",
      rowIndexes: [u.rowIndex],
      send: () => api.updateEmployee(u.employeeId, u.attributes),
      succeeded: (r) => rowsWith([u.rowIndex], "Saved", (r as { message: string }).message || "Updated"),
    });
  } else {
    for (const part of chunk(updates, options.chunkSize ?? 100)) {
      requests.push({
        kind: "bulkInput",
        rowIndexes: part.map((u) => u.rowIndex),
        send: () => {
          const entities: BulkInputEntity[] = part.map((u) => ({
            id: String(u.employeeId),
            attributes: u.attributes as BulkInputEntity["attributes"],
          }));
          return api.bulkInput(client.id, entities);
        },
        succeeded: (r) => bulkOutcomes(part, r as BulkInputResult[], errorHeader),
      });
    }
  }

  return saveSheetEdits(requests, plans, {
    title: "Employees",
    reads: 3,
    workbook,
    sheetName: table.sheetName,
    ...runProgress(progress, options.concurrency ?? 2),
    errorHeader,
    label: "Saving employees",
    // New employees get their ID and number in the row at once, so saving again updates rather than duplicates.
    settle: async () => {
      if (created.length === 0) return;
      await workbook.writeColumnValues(
        table.sheetName,
        "Employee ID",
        created.map((c) => ({ rowIndex: c.rowIndex, value: c.id })),
        "integer",
      );
      if (table.columns.includes("Number")) {
        await workbook.writeColumnValues(
          table.sheetName,
          "Number",
          created.map((c) => ({ rowIndex: c.rowIndex, value: c.number })),
          "text",
        );
      }
    },
  });
}

/** bulk_input answers per entity, matched to the rows as the push matches them (sheets/rowOutcomes). */
function bulkOutcomes(
  rows: readonly { rowIndex: number; employeeId: number }[],
  results: readonly BulkInputResult[],
  errorHeader: (key: string) => string | null,
): RowResult[] {
  const matched = matchBulkResults(rows, results);
  return rows.map((row, i) => {
    const result = matched[i];
    if (!result)
      return {
        rowIndex: row.rowIndex,
        status: "Failed",
        message: "Not confirmed: the service sent no result for this row — save again",
        errorColumns: [],
      };
    if (result.success === "true") return { rowIndex: row.rowIndex, status: "Saved", message: result.message, errorColumns: [] };
    const { errorColumns, details } = serviceErrors(result.errors, errorHeader);
    return {
      rowIndex: row.rowIndex,
      status: "Failed",
      message: `Not saved: ${result.message}${details ? ` — ${details}` : ""}`,
      errorColumns,
    };
  });
}

export interface DeleteCandidate {
  rowIndex: number;
  employeeId: number;
  label: string;
}

/** The employees of the selected rows, named for the confirmation ("E012 Mary Kelly"). */
export async function employeesToDelete(
  { workbook, client }: FlowContext,
  rowIndexes: readonly number[],
): Promise<DeleteCandidate[]> {
  const sheetName = await employeeSheetName(workbook, client);
  const table = await workbook.readTable(sheetName);
  if (!table) throw new EmployeeSheetError(`There is no "${sheetName}" table. Import employees first.`);
  const at = (h: string) => table.columns.indexOf(h);
  const out: DeleteCandidate[] = [];
  for (const i of rowIndexes) {
    const row = table.rows[i];
    const id = Number(row?.[at("Employee ID")]);
    if (!row || !Number.isInteger(id) || id <= 0) continue;
    const label = [row[at("Number")], row[at("First name")], row[at("Last name")]]
      .filter((v) => v !== undefined && v !== "")
      .join(" ");
    out.push({ rowIndex: i, employeeId: id, label: label || `Employee ${id}` });
  }
  return out;
}

/** Deletes the confirmed employees, one DELETE each, annotating their rows. */
export async function deleteEmployees(
  ctx: FlowContext,
  candidates: readonly DeleteCandidate[],
  options: { concurrency?: number } = {},
): Promise<RowsResult> {
  const { api, workbook, client } = ctx;
  if (candidates.length === 0) throw new EmployeeSheetError("Select the rows of the employees to delete first.");
  const employees = await api.listEmployees(client.id, [], { signal: ctx.signal });
  const { sheetName } = await ensureStatusColumns(workbook, client, employees);
  return runDeletes(
    candidates,
    (c) => api.deleteEmployee(c.employeeId),
    (c) => `Employee ${c.employeeId} deleted`,
    {
      workbook,
      sheetName,
      ...runProgress(ctx.progress, options.concurrency ?? 2),
      label: "Deleting employees",
      title: "Employees",
      reads: 1,
    },
  );
}

/** One employee's full record as a Field/Value sheet: one request. */
export async function importEmployeeDetail(ctx: FlowContext, employeeId: number): Promise<SheetResult> {
  const employee = await ctx.api.getEmployee(employeeId, { signal: ctx.signal });
  const title = `Details of ${employeeLabel(employee)}: ${clientLabel(ctx.client)}`;
  return writeSheet(ctx.workbook, { ...EMPLOYEE_DETAIL_SHEET, title, ...employeeDetailGrid(employee) }, ctx.progress, 1);
}

/** An employee's template profile mappings: one request. */
export async function importProfileMappings(ctx: FlowContext, employeeId: number): Promise<SheetResult> {
  const mappings = await ctx.api.listProfileMappings(employeeId, { signal: ctx.signal });
  const title = `Profile mappings of employee ${employeeId}: ${clientLabel(ctx.client)}`;
  return writeSheet(ctx.workbook, { ...PROFILE_MAPPINGS_SHEET, title, ...profileMappingsGrid(mappings) }, ctx.progress, 1);
}

/**
 * Parses the pane's profile-mapping form. The document does not show the create body; the contract (and the
 * sandbox) take {profile_mapping: {profile_id, inputs?}}. Inputs are typed as JSON so any shape can be sent.
 */
export function profileMappingBody(
  profileId: string,
  inputsJson: string,
): { body: ProfileMappingCreateBody } | { error: string } {
  const id = Number(profileId.trim());
  if (!Number.isInteger(id) || id <= 0) return { error: "Profile ID must be a whole number (the template's ID)." };
  if (inputsJson.trim() === "") return { body: { profile_mapping: { profile_id: id } } };
  try {
    const inputs = JSON.parse(inputsJson) as unknown;
    if (!inputs || typeof inputs !== "object" || Array.isArray(inputs))
      return { error: 'Inputs must be a JSON object, e.g. {"hours": 8}.' };
    return { body: { profile_mapping: { profile_id: id, inputs: inputs as Record<string, unknown> } } };
  } catch (e) {
    return { error: `Inputs are not valid JSON: ${(e as Error).message}` };
  }
}

export async function createProfileMapping(ctx: FlowContext, employeeId: number, body: ProfileMappingCreateBody) {
  return ctx.api.createProfileMapping(employeeId, body, { signal: ctx.signal });
}

/** Validates the pane's wave form with the contract (monthly needs last_day_of_month; custom_name needs the feature). */
export function waveCreateBody(
  form: { frequency: string; firstEndDate: string; lastDayOfMonth: string; customName: string },
  customNameAllowed: boolean,
): { body: WaveCreateInput } | { errors: Record<string, string> } {
  const candidate: Record<string, unknown> = { frequency: form.frequency, first_end_date: form.firstEndDate.trim() };
  if (form.lastDayOfMonth.trim() !== "") candidate.last_day_of_month = Number(form.lastDayOfMonth.trim());
  if (form.customName.trim() !== "") {
    if (!customNameAllowed)
      return { errors: { custom_name: "This client does not have the custom wave name feature; leave it blank." } };
    candidate.custom_name = form.customName.trim();
  }
  const parsed = WaveCreateBody.safeParse(candidate);
  if (parsed.success) return { body: parsed.data };
  return { errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])) };
}

/** A new payment frequency (wave) for the context's client. */
export async function createWave(ctx: FlowContext, body: WaveCreateInput) {
  return ctx.api.createWave(ctx.client.id, body, { signal: ctx.signal });
}
