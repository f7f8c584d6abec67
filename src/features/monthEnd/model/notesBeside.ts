/**
 * A person's notes beside the overview (docs/month-end.md, "Refreshing in place"): a refresh rewrites only the
 * table's own block, so cells right of it stay where they are. Two things can still part a note from its row, and
 * the flow says so rather than let it pass: a wider table (new columns) would write over cells right of the old
 * one, and rows in a new order (by deadline, or a client or wave added) leave a note beside another row.
 */
import { columnIndex, columnLetter } from "../../../xl/excelConventions";

/** The sheet's layout as writeTable makes it: title, stamp, header on the third row, rows from the fourth. */
const FIRST_DATA_ROW = 2 + 1;

/** A row's identity on the overview: its client and wave. */
export const rowKey = (clientId: unknown, waveId: unknown) => `${String(clientId)}/${String(waveId)}`;

/** The overview as it was: its rows' keys, in order, and how many of its first columns are the add-in's. */
export interface OverviewBefore {
  keys: readonly string[];
  ownColumns: number;
}

/**
 * Rows (1-based sheet rows) whose key changed and that have a person's cell right of the table: a note there was
 * beside another client and wave before this refresh.
 */
export function notesNowBesideOtherRows(
  before: OverviewBefore,
  used: { address: string; values: readonly (readonly unknown[])[] } | null,
  width: number,
  keys: readonly string[],
): number[] {
  if (!used) return [];
  const start = /([A-Z]+)(\d+)/.exec(used.address.split("!").pop()!.replace(/\$/g, ""));
  if (!start) return [];
  const c0 = columnIndex(start[1]);
  const r0 = Number(start[2]) - 1;
  const right = Math.max(width, before.ownColumns);
  const out: number[] = [];
  used.values.forEach((line, i) => {
    const row = r0 + i - FIRST_DATA_ROW;
    if (row < 0 || row >= before.keys.length || before.keys[row] === keys[row]) return;
    if (line.some((v, k) => c0 + k >= right && v !== "" && v !== null && v !== undefined)) out.push(r0 + i + 1);
  });
  return out;
}

/** "V4, W7 and 3 more": cells or rows named for a sentence. */
export function nameSome(names: readonly string[], most = 5): string {
  const shown = names.slice(0, most).join(", ");
  return names.length > most ? `${shown} and ${names.length - most} more` : shown;
}

/** The last column the overview writes, as a letter, for "move them right of column Z". */
export const lastColumnLetter = (width: number) => columnLetter(width - 1);
