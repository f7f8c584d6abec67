/**
 * Pending changes of an input sheet: every input cell whose value differs from the snapshot (what the service
 * held when the sheet was built or last pushed). Pure: the table and the snapshot come in, the changes go out.
 * "Push changes" sends these cells: for a row moved to a payslip date the snapshot lacks, every non-blank input,
 * as the push does. The pane counts them, shades them and can put them back.
 */
import type { InputValue } from "../../../contract";
import { type CellType, headerIndex, isBlank, parseCell, parseDate, parseInteger } from "../../../xl/columns";
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";
import { type InputSheetMeta, type Snapshot, normalise, rowKey, sameValue } from "./inputSheetModel";

export interface PendingChange {
  /** 0-based data row of the table. */
  rowIndex: number;
  employeeId: number;
  number: string;
  name: string;
  payslipDate: string;
  /** `calc.<id>.<input>` and the column's header. */
  key: string;
  header: string;
  type: CellType;
  /** The value when the sheet was built or last pushed (null: none). */
  before: InputValue;
  /**
   * The row's employee is on the sheet but its payslip date was not when it was built (the date was edited): the
   * push sends all its inputs; there is no earlier value in the sheet to go back to, so undo leaves it alone.
   */
  moved: boolean;
  /** The cell now: its parsed value, or the cell as typed when it does not parse (then `problem` says why). */
  after: InputValue;
  problem: string | null;
}

export interface PendingSummary {
  changes: PendingChange[];
  /** Distinct rows with at least one change. */
  rows: number;
}

const text = (cell: unknown) => (cell === null || cell === undefined ? "" : String(cell).trim());

/**
 * The changes of a sheet against its snapshot, in sheet order (row, then column). Rows are matched to the
 * snapshot by employee ID and payslip date (rows can be sorted or moved). A row of a sheet's employee with a
 * date the snapshot lacks counts every non-blank input, as Push changes sends them; a row of an employee not on
 * the sheet is not counted (the push refuses it as Invalid). A blank cell over a stored value counts, as the push
 * refuses it; a cell put back to its stored value does not.
 */
export function pendingChanges(
  table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] },
  meta: Pick<InputSheetMeta, "inputs">,
  snapshot: Snapshot,
): PendingSummary {
  const idx = headerIndex(table.columns.map((c) => String(c).trim()));
  const idCol = idx.get(H.employeeId);
  const dateCol = idx.get(H.payslipDate);
  const numberCol = idx.get(H.number);
  const nameCol = idx.get(H.name);
  if (idCol === undefined || dateCol === undefined) return { changes: [], rows: 0 };
  const inputs = meta.inputs.flatMap((i) => {
    const index = idx.get(i.header);
    return index === undefined ? [] : [{ ...i, index }];
  });
  const changes: PendingChange[] = [];
  const rows = new Set<number>();
  const known = new Set([...snapshot.keys()].map((k) => Number(k.split("|")[0])));
  table.rows.forEach((cells, rowIndex) => {
    const id = parseInteger(cells[idCol]);
    const date = parseDate(cells[dateCol]);
    if (!id.ok || id.value === null || !date.ok || date.value === null) return;
    const stored = snapshot.get(rowKey(id.value, date.value));
    if (!stored && !known.has(id.value)) return;
    const before = stored ?? {};
    for (const input of inputs) {
      const cell = cells[input.index];
      const held = normalise(input.type, before[input.key]);
      const parsed = parseCell(input.type, cell);
      if (parsed.ok && sameValue(parsed.value, held)) continue;
      if (isBlank(cell) && held === null) continue;
      rows.add(rowIndex);
      changes.push({
        rowIndex,
        employeeId: id.value,
        number: numberCol === undefined ? "" : text(cells[numberCol]),
        name: nameCol === undefined ? "" : text(cells[nameCol]),
        payslipDate: date.value,
        key: input.key,
        header: input.header,
        type: input.type,
        before: held,
        moved: !stored,
        after: parsed.ok ? parsed.value : (cell as InputValue),
        problem: parsed.ok ? null : parsed.message,
      });
    }
  });
  return { changes, rows: rows.size };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 changes pending in 2 rows", "1 change pending in 1 row", "No changes pending". */
export function describePending(summary: Pick<PendingSummary, "rows"> & { changes: readonly unknown[] }): string {
  const n = summary.changes.length;
  if (n === 0) return "No changes pending";
  return `${plural(n, "change", "changes")} pending in ${plural(summary.rows, "row", "rows")}`;
}

/** Same cell? (row and input) */
export const cellId = (c: Pick<PendingChange, "rowIndex" | "header">) => `${c.rowIndex}|${c.header}`;

/**
 * What shading to change so that exactly the pending cells are shaded: cells to shade and cells to clear,
 * given the cells shaded so far. Only the difference is written, so an unchanged count writes nothing.
 */
export function shadingDelta(
  shaded: ReadonlySet<string>,
  pending: readonly Pick<PendingChange, "rowIndex" | "header">[],
): { shade: { rowIndex: number; column: string }[]; clear: { rowIndex: number; column: string }[] } {
  const want = new Map(pending.map((c) => [cellId(c), { rowIndex: c.rowIndex, column: c.header }]));
  const shade = [...want].filter(([id]) => !shaded.has(id)).map(([, c]) => c);
  const clear = [...shaded]
    .filter((id) => !want.has(id))
    .map((id) => {
      const at = id.indexOf("|");
      return { rowIndex: Number(id.slice(0, at)), column: id.slice(at + 1) };
    });
  return { shade, clear };
}

/** The cells of `changes` inside the given cells (e.g. the user's selection), for Undo selected changes. */
export function changesIn(
  changes: readonly PendingChange[],
  cells: readonly { rowIndex: number; column: string }[],
): PendingChange[] {
  const chosen = new Set(cells.map((c) => `${c.rowIndex}|${c.column.trim().toLowerCase()}`));
  return changes.filter((c) => chosen.has(`${c.rowIndex}|${c.header.trim().toLowerCase()}`));
}
