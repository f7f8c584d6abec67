/**
 * The preview's workbook on screen: sheet tabs, a name box, a formula bar and an editable grid virtualised in
 * rows and columns. It behaves as Excel does for a person at the keyboard: typing is read as Excel reads it
 * (numbers, TRUE/FALSE, dates, "=" formulas; text in "@" cells); arrows, Ctrl+arrows, Home, Ctrl+Home,
 * Ctrl+End, PageUp/PageDown and Tab move the active cell and scroll it into view (Shift extends the selection);
 * Delete clears the selection; Ctrl+C / Ctrl+V copy and paste tab-separated blocks; each sheet keeps its own
 * scroll position. Selection and edits go into the model, where the Excel layer sees them.
 *
 * Test hooks: the grid is role="grid" (data-testid="workbook-grid", data-sheet=<name>); each cell is
 * role="gridcell" with data-address="B3" (and aria-rowindex/aria-colindex); row headers are
 * role="rowheader" with data-row="3"; column headers role="columnheader" with data-column="B";
 * sheet tabs are role="tab" named by the sheet; the in-cell editor is data-testid="cell-editor";
 * the formula bar is data-testid="formula-bar", the name box data-testid="name-box", and messages (a paste
 * that does not fit) data-testid="grid-message".
 */
import * as React from "react";
import { Tab, TabList, mergeClasses } from "@fluentui/react-components";
import {
  type CellRef,
  type Rect,
  type SheetModel,
  type WorkbookModel,
  MAX_COLS,
  MAX_ROWS,
  parseAddress,
  rectAddress,
} from "../emulator/model";
import { columnLetter, isDateNumberFormat } from "../sheets/excelConventions";
import { cellId, drawColumns, GridRow } from "./grid/GridRow";
import { ColumnLayout, columnWindow, HEADER_WIDTH, revealOffset, type ColumnWindow } from "./grid/layout";
import { movingCorner, navigate, spanRect } from "./grid/navigation";
import { parseClipboardText, toClipboardText } from "./grid/clipboard";
import { useGridStyles, Z } from "./grid/styles";

export interface WorkbookViewProps {
  workbook: WorkbookModel;
  /** Row height in pixels (default 22). */
  rowHeight?: number;
  /** Rows rendered beyond the visible ones, above and below (default 10). */
  overscan?: number;
}

/** Viewport size used when the container cannot be measured (jsdom, hidden tabs). */
const FALLBACK_HEIGHT = 600;
const FALLBACK_WIDTH = 1600;
/** Tabster's attribute (what Fluent UI's useTabsterAttributes writes) for "leave the Tab key to this element". */
const TABSTER_KEEP_TAB = JSON.stringify({ focusable: { ignoreKeydown: { Tab: true } } });
/** Data up to this many columns wide is drawn whole; wider, only the columns around the view are. */
const ALWAYS_DRAWN = 64;
/** Columns rendered beyond the visible ones, left and right. */
const COLUMN_OVERSCAN = 4;

function useWorkbookVersion(workbook: WorkbookModel): number {
  return React.useSyncExternalStore(
    React.useCallback((cb) => workbook.subscribe(cb), [workbook]),
    () => workbook.version,
    () => workbook.version,
  );
}

/** The text a person edits: the formula, or the value as Excel shows it in the edit line. */
function editText(sheet: SheetModel, r: number, c: number): string {
  const cell = sheet.cell(r, c);
  if (!cell) return "";
  if (cell.f) return cell.f;
  if (cell.v === null) return "";
  if (typeof cell.v === "boolean") return cell.v ? "TRUE" : "FALSE";
  if (typeof cell.v === "number" && cell.nf && isDateNumberFormat(cell.nf)) return sheet.textAt(r, c);
  return String(cell.v);
}

function inRect(rect: Rect, r: number, c: number): boolean {
  return r >= rect.r && r < rect.r + rect.rows && c >= rect.c && c < rect.c + rect.cols;
}

const wholeRowsOrColumns = (rect: Rect) => rect.rows === MAX_ROWS || rect.cols === MAX_COLS;

/** What Ctrl+C takes: the selection, with whole rows or columns cut down to the used range. */
function copyArea(selection: Rect, used: Rect | null): Rect | null {
  if (!wholeRowsOrColumns(selection)) return selection;
  if (!used) return null;
  const rows = selection.rows === MAX_ROWS ? Math.min(selection.rows, used.r + used.rows - selection.r) : selection.rows;
  const cols = selection.cols === MAX_COLS ? Math.min(selection.cols, used.c + used.cols - selection.c) : selection.cols;
  return rows > 0 && cols > 0 ? { ...selection, rows, cols } : null;
}

interface Editing {
  r: number;
  c: number;
  text: string;
  /** "enter": started by typing, so arrow keys finish the entry and move (Excel's Enter mode); "edit": F2, Enter or double-click. */
  mode: "enter" | "edit";
}

interface ScrollPos {
  top: number;
  left: number;
}

/** A sheet's scroll position and active cell when it was last shown. */
interface SavedView extends ScrollPos {
  active: CellRef;
}

/** The furthest of the ends that must be drawn, capped at the sheet's size. */
const extent = (max: number, ...ends: number[]) => Math.min(max, Math.max(...ends));

export function WorkbookView({ workbook, rowHeight = 22, overscan = 10 }: WorkbookViewProps): React.JSX.Element {
  useWorkbookVersion(workbook);
  const styles = useGridStyles();
  const sheet = workbook.activeSheet;
  const dataVersion = workbook.dataVersion;
  const scroller = React.useRef<HTMLDivElement>(null);
  const [view, setView] = React.useState({ top: 0, left: 0, width: FALLBACK_WIDTH, height: FALLBACK_HEIGHT });
  const [editing, setEditingState] = React.useState<Editing | null>(null);
  /** The live edit, read by blur/commit handlers that may run after a re-render (Escape, then blur). */
  const live = React.useRef<Editing | null>(null);
  const setEditing = (e: Editing | null) => {
    live.current = e;
    setEditingState(e);
  };
  const [formula, setFormula] = React.useState<string | null>(null);
  const [message, setMessage] = React.useState<string | null>(null);

  /** The grid's scroll position as last set or seen (the DOM's may already be clamped to another sheet). */
  const scrollPos = React.useRef<ScrollPos>({ top: 0, left: 0 });
  const savedViews = React.useRef(new WeakMap<SheetModel, SavedView>());
  /** The sheet and active cell of the last render, to tell a sheet switch from a move. */
  const shown = React.useRef<{ sheet: SheetModel; active: CellRef } | null>(null);
  /** Set by a key press: the cell to bring into view, and rows to scroll first (PageUp/PageDown). */
  const pendingReveal = React.useRef<CellRef | null>(null);
  const pendingScrollRows = React.useRef(0);
  /** Set by a header click, whose active cell need not be scrolled to. */
  const keepScroll = React.useRef(false);
  /** A mouse drag in progress from `from`: stretching the selection, or ("add", Ctrl held) a block added to it. */
  const dragging = React.useRef<{ mode: "extend" | "add"; from: CellRef } | null>(null);
  /** The columns drawn last time, kept while they cover the view (see columnWindow). */
  const lastWindow = React.useRef<{ sheet: SheetModel; layout: ColumnLayout; window: ColumnWindow } | null>(null);

  const sel = sheet.selection;
  /** Every selected block: the active one, then those added with Ctrl+click. */
  const areas = [sel, ...sheet.moreSelected];
  const active = inRect(sel, sheet.active.r, sheet.active.c) ? sheet.active : { r: sel.r, c: sel.c };
  const corner = movingCorner(sel, active);
  // Scanning for the used area is O(cells): once per data change, not per scroll or key press.
  const used = React.useMemo(() => sheet.usedRect(), [sheet, dataVersion]);
  const layout = React.useMemo(() => ColumnLayout.of(sheet), [sheet, dataVersion]);
  const frozen = sheet.frozenRows;
  // Rows and columns a little beyond the data, the selection and the view's far edges, so there is always more
  // to scroll to, as in Excel.
  const rowCount = extent(
    MAX_ROWS,
    50,
    (used ? used.r + used.rows : 0) + 20,
    Math.max(active.r, corner.r) + 10,
    frozen + 1,
    Math.ceil((view.top + view.height) / rowHeight) + 10,
  );
  const colCount = extent(
    MAX_COLS,
    10,
    (used ? used.c + used.cols : 0) + 3,
    Math.max(active.c, corner.c) + 3,
    layout.indexAt(view.left + view.width - HEADER_WIDTH) + 4,
  );
  const totalWidth = HEADER_WIDTH + layout.left(colCount);
  const frozenShown = Math.min(frozen, rowCount);

  const first = Math.max(frozenShown, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  // A sheet whose data is at most ALWAYS_DRAWN columns wide has all of them drawn (every cell of the data can be
  // found in the page, e.g. by a test that clicks it), and the window of columns around the view adds the rest.
  const usedEnd = used ? used.c + used.cols : 0;
  const dense = usedEnd + 3 <= ALWAYS_DRAWN ? Math.min(colCount, usedEnd + 3) : 0;
  const kept = lastWindow.current?.sheet === sheet && lastWindow.current.layout === layout ? lastWindow.current.window : null;
  const drawn = columnWindow(
    kept,
    layout.indexAt(view.left),
    layout.indexAt(view.left + view.width - HEADER_WIDTH),
    colCount,
    COLUMN_OVERSCAN,
  );
  lastWindow.current = { sheet, layout, window: drawn };
  const c1 = Math.max(dense, drawn.c1);
  const c0 = Math.min(c1, Math.max(dense, drawn.c0));

  const viewportSize = () => {
    const el = scroller.current;
    return { width: el?.clientWidth || FALLBACK_WIDTH, height: el?.clientHeight || FALLBACK_HEIGHT };
  };
  /** Rows a screen shows below the column letters and frozen rows (PageUp/PageDown move by this many). */
  const pageRows = () => Math.max(1, Math.floor(viewportSize().height / rowHeight) - 1 - frozenShown);

  const scrollTo = (pos: ScrollPos) => {
    const el = scroller.current;
    if (!el) return;
    if (el.scrollTop !== pos.top) el.scrollTop = pos.top;
    if (el.scrollLeft !== pos.left) el.scrollLeft = pos.left;
    scrollPos.current = { top: el.scrollTop, left: el.scrollLeft };
    setView((v) => (v.top === el.scrollTop && v.left === el.scrollLeft ? v : { ...v, top: el.scrollTop, left: el.scrollLeft }));
  };

  /** Scrolls as little as needed to show a cell whole, below the frozen rows and right of the row numbers. */
  const reveal = (cell: CellRef, from: ScrollPos = scrollPos.current) => {
    const { width, height } = viewportSize();
    const top =
      cell.r < frozenShown
        ? from.top
        : revealOffset(from.top, height, (frozenShown + 1) * rowHeight, (cell.r + 1) * rowHeight, rowHeight);
    const left = revealOffset(from.left, width, HEADER_WIDTH, HEADER_WIDTH + layout.left(cell.c), layout.width(cell.c));
    scrollTo({ top, left });
  };

  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () =>
      setView((v) => {
        const width = el.clientWidth || FALLBACK_WIDTH;
        const height = el.clientHeight || FALLBACK_HEIGHT;
        return v.width === width && v.height === height ? v : { ...v, width, height };
      });
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // After each render: a sheet shown again gets its own scroll position back (a new one starts at A1); on the
  // same sheet, a moved active cell (keys, an edit that moves on, the Excel layer selecting) is scrolled into view.
  React.useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { sheet, active };
    const reveals = pendingReveal.current;
    const rows = pendingScrollRows.current;
    const keep = keepScroll.current;
    pendingReveal.current = null;
    pendingScrollRows.current = 0;
    keepScroll.current = false;
    if (!before || before.sheet !== sheet) {
      if (before && !before.sheet.deleted) savedViews.current.set(before.sheet, { ...scrollPos.current, active: before.active });
      setEditing(null);
      setFormula(null);
      setMessage(null);
      const saved = savedViews.current.get(sheet);
      scrollTo(saved ?? { top: 0, left: 0 });
      const moved = saved ? saved.active.r !== active.r || saved.active.c !== active.c : active.r !== 0 || active.c !== 0;
      if (moved) reveal(active);
      return;
    }
    const from = rows ? { ...scrollPos.current, top: Math.max(0, scrollPos.current.top + rows * rowHeight) } : scrollPos.current;
    if (reveals) reveal(reveals, from);
    else if (!keep && (before.active.r !== active.r || before.active.c !== active.c)) reveal(active, from);
  });

  const select = (rect: Rect, at: CellRef) => {
    setFormula(null);
    setMessage(null);
    workbook.select(sheet, rect, at);
  };

  /** Ctrl+click: `block` joins the selection and holds the active cell. */
  const addBlock = (block: Rect) => {
    setFormula(null);
    setMessage(null);
    workbook.selectAreas(sheet, [block, ...areas]);
  };

  // While the in-cell editor or the formula bar is open, the workbook is in cell edit mode, where Excel
  // refuses API requests (or, with delayForCellEdit, holds them until the entry ends).
  const inCellEdit = editing !== null || formula !== null;
  // Excel stays in cell-edit mode when focus goes to the task pane (a click there does not end the entry, so the
  // pane's batches keep waiting); only Enter, Tab, Esc or a click elsewhere in the workbook ends it.
  const root = React.useRef<HTMLDivElement>(null);
  const focusStaysInWorkbook = (e: React.FocusEvent) => root.current?.contains(e.relatedTarget as Node | null) === true;
  React.useLayoutEffect(() => {
    if (!inCellEdit) return;
    workbook.beginCellEdit();
    return () => workbook.endCellEdit();
  }, [inCellEdit, workbook]);

  const commitText = (r: number, c: number, text: string, move?: { dr: number; dc: number }) => {
    workbook.editCell(sheet, r, c, text);
    if (move) {
      const to = { r: Math.min(MAX_ROWS - 1, Math.max(0, r + move.dr)), c: Math.min(MAX_COLS - 1, Math.max(0, c + move.dc)) };
      select({ ...to, rows: 1, cols: 1 }, to);
    }
  };

  const commit = (move?: { dr: number; dc: number }) => {
    // The in-cell editor's latest text wins over a stale copy from an earlier render.
    const edit = live.current;
    if (!edit) return;
    setEditing(null);
    commitText(edit.r, edit.c, edit.text, move);
    scroller.current?.focus();
  };

  const startEdit = (at: CellRef, mode: Editing["mode"], text?: string) => {
    setMessage(null);
    setEditing({ r: at.r, c: at.c, text: text ?? editText(sheet, at.r, at.c), mode });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (editing || e.target !== scroller.current) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const move = navigate(sheet, sel, active, { key: e.key, shift: e.shiftKey, ctrl }, pageRows());
    if (move) {
      e.preventDefault();
      pendingReveal.current = move.reveal ?? null;
      pendingScrollRows.current = move.scrollRows ?? 0;
      keepScroll.current = !move.reveal;
      select(move.selection, move.active);
    } else if ((e.key === "Enter" || e.key === "F2") && !ctrl) {
      e.preventDefault();
      startEdit(active, "edit");
    } else if (ctrl && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "d") {
      // Fill down, as Excel's Ctrl+D: each block's first row into the rows below; one row takes the row above.
      e.preventDefault();
      setMessage(null);
      for (const area of areas)
        if (area.rows > 1) workbook.fillDown(sheet, area);
        else if (area.r > 0) workbook.fillDown(sheet, { ...area, r: area.r - 1, rows: 2 });
    } else if (e.key === "Delete") {
      e.preventDefault();
      setMessage(null);
      for (const area of areas) workbook.clearContents(sheet, area);
    } else if (e.key === "Backspace") {
      // As in Excel: the active cell is emptied into the editor; Escape keeps what was there.
      e.preventDefault();
      startEdit(active, "enter", "");
    } else if (e.key === "Escape") {
      setMessage(null);
    } else if (e.key.length === 1 && !ctrl && !e.altKey) {
      e.preventDefault();
      startEdit(active, "enter", e.key);
    }
  };

  const onEditorKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const edit = live.current;
    if (!edit) return;
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (e.key === "Enter") {
      e.preventDefault();
      commit({ dr: e.shiftKey ? -1 : 1, dc: 0 });
    } else if (e.key === "Tab") {
      e.preventDefault();
      commit({ dr: 0, dc: e.shiftKey ? -1 : 1 });
    } else if (e.key === "Escape") {
      e.preventDefault();
      setEditing(null);
      scroller.current?.focus();
    } else if (edit.mode === "enter" && arrows[e.key]) {
      e.preventDefault();
      commit({ dr: arrows[e.key][0], dc: arrows[e.key][1] });
    }
  };

  const MULTIPLE = "This does not work on several selected blocks: select one block of cells.";

  const onCopy = (e: ClipboardEvent) => {
    e.preventDefault();
    if (areas.length > 1) return setMessage(`Nothing was copied. ${MULTIPLE}`);
    setMessage(null);
    const area = copyArea(sel, used);
    const rows: string[][] = [];
    for (let r = area?.r ?? 0; area && r < area.r + area.rows; r++) {
      const row: string[] = [];
      for (let c = area.c; c < area.c + area.cols; c++) row.push(sheet.textAt(r, c));
      rows.push(row);
    }
    e.clipboardData?.setData("text/plain", toClipboardText(rows));
  };

  const onPaste = (e: ClipboardEvent) => {
    e.preventDefault();
    const text = e.clipboardData?.getData("text/plain") || e.clipboardData?.getData("text");
    if (!text) return;
    if (areas.length > 1) return setMessage(`Nothing was pasted. ${MULTIPLE}`);
    let rows = parseClipboardText(text);
    const at = { r: sel.r, c: sel.c };
    // One value pasted over a selected block fills the block, as in Excel.
    if (rows.length === 1 && rows[0].length === 1 && (sel.rows > 1 || sel.cols > 1) && !wholeRowsOrColumns(sel))
      rows = Array.from({ length: sel.rows }, () => new Array<string>(sel.cols).fill(rows[0][0]));
    try {
      const rect = workbook.pasteCells(sheet, at.r, at.c, rows);
      keepScroll.current = true;
      select(rect, at);
    } catch (error) {
      setMessage(`Nothing was pasted: ${(error as Error).message}`);
    }
  };

  const cellAt = (target: EventTarget): CellRef | null => {
    const el = (target as HTMLElement).closest?.("[data-address]") as HTMLElement | null;
    if (!el) return null;
    const rect = parseAddress(el.dataset.address!);
    return { r: rect.r, c: rect.c };
  };

  // Ctrl+C / Ctrl+V while the grid has the focus. A browser sends copy and paste events to the node holding the
  // page's text selection (anywhere, or none), not to the focused element, so they are caught on the document.
  // Cancelling beforecopy / beforepaste tells Chromium the page handles them even with no text selected.
  const clipboardHandlers = React.useRef({ copy: onCopy, paste: onPaste });
  clipboardHandlers.current = { copy: onCopy, paste: onPaste };
  React.useEffect(() => {
    const doc = scroller.current?.ownerDocument;
    if (!doc) return;
    const focused = () => doc.activeElement === scroller.current;
    const listeners: [string, (e: Event) => void][] = [
      ["beforecopy", (e) => focused() && e.preventDefault()],
      ["beforepaste", (e) => focused() && e.preventDefault()],
      ["copy", (e) => focused() && clipboardHandlers.current.copy(e as ClipboardEvent)],
      ["paste", (e) => focused() && clipboardHandlers.current.paste(e as ClipboardEvent)],
    ];
    for (const [kind, listener] of listeners) doc.addEventListener(kind, listener);
    return () => listeners.forEach(([kind, listener]) => doc.removeEventListener(kind, listener));
  }, []);

  React.useEffect(() => {
    const stop = () => (dragging.current = null);
    window.addEventListener("mouseup", stop);
    return () => window.removeEventListener("mouseup", stop);
  }, []);

  const onMouseDown = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.tagName === "INPUT" || e.button !== 0) return;
    const rowHeaderEl = target.closest("[data-row]") as HTMLElement | null;
    const colHeaderEl = target.closest("[data-column]") as HTMLElement | null;
    if (live.current) commit();
    const add = (e.ctrlKey || e.metaKey) && !e.shiftKey;
    if (rowHeaderEl) {
      const r = Number(rowHeaderEl.dataset.row) - 1;
      keepScroll.current = true;
      if (e.shiftKey) select(spanRect({ r: active.r, c: 0 }, { r, c: MAX_COLS - 1 }), active);
      else if (add) addBlock({ r, c: 0, rows: 1, cols: MAX_COLS });
      else select({ r, c: 0, rows: 1, cols: MAX_COLS }, { r, c: 0 });
    } else if (colHeaderEl) {
      const c = parseAddress(`${colHeaderEl.dataset.column}1`).c;
      keepScroll.current = true;
      if (e.shiftKey) select(spanRect({ r: 0, c: active.c }, { r: MAX_ROWS - 1, c }), active);
      else if (add) addBlock({ r: 0, c, rows: MAX_ROWS, cols: 1 });
      else select({ r: 0, c, rows: MAX_ROWS, cols: 1 }, { r: 0, c });
    } else {
      const at = cellAt(target);
      if (!at) return;
      if (e.shiftKey) select(spanRect(active, at), active);
      else if (add) addBlock({ ...at, rows: 1, cols: 1 });
      else select({ ...at, rows: 1, cols: 1 }, at);
      dragging.current = { mode: add ? "add" : "extend", from: e.shiftKey ? active : at };
    }
    e.preventDefault();
    scroller.current?.focus();
  };

  // Dragging over cells with the button held stretches the active block from the active cell.
  const onMouseOver = (e: React.MouseEvent) => {
    const drag = dragging.current;
    if (!drag) return;
    if ((e.buttons & 1) === 0) {
      dragging.current = null;
      return;
    }
    const at = cellAt(e.target);
    if (!at) return;
    const rect = spanRect(drag.from, at);
    if (rect.r === sel.r && rect.c === sel.c && rect.rows === sel.rows && rect.cols === sel.cols) return;
    setMessage(null);
    keepScroll.current = true;
    if (drag.mode === "add") workbook.selectAreas(sheet, [rect, ...sheet.moreSelected]);
    else select(rect, drag.from);
  };

  const onDoubleClick = (e: React.MouseEvent) => {
    const at = cellAt(e.target);
    if (at) startEdit(at, "edit");
  };

  const editor =
    editing !== null ? (
      <input
        data-testid="cell-editor"
        aria-label={`Edit ${columnLetter(editing.c)}${editing.r + 1}`}
        className={styles.editor}
        autoFocus
        value={editing.text}
        onChange={(ev) => setEditing({ ...editing, text: ev.target.value })}
        onKeyDown={onEditorKeyDown}
        onBlur={(e) => live.current && focusStaysInWorkbook(e) && commit()}
      />
    ) : undefined;

  // The same for every row of this render; each row's memo compares them one by one.
  const sameForAllRows = { sheet, dataVersion, layout, dense, c0, c1, rowHeight };
  const renderRow = (r: number) => {
    const selected = areas
      .filter((a) => r >= a.r && r < a.r + a.rows)
      .map((a) => `${a.c}-${a.c + a.cols}`)
      .join(",");
    const isEditRow = editing !== null && editing.r === r;
    return (
      <GridRow
        key={r}
        r={r}
        {...sameForAllRows}
        stickyTop={r < frozenShown ? (r + 1) * rowHeight : undefined}
        frozenEdge={r === frozenShown - 1}
        selected={selected}
        activeCol={r === active.r ? active.c : -1}
        editCol={isEditRow ? editing.c : -1}
        editor={isEditRow ? editor : undefined}
      />
    );
  };

  const rows: React.ReactNode[] = [];
  for (let r = 0; r < frozenShown; r++) rows.push(renderRow(r));
  if (first > frozenShown) rows.push(<div key="before" aria-hidden style={{ height: (first - frozenShown) * rowHeight }} />);
  for (let r = first; r < last; r++) rows.push(renderRow(r));
  if (last < rowCount) rows.push(<div key="after" aria-hidden style={{ height: (rowCount - last) * rowHeight }} />);

  const headerColumns = [...Array.from({ length: dense }, (_, c) => c), ...Array.from({ length: c1 - c0 }, (_, k) => c0 + k)];
  const headers = drawColumns(layout, headerColumns, styles.gap, (c, width) => (
    <div
      key={c}
      role="columnheader"
      aria-colindex={c + 2}
      data-column={columnLetter(c)}
      className={mergeClasses(
        styles.cell,
        styles.header,
        areas.some((a) => a.c <= c && c < a.c + a.cols) && styles.headerSelected,
      )}
      style={{ width, height: rowHeight, lineHeight: `${rowHeight - 1}px` }}
    >
      {columnLetter(c)}
    </div>
  ));

  const activeAddress = `${columnLetter(active.c)}${active.r + 1}`;
  const selectionAddress =
    (sel.rows === 1 && sel.cols === 1) || areas.length > 1
      ? activeAddress
      : sel.c === 0 && sel.cols === MAX_COLS
        ? `${sel.r + 1}:${sel.r + sel.rows}`
        : sel.r === 0 && sel.rows === MAX_ROWS
          ? `${columnLetter(sel.c)}:${columnLetter(sel.c + sel.cols - 1)}`
          : rectAddress(sel);
  const barText =
    formula ?? (editing && editing.r === active.r && editing.c === active.c ? editing.text : editText(sheet, active.r, active.c));
  const activeRendered =
    (active.r < frozenShown || (active.r >= first && active.r < last)) && (active.c < dense || (active.c >= c0 && active.c < c1));
  const tabs = workbook.visibleSheets();

  return (
    <div ref={root} className={styles.root} data-testid="workbook-view">
      <div className={styles.bar}>
        <input className={styles.nameBox} data-testid="name-box" aria-label="Selected cells" readOnly value={selectionAddress} />
        <input
          className={styles.formulaBar}
          data-testid="formula-bar"
          aria-label={`Contents of ${activeAddress}`}
          value={barText}
          onChange={(e) => setFormula(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && formula !== null) {
              e.preventDefault();
              setFormula(null);
              commitText(active.r, active.c, formula, { dr: 1, dc: 0 });
              scroller.current?.focus();
            } else if (e.key === "Escape") setFormula(null);
          }}
          onBlur={(e) => focusStaysInWorkbook(e) && setFormula(null)}
        />
        {message && (
          <span className={styles.status} role="status" data-testid="grid-message" title={message}>
            {message}
          </span>
        )}
      </div>
      <div
        ref={scroller}
        className={mergeClasses(styles.scroller, styles.scrollerFocus)}
        role="grid"
        aria-label={`Sheet ${sheet.name}`}
        aria-rowcount={rowCount + 1}
        aria-colcount={colCount + 1}
        aria-multiselectable
        aria-activedescendant={activeRendered ? cellId(sheet, active.r, active.c) : undefined}
        data-testid="workbook-grid"
        data-sheet={sheet.name}
        // Rows take their width from here: a wider sheet does not re-render them.
        style={{ "--grid-width": `${totalWidth}px` } as React.CSSProperties}
        // Tab moves the active cell (and finishes an entry), as in Excel: Fluent UI's focus manager keeps out.
        data-tabster={TABSTER_KEEP_TAB}
        tabIndex={0}
        onScroll={(e) => {
          const { scrollTop: top, scrollLeft: left } = e.currentTarget;
          scrollPos.current = { top, left };
          setView((v) => (v.top === top && v.left === left ? v : { ...v, top, left }));
        }}
        onKeyDown={onKeyDown}
        onMouseDown={onMouseDown}
        onMouseOver={onMouseOver}
        onDoubleClick={onDoubleClick}
      >
        <div
          role="row"
          aria-rowindex={1}
          className={styles.row}
          style={{ position: "sticky", top: 0, height: rowHeight, zIndex: Z.columnHeader }}
        >
          <div
            role="columnheader"
            aria-colindex={1}
            className={mergeClasses(styles.cell, styles.header, styles.rowHeader)}
            style={{ width: HEADER_WIDTH, height: rowHeight }}
          />
          {headers}
        </div>
        {rows}
      </div>
      <TabList
        className={styles.tabs}
        size="small"
        aria-label="Sheets"
        selectedValue={sheet.id}
        onTabSelect={(_, data) => {
          const next = workbook.sheets.find((s) => s.id === data.value);
          if (next && next !== sheet) {
            if (live.current) commit();
            workbook.activate(next);
            workbook.changed("view");
          }
        }}
      >
        {tabs.map((s) => (
          <Tab key={s.id} value={s.id} data-sheet={s.name}>
            {s.name}
          </Tab>
        ))}
      </TabList>
    </div>
  );
}
