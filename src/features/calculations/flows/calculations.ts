/**
 * Calculations from the pane:
 *  - view the calculations of the client, an employee or a payslip in the Calculations sheet (2 requests: the
 *    list and items_and_outputs for labels and inputs);
 *  - save edited input cells: each changed row is a PATCH /calculations/:id of only the changed inputs (the
 *    list is re-read first, 1 request, so edits are compared with what the service holds now);
 *  - delete the calculations of the selected rows (after the pane's confirmation);
 *  - add or change an item with POST (insert / upsert / update; calculation_id picks an instance; effective
 *    date for inherited ones);
 *  - look at one calculation (GET /calculations/:id) or an inherited one and its history.
 */
import type { PayrollApi } from "../../../api";
import {
  type Calculation,
  CalculationPostBody,
  type CalculationPostBody as PostInput,
  type ItemsAndOutputs,
} from "../../../contract";
import type { CellType, WorkbookPort } from "../../../excel";
import {
  calculationsByKey,
  calculationsGrid,
  inheritedHistoryGrid,
  itemCatalogue,
  parseCalculationRows,
  type CalcRowPlan,
} from "../model/calculations";
import {
  findSheetForClient,
  markClientSheet,
  openClientSheet,
  parseSheetRows,
  sheetForClient,
} from "../../../ui/flows/clientSheet";
import { type FlowContext, type SheetResult, type ClientRef, writeSheet, clientLabel } from "../../../ui/flows/common";
import { type RowRequest, type RowsResult, rowsWith, runDeletes, saveSheetEdits, runProgress } from "../../../ui/flows/rowWrites";

export const CALC_SHEET = { sheetName: "Calculations", tableName: "Calculations" } as const;
export const INHERITED_SHEET = { sheetName: "Inherited calculations", tableName: "InheritedCalculations" } as const;
/** Document setting of a client's Calculations sheet ("payroll.calculations.<client ID>"; see clientMetaKey). */
const CALC_META_KEY = "payroll.calculations";

/** The client's Calculations sheet ("Shannon · Calculations"; the plain "Calculations" of an older workbook). */
export const calculationsSheetName = (workbook: WorkbookPort, client: ClientRef) =>
  findSheetForClient(workbook, client, CALC_SHEET);

export type CalcScope =
  | { kind: "client" }
  | { kind: "employee"; employeeId: number; label?: string }
  | { kind: "payslip"; payslipId: number; label?: string };

interface CalcMeta {
  clientId: number;
  clientName: string;
  scope: CalcScope;
  /** Cell type of each input column, by key (input.<name>). */
  inputTypes: Record<string, CellType>;
}

export class CalculationSheetError extends Error {
  override readonly name = "CalculationSheetError";
}

function listFor(api: PayrollApi, clientId: number, scope: CalcScope, signal?: AbortSignal): Promise<Calculation[]> {
  if (scope.kind === "employee") return api.listEmployeeCalculations(scope.employeeId, { signal });
  if (scope.kind === "payslip") return api.listPayslipCalculations(scope.payslipId, { signal });
  return api.listClientCalculations(clientId, { signal });
}

export function scopeTitle(scope: CalcScope): string {
  if (scope.kind === "employee") return `employee ${scope.label ?? scope.employeeId}`;
  if (scope.kind === "payslip") return `payslip ${scope.label ?? scope.payslipId}`;
  return "the whole client";
}

export async function viewCalculations(ctx: FlowContext, scope: CalcScope): Promise<SheetResult & { items: ItemsAndOutputs }> {
  const { api, workbook, client, progress } = ctx;
  progress.update?.(0, undefined, "Reading calculations");
  const [list, items] = await Promise.all([
    listFor(api, client.id, scope, ctx.signal),
    api.getItemsAndOutputs(client.id, { signal: ctx.signal }),
  ]);
  const grid = calculationsGrid(list, itemCatalogue(items));
  const title = `Calculations of ${scopeTitle(scope)}: ${clientLabel(client)}`;
  const sheet = await sheetForClient(workbook, client, CALC_SHEET);
  const written = await writeSheet(workbook, { ...sheet, title, columns: grid.columns, rows: grid.rows }, progress, 2);
  const inputTypes: CalcMeta["inputTypes"] = Object.fromEntries(grid.inputColumns.map((c) => [c.key, c.type]));
  await markClientSheet(workbook, CALC_META_KEY, client, { scope, inputTypes });
  return { ...written, items };
}

const openSheet = (workbook: WorkbookPort, client: ClientRef) =>
  openClientSheet<CalcMeta>(workbook, client, {
    spec: CALC_SHEET,
    metaKey: CALC_META_KEY,
    name: "Calculations",
    first: "View calculations first.",
    again: "view calculations again",
    error: CalculationSheetError,
  });

/** PATCHes the edited rows of the Calculations sheet. Throws CalculationSheetError (nothing sent) when it cannot start. */
export async function saveCalculationEdits(ctx: FlowContext, options: { concurrency?: number } = {}): Promise<RowsResult> {
  const { api, workbook, client, progress } = ctx;
  const { meta, table, sheetName } = await openSheet(workbook, client);
  progress.update?.(0, undefined, "Reading the calculations as the service holds them");
  const [list, items] = await Promise.all([
    listFor(api, client.id, meta.scope, ctx.signal),
    api.getItemsAndOutputs(client.id, { signal: ctx.signal }),
  ]);
  const plans = parseSheetRows(CalculationSheetError, () =>
    parseCalculationRows(
      table.columns,
      table.rows,
      calculationsByKey(list),
      itemCatalogue(items),
      new Map(Object.entries(meta.inputTypes)),
    ),
  );
  const requests: RowRequest<{ message: string }>[] = plans
    .filter((p): p is Extract<CalcRowPlan, { kind: "patch" }> => p.kind === "patch")
    .map((p) => ({
      kind: "patch",
      rowIndexes: [p.rowIndex],
      send: () => api.updateCalculation(p.id, p.details),
      succeeded: (r) => rowsWith([p.rowIndex], "Saved", `${r.message || "Updated"} (${Object.keys(p.details).join(", ")})`),
    }));
  return saveSheetEdits(requests, plans, {
    title: "Calculations",
    reads: 2,
    workbook,
    sheetName,
    ...runProgress(progress, options.concurrency),
    errorHeader: (key) => {
      const name = key.replace(/^calculation_details\./, "");
      return table.columns.includes(`Input: ${name}`) ? `Input: ${name}` : null;
    },
    label: "Saving calculations",
  });
}

export interface CalcDeleteCandidate {
  rowIndex: number;
  id: number;
  label: string;
}

/** The calculations of the selected rows that can be deleted (inherited ones, without an ID, cannot). */
export async function calculationsToDelete(
  { workbook, client }: FlowContext,
  rowIndexes: readonly number[],
): Promise<{ deletable: CalcDeleteCandidate[]; skipped: number[] }> {
  const { table } = await openSheet(workbook, client);
  const at = (h: string) => table.columns.indexOf(h);
  const deletable: CalcDeleteCandidate[] = [];
  const skipped: number[] = [];
  for (const i of rowIndexes) {
    const row = table.rows[i];
    const id = Number(row?.[at("Calculation ID")]);
    if (!row || row[at("Calculation ID")] === "" || !Number.isInteger(id)) {
      if (row) skipped.push(i);
      continue;
    }
    deletable.push({
      rowIndex: i,
      id,
      label: `${row[at("Item label")] || row[at("Item")]} (ID ${id}${row[at("Employee ID")] !== "" ? `, employee ${row[at("Employee ID")]}` : ""})`,
    });
  }
  return { deletable, skipped };
}

export async function deleteCalculations(
  ctx: FlowContext,
  candidates: readonly CalcDeleteCandidate[],
  skipped: readonly number[] = [],
  options: { concurrency?: number } = {},
): Promise<RowsResult> {
  const { api, workbook, client } = ctx;
  const { sheetName } = await openSheet(workbook, client);
  const local = rowsWith(skipped, "Invalid", "Not sent: an inherited calculation (no ID) cannot be deleted here", [
    "Calculation ID",
  ]);
  return runDeletes(
    candidates,
    (c) => api.deleteCalculation(c.id),
    (c) => `Calculation ${c.id} deleted`,
    {
      workbook,
      sheetName,
      ...runProgress(ctx.progress, options.concurrency),
      label: "Deleting calculations",
      title: "Calculations",
      local,
    },
  );
}

export interface AddCalculationForm {
  target: { kind: "employee"; employeeId: number } | { kind: "payslip"; payslipId: number };
  calcType: string;
  /** Input name to the text typed for it (blank inputs are left out: only supplied attributes change). */
  inputs: Record<string, string>;
  operation: "" | "insert" | "upsert" | "update";
  /** The instance to update (the calculation record's ID), for multi-instance items. */
  calculationId: string;
  effectiveDate: string;
}

/** Checks the Add/change item form against the contract; numbers typed as text become numbers. */
export function calculationPostBody(form: AddCalculationForm): { body: PostInput } | { errors: Record<string, string> } {
  const details: Record<string, string | number | boolean | null> = {};
  for (const [name, text] of Object.entries(form.inputs)) {
    const t = text.trim();
    if (t === "") continue;
    details[name] = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : t === "true" || t === "false" ? t === "true" : t;
  }
  const errors: Record<string, string> = {};
  if (Object.keys(details).length === 0) errors.inputs = "Enter at least one input value.";
  const candidate: Record<string, unknown> = { calc_type: form.calcType, calculation_details: details };
  if (form.operation) candidate.operation = form.operation;
  if (form.calculationId.trim() !== "") {
    const id = Number(form.calculationId.trim());
    if (!Number.isInteger(id)) errors.calculation_id = "must be a calculation ID (a whole number)";
    else candidate.calculation_id = id;
  }
  if (form.operation === "insert" && candidate.calculation_id !== undefined)
    errors.calculation_id = "leave blank to insert a new instance";
  if (form.effectiveDate.trim() !== "") {
    if (form.target.kind === "payslip")
      errors.effective_date = "applies only to inherited calculations, which are changed through the employee";
    candidate.effective_date = form.effectiveDate.trim();
  }
  const parsed = CalculationPostBody.safeParse(candidate);
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0] ?? "form")] ??= i.message;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: parsed.success ? (parsed.data as PostInput) : (candidate as PostInput) };
}

export async function addCalculation(ctx: FlowContext, form: AddCalculationForm, body: PostInput) {
  const o = { signal: ctx.signal };
  return form.target.kind === "employee"
    ? ctx.api.postEmployeeCalculation(form.target.employeeId, body, o)
    : ctx.api.postPayslipCalculation(form.target.payslipId, body, o);
}

/** One calculation as the service holds it (GET /calculations/:id). */
export async function getCalculation(ctx: FlowContext, id: number) {
  return ctx.api.getCalculation(id, { signal: ctx.signal });
}

/** An employee's inherited calculations with their history (list), or one of them (GET /inherited_calculations/:id). */
export async function viewInheritedCalculations(
  ctx: FlowContext,
  which: { employeeId: number; label?: string } | { inheritedId: number },
): Promise<SheetResult> {
  const { api, workbook, client, progress } = ctx;
  const list =
    "inheritedId" in which
      ? [await api.getInheritedCalculation(which.inheritedId, { signal: ctx.signal })]
      : await api.listInheritedCalculations(which.employeeId, { signal: ctx.signal });
  const title =
    "inheritedId" in which ? `inherited calculation ${which.inheritedId}` : `employee ${which.label ?? which.employeeId}`;
  return writeSheet(
    workbook,
    { ...INHERITED_SHEET, title: `Inherited calculations of ${title}: ${clientLabel(client)}`, ...inheritedHistoryGrid(list) },
    progress,
    1,
  );
}
