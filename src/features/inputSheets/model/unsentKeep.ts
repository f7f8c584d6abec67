/**
 * An input sheet's unsent changes kept outside it: Excel tells an add-in of a deleted sheet only after it is gone
 * (WorksheetCollection.onDeleted), so the pending watch keeps each change not yet saved (pending, Held, Failed,
 * Conflict) on a veryHidden sheet beside the snapshot, written only when the set moves. Once the sheet is deleted
 * they are named in one sentence and can be restored into a rebuilt sheet, as pending changes.
 */
import type { CellType, CellValue } from "../../../xl/columns";
import type { InputValue } from "../../../contract";
import { safeSheetName } from "../../../xl/excelConventions";
import type { InputSheetMeta } from "./inputSheetModel";
import type { PendingChange } from "./pendingChanges";

/** One change kept: whose, which input, the value typed, and the row's status then ("" for a plain pending change). */
export interface KeptChange {
  employeeId: number;
  payslipDate: string;
  name: string;
  key: string;
  header: string;
  type: CellType;
  value: InputValue;
  status: string;
}

export const UNSENT_COLUMNS = ["employee_id", "payslip_date", "employee", "key", "header", "type", "value", "status"] as const;

/** The veryHidden sheet keeping a sheet's unsent changes, named after its snapshot (as the row states' sheet is). */
export function unsentSheet(meta: Pick<InputSheetMeta, "snapshotSheet">): string {
  const snap = meta.snapshotSheet;
  return snap.startsWith("PayrollSnap_")
    ? `PayrollUnsent_${snap.slice("PayrollSnap_".length)}`
    : safeSheetName(`PayrollUnsent_${snap}`);
}

/** The changes to keep: every pending one whose value parses (a cell that does not is not a value to restore). */
export function keptChanges(changes: readonly PendingChange[], statuses: readonly string[]): KeptChange[] {
  return changes
    .filter((c) => c.problem === null && !c.moved)
    .map((c) => ({
      employeeId: c.employeeId,
      payslipDate: c.payslipDate,
      name: c.name,
      key: c.key,
      header: c.header,
      type: c.type,
      value: c.after,
      status: statuses[c.rowIndex] ?? "",
    }));
}

/** A text that changes exactly when the kept set does: the watch writes only then. */
export const keptSignature = (kept: readonly KeptChange[]) => JSON.stringify(kept);

export function keptToTable(kept: readonly KeptChange[]): CellValue[][] {
  return kept.map((k) => [k.employeeId, k.payslipDate, k.name, k.key, k.header, k.type, k.value ?? "", k.status]);
}

const TYPES = new Set<string>(["text", "integer", "number", "currency", "date", "datetime", "boolean", "percent"]);

export function keptFromTable(table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] }): KeptChange[] {
  const at = (name: (typeof UNSENT_COLUMNS)[number]) => table.columns.indexOf(name);
  if (UNSENT_COLUMNS.some((c) => at(c) < 0)) return [];
  return table.rows.flatMap((row): KeptChange[] => {
    const employeeId = Number(row[at("employee_id")]);
    const type = String(row[at("type")]);
    if (!Number.isInteger(employeeId) || !TYPES.has(type)) return [];
    const value = row[at("value")];
    return [
      {
        employeeId,
        payslipDate: String(row[at("payslip_date")]),
        name: String(row[at("employee")] ?? ""),
        key: String(row[at("key")]),
        header: String(row[at("header")]),
        type: type as CellType,
        value: value === "" || value === undefined ? null : (value as InputValue),
        status: String(row[at("status")] ?? ""),
      },
    ];
  });
}

function shown(value: InputValue, type: CellType): string {
  if (value === null || value === "") return "blank";
  if (typeof value === "number")
    return type === "currency"
      ? `€${value.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
      : value.toLocaleString("en-IE", { maximumFractionDigits: 6 });
  return String(value);
}

/** A row's status worth naming beside its change: why it was not sent (an earlier push's Saved or Unchanged is not). */
const UNSENT_STATUSES = new Set(["Held", "Awaiting review", "Returned", "Failed", "Conflict", "Invalid", "Not sent"]);

/** How many changes a sentence names before "and N more". */
const NAMED = 5;

/**
 * "'Liffey · Nov' was deleted with 3 changes not sent: Aoife Byrne's Bonus €500.00, Conor Walsh's Commission €75.00
 * (Held) and …". `kept` null: the add-in never saw the sheet's changes (the pane was closed while it was edited).
 * `seen` false: the sheet was deleted while the pane was not watching it, so what is kept is what it last saw and any
 * later edit is said to be lost (it cannot be restored).
 */
export function describeDeleted(sheetName: string, kept: readonly KeptChange[] | null, seen = true): string {
  if (kept === null) return `'${sheetName}' was deleted. The add-in had not seen its changes, so none can be restored.`;
  const n = `${kept.length} change${kept.length === 1 ? "" : "s"} not sent`;
  if (!seen) {
    const then = kept.length === 0 ? "it had no changes waiting to be sent" : `it had ${n}: ${namedList(kept)}`;
    return (
      `'${sheetName}' was deleted while the pane was not watching it (closed, or its Input sheets tab not opened yet). ` +
      `When the pane last saw it, ${then}. Any change made to it after that was not seen and cannot be restored.`
    );
  }
  if (kept.length === 0) return `'${sheetName}' was deleted. It had no changes waiting to be sent.`;
  return `'${sheetName}' was deleted with ${n}: ${namedList(kept)}.`;
}

/** "Aoife Byrne's Bonus €500.00, Conor Walsh's Commission €75.00 (Held) and 3 more". */
function namedList(kept: readonly KeptChange[]): string {
  const named = kept.slice(0, NAMED).map((k) => {
    const who = k.name || "An employee";
    const status = UNSENT_STATUSES.has(k.status) ? ` (${k.status})` : "";
    return `${who}'s ${k.header} ${shown(k.value, k.type)}${status}`;
  });
  const more = kept.length - named.length;
  return more > 0
    ? `${named.join(", ")} and ${more} more`
    : named.length > 1
      ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`
      : named[0];
}
