/**
 * The grid's scrolling and windowing: which rows and columns are drawn for the part of the sheet in view, each
 * sheet's own scroll position (kept while another sheet is shown), and bringing a moved active cell into view.
 */
import * as React from "react";
import { type CellRef, type Rect, type SheetModel, MAX_COLS, MAX_ROWS } from "../../emulator/model";
import { ColumnLayout, columnWindow, HEADER_WIDTH, revealOffset, type ColumnWindow } from "./layout";
import type { Move } from "./navigation";

/** Viewport size used when the container cannot be measured (jsdom, hidden tabs). */
const FALLBACK_HEIGHT = 600;
const FALLBACK_WIDTH = 1600;
/** Data up to this many columns wide is drawn whole; wider, only the columns around the view are. */
const ALWAYS_DRAWN = 64;
/** Columns rendered beyond the visible ones, left and right. */
const COLUMN_OVERSCAN = 4;

interface ScrollPos {
  top: number;
  left: number;
}

/** A sheet's scroll position and active cell when it was last shown. */
interface SavedView extends ScrollPos {
  active: CellRef;
}

interface Viewport extends ScrollPos {
  width: number;
  height: number;
}

/** What one render draws: rows `first`..`last` below the frozen ones, columns `0..dense` and `c0..c1`. */
interface GridWindow {
  rowCount: number;
  colCount: number;
  totalWidth: number;
  frozenShown: number;
  first: number;
  last: number;
  dense: number;
  c0: number;
  c1: number;
}

interface ScrollingInput {
  sheet: SheetModel;
  active: CellRef;
  /** The selection's moving corner, kept in the sheet's drawn extent as the active cell is. */
  corner: CellRef;
  used: Rect | null;
  layout: ColumnLayout;
  rowHeight: number;
  overscan: number;
}

export interface Scrolling {
  scroller: React.RefObject<HTMLDivElement>;
  grid: GridWindow;
  /** Rows a screen shows below the column letters and frozen rows (PageUp/PageDown move by this many). */
  pageRows: () => number;
  onScroll: (e: React.UIEvent<HTMLDivElement>) => void;
  /** A key moved the selection: after the render, scroll `move.scrollRows` first, then show `move.reveal`. */
  afterKeyMove: (move: Move) => void;
  /** The next render's active cell need not be scrolled to (header clicks, drags, pastes). */
  keepScroll: () => void;
}

/** The furthest of the ends that must be drawn, capped at the sheet's size. */
const extent = (max: number, ...ends: number[]) => Math.min(max, Math.max(...ends));

/** Rows and columns to draw: a little beyond the data, the selection and the view's far edges, so there is always
 * more to scroll to, as in Excel. */
function gridWindow(input: ScrollingInput, view: Viewport, kept: ColumnWindow | null): { grid: GridWindow; drawn: ColumnWindow } {
  const { sheet, active, corner, used, layout, rowHeight, overscan } = input;
  const rowCount = extent(
    MAX_ROWS,
    50,
    (used ? used.r + used.rows : 0) + 20,
    Math.max(active.r, corner.r) + 10,
    sheet.frozenRows + 1,
    Math.ceil((view.top + view.height) / rowHeight) + 10,
  );
  const colCount = extent(
    MAX_COLS,
    10,
    (used ? used.c + used.cols : 0) + 3,
    Math.max(active.c, corner.c) + 3,
    layout.indexAt(view.left + view.width - HEADER_WIDTH) + 4,
  );
  const frozenShown = Math.min(sheet.frozenRows, rowCount);
  const first = Math.max(frozenShown, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  // A sheet whose data is at most ALWAYS_DRAWN columns wide has all of them drawn (every cell of the data can be
  // found in the page, e.g. by a test that clicks it), and the window of columns around the view adds the rest.
  const usedEnd = used ? used.c + used.cols : 0;
  const dense = usedEnd + 3 <= ALWAYS_DRAWN ? Math.min(colCount, usedEnd + 3) : 0;
  const drawn = columnWindow(
    kept,
    layout.indexAt(view.left),
    layout.indexAt(view.left + view.width - HEADER_WIDTH),
    colCount,
    COLUMN_OVERSCAN,
  );
  const c1 = Math.max(dense, drawn.c1);
  const c0 = Math.min(c1, Math.max(dense, drawn.c0));
  const totalWidth = HEADER_WIDTH + layout.left(colCount);
  return { grid: { rowCount, colCount, totalWidth, frozenShown, first, last, dense, c0, c1 }, drawn };
}

/** Keeps `view` at the scroller's client size, measured now and on every resize. */
function useMeasuredViewport(scroller: React.RefObject<HTMLDivElement>, setView: React.Dispatch<React.SetStateAction<Viewport>>) {
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
}

export function useScrolling(input: ScrollingInput): Scrolling {
  const { sheet, active, layout, rowHeight } = input;
  const scroller = React.useRef<HTMLDivElement>(null);
  const [view, setView] = React.useState<Viewport>({ top: 0, left: 0, width: FALLBACK_WIDTH, height: FALLBACK_HEIGHT });
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
  /** The columns drawn last time, kept while they cover the view (see columnWindow). */
  const lastWindow = React.useRef<{ sheet: SheetModel; layout: ColumnLayout; window: ColumnWindow } | null>(null);

  const kept = lastWindow.current?.sheet === sheet && lastWindow.current.layout === layout ? lastWindow.current.window : null;
  const { grid, drawn } = gridWindow(input, view, kept);
  lastWindow.current = { sheet, layout, window: drawn };
  const { frozenShown } = grid;

  const viewportSize = () => {
    const el = scroller.current;
    return { width: el?.clientWidth || FALLBACK_WIDTH, height: el?.clientHeight || FALLBACK_HEIGHT };
  };
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

  useMeasuredViewport(scroller, setView);

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

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const { scrollTop: top, scrollLeft: left } = e.currentTarget;
    scrollPos.current = { top, left };
    setView((v) => (v.top === top && v.left === left ? v : { ...v, top, left }));
  };

  const afterKeyMove = (move: Move) => {
    pendingReveal.current = move.reveal ?? null;
    pendingScrollRows.current = move.scrollRows ?? 0;
    keepScroll.current = !move.reveal;
  };

  return { scroller, grid, pageRows, onScroll, afterKeyMove, keepScroll: () => (keepScroll.current = true) };
}
