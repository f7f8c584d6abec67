/**
 * The grid's keys while it has the focus (not the in-cell editor's): moves (arrows, Ctrl+arrows, Home, Ctrl+Home,
 * Ctrl+End, PageUp/PageDown, Tab; Shift extends), F2/Enter to edit, typing to start an entry, Backspace, Delete,
 * Ctrl+D (fill down), Ctrl+Z (undo the person's last edit: src/emulator/undo.ts) and Escape.
 */
import type * as React from "react";
import type { SheetModel, WorkbookModel } from "../../emulator/model";
import { navigate } from "./navigation";
import type { Editing } from "./useEditing";
import type { Scrolling } from "./useScrolling";
import type { Selection } from "./useSelection";

interface GridKeysInput {
  workbook: WorkbookModel;
  sheet: SheetModel;
  selection: Selection;
  scrolling: Pick<Scrolling, "scroller" | "pageRows" | "afterKeyMove">;
  editing: Editing | null;
  startEdit: (at: Selection["active"], mode: Editing["mode"], text?: string) => void;
}

export function gridKeyHandler({ workbook, sheet, selection, scrolling, editing, startEdit }: GridKeysInput) {
  const { sel, areas, active, select, setMessage } = selection;
  return (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (editing || e.target !== scrolling.scroller.current) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const move = navigate(sheet, sel, active, { key: e.key, shift: e.shiftKey, ctrl }, scrolling.pageRows());
    if (move) {
      e.preventDefault();
      scrolling.afterKeyMove(move);
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
    } else if (ctrl && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "z") {
      // Undo, as Excel's Ctrl+Z: the last edit's cells as they were, selected; or a message when there is none.
      e.preventDefault();
      const undone = workbook.undo();
      if (undone.ok) workbook.select(undone.sheet, undone.rect); // another sheet's edit shows that sheet, as in Excel
      setMessage(undone.ok ? null : undone.message);
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
}
