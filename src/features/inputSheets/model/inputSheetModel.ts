/**
 * The input-sheet model: what the add-in stores beside a built input sheet (its metadata in document settings and
 * the snapshot of the values the service held, on a hidden sheet), and reading the sheet back into typed, checked
 * rows. The push (./pushPlan), the pending changes (./pendingChanges) and the fill (./fill) all start from here.
 */
import { z } from "zod";
import type { InputValue } from "../../../contract";
import { Id } from "../../../contract";
import {
  type CellType,
  type CellValue,
  describeCell,
  headerIndex,
  isBlank,
  parseCell,
  parseDate,
  parseInteger,
} from "../../../xl/columns";
import { INPUT_SHEET_HEADERS, type InputSheetRow } from "./inputSheet";
import { CHANGE_KINDS, type ChangeKind } from "./changeKind";

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
  /** The input columns: attribute key, header as built, cell type, and what a change means (./changeKind; absent: this payslip only). */
  inputs: z.array(
    z.object({ key: z.string(), header: z.string(), type: z.enum(CELL_TYPES), kind: z.enum(CHANGE_KINDS).optional() }),
  ),
  builtAt: z.string(),
  /** Built for a finalised period (every payslip finalised): read only, nothing is pushed (sheets/finalisedPeriod). */
  finalised: z.boolean().optional(),
});
export type InputSheetMeta = z.infer<typeof InputSheetMeta>;

/** Document-settings key of an input sheet's metadata. */
export const metaSettingKey = (sheetName: string) => `payroll.inputSheet.${sheetName}`;

/** Metadata read back from settings, or null when missing or not understood. */
export function parseMeta(value: unknown): InputSheetMeta | null {
  const parsed = InputSheetMeta.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Input sheets' metadata as a kind of per-sheet setting (excel layer's SheetSettingKind, handed in by the shell in
 * src/app/sheetSettings.ts): the settings budget drops it once its sheet is deleted.
 */
export const inputSheetSettings = {
  prefix: metaSettingKey(""),
  holds: (_sheet: string, value: unknown) => parseMeta(value) !== null,
};

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
  /** The Name cell as found ("" without one): the employee the row's messages speak of. */
  name: string;
  /** Parsed value of every input column present on the sheet (null for blank). */
  values: Record<string, InputValue>;
  problems: CellProblem[];
  /** Every cell the push reads is empty: the row is ignored. */
  blank: boolean;
  /** The Nett pay cell's figure before the push (null when blank or not a number): a saved row whose pay did not move says so. */
  nettPay?: number | null;
}

export interface InputColumn {
  key: string;
  header: string;
  type: CellType;
  index: number;
  /** What a change means (./changeKind); absent: this payslip only. */
  kind?: ChangeKind;
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
export function normalise(type: CellType, value: InputValue | undefined): InputValue {
  if (value === null || value === undefined) return null;
  const parsed = parseCell(type, value);
  return parsed.ok ? parsed.value : value;
}

/** Why a value in an unknown column stops its row; a header typed over an input's is most likely that input's. */
function unknownColumnMessage(header: string, missingInputs: readonly string[]): string {
  const base = `Column "${header}" is not an input of this sheet`;
  if (missingInputs.length === 0) return `${base} (remove it, or build a new sheet with that input)`;
  const was = missingInputs.map((h) => `"${h}"`).join(" or ");
  return `${base}: if it was ${was}, type that header back (the rows are then as they were), or remove the column`;
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
  /** Check only these rows (the others give only their Employee ID and Payslip date, for duplicates): all when absent. */
  only?: ReadonlySet<number>,
): ReadSheet {
  const headers = table.columns.map((c) => String(c).trim());
  const idx = headerIndex(headers);
  const idCol = idx.get(H.employeeId);
  const dateCol = idx.get(H.payslipDate);
  const nameCol = idx.get(H.name);
  const nettCol = idx.get(H.nettPay);
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
  const rows: SheetRow[] = [];
  // With `only`, a row outside it matters only when it has the Employee ID of a row inside (a duplicate's first row).
  const idOf = (cell: unknown) => {
    const id = parseInteger(cell);
    return id.ok ? id.value : null;
  };
  const ids = only && new Set([...only].map((i) => idOf(table.rows[i]?.[idCol])));
  table.rows.forEach((cells, rowIndex) => {
    const checked = !only || only.has(rowIndex);
    if (!checked && !ids?.has(idOf(cells[idCol]))) return;
    const problems: CellProblem[] = [];
    const values: Record<string, InputValue> = {};
    const readCells = [cells[idCol], cells[dateCol], ...inputs.map((c) => cells[c.index]), ...unknown.map((u) => cells[u.index])];
    const blank = readCells.every(isBlank);
    const name = nameCol === undefined ? "" : String(cells[nameCol] ?? "").trim();

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
    if (!checked) return;

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
      if (!isBlank(cells[u.index])) problems.push({ header: u.header, message: unknownColumnMessage(u.header, missingInputs) });
    }
    const nett = nettCol === undefined ? null : cells[nettCol];
    const nettPay = typeof nett === "number" ? nett : null;
    rows.push({ rowIndex, employeeId, payslipDate, name, values, problems, blank, nettPay });
  });
  return { rows, inputs, unknownColumns: unknown.map((u) => u.header), missingInputs };
}
