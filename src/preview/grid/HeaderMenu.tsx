/**
 * The row and column headers' menu, as Excel's: Insert and Delete for the selected rows or columns (a right-click on
 * a header outside the selection selects that row or column first). From the keyboard (the menu key or Shift+F10 in
 * the grid), or a right-click on a cell, it acts on the selection: whole rows or columns as such, else Excel's Insert/Delete Sheet Rows and Sheet
 * Columns for the selection's rows or columns. Cells, tables and formulas follow (emulator/sheetOps.ts).
 */
import * as React from "react";
import {
  MAX_COLS,
  MAX_ROWS,
  parseAddress,
  type CellRef,
  type Rect,
  type SheetModel,
  type WorkbookModel,
} from "../../emulator/model";
import { columnLetter } from "../../xl/excelConventions";
import { ContextMenu, isMenuKey, NoticeDialog, refusal, type MenuEntry, type OpenMenu } from "./ContextMenu";

interface HeaderMenuInput {
  workbook: WorkbookModel;
  sheet: SheetModel;
  scroller: React.RefObject<HTMLDivElement | null>;
  select(rect: Rect, at: CellRef): void;
  commit(): void;
}

const inside = (rect: Rect, r: number, c: number) =>
  r >= rect.r && r < rect.r + rect.rows && c >= rect.c && c < rect.c + rect.cols;
const plural = (n: number, one: string) => (n === 1 ? one : `${one}s`);

function rowsOf(sel: Rect): { label: string; at: number; count: number } {
  const label = sel.rows === 1 ? `${plural(1, "row")} ${sel.r + 1}` : `rows ${sel.r + 1}:${sel.r + sel.rows}`;
  return { label, at: sel.r, count: sel.rows };
}
function columnsOf(sel: Rect): { label: string; at: number; count: number } {
  const first = columnLetter(sel.c);
  const label = sel.cols === 1 ? `column ${first}` : `columns ${first}:${columnLetter(sel.c + sel.cols - 1)}`;
  return { label, at: sel.c, count: sel.cols };
}

export function useHeaderMenu({ workbook, sheet, scroller, select, commit }: HeaderMenuInput): React.JSX.Element {
  const [menu, setMenu] = React.useState<OpenMenu | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);

  const shift = (axis: "row" | "col", at: number, count: number) => {
    try {
      workbook.shiftSheet(sheet, { axis, at, count, from: 0, to: axis === "row" ? MAX_COLS : MAX_ROWS });
    } catch (e) {
      setNotice(refusal(e));
    }
    workbook.changed();
  };

  const entriesFor = (sel: Rect): MenuEntry[] => {
    const wholeRows = sel.c === 0 && sel.cols === MAX_COLS;
    const wholeCols = sel.r === 0 && sel.rows === MAX_ROWS;
    const rows = rowsOf(sel);
    const cols = columnsOf(sel);
    const rowEntries = [
      { label: `Insert ${rows.label}`, onSelect: () => shift("row", rows.at, rows.count) },
      { label: `Delete ${rows.label}`, onSelect: () => shift("row", rows.at, -rows.count) },
    ];
    const colEntries = [
      { label: `Insert ${cols.label}`, onSelect: () => shift("col", cols.at, cols.count) },
      { label: `Delete ${cols.label}`, onSelect: () => shift("col", cols.at, -cols.count) },
    ];
    if (wholeRows) return rowEntries;
    if (wholeCols) return colEntries;
    return [rowEntries[0], colEntries[0], rowEntries[1], colEntries[1]];
  };

  React.useEffect(() => {
    const grid = scroller.current;
    if (!grid) return;
    const open = (e: Event, target: HTMLElement, sel: Rect, name: string) => {
      e.preventDefault();
      e.stopPropagation();
      commit();
      setMenu({ name, target, entries: entriesFor(sel) });
    };
    const onContextMenu = (e: MouseEvent) => {
      const el = e.target as HTMLElement;
      const rowHeader = el.closest<HTMLElement>("[role=rowheader][data-row]");
      const colHeader = el.closest<HTMLElement>("[role=columnheader][data-column]");
      const cellEl = el.closest<HTMLElement>("[role=gridcell][data-address]");
      let sel = sheet.selection;
      if (!rowHeader && !colHeader) {
        // A cell: the selection's rows and columns, as from the keyboard (the cell selected first if outside it).
        if (!cellEl) return;
        const at = parseAddress(cellEl.dataset.address!);
        if (!inside(sel, at.r, at.c)) select((sel = at), { r: at.r, c: at.c });
        return open(e, cellEl, sel, "Insert or delete");
      }
      // Excel selects the row or column right-clicked unless it is already in the selection.
      if (rowHeader) {
        const r = Number(rowHeader.dataset.row) - 1;
        if (!(inside(sel, r, 0) && sel.cols === MAX_COLS)) select((sel = { r, c: 0, rows: 1, cols: MAX_COLS }), { r, c: 0 });
        open(e, rowHeader, sel, `Row ${r + 1}`);
      } else if (colHeader) {
        const c = parseAddress(`${colHeader.dataset.column}1`).c;
        if (!(inside(sel, 0, c) && sel.rows === MAX_ROWS)) select((sel = { r: 0, c, rows: MAX_ROWS, cols: 1 }), { r: 0, c });
        open(e, colHeader, sel, `Column ${columnLetter(c)}`);
      }
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isMenuKey(e) || (e.target as HTMLElement).tagName === "INPUT") return;
      const active = grid.querySelector<HTMLElement>(`[data-address="${columnLetter(sheet.active.c)}${sheet.active.r + 1}"]`);
      open(e, active ?? grid, sheet.selection, "Insert or delete");
    };
    grid.addEventListener("contextmenu", onContextMenu);
    grid.addEventListener("keydown", onKeyDown);
    return () => {
      grid.removeEventListener("contextmenu", onContextMenu);
      grid.removeEventListener("keydown", onKeyDown);
    };
  });

  return (
    <>
      <ContextMenu
        menu={menu}
        onClose={() => {
          setMenu(null);
          scroller.current?.focus();
        }}
      />
      <NoticeDialog text={notice} onClose={() => setNotice(null)} />
    </>
  );
}
