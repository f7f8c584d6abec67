/**
 * Entries into cells, as Excel takes them: the in-cell editor (started by typing, F2, Enter or a double-click) and
 * the formula bar. While either is open the workbook is in cell-edit mode, where Excel refuses API requests (or,
 * with delayForCellEdit, holds them until the entry ends).
 */
import * as React from "react";
import { type CellRef, type SheetModel, type WorkbookModel, MAX_COLS, MAX_ROWS } from "../../emulator/model";
import { isDateNumberFormat } from "../../xl/excelConventions";
import type { Selection } from "./useSelection";

export interface Editing {
  r: number;
  c: number;
  text: string;
  /** "enter": started by typing, so arrow keys finish the entry and move (Excel's Enter mode); "edit": F2, Enter or double-click. */
  mode: "enter" | "edit";
}

type Step = { dr: number; dc: number };

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

/** Keys that finish an entry started by typing and move on. */
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

interface EditingInput {
  workbook: WorkbookModel;
  sheet: SheetModel;
  selection: Selection;
  scroller: React.RefObject<HTMLDivElement>;
}

/** Excel stays in cell-edit mode while either entry is open, even when focus goes to the task pane (a click there
 * does not end the entry, so the pane's batches keep waiting); only Enter, Tab, Esc or a click elsewhere in the
 * workbook ends it. `root` is the workbook's element, to tell those apart. */
function useCellEditMode(workbook: WorkbookModel, inCellEdit: boolean) {
  const root = React.useRef<HTMLDivElement>(null);
  const focusStaysInWorkbook = (e: React.FocusEvent) => root.current?.contains(e.relatedTarget as Node | null) === true;
  React.useLayoutEffect(() => {
    if (!inCellEdit) return;
    workbook.beginCellEdit();
    return () => workbook.endCellEdit();
  }, [inCellEdit, workbook]);
  return { root, focusStaysInWorkbook };
}

export function useEditing({ workbook, sheet, selection, scroller }: EditingInput) {
  const { active, formula, setFormula, setMessage, select } = selection;
  const [editing, setEditingState] = React.useState<Editing | null>(null);
  /** The live edit, read by blur/commit handlers that may run after a re-render (Escape, then blur). */
  const live = React.useRef<Editing | null>(null);
  const setEditing = (e: Editing | null) => {
    live.current = e;
    setEditingState(e);
  };
  // Another sheet shown ends the entry without keeping it, as Excel's sheet switch from the API does.
  React.useLayoutEffect(() => setEditing(null), [sheet]);
  const { root, focusStaysInWorkbook } = useCellEditMode(workbook, editing !== null || formula !== null);

  const commitText = (r: number, c: number, text: string, move?: Step) => {
    workbook.editCell(sheet, r, c, text);
    if (move) {
      const to = { r: Math.min(MAX_ROWS - 1, Math.max(0, r + move.dr)), c: Math.min(MAX_COLS - 1, Math.max(0, c + move.dc)) };
      select({ ...to, rows: 1, cols: 1 }, to);
    }
  };

  /** Ends the in-cell entry, if any, writing it to the cell (then moving by `move`). */
  const commit = (move?: Step) => {
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

  const onEditorKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const edit = live.current;
    if (!edit) return;
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
    } else if (edit.mode === "enter" && ARROWS[e.key]) {
      e.preventDefault();
      commit({ dr: ARROWS[e.key][0], dc: ARROWS[e.key][1] });
    }
  };

  /** The in-cell editor's props (it exists while `editing` is not null). */
  const editorProps = {
    onChange: (ev: React.ChangeEvent<HTMLInputElement>) => editing && setEditing({ ...editing, text: ev.target.value }),
    onKeyDown: onEditorKeyDown,
    onBlur: (e: React.FocusEvent) => live.current && focusStaysInWorkbook(e) && commit(),
  };

  /** The formula bar: the entry's text while one is open on the active cell, else the active cell's own. */
  const formulaBar = {
    value:
      formula ??
      (editing && editing.r === active.r && editing.c === active.c ? editing.text : editText(sheet, active.r, active.c)),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setFormula(e.target.value),
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === "Enter" && formula !== null) {
        e.preventDefault();
        setFormula(null);
        commitText(active.r, active.c, formula, { dr: 1, dc: 0 });
        scroller.current?.focus();
      } else if (e.key === "Escape") setFormula(null);
    },
    onBlur: (e: React.FocusEvent) => focusStaysInWorkbook(e) && setFormula(null),
  };

  return { editing, root, commit, startEdit, editorProps, formulaBar };
}
