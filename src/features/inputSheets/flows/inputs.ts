/**
 * Input-sheet flows: load what a sheet can offer (waves, periods, inputs), and build the sheet for one wave and
 * period. Four lists, whatever the number of employees: waves, employees (with service periods and recent
 * payslips), the client's calculations (definitions and every employee/payslip value) and items_and_outputs. In the
 * pane they come through its shared reads (ctx.reads), where the Input sheets pickers read them: opening the tab
 * and building a sheet reads each once. The build writes the table, then the snapshot (hidden sheet) the push
 * compares against, then the metadata.
 */
import type { Calculation, Employee, ItemsAndOutputs, Wave } from "../../../contract";
import { ROW_STATE_COLUMNS, rowStateSheet } from "../model/rowState";
import type { SettingValue, WorkbookPort } from "../../../excel";
import { safeSheetName, safeTableName } from "../../../xl/excelConventions";
import { finalisedTitle, isFinalisedPeriod } from "../model/finalisedPeriod";
import { waveDisplayName } from "../../../ui/sheets/importTables";
import { type OfferedInput, inputSheetColumns, inputSheetGrid, inputSheetRows, offeredInputs } from "../model/inputSheet";
import { employmentText } from "../model/employment";
import { type ChangeKind, changeKindOf, defaultChangeKind } from "../model/changeKind";
import { type PeriodOption, wavePeriods } from "../../../ui/sheets/periods";
import {
  type InputSheetMeta,
  InputSheetError,
  metaSettingKey,
  parseMeta,
  readInputSheet,
  snapshotFromRows,
  snapshotFromTable,
  snapshotToTable,
} from "../model/inputSheetModel";
import { inputSheetName } from "../../../ui/sheets/sheetNames";
import { formatDate } from "../../../ui/locale";
import type { SharedLists } from "../../../ui/serverState";
import { clientShortName } from "../../../ui/flows/clientSheet";
import { recordSheet } from "../../../ui/flows/sheetRecords";
import { INPUT_SHEETS_SETTING, followInputSheets } from "./sheetIdentity";
import {
  type FlowContext,
  requestCounter,
  type ClientRef,
  writingRows,
  clientOfMeta,
  clientLabel,
} from "../../../ui/flows/common";
import { rememberLastInputs } from "./lastInputs";

export interface InputChoices {
  clientId: number;
  waves: Wave[];
  employees: Employee[];
  calculations: Calculation[];
  items: ItemsAndOutputs;
  offered: OfferedInput[];
  /** Periods per wave ID, newest first. */
  periods: Map<number, PeriodOption[]>;
  /** HTTP requests made. */
  requests: number;
}

/** The pickers' lists of one client, however they were read. */
export interface InputLists {
  clientId: number;
  waves: Wave[];
  items: ItemsAndOutputs;
  employees: Employee[];
  calculations: Calculation[];
}

/** What a sheet can offer, from the four lists: the inputs the calculations take, and each wave's periods. */
export function inputChoicesFrom(lists: InputLists, requests = 4): InputChoices {
  const { waves, employees, calculations, items } = lists;
  const periods = new Map(waves.map((w) => [w.id, wavePeriods(employees, w.id)]));
  return { ...lists, offered: offeredInputs(calculations, items), periods, requests };
}

/** The lists an input sheet is built from, by their names in the pane's shared reads (serverState). */
const INPUT_LISTS = ["waves", "employeesWithPayslips", "calculations", "itemsAndOutputs"] as const;
type InputList = (typeof INPUT_LISTS)[number];

const FROM_SERVICE: { [K in InputList]: (ctx: FlowContext) => Promise<SharedLists[K]> } = {
  waves: ({ api, client, signal }) => api.listWaves(client.id, { signal }),
  employeesWithPayslips: ({ api, client, signal }) =>
    api.listEmployees(client.id, ["service_periods", "recent_payslips"], { signal }),
  calculations: ({ api, client, signal }) => api.listClientCalculations(client.id, { signal }),
  itemsAndOutputs: ({ api, client, signal }) => api.getItemsAndOutputs(client.id, { signal }),
};

/**
 * Some of the client's input-sheet lists, in parallel: through the pane's shared reads when the flow runs in the
 * pane (what the pickers hold costs nothing while fresh), else from the service. The bar counts the lists asked of
 * the service as they are answered; `requests` is how many.
 */
async function readInputLists<K extends InputList>(
  ctx: FlowContext,
  names: readonly K[],
  what: string,
): Promise<{ lists: Pick<SharedLists, K>; requests: number }> {
  const { reads, signal } = ctx;
  const clientId = ctx.client.id;
  const asked = new Set(names.filter((name) => !reads?.isFresh(name, clientId)));
  const answered = asked.size > 0 ? requestCounter(ctx.progress, asked.size, what) : null;
  const values = await Promise.all(
    names.map((name) => {
      const read = reads ? reads.read(name, clientId, { signal }) : FROM_SERVICE[name](ctx);
      return answered && asked.has(name) ? answered<unknown>(read) : read;
    }),
  );
  return { lists: Object.fromEntries(names.map((name, i) => [name, values[i]])) as Pick<SharedLists, K>, requests: asked.size };
}

/** The four lists, in parallel: the shared reads' when the flow runs in the pane, else read fresh (benches, tests). */
export async function loadInputChoices(ctx: FlowContext): Promise<InputChoices> {
  const { lists, requests } = await readInputLists(ctx, INPUT_LISTS, "waves, employees, calculations, items");
  const { waves, employeesWithPayslips: employees, calculations, itemsAndOutputs: items } = lists;
  return inputChoicesFrom({ clientId: ctx.client.id, waves, employees, calculations, items }, requests);
}

/** What the user chose; the client is the context's. */
export interface BuildInputSheetRequest {
  waveId: number;
  /** Period end date (the regular payslips' date). */
  payslipDate: string;
  /** Chosen `calc.<id>.<input>` keys, in the order wanted. */
  inputKeys: readonly string[];
  /** What a change of each input means (../model/changeKind); an input left out keeps a rebuilt sheet's, else its default. */
  kinds?: Readonly<Record<string, ChangeKind>>;
}

export interface BuildInputSheetResult {
  sheetName: string;
  tableName: string;
  rowCount: number;
  requests: number;
  /** Built for a finalised period: read only. */
  finalised: boolean;
}

/**
 * The workbook's input sheets: the sheets the build recorded by worksheet ID (./sheetIdentity) that are still in the
 * workbook, under their names now, in the order they were built. The one rule for finding them: the panel's sheet
 * picker, Push all and the overview all use it, so a rename made anywhere is followed at the next list.
 */
export async function listInputSheets(workbook: WorkbookPort): Promise<string[]> {
  return (await followInputSheets(workbook, { withDeleted: false })).sheets;
}

/**
 * The input sheets, and the sheet active in Excel now (the pane offers it first when it is one of them); with the
 * names each had before (a sheet the pane showed under an old name stays chosen) and the deleted ones not yet handled.
 */
export async function readInputSheets(
  workbook: WorkbookPort,
): Promise<{ sheets: string[]; active: string; former: Map<string, string[]>; deleted: string[] }> {
  const { sheets, former, deleted } = await followInputSheets(workbook);
  const active = await workbook.activeSheetName().catch(() => "");
  return { sheets, active, former, deleted: deleted.map((d) => d.id) };
}

export async function readInputSheetMeta(workbook: WorkbookPort, sheetName: string): Promise<InputSheetMeta | null> {
  return parseMeta(await workbook.getSetting(metaSettingKey(sheetName)));
}

/**
 * Why a sheet's table cannot be read: renamed or deleted since the pane listed it (found by ID, and recorded), or its
 * table was removed. Renamed: its changes are safe under the new name, so the accountant is never told to rebuild.
 */
export async function noTableReason(workbook: WorkbookPort, sheetName: string): Promise<string> {
  return (await movedReason(workbook, sheetName)) ?? `"${sheetName}" has no table any more. Build the input sheet again.`;
}

async function movedReason(workbook: WorkbookPort, sheetName: string): Promise<string | null> {
  const followed = await followInputSheets(workbook).catch(() => null);
  if (!followed || followed.sheets.includes(sheetName)) return null;
  const moved = followed.renamed.find((r) => r.from === sheetName) ?? null;
  const now = [...followed.former].find(([, former]) => former.includes(sheetName));
  const to = moved?.to ?? now?.[0];
  if (to) return `"${sheetName}" was renamed "${to}". Choose "${to}" and try again: its changes are kept.`;
  if (followed.deleted.some((d) => d.name === sheetName))
    return `"${sheetName}" was deleted. The Input sheets tab names its changes not sent and can restore them.`;
  return null;
}

/** The sheet, its metadata and snapshot, read and checked for pushing (or refreshing) under the chosen client. */
export async function openInputSheet(workbook: WorkbookPort, sheetName: string, clientId: number) {
  const meta = await readInputSheetMeta(workbook, sheetName);
  if (!meta) {
    throw new InputSheetError(
      (await movedReason(workbook, sheetName)) ??
        `"${sheetName}" is not an input sheet built by the add-in. Build a new input sheet.`,
    );
  }
  if (meta.clientId !== clientId) {
    throw new InputSheetError(
      `"${sheetName}" is ${clientLabel(clientOfMeta(meta))}'s: choose ${clientLabel(clientOfMeta(meta))} as the client to push it.`,
    );
  }
  const table = await workbook.readTable(sheetName);
  if (!table) throw new InputSheetError(await noTableReason(workbook, sheetName));
  const stored = await workbook.readHiddenTable(meta.snapshotSheet);
  if (!stored) throw new InputSheetError(`The snapshot of "${sheetName}" is missing. Build the input sheet again.`);
  const snapshot = snapshotFromTable(stored);
  return { meta, snapshot, table, sheet: readInputSheet(table, meta, snapshot) };
}

/**
 * A sheet name for the client, wave and period: "Shannon · Office mthly · 25-11-26". Rebuilding the same client, wave
 * and period reuses its sheet, whatever its name (one built before names carried the client keeps its old name); a
 * sheet of the same name that is not ours (no metadata, or another wave/period/client) is never overwritten: a
 * suffix is added.
 */
async function chooseSheetName(
  workbook: WorkbookPort,
  request: BuildInputSheetRequest & { client: ClientRef },
  waveName: string,
): Promise<{ sheetName: string; n: number; meta?: InputSheetMeta }> {
  const same = (meta: InputSheetMeta | null) =>
    meta !== null &&
    meta.clientId === request.client.id &&
    meta.waveId === request.waveId &&
    meta.payslipDate === request.payslipDate;
  for (const name of await listInputSheets(workbook)) {
    const meta = await readInputSheetMeta(workbook, name);
    if (meta && same(meta)) return { sheetName: name, n: 1, meta };
  }
  const base = inputSheetName(await clientShortName(workbook, request.client), waveName, request.payslipDate);
  const existing = new Set((await workbook.listSheets()).map((s) => s.name.toLowerCase()));
  for (let n = 1; n < 100; n++) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const name = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`;
    if (!existing.has(name.toLowerCase())) return { sheetName: name, n };
    if (same(await readInputSheetMeta(workbook, name))) return { sheetName: name, n };
  }
  throw new InputSheetError("Too many input sheets for this wave and period: delete some first.");
}

/** An input's kind on a built sheet: the one asked for, else the rebuilt sheet's (absent there: this payslip only), else its default. */
function kindOf(input: OfferedInput, request: BuildInputSheetRequest, earlier: InputSheetMeta | null | undefined): ChangeKind {
  const had = earlier?.inputs.find((i) => i.key === input.key);
  return request.kinds?.[input.key] ?? (had ? changeKindOf(had) : defaultChangeKind(input));
}

/**
 * Build (or rebuild) the input sheet. `choices` (the pickers') give the waves and items_and_outputs. The employees
 * and calculations, which prefill the values and the snapshot the push compares with, are asked for again: in the
 * pane through the shared reads, which answer with the pickers' own lists while they are fresh (younger than 5 min,
 * and no write through this connection since that may have changed them: serverState's `changedByWrite`), so the
 * build costs no request; else two requests (four without choices).
 */
export async function buildInputSheet(
  ctx: FlowContext,
  request: BuildInputSheetRequest,
  options: { choices?: InputChoices; now?: () => Date } = {},
): Promise<BuildInputSheetResult> {
  const { workbook, progress } = ctx;
  const { client } = ctx;
  const clientId = client.id;
  if (request.inputKeys.length === 0) throw new InputSheetError("Choose at least one input for the sheet.");
  let requests = 0;
  let waves: Wave[];
  let offered: OfferedInput[];
  let employees: Employee[];
  let calculations: Calculation[];
  if (options.choices && options.choices.clientId === clientId) {
    const current = await readInputLists(ctx, ["employeesWithPayslips", "calculations"], "current employees and calculations");
    ({ employeesWithPayslips: employees, calculations } = current.lists);
    requests = current.requests;
    waves = options.choices.waves;
    offered = offeredInputs(calculations, options.choices.items);
  } else {
    const fresh = await loadInputChoices(ctx);
    ({ waves, employees, calculations, offered } = fresh);
    requests = fresh.requests;
  }

  const wave = waves.find((w) => w.id === request.waveId);
  if (!wave) throw new InputSheetError(`Wave ${request.waveId} is not one of this client's payment frequencies.`);
  const byKey = new Map(offered.map((o) => [o.key, o]));
  const unknown = request.inputKeys.filter((k) => !byKey.has(k));
  if (unknown.length > 0) throw new InputSheetError(`Not an input this client's calculations offer: ${unknown.join(", ")}.`);
  const inputs = request.inputKeys.map((k) => byKey.get(k) as OfferedInput);

  const rows = inputSheetRows({ employees, calculations, waveId: wave.id, payslipDate: request.payslipDate, inputs });
  const waveName = waveDisplayName(wave);
  const { sheetName, n, meta: earlier } = await chooseSheetName(workbook, { ...request, client: ctx.client }, waveName);
  // Table and snapshot names follow the sheet's wave, date and suffix, so they are unique in the workbook; a rebuild
  // keeps the ones it had.
  const id = `${wave.id}_${request.payslipDate}${n > 1 ? `_${n}` : ""}`;
  const tableName = earlier?.tableName ?? safeTableName(`Inputs_${id}`);
  const snapshotSheet = earlier?.snapshotSheet ?? safeSheetName(`PayrollSnap_${id}`);

  const finalised = isFinalisedPeriod(rows);
  // Employees on long-term leave or who have left are marked in words (an Employment column only when there are any).
  const notes = rows.map((r) => employmentText(r.employment ?? null, formatDate));
  const title = `Inputs: ${clientLabel(client)}, ${waveName}, period ending ${formatDate(request.payslipDate)}`;
  const written = await workbook.writeTable({
    sheetName,
    tableName,
    title: finalised ? finalisedTitle(title) : title,
    stampLabel: "Built",
    columns: inputSheetColumns(inputs, notes.some(Boolean)),
    rows: inputSheetGrid(rows, inputs, notes.some(Boolean) ? notes : undefined),
    onProgress: writingRows(progress),
  });
  const snapshot = snapshotToTable(
    snapshotFromRows(rows),
    inputs.map((i) => i.key),
  );
  await workbook.writeHiddenTable(snapshotSheet, snapshot.columns, snapshot.rows);
  // No row has a state yet (a rebuild's Status and Message are blank again): stored empty, so nothing typed in
  // those cells is ever read as one (../../sheets/rowStateMigration reads only sheets of an earlier version).
  await workbook.writeHiddenTable(rowStateSheet({ snapshotSheet }), [...ROW_STATE_COLUMNS], []);
  const meta: InputSheetMeta = {
    version: 1,
    clientId,
    clientName: client.name ?? "",
    waveId: wave.id,
    waveName,
    payslipDate: request.payslipDate,
    tableName: written.tableName,
    snapshotSheet,
    inputs: inputs.map((i) => ({ key: i.key, header: i.label, type: i.type, kind: kindOf(i, request, earlier) })),
    builtAt: (options.now?.() ?? new Date()).toISOString(),
    ...(finalised ? { finalised } : {}),
  };
  await workbook.setSetting(metaSettingKey(sheetName), meta as unknown as SettingValue);
  await recordSheet(workbook, INPUT_SHEETS_SETTING, sheetName);
  // The Month-end overview's Build input sheet uses this client's last inputs again.
  await rememberLastInputs(workbook, clientId, { inputKeys: [...request.inputKeys], builtAt: meta.builtAt });
  return { sheetName, tableName: written.tableName, rowCount: rows.length, requests, finalised };
}
