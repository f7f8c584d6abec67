/**
 * Input sheets deleted with changes not sent (./sheetIdentity finds them by ID): each is named once, in words, with
 * the changes it held (../model/unsentKeep); the accountant restores them into a rebuilt sheet, as pending changes,
 * or lets them go. Either way the deleted sheet's leftover veryHidden sheets (snapshot, row states, kept changes)
 * are removed and its record dropped.
 */
import type { WorkbookPort } from "../../../excel";
import { type ClientRef, clientOfMeta, type FlowContext } from "../../../ui/flows/common";
import { InputSheetError } from "../model/inputSheetModel";
import { rowStateSheet } from "../model/rowState";
import { type KeptChange, describeDeleted, keptFromTable, unsentSheet } from "../model/unsentKeep";
import { type BuildInputSheetResult, buildInputSheet, openInputSheet } from "./inputs";
import { type DeletedInputSheet, followInputSheets, readDeletedSheets, saveDeletedSheets } from "./sheetIdentity";

export interface DeletedSheetNotice {
  id: string;
  name: string;
  client: ClientRef;
  /** "'Liffey · Nov' was deleted with 3 changes not sent: Aoife Byrne's Bonus €500.00, …" */
  text: string;
  /** Changes that can be restored into a rebuilt sheet. */
  changes: number;
}

/** The unsent changes kept for a sheet, or null when none were ever kept (its watch never ran). */
async function keptOf(workbook: WorkbookPort, sheet: DeletedInputSheet): Promise<KeptChange[] | null> {
  const table = await workbook.readHiddenTable(unsentSheet(sheet.meta));
  return table ? keptFromTable(table) : null;
}

/** Every deleted input sheet not yet handled (found by ID now), in words: one hidden-table read each. */
export async function deletedSheetNotices(workbook: WorkbookPort): Promise<DeletedSheetNotice[]> {
  const { deleted } = await followInputSheets(workbook);
  return Promise.all(
    deleted.map(async (sheet) => {
      const kept = await keptOf(workbook, sheet);
      return {
        id: sheet.id,
        name: sheet.name,
        client: clientOfMeta(sheet.meta),
        text: describeDeleted(sheet.name, kept, sheet.seen),
        changes: kept?.length ?? 0,
      };
    }),
  );
}

/** Removes the sheet's leftover hidden sheets (except those a rebuilt sheet now uses) and its record. */
async function forget(workbook: WorkbookPort, sheet: DeletedInputSheet, keep: ReadonlySet<string> = new Set()): Promise<void> {
  for (const hidden of [sheet.meta.snapshotSheet, rowStateSheet(sheet.meta), unsentSheet(sheet.meta)])
    if (!keep.has(hidden)) await workbook.deleteSheet(hidden);
  const rest = (await readDeletedSheets(workbook)).filter((d) => d.id !== sheet.id);
  await saveDeletedSheets(workbook, rest);
}

async function deletedSheet(workbook: WorkbookPort, id: string): Promise<DeletedInputSheet> {
  const sheet = (await readDeletedSheets(workbook)).find((d) => d.id === id);
  if (!sheet) throw new InputSheetError("That deleted sheet was already dealt with.");
  return sheet;
}

/** Lets a deleted sheet's unsent changes go: its hidden sheets are removed and it is not named again. */
export async function dismissDeletedSheet(workbook: WorkbookPort, id: string): Promise<void> {
  await forget(workbook, await deletedSheet(workbook, id));
}

export interface RestoreResult {
  build: BuildInputSheetResult;
  /** Changes written back into the rebuilt sheet. */
  restored: number;
  /** Changes whose employee or period the rebuilt sheet no longer has. */
  left: KeptChange[];
  summary: string;
}

/**
 * Rebuilds the deleted sheet for its client, wave, period and inputs (the build's requests), then types its kept
 * changes back into the new sheet's cells (one column write per input): the pending watch then counts them as
 * changes to push, as before the sheet was deleted.
 */
export async function restoreDeletedSheet(ctx: FlowContext, id: string): Promise<RestoreResult> {
  const { workbook } = ctx;
  const sheet = await deletedSheet(workbook, id);
  const kept = (await keptOf(workbook, sheet)) ?? [];
  const { meta } = sheet;
  const build = await buildInputSheet(
    { ...ctx, client: clientOfMeta(meta) },
    { waveId: meta.waveId, payslipDate: meta.payslipDate, inputKeys: meta.inputs.map((i) => i.key) },
  );
  const opened = await openInputSheet(workbook, build.sheetName, meta.clientId);
  const headers = new Set(opened.sheet.inputs.map((i) => i.header));
  const rowOf = new Map(opened.sheet.rows.map((r) => [`${r.employeeId}|${r.payslipDate}`, r.rowIndex]));
  const byHeader = new Map<string, { type: KeptChange["type"]; updates: { rowIndex: number; value: KeptChange["value"] }[] }>();
  const left: KeptChange[] = [];
  for (const k of kept) {
    const rowIndex = rowOf.get(`${k.employeeId}|${k.payslipDate}`);
    if (rowIndex === undefined || !headers.has(k.header)) {
      left.push(k);
      continue;
    }
    const column = byHeader.get(k.header) ?? { type: k.type, updates: [] };
    column.updates.push({ rowIndex, value: k.value });
    byHeader.set(k.header, column);
  }
  for (const [header, { type, updates }] of byHeader) await workbook.writeColumnValues(build.sheetName, header, updates, type);
  const restored = kept.length - left.length;
  // The rebuilt sheet reuses the snapshot and row-state sheets when their names are the same: those stay.
  const rebuilt = opened.meta;
  await forget(workbook, sheet, new Set([rebuilt.snapshotSheet, rowStateSheet(rebuilt), unsentSheet(rebuilt)]));
  const n = (x: number) => `${x} change${x === 1 ? "" : "s"}`;
  const summary =
    `Rebuilt '${build.sheetName}' with ${n(restored)} of '${sheet.name}' back as pending changes: review them and push.` +
    (left.length > 0 ? ` ${n(left.length)} could not go back: the employee or the input is no longer on the sheet.` : "");
  return { build, restored, left, summary };
}
