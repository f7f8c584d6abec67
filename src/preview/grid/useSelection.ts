/**
 * The grid's selection as Excel keeps it: blocks of cells (the active one first, then those added with Ctrl+click)
 * and the active cell, stored in the model where the Excel layer sees them. Two things live only until the
 * selection moves: the formula bar's unfinished text and the message about the last action (a paste that did not
 * fit), so they are kept here too. The mouse selects (clicks, Shift+click, Ctrl+click, drags, header clicks).
 */
import * as React from "react";
import {
  type CellRef,
  type Rect,
  type SheetModel,
  type WorkbookModel,
  MAX_COLS,
  MAX_ROWS,
  parseAddress,
  rectAddress,
} from "../../emulator/model";
import { columnLetter } from "../../xl/excelConventions";
import { movingCorner, spanRect } from "./navigation";

export interface Selection {
  /** The active block. */
  sel: Rect;
  /** Every selected block: the active one, then those added with Ctrl+click. */
  areas: Rect[];
  active: CellRef;
  /** The corner of `sel` that Shift+arrows move. */
  corner: CellRef;
  /** The formula bar's text while a person types there; null shows the active cell's content. */
  formula: string | null;
  setFormula: (text: string | null) => void;
  message: string | null;
  setMessage: (text: string | null) => void;
  select: (rect: Rect, at: CellRef) => void;
  /** Ctrl+click: `block` joins the selection and holds the active cell. */
  addBlock: (block: Rect) => void;
}

function inRect(rect: Rect, r: number, c: number): boolean {
  return r >= rect.r && r < rect.r + rect.rows && c >= rect.c && c < rect.c + rect.cols;
}

export const wholeRowsOrColumns = (rect: Rect): boolean => rect.rows === MAX_ROWS || rect.cols === MAX_COLS;

/** The name box's text: the active cell, or the block as "A1:C3", "2:5" (whole rows) or "B:D" (whole columns). */
export function selectionAddress({ sel, areas, active }: Pick<Selection, "sel" | "areas" | "active">): string {
  if ((sel.rows === 1 && sel.cols === 1) || areas.length > 1) return `${columnLetter(active.c)}${active.r + 1}`;
  if (sel.c === 0 && sel.cols === MAX_COLS) return `${sel.r + 1}:${sel.r + sel.rows}`;
  if (sel.r === 0 && sel.rows === MAX_ROWS) return `${columnLetter(sel.c)}:${columnLetter(sel.c + sel.cols - 1)}`;
  return rectAddress(sel);
}

export function useSelection(workbook: WorkbookModel, sheet: SheetModel): Selection {
  const [formula, setFormula] = React.useState<string | null>(null);
  const [message, setMessage] = React.useState<string | null>(null);
  // Another sheet shown (a tab, or the Excel layer activating one) starts with neither.
  React.useLayoutEffect(() => {
    setFormula(null);
    setMessage(null);
  }, [sheet]);

  const sel = sheet.selection;
  const areas = [sel, ...sheet.moreSelected];
  const active = inRect(sel, sheet.active.r, sheet.active.c) ? sheet.active : { r: sel.r, c: sel.c };
  const corner = movingCorner(sel, active);

  const select = (rect: Rect, at: CellRef) => {
    setFormula(null);
    setMessage(null);
    workbook.select(sheet, rect, at);
  };
  const addBlock = (block: Rect) => {
    setFormula(null);
    setMessage(null);
    workbook.selectAreas(sheet, [block, ...areas]);
  };
  return { sel, areas, active, corner, formula, setFormula, message, setMessage, select, addBlock };
}

/** The cell an event happened on (its element carries data-address), or null outside the cells. */
export function cellAt(target: EventTarget): CellRef | null {
  const el = (target as HTMLElement).closest?.("[data-address]") as HTMLElement | null;
  if (!el) return null;
  const rect = parseAddress(el.dataset.address!);
  return { r: rect.r, c: rect.c };
}

interface MouseSelectionInput {
  workbook: WorkbookModel;
  sheet: SheetModel;
  selection: Selection;
  scroller: React.RefObject<HTMLDivElement>;
  keepScroll: () => void;
  /** Ends an entry in progress before the mouse selects elsewhere. */
  commit: () => void;
}

/** Mouse selection: a click on a cell or a header, with Shift (span from the active cell) or Ctrl (add a block),
 * and a drag with the button held, which stretches the block from where it started. */
export function useMouseSelection({ workbook, sheet, selection, scroller, keepScroll, commit }: MouseSelectionInput) {
  const { sel, active, select, addBlock, setMessage } = selection;
  /** A mouse drag in progress from `from`: stretching the selection, or ("add", Ctrl held) a block added to it. */
  const dragging = React.useRef<{ mode: "extend" | "add"; from: CellRef } | null>(null);
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
    commit();
    const add = (e.ctrlKey || e.metaKey) && !e.shiftKey;
    if (rowHeaderEl) {
      const r = Number(rowHeaderEl.dataset.row) - 1;
      keepScroll();
      if (e.shiftKey) select(spanRect({ r: active.r, c: 0 }, { r, c: MAX_COLS - 1 }), active);
      else if (add) addBlock({ r, c: 0, rows: 1, cols: MAX_COLS });
      else select({ r, c: 0, rows: 1, cols: MAX_COLS }, { r, c: 0 });
    } else if (colHeaderEl) {
      const c = parseAddress(`${colHeaderEl.dataset.column}1`).c;
      keepScroll();
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
    keepScroll();
    if (drag.mode === "add") workbook.selectAreas(sheet, [rect, ...sheet.moreSelected]);
    else select(rect, drag.from);
  };

  return { onMouseDown, onMouseOver };
}
