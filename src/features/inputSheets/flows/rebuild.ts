/**
 * Rebuilding over pending changes. Building an input sheet for a client, wave and period that already has one
 * replaces its table; changes typed there and not yet pushed would go with it. So the pane asks first
 * (`pendingBeforeRebuild`), and "Keep my changes" writes them into the rebuilt sheet (`carryChanges`): the new
 * snapshot holds what the service holds now, so the carried cells are pending changes again, shaded and counted.
 */
import type { InputValue } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { type CellType, parseDate, parseInteger } from "../../../xl/columns";
import { INPUT_SHEET_HEADERS as H } from "../model/inputSheet";
import { rowKey } from "../model/inputSheetModel";
import type { PendingChange } from "../model/pendingChanges";
import type { FlowContext } from "../../../ui/flows/common";
import {
  type BuildInputSheetRequest,
  type BuildInputSheetResult,
  type InputChoices,
  buildInputSheet,
  listInputSheets,
  readInputSheetMeta,
} from "./inputs";
import { readPending, readSheetBasis } from "./pending";

export interface PendingOnRebuild {
  sheetName: string;
  changes: PendingChange[];
  rows: number;
  /** "3 changes pending in 2 rows" */
  text: string;
}

/** The input sheet of this client, wave and period that holds pending changes, or null (none, or nothing pending). */
export async function pendingBeforeRebuild(
  workbook: WorkbookPort,
  target: { clientId: number; waveId: number; payslipDate: string },
): Promise<PendingOnRebuild | null> {
  for (const sheetName of await listInputSheets(workbook)) {
    const meta = await readInputSheetMeta(workbook, sheetName);
    if (!meta || meta.clientId !== target.clientId || meta.waveId !== target.waveId || meta.payslipDate !== target.payslipDate)
      continue;
    const basis = await readSheetBasis(workbook, sheetName, { rowStates: false }).catch(() => null);
    if (!basis) continue;
    const read = await readPending(workbook, sheetName, basis);
    if (read.changes.length > 0) return { sheetName, changes: read.changes, rows: read.rows, text: read.text };
  }
  return null;
}

/** The input keys a rebuild needs: the chosen ones, then those of carried changes (so no change loses its column). */
export function keysWithCarried(
  chosen: readonly string[],
  carry: readonly Pick<PendingChange, "key">[],
  offered: ReadonlySet<string>,
) {
  const extra = [...new Set(carry.map((c) => c.key))].filter((k) => !chosen.includes(k) && offered.has(k));
  return [...chosen, ...extra];
}

export interface CarryResult {
  carried: number;
  /** Changes with no row or column on the rebuilt sheet (the employee left the wave, the input is gone, the date moved). */
  left: PendingChange[];
}

/**
 * Writes the carried changes into the rebuilt sheet, matched by employee and payslip date: one table read, then one
 * column write per input. A value that did not parse is written as typed, so the push still refuses it, naming it.
 */
export async function carryChanges(
  workbook: WorkbookPort,
  sheetName: string,
  carry: readonly PendingChange[],
): Promise<CarryResult> {
  if (carry.length === 0) return { carried: 0, left: [] };
  const meta = await readInputSheetMeta(workbook, sheetName);
  const table = await workbook.readTable(sheetName);
  if (!meta || !table) return { carried: 0, left: [...carry] };
  const headers = table.columns.map((c) => String(c).trim());
  const idCol = headers.indexOf(H.employeeId);
  const dateCol = headers.indexOf(H.payslipDate);
  const rowOf = new Map<string, number>();
  table.rows.forEach((cells, i) => {
    const id = parseInteger(cells[idCol]);
    const date = parseDate(cells[dateCol]);
    if (id.ok && id.value !== null && date.ok && date.value !== null) rowOf.set(rowKey(id.value, date.value), i);
  });
  const inputOf = new Map(meta.inputs.map((i) => [i.key, i]));
  const byColumn = new Map<string, { header: string; type?: CellType; updates: { rowIndex: number; value: InputValue }[] }>();
  const left: PendingChange[] = [];
  for (const c of carry) {
    const rowIndex = rowOf.get(rowKey(c.employeeId, c.payslipDate));
    const input = inputOf.get(c.key);
    if (rowIndex === undefined || !input || c.moved) {
      left.push(c);
      continue;
    }
    // Typed text that did not parse is written in a run of its own, as text.
    const type = c.problem === null ? input.type : undefined;
    const id = `${input.header}|${type ?? ""}`;
    const entry = byColumn.get(id) ?? { header: input.header, type, updates: [] };
    entry.updates.push({ rowIndex, value: c.after });
    byColumn.set(id, entry);
  }
  for (const { header, type, updates } of byColumn.values()) await workbook.writeColumnValues(sheetName, header, updates, type);
  return { carried: carry.length - left.length, left };
}

/** Rebuild keeping the pending changes: the build (with the carried changes' inputs too), then the carry. */
export async function rebuildKeeping(
  ctx: FlowContext,
  request: BuildInputSheetRequest,
  carry: readonly PendingChange[],
  options: { choices?: InputChoices } = {},
): Promise<BuildInputSheetResult & CarryResult> {
  const offered = new Set((options.choices?.offered ?? []).map((o) => o.key));
  const inputKeys = keysWithCarried(request.inputKeys, carry, offered);
  const built = await buildInputSheet(ctx, { ...request, inputKeys }, options);
  return { ...built, ...(await carryChanges(ctx.workbook, built.sheetName, carry)) };
}
