/**
 * Excel's keyboard movement on a sheet, as pure functions: arrows, Ctrl+arrows (to the edge of the data),
 * Home, Ctrl+Home (the first cell below frozen panes), Ctrl+End (the last used cell), PageUp/PageDown, Tab,
 * Ctrl+A; with Shift the selection grows from the active cell instead.
 */
import { MAX_COLS, MAX_ROWS, type CellRef, type Rect } from "../../emulator/model";

/** What movement needs to know about a sheet (SheetModel has it). */
export interface NavSheet {
  readonly frozenRows: number;
  readonly rowsData: readonly (readonly unknown[] | undefined)[];
  hasContent(r: number, c: number): boolean;
  usedRect(): Rect | null;
}

export interface NavKey {
  key: string;
  shift?: boolean;
  /** Ctrl, or Cmd on a Mac. */
  ctrl?: boolean;
}

export interface Move {
  selection: Rect;
  active: CellRef;
  /** The cell to scroll into view: the new active cell, or with Shift the moved corner (none for Ctrl+A). */
  reveal?: CellRef;
  /** Rows the view scrolls by along with the move (PageUp/PageDown keep the active cell's place on screen). */
  scrollRows?: number;
}

const clampRow = (r: number) => Math.min(MAX_ROWS - 1, Math.max(0, r));
const clampCol = (c: number) => Math.min(MAX_COLS - 1, Math.max(0, c));

/** The rectangle spanned by two cells. */
export function spanRect(a: CellRef, b: CellRef): Rect {
  return { r: Math.min(a.r, b.r), c: Math.min(a.c, b.c), rows: Math.abs(a.r - b.r) + 1, cols: Math.abs(a.c - b.c) + 1 };
}

/** The selection's corner opposite the active cell: the end that Shift+movement moves. */
export function movingCorner(selection: Rect, active: CellRef): CellRef {
  const r = active.r === selection.r ? selection.r + selection.rows - 1 : selection.r;
  const c = active.c === selection.c ? selection.c + selection.cols - 1 : selection.c;
  return { r, c };
}

/**
 * Ctrl+arrow: from a filled cell whose neighbour is filled, to the last filled cell of that run; otherwise to the
 * next filled cell in that direction, or the sheet's edge when there is none.
 */
export function dataEdge(sheet: NavSheet, from: CellRef, dr: number, dc: number): CellRef {
  const inSheet = (r: number, c: number) => r >= 0 && r < MAX_ROWS && c >= 0 && c < MAX_COLS;
  const filled = (r: number, c: number) => sheet.hasContent(r, c);
  let { r, c } = from;
  if (!inSheet(r + dr, c + dc)) return from;
  if (filled(r, c) && filled(r + dr, c + dc)) {
    while (inSheet(r + dr, c + dc) && filled(r + dr, c + dc)) [r, c] = [r + dr, c + dc];
    return { r, c };
  }
  // Beyond the last stored row or column nothing is filled: jump straight to the edge.
  const rowLength = (row: number) => sheet.rowsData[row]?.length ?? 0;
  for (;;) {
    [r, c] = [r + dr, c + dc];
    if (!inSheet(r + dr, c + dc) || filled(r, c)) return { r, c };
    if (dr > 0 && r >= sheet.rowsData.length) return { r: MAX_ROWS - 1, c };
    if (dc > 0 && c >= rowLength(r)) return { r, c: MAX_COLS - 1 };
    if (dr < 0 && r > sheet.rowsData.length) r = sheet.rowsData.length;
    if (dc < 0 && c > rowLength(r)) c = rowLength(r);
  }
}

/** Ctrl+Home: A1, or the first cell below the frozen rows, as in Excel. */
export function homeCell(sheet: NavSheet): CellRef {
  return { r: Math.min(sheet.frozenRows, MAX_ROWS - 1), c: 0 };
}

/** Ctrl+End: the last row and last column of the used range (A1 on an empty sheet). */
export function lastCell(sheet: NavSheet): CellRef {
  const used = sheet.usedRect();
  return used ? { r: used.r + used.rows - 1, c: used.c + used.cols - 1 } : { r: 0, c: 0 };
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * The selection after a navigation key, or null when the key is not one. `pageRows` is how many rows a screen
 * shows below the frozen ones.
 */
export function navigate(sheet: NavSheet, selection: Rect, active: CellRef, key: NavKey, pageRows: number): Move | null {
  if (key.key === "Tab") {
    const c = clampCol(active.c + (key.shift ? -1 : 1));
    return { selection: { r: active.r, c, rows: 1, cols: 1 }, active: { r: active.r, c }, reveal: { r: active.r, c } };
  }
  if (key.ctrl && key.key.toLowerCase() === "a") return { selection: { r: 0, c: 0, rows: MAX_ROWS, cols: MAX_COLS }, active };

  // With Shift, the far corner moves and the active cell stays; without, the active cell moves.
  const from = key.shift ? movingCorner(selection, active) : active;
  let to: CellRef | null = null;
  let scrollRows: number | undefined;
  const arrow = ARROWS[key.key];
  if (arrow)
    to = key.ctrl
      ? dataEdge(sheet, from, arrow[0], arrow[1])
      : { r: clampRow(from.r + arrow[0]), c: clampCol(from.c + arrow[1]) };
  else if (key.key === "Home") to = key.ctrl ? homeCell(sheet) : { r: from.r, c: 0 };
  else if (key.key === "End" && key.ctrl) to = lastCell(sheet);
  else if (key.key === "PageDown" || key.key === "PageUp") {
    const rows = Math.max(1, pageRows) * (key.key === "PageDown" ? 1 : -1);
    to = { r: clampRow(from.r + rows), c: from.c };
    scrollRows = to.r - from.r;
  }
  if (!to) return null;
  const move: Move = key.shift
    ? { selection: spanRect(active, to), active, reveal: to }
    : { selection: { ...to, rows: 1, cols: 1 }, active: to, reveal: to };
  if (scrollRows) move.scrollRows = scrollRows;
  return move;
}
