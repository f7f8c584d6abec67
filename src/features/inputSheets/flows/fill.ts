/**
 * Fill from a sheet: read the client's own file (a sheet, or the selected range, headers in its first row),
 * propose the key column and the mapping to the input sheet's inputs, then write the matched values into the
 * input sheet, where they become pending changes (nothing is sent). Problems go to the pane and to a
 * "Fill problems" sheet, and change nothing. A fixed number of Excel round trips whatever the rows: one read of
 * the source, one of the input sheet, one column write per mapped input, and the problems sheet; plus one
 * read of the employees list when the key is PPSN (the input sheet has no PPSN column): the pane's shared list.
 */
import type { ClientReads } from "../../../ui/serverState";
import type { SettingValue, WorkbookPort } from "../../../excel";
import type { ColumnSpec } from "../../../xl/columns";
import {
  FILLED_MESSAGE,
  FILL_PROBLEMS_SHEET,
  type FillMapping,
  type FillPlan,
  type KeyColumn,
  detectKey,
  describeFill,
  planFill,
  problemText,
  proposeMapping,
  targetIndex,
} from "../model/fill";
import {
  type AppliedMapping,
  applyRememberedMapping,
  fillMemorySettingKey,
  mappingToRemember,
  parseFillMemory,
  rememberMapping,
} from "../model/fillMemory";
import { todayIso } from "../../../ui/sheets/grid";
import { CHANGED_STATUS } from "../model/editedRows";
import { InputSheetError, type InputSheetMeta } from "../model/inputSheetModel";
import { PUSH_LOG_SHEET } from "../model/pushLog";
import { CHANGE_HISTORY_SHEET } from "../model/changeHistory";
import { recordedSheets } from "../../../ui/flows/sheetRecords";
import { REPORT_SHEETS_SETTING } from "../../reports";
import { logKey } from "./logSheets";
import { changedRecord, following, type TableCells } from "../model/rowState";
import { readInputSheetMeta } from "./inputs";
import { annotationOf, readRowRecords, saveRowRecords } from "./rowStates";

/** Where the client's file is: a sheet of the workbook, or the selected range. */
export type FillSource = { sheetName: string } | { selection: true };

export interface SourceData {
  /** Where it was read, e.g. "Timesheet!A1:D40". */
  where: string;
  headers: string[];
  rows: unknown[][];
  /** Sheet row number (1-based) of the first data row, for the problems list. */
  firstRow: number;
}

export interface FillProposal {
  source: SourceData;
  meta: InputSheetMeta;
  key: KeyColumn | null;
  mapping: FillMapping;
  /** The client's mapping remembered from an earlier fill, when this source's headers fit one (key and mapping are it). */
  remembered: Omit<AppliedMapping, "key" | "mapping"> | null;
}

async function readSource(workbook: WorkbookPort, source: FillSource): Promise<SourceData> {
  const read = await workbook.readValues("sheetName" in source ? source.sheetName : undefined);
  const what = "sheetName" in source ? `"${source.sheetName}"` : "The selection";
  if (!read || read.values.length < 2)
    throw new InputSheetError(`${what} has no rows under a header row: the first row must hold the column headers.`);
  const headers = read.values[0].map((h) => String(h ?? "").trim());
  const firstRow = Number(/\d+/.exec(read.address)?.[0] ?? "1") + 1;
  return { where: `${read.sheetName}!${read.address}`, headers, rows: read.values.slice(1), firstRow };
}

/** Reads the source and proposes the key column and mapping for the input sheet. */
export async function proposeFill(workbook: WorkbookPort, targetSheet: string, source: FillSource): Promise<FillProposal> {
  const meta = await readInputSheetMeta(workbook, targetSheet);
  if (!meta) throw new InputSheetError(`"${targetSheet}" is not an input sheet built by the add-in (or it was renamed).`);
  if ("sheetName" in source && source.sheetName === targetSheet)
    throw new InputSheetError("Choose the client's sheet as the source, not the input sheet itself.");
  const data = await readSource(workbook, source);
  const detected = detectKey(data.headers);
  const proposed = proposeMapping(data.headers, meta, detected);
  const memory = parseFillMemory(await workbook.getSetting(fillMemorySettingKey(meta.clientId)));
  const applied = applyRememberedMapping(
    memory,
    data.headers,
    meta.inputs.map((i) => i.key),
    proposed,
  );
  if (!applied) return { source: data, meta, key: detected, mapping: proposed, remembered: null };
  const { key, mapping, ...remembered } = applied;
  return { source: data, meta, key, mapping, remembered };
}

/**
 * Remembers the key header and each header's input for the sheet's client, in the place of the mapping for the same
 * key header (document setting: headers and input keys only). A failure to store it does not undo the fill.
 */
async function rememberFill(workbook: WorkbookPort, clientId: number, entry: ReturnType<typeof mappingToRemember>) {
  const key = fillMemorySettingKey(clientId);
  const list = rememberMapping(parseFillMemory(await workbook.getSetting(key)), entry);
  await workbook.setSetting(key, list as unknown as SettingValue);
}

export interface FillResult {
  plan: FillPlan;
  summary: string;
  /** Whether a "Fill problems" sheet was written. */
  problemsSheet: boolean;
}

const PROBLEM_COLUMNS: ColumnSpec[] = [
  { key: "row", header: "Source row", type: "integer" },
  { key: "key", header: "Key", type: "text" },
  { key: "column", header: "Column", type: "text" },
  { key: "message", header: "Problem", type: "text", width: 360 },
];

/**
 * Writes the matched values into the input sheet (they become pending changes; nothing is sent) and lists the
 * problems. `employees` (the pane's shared employee list) is read only for a PPSN key.
 */
export async function fillFromSheet(
  workbook: WorkbookPort,
  employees: Pick<ClientReads, "employees"> | null,
  targetSheet: string,
  proposal: Pick<FillProposal, "source" | "meta"> & { key: KeyColumn; mapping: FillMapping },
  options: { signal?: AbortSignal; now?: () => Date } = {},
): Promise<FillResult> {
  const { source, meta, key, mapping } = proposal;
  if (!mapping.some((m, i) => m !== null && i !== key.column))
    throw new InputSheetError("Map at least one source column to an input of the sheet.");
  const table = await workbook.readTable(targetSheet);
  if (!table) throw new InputSheetError(`"${targetSheet}" has no table any more. Build the input sheet again.`);
  let ppsn = new Map<string, number>();
  if (key.kind === "ppsn") {
    if (!employees) throw new InputSheetError("Connect to match by PPSN.");
    const list = await employees.employees(meta.clientId, { signal: options.signal });
    ppsn = new Map(list.flatMap((e) => (e.ppsn ? [[e.ppsn, e.id] as [string, number]] : [])));
  }
  const plan = planFill({
    source: { headers: source.headers, rows: source.rows, firstRow: source.firstRow },
    key,
    mapping,
    meta,
    index: targetIndex(table, key.kind, ppsn),
  });
  const byColumn = new Map<string, FillPlan["updates"]>();
  for (const u of plan.updates) byColumn.set(u.header, [...(byColumn.get(u.header) ?? []), u]);
  for (const [header, updates] of byColumn)
    await workbook.writeColumnValues(
      targetSheet,
      header,
      updates.map(({ rowIndex, value }) => ({ rowIndex, value })),
      updates[0].type,
    );
  await markFilledRows(workbook, { sheetName: targetSheet, meta, table }, plan);
  const usedOn = todayIso(options.now?.() ?? new Date());
  const remembered = await rememberFill(workbook, meta.clientId, mappingToRemember(source.headers, key, mapping, usedOn))
    .then(() => true)
    .catch(() => false);
  let problemsSheet = false;
  if (plan.problems.length > 0) {
    await workbook.writeTable({
      sheetName: FILL_PROBLEMS_SHEET,
      tableName: "FillProblems",
      title: `Fill problems: ${source.where} into ${targetSheet}`,
      stampLabel: "Filled",
      // A note typed beside the problems stays when the next fill rewrites them.
      keepCellsRight: true,
      columns: PROBLEM_COLUMNS,
      rows: plan.problems.map((p) => [p.sourceRow, p.key, p.column ?? "", problemText(p)]),
      activate: false,
    });
    problemsSheet = true;
  }
  return {
    plan,
    problemsSheet,
    summary:
      `${targetSheet}: ${describeFill(plan)}${problemsSheet ? ` See the "${FILL_PROBLEMS_SHEET}" sheet.` : ""}` +
      (remembered ? "" : " The mapping could not be remembered for next time."),
  };
}

/**
 * A row a push had marked (Saved, Failed, Held…) whose cells the fill changed is no longer what the push saw: it
 * says Changed, amber, and the filled cells lose the push's colours (the pending shading takes them). One write per
 * set of filled columns (usually one).
 */
async function markFilledRows(
  workbook: WorkbookPort,
  { sheetName, meta, table }: { sheetName: string; meta: Pick<InputSheetMeta, "snapshotSheet">; table: TableCells },
  plan: FillPlan,
): Promise<void> {
  const at = (h: string) => table.columns.findIndex((c) => String(c).trim() === h);
  // Which rows a push marked is their state's to say, never their Status cell's.
  const records = await readRowRecords(workbook, meta, table);
  const changed = new Map<number, Set<string>>();
  for (const u of plan.updates) {
    const row = table.rows[u.rowIndex] ?? [];
    const mark = records.get(u.rowIndex)?.status;
    const was = row[at(u.header)];
    if (!mark || mark === CHANGED_STATUS || String(was ?? "") === String(u.value ?? "")) continue;
    changed.set(u.rowIndex, (changed.get(u.rowIndex) ?? new Set()).add(u.header));
  }
  if (changed.size === 0) return;
  const byHeaders = new Map<string, number[]>();
  for (const [rowIndex, headers] of changed) {
    records.set(rowIndex, following(records.get(rowIndex), changedRecord(FILLED_MESSAGE)));
    const k = JSON.stringify([...headers].sort());
    byHeaders.set(k, [...(byHeaders.get(k) ?? []), rowIndex]);
  }
  for (const [headers, rows] of byHeaders) {
    const marks = rows.map((rowIndex) => annotationOf(rowIndex, records.get(rowIndex)));
    await workbook.annotateRows(sheetName, marks, { clearOthers: false, highlightColumns: JSON.parse(headers) as string[] });
  }
  await saveRowRecords(workbook, meta, table, records);
}

/**
 * Sheets that can be a fill source: visible sheets that are not input sheets, the add-in's logs (Push log, Change
 * history) nor its reports. Logs and reports are found by worksheet ID, so a renamed one is skipped too; by name
 * only when not recorded (made by an earlier version). One sheet list and three setting reads.
 */
export async function fillSourceSheets(workbook: WorkbookPort, inputSheets: readonly string[]): Promise<string[]> {
  const sheets = await workbook.listSheets({ hidden: true });
  const logs = [PUSH_LOG_SHEET, CHANGE_HISTORY_SHEET];
  const recorded = await recordedSheets(workbook, [...logs.map(logKey), REPORT_SHEETS_SETTING], sheets);
  const skip = new Set([...inputSheets, FILL_PROBLEMS_SHEET, ...logs, ...recorded].map((n) => n.toLowerCase()));
  return sheets.filter((s) => s.visible && !skip.has(s.name.toLowerCase())).map((s) => s.name);
}
