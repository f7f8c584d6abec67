/**
 * What people do to sheets' structure, as Excel does it: inserting and deleting rows, columns and cells (cells move,
 * tables move, grow or lose columns, formulas' references follow and a deleted cell's reference becomes #REF!), and
 * the formula rewrites a sheet rename or delete makes (`=Sheet1!C2` becomes `='New name'!C2`, or `=#REF!C2`).
 */
import { CELL_REF, SHEET_PREFIX } from "./formula";
import { PreviewExcelError } from "./values";
import { columnIndex, columnLetter } from "../xl/excelConventions";
import { sameSheetName } from "./sheetNames";

/** What this module needs of the workbook's sheets (model.ts's SheetModel; kept narrow so model.ts can import it). */
interface OpsTable {
  r: number;
  c: number;
  rows: number;
  cols: number;
}
interface OpsSheet<T extends OpsTable = OpsTable> {
  name: string;
  readonly rowsData: ({ f?: string } | undefined)[][];
  readonly columnWidths: Map<number, number>;
  tables(): T[];
}
interface OpsRect {
  r: number;
  c: number;
  rows: number;
  cols: number;
}
/** The sheet's size: 1,048,576 rows by 16,384 columns (model.ts MAX_ROWS, MAX_COLS). */
export interface SheetSize {
  rows: number;
  cols: number;
}

/** Every reference in a formula, outside string literals: group 1 a string, 3/4 the sheet name, 5 the cell or range. */
const REFERENCE = new RegExp(
  `("(?:[^"]|"")*")|(?<![\\p{L}\\p{N}_.$'!])(${SHEET_PREFIX})?(${CELL_REF})(?![\\p{L}\\p{N}_(!])`,
  "gu",
);

/** A sheet name as a formula writes it: quoted (apostrophes doubled) unless it is a plain name that is not a cell. */
export function sheetInFormula(name: string): string {
  const plain = /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}

/**
 * The formula with each reference replaced by `rewrite(sheetName, ref)` (sheetName undefined for a reference to the
 * formula's own sheet); rewrite answers the reference text without its sheet, null for #REF!, undefined to keep it.
 */
function rewriteReferences(
  formula: string,
  rewrite: (sheetName: string | undefined, ref: string) => { sheet?: string; ref: string | null } | undefined,
): string {
  return formula.replace(
    REFERENCE,
    (whole, str: string | undefined, prefix: string | undefined, quoted?: string, plain?: string, ref?: string) => {
      if (str !== undefined || ref === undefined) return whole;
      const sheetName = prefix === undefined ? undefined : (quoted?.replace(/''/g, "'") ?? plain);
      const out = rewrite(sheetName, ref);
      if (out === undefined) return whole;
      const sheet = out.sheet ?? sheetName;
      const head = sheet === undefined ? "" : `${sheetInFormula(sheet)}!`;
      return `${head}${out.ref ?? "#REF!"}`;
    },
  );
}

/** Each formula of the workbook (cells and defined names), given the name of the sheet it is on (undefined for names). */
function eachFormula<S extends OpsSheet>(
  sheets: readonly S[],
  names: Iterable<{ formula: string }>,
  apply: (formula: string, host: S | undefined) => string,
): void {
  for (const sheet of sheets)
    sheet.rowsData.forEach((row) =>
      row?.forEach((cell) => {
        if (cell?.f) cell.f = apply(cell.f, sheet);
      }),
    );
  for (const name of names) name.formula = apply(name.formula, undefined);
}

/** A sheet was renamed: formulas naming it name it anew. */
export function renameInFormulas(
  sheets: readonly OpsSheet[],
  names: Iterable<{ formula: string }>,
  before: string,
  after: string,
): void {
  eachFormula(sheets, names, (f) =>
    rewriteReferences(f, (name, ref) => (name !== undefined && sameSheetName(name, before) ? { sheet: after, ref } : undefined)),
  );
}

/** A sheet was deleted: references to it become #REF! (`=#REF!C2`), as in Excel. */
export function deleteFromFormulas(sheets: readonly OpsSheet[], names: Iterable<{ formula: string }>, deleted: string): void {
  eachFormula(sheets, names, (f) =>
    f.replace(
      REFERENCE,
      (whole, str: string | undefined, prefix: string | undefined, quoted?: string, plain?: string, ref?: string) => {
        if (str !== undefined || prefix === undefined || ref === undefined) return whole;
        const name = quoted?.replace(/''/g, "'") ?? plain ?? "";
        return sameSheetName(name, deleted) ? `#REF!${ref}` : whole;
      },
    ),
  );
}

/**
 * One structural change on a sheet: `count` rows (axis "row") or columns inserted (count > 0) or deleted (count < 0)
 * at index `at`, within the band [from, to) of the other axis (all of it for whole rows or columns).
 */
export interface Shift {
  axis: "row" | "col";
  at: number;
  count: number;
  from: number;
  to: number;
}

/** A position after the shift, or null when its row or column was deleted. */
function moved(p: number, s: Shift): number | null {
  if (s.count > 0) return p >= s.at ? p + s.count : p;
  const n = -s.count;
  if (p < s.at) return p;
  if (p >= s.at + n) return p - n;
  return null;
}

/** A span [lo, hi] after the shift: a deleted end moves in to the span's remaining part; null when nothing remains. */
function movedSpan(lo: number, hi: number, s: Shift): [number, number] | null {
  const a = moved(lo, s);
  const b = moved(hi, s);
  if (a !== null && b !== null) return [a, b];
  if (s.count > 0) return null;
  const n = -s.count;
  if (lo >= s.at && hi < s.at + n) return null;
  return [a ?? s.at, b ?? s.at - 1];
}

interface End {
  colAbs: string;
  col: number;
  rowAbs: string;
  row: number;
}

function parseEnd(text: string): End {
  const m = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/.exec(text)!;
  return { colAbs: m[1], col: columnIndex(m[2].toUpperCase()), rowAbs: m[3], row: Number(m[4]) - 1 };
}

const endText = (e: End) => `${e.colAbs}${columnLetter(e.col)}${e.rowAbs}${e.row + 1}`;

/** A reference (`B3`, `$A$1:C9`) after the shift; null for #REF!; unchanged when it is not wholly within the band. */
export function shiftReference(ref: string, s: Shift, size: SheetSize): string | null {
  const [a, b] = ref.split(":").map(parseEnd);
  const last = b ?? a;
  const [pos, other] = s.axis === "row" ? (["row", "col"] as const) : (["col", "row"] as const);
  const lo = Math.min(a[other], last[other]);
  const hi = Math.max(a[other], last[other]);
  if (lo < s.from || hi >= s.to) return ref;
  const span = movedSpan(Math.min(a[pos], last[pos]), Math.max(a[pos], last[pos]), s);
  if (!span || span[1] >= (s.axis === "row" ? size.rows : size.cols)) return null;
  const first = { ...a, [pos]: span[0] };
  if (!b) return endText(first);
  return `${endText(first)}:${endText({ ...b, [pos]: span[1] })}`;
}

/** Formulas that refer to cells of `sheet` follow those cells through the shift. */
function shiftFormulas(sheet: OpsSheet, all: Workbookish, s: Shift, size: SheetSize): void {
  eachFormula(all.sheets, all.names.values(), (f, host) =>
    rewriteReferences(f, (name, ref) => {
      const target = name === undefined ? host : all.sheets.find((x) => sameSheetName(x.name, name));
      return target === sheet ? { ref: shiftReference(ref, s, size) } : undefined;
    }),
  );
}

/** The workbook's sheets and defined names, whose formulas a shift rewrites. */
interface Workbookish {
  sheets: readonly OpsSheet[];
  names: Map<string, { formula: string }>;
}

/** Move the sheet's cells: within the band, those at or past `at` move along the axis (deleted ones are dropped). */
function shiftCells(sheet: OpsSheet, s: Shift): void {
  const data = sheet.rowsData;
  // Cells as [row, col, cell], taken out of the band and put back where the shift sends them.
  const taken: [number, number, NonNullable<(typeof data)[number][number]>][] = [];
  data.forEach((row, r) =>
    row?.forEach((cell, c) => {
      if (!cell) return;
      const [p, q] = s.axis === "row" ? [r, c] : [c, r];
      if (q < s.from || q >= s.to || p < s.at) return;
      taken.push([r, c, cell]);
      row[c] = undefined;
    }),
  );
  for (const [r, c, cell] of taken) {
    const p = moved(s.axis === "row" ? r : c, s);
    if (p === null) continue;
    const [rr, cc] = s.axis === "row" ? [p, c] : [r, p];
    (data[rr] ??= [])[cc] = cell;
  }
}

/** Where the cells the shift moves reach past the sheet's edge, Excel refuses and changes nothing. */
function checkRoom(sheet: OpsSheet, s: Shift, size: SheetSize): void {
  if (s.count < 0) return;
  const limit = (s.axis === "row" ? size.rows : size.cols) - s.count;
  sheet.rowsData.forEach((row, r) =>
    row?.forEach((cell, c) => {
      const [p, q] = s.axis === "row" ? [r, c] : [c, r];
      if (cell && q >= s.from && q < s.to && p >= limit)
        throw new PreviewExcelError("InvalidOperation", "This operation would move cells off the sheet.");
    }),
  );
}

/** The table's span along the shift's axis and across it. */
function spans(t: OpsTable, s: Shift): { lo: number; hi: number; across: [number, number] } {
  return s.axis === "row"
    ? { lo: t.r, hi: t.r + t.rows - 1, across: [t.c, t.c + t.cols - 1] }
    : { lo: t.c, hi: t.c + t.cols - 1, across: [t.r, t.r + t.rows - 1] };
}

/**
 * Tables move with the cells, grow when rows or columns are inserted inside them and lose the rows or columns
 * deleted; a table all of whose cells (or whose header row) are deleted is gone. A shift of part of a table is
 * refused, as Excel refuses to shift cells in a table.
 */
function shiftTables<T extends OpsTable>(tables: readonly T[], s: Shift): T[] {
  const gone: T[] = [];
  for (const t of tables) {
    const { lo, hi, across } = spans(t, s);
    const inBand = across[0] >= s.from && across[1] < s.to;
    const crosses = across[1] >= s.from && across[0] < s.to;
    const reached = hi >= s.at;
    if (!crosses || !reached) continue;
    if (!inBand)
      throw new PreviewExcelError(
        "InvalidOperation",
        "This operation is not allowed. The operation is attempting to shift cells in a table on your worksheet.",
      );
    const span = movedSpan(lo, hi, s);
    const headerGone = s.axis === "row" && s.count < 0 && moved(t.r, s) === null;
    if (!span || headerGone) {
      gone.push(t);
      continue;
    }
    if (s.axis === "row") [t.r, t.rows] = [span[0], span[1] - span[0] + 1];
    else [t.c, t.cols] = [span[0], span[1] - span[0] + 1];
  }
  return gone;
}

/** Column widths move with whole columns. */
function shiftWidths(sheet: OpsSheet, s: Shift, size: SheetSize): void {
  if (s.axis !== "col" || s.from !== 0 || s.to !== size.rows) return;
  const widths = [...sheet.columnWidths];
  sheet.columnWidths.clear();
  for (const [c, w] of widths) {
    const p = moved(c, s);
    if (p !== null && p < size.cols) sheet.columnWidths.set(p, w);
  }
}

/** Apply the shift to the sheet (checks first, so a refusal changes nothing); answers the tables it removed. */
export function applyShift<T extends OpsTable>(sheet: OpsSheet<T>, all: Workbookish, s: Shift, size: SheetSize): T[] {
  checkRoom(sheet, s, size);
  // A refused table must leave every table as it was: the refusal is found on copies first.
  shiftTables(
    sheet.tables().map((t) => ({ ...t })),
    s,
  );
  const gone = shiftTables(sheet.tables(), s);
  shiftCells(sheet, s);
  shiftWidths(sheet, s, size);
  shiftFormulas(sheet, all, s, size);
  return gone;
}

/** The rectangle a shift inserts or deletes (for Worksheet.onChanged's address). */
export function shiftRect(s: Shift): OpsRect {
  const n = Math.abs(s.count);
  return s.axis === "row"
    ? { r: s.at, c: s.from, rows: n, cols: s.to - s.from }
    : { r: s.from, c: s.at, rows: s.to - s.from, cols: n };
}
