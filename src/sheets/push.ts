/**
 * Pushing an input sheet back through bulk_input, as pure steps:
 *   readInputSheet  -> parse and validate every row against the sheet's metadata and snapshot
 *   planPush        -> which rows and cells to send (changed / all / selected / retry), and the chunks
 *   chunkOutcomes   -> map the service's per-entity results (or a failed request) back to rows
 *   applySaved      -> the new snapshot after saved rows
 * The flow (src/taskpane/flows/push.ts) does the I/O between these steps.
 */
import { z } from "zod";
import type { BulkInputEntity, BulkInputResult, Employee, InputValue, PayslipListItem } from "../contract";
import { Id } from "../contract";
import {
  type CellType,
  type CellValue,
  type ColumnSpec,
  describeCell,
  headerIndex,
  isBlank,
  parseCell,
  parseDate,
  parseInteger,
} from "./columns";
import { INPUT_SHEET_HEADERS, type InputSheetRow } from "./inputSheet";
import {
  BULK_STATUSES,
  type BulkStatus,
  type RowOutcome as Outcome,
  countStatuses,
  describeStatusCounts,
  matchBulkResults,
  rowsWith,
  serviceErrors,
  withDetails,
} from "./rowOutcomes";
import { chunk } from "./chunk";

export { chunk };

export class InputSheetError extends Error {
  override readonly name = "InputSheetError";
}

// ---------------------------------------------------------------------------------------------------------
// Metadata (document settings) and snapshot (hidden sheet). Neither holds anything secret.
// ---------------------------------------------------------------------------------------------------------

const CELL_TYPES = ["text", "integer", "number", "currency", "date", "datetime", "boolean", "percent"] as const;

export const InputSheetMeta = z.object({
  version: z.literal(1),
  clientId: Id,
  clientName: z.string(),
  waveId: Id,
  waveName: z.string(),
  payslipDate: z.iso.date(),
  tableName: z.string(),
  /** veryHidden sheet holding the snapshot. */
  snapshotSheet: z.string(),
  /** The input columns: attribute key, header as built, cell type. */
  inputs: z.array(z.object({ key: z.string(), header: z.string(), type: z.enum(CELL_TYPES) })),
  builtAt: z.string(),
});
export type InputSheetMeta = z.infer<typeof InputSheetMeta>;

/** Document-settings key of an input sheet's metadata. */
export const metaSettingKey = (sheetName: string) => `payroll.inputSheet.${sheetName}`;

/** Metadata read back from settings, or null when missing or not understood. */
export function parseMeta(value: unknown): InputSheetMeta | null {
  const parsed = InputSheetMeta.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Values as last known to the service, per row key (employee ID + payslip date). */
export type Snapshot = Map<string, Record<string, InputValue>>;

export const rowKey = (employeeId: number, payslipDate: string) => `${employeeId}|${payslipDate}`;

const SNAPSHOT_ID = "employee_id";
const SNAPSHOT_DATE = "payslip_date";

export function snapshotFromRows(rows: readonly InputSheetRow[]): Snapshot {
  return new Map(rows.map((r) => [rowKey(r.employeeId, r.payslipDate), { ...r.values }]));
}

/** The snapshot as a grid for hidden storage: employee_id, payslip_date, then one column per input key. */
export function snapshotToTable(snapshot: Snapshot, keys: readonly string[]): { columns: string[]; rows: CellValue[][] } {
  const rows: CellValue[][] = [];
  for (const [key, values] of snapshot) {
    const [id, date] = key.split("|");
    rows.push([Number(id), date, ...keys.map((k) => values[k] ?? "")]);
  }
  return { columns: [SNAPSHOT_ID, SNAPSHOT_DATE, ...keys], rows };
}

export function snapshotFromTable(table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] }): Snapshot {
  const idx = headerIndex(table.columns);
  const idCol = idx.get(SNAPSHOT_ID);
  const dateCol = idx.get(SNAPSHOT_DATE);
  if (idCol === undefined || dateCol === undefined)
    throw new InputSheetError("The sheet's snapshot is damaged: rebuild the sheet.");
  const keys = table.columns.map(String).filter((c) => c !== SNAPSHOT_ID && c !== SNAPSHOT_DATE);
  const snapshot: Snapshot = new Map();
  for (const row of table.rows) {
    const id = Number(row[idCol]);
    const date = parseDate(row[dateCol]);
    if (!Number.isInteger(id) || !date.ok || date.value === null) continue;
    const values: Record<string, InputValue> = {};
    for (const k of keys) {
      const v = row[idx.get(k) as number];
      values[k] = v === "" || v === undefined ? null : (v as InputValue);
    }
    snapshot.set(rowKey(id, date.value), values);
  }
  return snapshot;
}

// ---------------------------------------------------------------------------------------------------------
// Reading and validating the sheet
// ---------------------------------------------------------------------------------------------------------

export interface CellProblem {
  /** Header of the cell's column (highlighted in the sheet). */
  header: string;
  message: string;
}

export interface SheetRow {
  rowIndex: number;
  employeeId: number | null;
  payslipDate: string | null;
  /** Parsed value of every input column present on the sheet (null for blank). */
  values: Record<string, InputValue>;
  /** Status cell text as found (used by "Retry failed"). */
  status: string;
  /** Message cell text as found (tells which rows still await their nett pay). */
  message: string;
  problems: CellProblem[];
  /** Every cell the push reads is empty: the row is ignored. */
  blank: boolean;
}

export interface InputColumn {
  key: string;
  header: string;
  type: CellType;
  index: number;
}

export interface ReadSheet {
  rows: SheetRow[];
  /** Input columns found on the sheet. */
  inputs: InputColumn[];
  /** Headers that are neither fixed columns nor inputs of this sheet. */
  unknownColumns: string[];
  /** Input headers of the metadata that are no longer on the sheet (their inputs are not sent). */
  missingInputs: string[];
}

const H = INPUT_SHEET_HEADERS;
const FIXED_HEADERS = new Set<string>(Object.values(H));

/** Same value for the service? Numbers compare with a tolerance (Excel doubles vs. decimals). */
export function sameValue(a: InputValue | undefined, b: InputValue | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (typeof x === "number" && typeof y === "number") return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  return x === y;
}

/** A stored value normalised through the column type, so "500" from the service equals 500 in a number cell. */
function normalise(type: CellType, value: InputValue | undefined): InputValue {
  if (value === null || value === undefined) return null;
  const parsed = parseCell(type, value);
  return parsed.ok ? parsed.value : value;
}

/**
 * Parse and validate every row: employee ID (a whole number, on the snapshot), payslip date (a date), input
 * cells (by type), no duplicate employee+date, no value in an unknown column, no input emptied that the
 * service still holds (a blank cell is never sent, so emptying it would silently change nothing).
 */
export function readInputSheet(
  table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] },
  meta: InputSheetMeta,
  snapshot: Snapshot,
): ReadSheet {
  const headers = table.columns.map((c) => String(c).trim());
  const idx = headerIndex(headers);
  const idCol = idx.get(H.employeeId);
  const dateCol = idx.get(H.payslipDate);
  const statusCol = idx.get(H.status);
  const messageCol = idx.get(H.message);
  if (idCol === undefined || dateCol === undefined) {
    const missing = [idCol === undefined ? H.employeeId : null, dateCol === undefined ? H.payslipDate : null].filter(Boolean);
    throw new InputSheetError(
      `The sheet has no ${missing.map((m) => `"${m}"`).join(" or ")} column. Restore it or rebuild the sheet.`,
    );
  }
  const inputs: InputColumn[] = [];
  const missingInputs: string[] = [];
  for (const i of meta.inputs) {
    const index = idx.get(i.header);
    if (index === undefined) missingInputs.push(i.header);
    else inputs.push({ ...i, index });
  }
  const inputHeaders = new Set(meta.inputs.map((i) => i.header));
  const unknown = headers
    .map((header, index) => ({ header, index }))
    .filter(({ header }) => !FIXED_HEADERS.has(header) && !inputHeaders.has(header));
  const known = new Set([...snapshot.keys()].map((k) => Number(k.split("|")[0])));

  const seen = new Map<string, number>();
  const rows = table.rows.map((cells, rowIndex): SheetRow => {
    const problems: CellProblem[] = [];
    const values: Record<string, InputValue> = {};
    const readCells = [cells[idCol], cells[dateCol], ...inputs.map((c) => cells[c.index]), ...unknown.map((u) => cells[u.index])];
    const blank = readCells.every(isBlank);
    const status = statusCol === undefined ? "" : String(cells[statusCol] ?? "").trim();
    const message = messageCol === undefined ? "" : String(cells[messageCol] ?? "").trim();

    const id = parseInteger(cells[idCol]);
    let employeeId: number | null = null;
    if (!id.ok) problems.push({ header: H.employeeId, message: `Employee ID ${id.message}` });
    else if (id.value === null) problems.push({ header: H.employeeId, message: "Employee ID is empty" });
    else if (!known.has(id.value)) {
      problems.push({
        header: H.employeeId,
        message: `Employee ID ${id.value} is not one of this sheet's employees (rebuild the sheet to add employees)`,
      });
    } else employeeId = id.value;

    const date = parseDate(cells[dateCol]);
    let payslipDate: string | null = null;
    if (!date.ok) problems.push({ header: H.payslipDate, message: `Payslip date ${date.message}` });
    else if (date.value === null) problems.push({ header: H.payslipDate, message: "Payslip date is empty" });
    else payslipDate = date.value;

    if (employeeId !== null && payslipDate !== null && !blank) {
      const key = rowKey(employeeId, payslipDate);
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push({ header: H.employeeId, message: `Same employee and payslip date as row ${first + 1}` });
      } else seen.set(key, rowIndex);
    }

    const before = employeeId !== null && payslipDate !== null ? snapshot.get(rowKey(employeeId, payslipDate)) : undefined;
    for (const c of inputs) {
      const parsed = parseCell(c.type, cells[c.index]);
      if (!parsed.ok) {
        problems.push({ header: c.header, message: `${c.header}: ${parsed.message}` });
        continue;
      }
      values[c.key] = parsed.value;
      const held = normalise(c.type, before?.[c.key]);
      if (parsed.value === null && held !== null) {
        problems.push({
          header: c.header,
          message: `${c.header} is empty but the service holds ${describeCell(held)}: blank cells are not sent; enter 0 to clear an amount`,
        });
      }
    }
    for (const u of unknown) {
      if (!isBlank(cells[u.index])) {
        problems.push({
          header: u.header,
          message: `Column "${u.header}" is not an input of this sheet (remove it, or build a new sheet with that input)`,
        });
      }
    }
    return { rowIndex, employeeId, payslipDate, values, status, message, problems, blank };
  });
  return { rows, inputs, unknownColumns: unknown.map((u) => u.header), missingInputs };
}

// ---------------------------------------------------------------------------------------------------------
// Planning
// ---------------------------------------------------------------------------------------------------------

export type PushMode = "changed" | "all" | "selected" | "retry" | "overwrite";
/** A row's outcome in bulk input's statuses (./rowOutcomes, shared with the row writes): the push has no Deleted. */
export type RowOutcome = Outcome<BulkStatus>;

export interface PlannedRow {
  rowIndex: number;
  employeeId: number;
  payslipDate: string;
  /** `calc.<id>.<input>` to value: what this row sends. */
  attributes: Record<string, InputValue>;
}

export interface PushPlan {
  mode: PushMode;
  /** Rows to send, in sheet order. */
  send: PlannedRow[];
  chunks: PlannedRow[][];
  /** Rows decided without sending: Invalid and Unchanged. */
  local: RowOutcome[];
  /** Rows in scope (non-blank rows of the sheet, or of the selection/retry set). */
  inScope: number;
}

export const DEFAULT_CHUNK_SIZE = 100;

/** Rows "Retry failed" resends: those whose Status says Failed or Not sent. */
export function retryRowIndexes(sheet: ReadSheet): Set<number> {
  return new Set(sheet.rows.filter((r) => r.status === "Failed" || r.status === "Not sent").map((r) => r.rowIndex));
}

/**
 * What to send. "changed" sends, per row, only the inputs that differ from the snapshot (a row missing from the
 * snapshot sends all its non-blank inputs); "all", "selected" and "retry" send every non-blank input of the rows
 * in scope, which makes a retry safe to repeat. "overwrite" (Overwrite conflicts) sends the given rows as
 * "changed" does: only the cells the user changed, so a Conflict row never puts the sheet's stale value back over
 * another input someone changed in the service. Invalid rows in scope are never sent.
 */
export function planPush(
  sheet: ReadSheet,
  snapshot: Snapshot,
  options: { mode: PushMode; rowIndexes?: ReadonlySet<number>; chunkSize?: number },
): PushPlan {
  const { mode } = options;
  if (mode !== "changed" && mode !== "all" && !options.rowIndexes) throw new Error(`Push mode "${mode}" needs row indexes.`);
  const onlyChanged = mode === "changed" || mode === "overwrite";
  const scope = sheet.rows.filter((r) => !r.blank && (!options.rowIndexes || options.rowIndexes.has(r.rowIndex)));
  const send: PlannedRow[] = [];
  const local: RowOutcome[] = [];
  for (const row of scope) {
    if (row.problems.length > 0 || row.employeeId === null || row.payslipDate === null) {
      local.push({
        rowIndex: row.rowIndex,
        status: "Invalid",
        message: `Not sent: ${row.problems.map((p) => p.message).join("; ")}`,
        errorColumns: [...new Set(row.problems.map((p) => p.header))],
      });
      continue;
    }
    const before = snapshot.get(rowKey(row.employeeId, row.payslipDate));
    const attributes: Record<string, InputValue> = {};
    for (const c of sheet.inputs) {
      const value = row.values[c.key];
      if (value === null || value === undefined) continue;
      if (onlyChanged && before && sameValue(value, normalise(c.type, before[c.key]))) continue;
      attributes[c.key] = value;
    }
    if (Object.keys(attributes).length === 0) {
      local.push({
        rowIndex: row.rowIndex,
        status: "Unchanged",
        message: onlyChanged ? "No changes since the sheet was built or last pushed" : "No input values to send",
        errorColumns: [],
      });
      continue;
    }
    send.push({ rowIndex: row.rowIndex, employeeId: row.employeeId, payslipDate: row.payslipDate, attributes });
  }
  return { mode, send, chunks: chunk(send, options.chunkSize ?? DEFAULT_CHUNK_SIZE), local, inScope: scope.length };
}

/** The bulk_input entity of a planned row: the regular payslip of the period ending on its payslip date. */
export function toEntity(row: PlannedRow): BulkInputEntity {
  return { id: String(row.employeeId), payslip_date: row.payslipDate, attributes: { ...row.attributes } };
}

// ---------------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------------

/** Maps an `errors` key (attribute key, or id / payslip_date) to the sheet header to highlight. */
export function headerForErrorKey(key: string, meta: Pick<InputSheetMeta, "inputs">): string | null {
  if (key === "id") return H.employeeId;
  if (key === "payslip_date" || key === "payslip_id") return H.payslipDate;
  return meta.inputs.find((i) => i.key === key)?.header ?? null;
}

export const RETRY_HINT = "use Retry failed";

/**
 * Outcomes of a chunk the service answered. Results are matched by position when the answer lines up with the
 * request (same length, same IDs), otherwise by employee ID and payslip date; a row with no result is Failed
 * as not confirmed, so it is retried rather than assumed saved.
 */
export function chunkOutcomes(
  rows: readonly PlannedRow[],
  results: readonly BulkInputResult[],
  meta: Pick<InputSheetMeta, "inputs">,
): RowOutcome[] {
  const matched = matchBulkResults(rows, results);
  return rows.map((row, i): RowOutcome => {
    const result = matched[i];
    if (!result) {
      return {
        rowIndex: row.rowIndex,
        status: "Failed",
        message: `Not confirmed: the service sent no result for this row — ${RETRY_HINT}`,
        errorColumns: [],
      };
    }
    if (result.success === "true") return { rowIndex: row.rowIndex, status: "Saved", message: result.message, errorColumns: [] };
    const { errorColumns, details } = serviceErrors(result.errors, (k) => headerForErrorKey(k, meta));
    return { rowIndex: row.rowIndex, status: "Failed", message: withDetails(result.message, details), errorColumns };
  });
}

/** Every row of a chunk whose request got no usable answer (network, timeout, 429, 5xx, cancelled mid-request). */
export function unconfirmedOutcomes(rows: readonly PlannedRow[], reason: string): RowOutcome[] {
  return rowsWith(rowIndexesOf(rows), "Failed", `Not confirmed: ${reason} — ${RETRY_HINT}`);
}

/** Every row of a chunk the service refused as a whole (a definite answer, e.g. 400/422): Failed with its message. */
export function rejectedOutcomes(
  rows: readonly PlannedRow[],
  message: string,
  errors: Record<string, string>,
  meta: Pick<InputSheetMeta, "inputs">,
): RowOutcome[] {
  const { errorColumns } = serviceErrors(errors, (k) => headerForErrorKey(k, meta));
  return rowsWith(rowIndexesOf(rows), "Failed", message, errorColumns);
}

export function notSentOutcomes(rows: readonly PlannedRow[], reason: string): RowOutcome[] {
  return rowsWith(rowIndexesOf(rows), "Not sent", reason);
}

const rowIndexesOf = (rows: readonly PlannedRow[]) => rows.map((r) => r.rowIndex);

export type PushCounts = Record<BulkStatus, number>;

export function countOutcomes(outcomes: Iterable<RowOutcome>): PushCounts {
  return countStatuses(BULK_STATUSES, outcomes);
}

/** "12 saved, 1 failed, 1 invalid, 30 unchanged" (zero counts left out). */
export function summarise(counts: PushCounts): string {
  return describeStatusCounts(BULK_STATUSES, counts, "nothing to push");
}

/** The snapshot after a push: saved rows take the values they sent; others keep what the service had. */
export function applySaved(snapshot: Snapshot, saved: readonly PlannedRow[]): Snapshot {
  const next: Snapshot = new Map([...snapshot].map(([k, v]) => [k, { ...v }]));
  for (const row of saved) {
    const key = rowKey(row.employeeId, row.payslipDate);
    next.set(key, { ...(next.get(key) ?? {}), ...row.attributes });
  }
  return next;
}

// ---------------------------------------------------------------------------------------------------------
// After the push: nett pay and the push log
// ---------------------------------------------------------------------------------------------------------

export interface NettPayTarget {
  rowIndex: number;
  employeeId: number;
  payslipDate: string;
}

/**
 * Nett pay of each target's regular payslip from an employees list (include=recent_payslips). A payslip still
 * dirty, without nett_pay, or not found is pending.
 */
export function nettPayFor(
  employees: readonly Employee[],
  targets: readonly NettPayTarget[],
): { ready: { rowIndex: number; value: number }[]; pending: NettPayTarget[] } {
  const byId = new Map(employees.map((e) => [e.id, e]));
  const ready: { rowIndex: number; value: number }[] = [];
  const pending: NettPayTarget[] = [];
  for (const t of targets) {
    const payslip = byId
      .get(t.employeeId)
      ?.recent_payslips?.map((w) => w.payslip)
      .find((p) => !p.special && p.date === t.payslipDate);
    if (payslip && !payslip.dirty && typeof payslip.nett_pay === "number")
      ready.push({ rowIndex: t.rowIndex, value: payslip.nett_pay });
    else pending.push(t);
  }
  return { ready, pending };
}

/** The same, from each target employee's payslip list (GET /employees/:id/payslips). */
export function nettPayFromPayslips(
  payslips: ReadonlyMap<number, readonly Pick<PayslipListItem, "date" | "special" | "dirty" | "nett_pay">[]>,
  targets: readonly NettPayTarget[],
): { ready: { rowIndex: number; value: number }[]; pending: NettPayTarget[] } {
  const ready: { rowIndex: number; value: number }[] = [];
  const pending: NettPayTarget[] = [];
  for (const t of targets) {
    const payslip = payslips.get(t.employeeId)?.find((p) => !p.special && p.date === t.payslipDate);
    if (payslip && !payslip.dirty && typeof payslip.nett_pay === "number")
      ready.push({ rowIndex: t.rowIndex, value: payslip.nett_pay });
    else pending.push(t);
  }
  return { ready, pending };
}

/**
 * A row whose new nett pay has not arrived keeps its old figure and says so in its Message, which is also how the
 * next push and Refresh nett pay find it again (the sheet is the record: nothing else to keep in step).
 */
export const NETT_PAY_PENDING = "Nett pay pending";
const PENDING_SPLIT = ` ${NETT_PAY_PENDING}: `;

/** Rows of the sheet whose Message says their nett pay is pending (and that can be looked up). */
export function pendingNettPayRows(sheet: ReadSheet): NettPayTarget[] {
  return sheet.rows
    .filter((r) => r.message.includes(PENDING_SPLIT.trim()) && r.employeeId !== null && r.payslipDate !== null)
    .map((r) => ({ rowIndex: r.rowIndex, employeeId: r.employeeId!, payslipDate: r.payslipDate! }));
}

/** The message without its pending note: what the row says once its nett pay is shown. */
export function withoutPendingNote(message: string): string {
  const at = message.indexOf(PENDING_SPLIT);
  return at < 0 ? message : message.slice(0, at);
}

/** "Saved. Nett pay pending: the service is recalculating" (the row's message, then why). */
export function withPendingNote(message: string, why: string): string {
  const base = withoutPendingNote(message).trim() || "Saved";
  return `${base}${base.endsWith(".") ? "" : "."}${PENDING_SPLIT}${why}`;
}

export const PUSH_LOG_SHEET = "Push log";
export const PUSH_LOG_TABLE = "PushLog";
export const PUSH_LOG_COLUMNS: ColumnSpec[] = [
  { key: "time", header: "Time", type: "datetime" },
  { key: "client", header: "Client", type: "text" },
  { key: "sheet", header: "Sheet", type: "text" },
  { key: "mode", header: "Push", type: "text" },
  { key: "saved", header: "Saved", type: "integer" },
  { key: "failed", header: "Failed", type: "integer" },
  { key: "conflict", header: "Conflict", type: "integer" },
  { key: "invalid", header: "Invalid", type: "integer" },
  { key: "unchanged", header: "Unchanged", type: "integer" },
  { key: "not_sent", header: "Not sent", type: "integer" },
];

export const PUSH_MODE_LABELS: Record<PushMode, string> = {
  changed: "Changed cells",
  all: "All rows",
  selected: "Selected rows",
  retry: "Retry failed",
  overwrite: "Overwrite conflicts",
};

/** One push log line. Holds the client's name and ID, never the key. */
export function pushLogRow(args: {
  time: Date;
  clientId: number;
  clientName: string;
  sheetName: string;
  mode: PushMode;
  counts: PushCounts;
}): CellValue[] {
  const c = args.counts;
  return [
    args.time,
    `${args.clientName} (ID ${args.clientId})`,
    args.sheetName,
    PUSH_MODE_LABELS[args.mode],
    c.Saved,
    c.Failed,
    c.Conflict,
    c.Invalid,
    c.Unchanged,
    c["Not sent"],
  ];
}
