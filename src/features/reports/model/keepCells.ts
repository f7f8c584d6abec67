/**
 * Before a report is written over an existing sheet: which of a person's cells the write would replace. The write
 * (WriteTableOptions.keepCellsRight) rewrites A1 to the report's last column, down to the lower of the old table's
 * end and the new one's. In that block, the add-in's own cells (the title and stamp, the old table) are not a
 * person's; everything else that holds something is, and the pane asks before replacing it.
 */
import { columnIndex, columnLetter } from "../../../xl/excelConventions";

/** Rows above the table's header (title, stamp) and the header's 0-based row, as tables.ts writes them. */
const HEADER_ROW = 2;

export interface SheetNow {
  /** The sheet's used range: its top-left cell ("B2", with or without the sheet name) and values; null when empty. */
  used: { address: string; values: readonly (readonly unknown[])[] } | null;
  /** The add-in's table on the sheet (data rows, columns), or null: a sheet that is not the add-in's is all a person's. */
  table: { rows: number; cols: number } | null;
}

/** A1 addresses of the non-empty cells, not the add-in's, that writing `cols` columns and `rows` rows would replace. */
export function cellsInTheWay(now: SheetNow, cols: number, rows: number): string[] {
  if (!now.used) return [];
  const start = /([A-Z]+)(\d+)/.exec(now.used.address.split("!").pop()!.replace(/\$/g, ""));
  if (!start) return [];
  const c0 = columnIndex(start[1]);
  const r0 = Number(start[2]) - 1;
  const oldEnd = now.table ? HEADER_ROW + 1 + now.table.rows : 0;
  const end = Math.max(oldEnd, HEADER_ROW + 1 + Math.max(rows, 1)); // exclusive, 0-based
  const ours = (r: number, c: number) =>
    now.table !== null && ((r < HEADER_ROW && c === 0) || (r >= HEADER_ROW && r < oldEnd && c < now.table.cols));
  const out: string[] = [];
  now.used.values.forEach((line, i) =>
    line.forEach((v, k) => {
      const r = r0 + i;
      const c = c0 + k;
      if (r < end && c < cols && v !== "" && v !== null && v !== undefined && !ours(r, c)) out.push(`${columnLetter(c)}${r + 1}`);
    }),
  );
  return out;
}
