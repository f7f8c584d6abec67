/**
 * Ctrl+C / Ctrl+V while the grid has the focus: tab-separated blocks, as Excel puts on and takes from the
 * clipboard. One value pasted over a selected block fills it; several selected blocks cannot be copied or pasted.
 */
import * as React from "react";
import { type Rect, type SheetModel, type WorkbookModel, MAX_COLS, MAX_ROWS } from "../../emulator/model";
import { parseClipboardText, toClipboardText } from "./clipboard";
import { wholeRowsOrColumns, type Selection } from "./useSelection";

const MULTIPLE = "This does not work on several selected blocks: select one block of cells.";

/** What Ctrl+C takes: the selection, with whole rows or columns cut down to the used range. */
function copyArea(selection: Rect, used: Rect | null): Rect | null {
  if (!wholeRowsOrColumns(selection)) return selection;
  if (!used) return null;
  const rows = selection.rows === MAX_ROWS ? Math.min(selection.rows, used.r + used.rows - selection.r) : selection.rows;
  const cols = selection.cols === MAX_COLS ? Math.min(selection.cols, used.c + used.cols - selection.c) : selection.cols;
  return rows > 0 && cols > 0 ? { ...selection, rows, cols } : null;
}

interface ClipboardInput {
  workbook: WorkbookModel;
  sheet: SheetModel;
  selection: Selection;
  used: Rect | null;
  scroller: React.RefObject<HTMLDivElement>;
  keepScroll: () => void;
}

export function useClipboard({ workbook, sheet, selection, used, scroller, keepScroll }: ClipboardInput): void {
  const { sel, areas, select, setMessage } = selection;

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
      keepScroll();
      select(rect, at);
    } catch (error) {
      setMessage(`Nothing was pasted: ${(error as Error).message}`);
    }
  };

  // A browser sends copy and paste events to the node holding the page's text selection (anywhere, or none), not
  // to the focused element, so they are caught on the document. Cancelling beforecopy / beforepaste tells Chromium
  // the page handles them even with no text selected.
  const handlers = React.useRef({ copy: onCopy, paste: onPaste });
  handlers.current = { copy: onCopy, paste: onPaste };
  React.useEffect(() => {
    const doc = scroller.current?.ownerDocument;
    if (!doc) return;
    const focused = () => doc.activeElement === scroller.current;
    const listeners: [string, (e: Event) => void][] = [
      ["beforecopy", (e) => focused() && e.preventDefault()],
      ["beforepaste", (e) => focused() && e.preventDefault()],
      ["copy", (e) => focused() && handlers.current.copy(e as ClipboardEvent)],
      ["paste", (e) => focused() && handlers.current.paste(e as ClipboardEvent)],
    ];
    for (const [kind, listener] of listeners) doc.addEventListener(kind, listener);
    return () => listeners.forEach(([kind, listener]) => doc.removeEventListener(kind, listener));
  }, []);
}
