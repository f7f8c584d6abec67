/**
 * The preview's workbook on screen: sheet tabs, a formula bar and an editable, virtualised grid.
 * Typing is read as Excel reads it (numbers, TRUE/FALSE, dates, "=" formulas; text in "@" cells).
 * Selection (click, shift-click, row/column headers, arrows) goes into the model, where the Excel
 * layer's getSelectedRange sees it.
 *
 * Test hooks: the grid is role="grid" (data-testid="workbook-grid", data-sheet=<name>); each cell is
 * role="gridcell" with data-address="B3" (and aria-rowindex/aria-colindex); row headers are
 * role="rowheader" with data-row="3"; column headers role="columnheader" with data-column="B";
 * sheet tabs are role="tab" named by the sheet; the in-cell editor is data-testid="cell-editor";
 * the formula bar is data-testid="formula-bar" and the name box data-testid="name-box".
 */
import * as React from "react";
import { Tab, TabList, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { type Rect, type SheetModel, type WorkbookModel, columnLetters, MAX_COLS, MAX_ROWS, parseAddress, rectAddress } from "./workbook/model";
import { isDateFormat } from "./workbook/numberFormat";

export interface WorkbookViewProps {
  workbook: WorkbookModel;
  /** Row height in pixels (default 22). */
  rowHeight?: number;
  /** Rows rendered beyond the visible ones, above and below (default 10). */
  overscan?: number;
}

const HEADER_WIDTH = 48;
const PT_TO_PX = 96 / 72;
/** Height used when the container cannot be measured (jsdom, hidden tabs). */
const FALLBACK_VIEWPORT = 600;

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", height: "100%", minHeight: 0, fontFamily: tokens.fontFamilyBase, fontSize: "13px" },
  bar: { display: "flex", gap: "6px", padding: "4px", borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, alignItems: "center" },
  nameBox: { width: "90px", fontFamily: tokens.fontFamilyMonospace, fontSize: "12px", padding: "3px 4px" },
  formulaBar: { flex: 1, fontFamily: tokens.fontFamilyMonospace, fontSize: "12px", padding: "3px 4px" },
  scroller: { flex: 1, overflow: "auto", position: "relative", outline: "none", backgroundColor: tokens.colorNeutralBackground1 },
  scrollerFocus: { ":focus-visible": { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` } },
  row: { display: "flex", position: "relative" },
  sticky: { position: "sticky", zIndex: 2 },
  cell: {
    boxSizing: "border-box",
    borderRight: `1px solid ${tokens.colorNeutralStroke3}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    padding: "0 4px",
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "clip",
    flexShrink: 0,
    cursor: "cell",
    backgroundColor: tokens.colorNeutralBackground1,
  },
  number: { textAlign: "right" },
  error: { color: tokens.colorPaletteRedForeground1, textAlign: "center" },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  active: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: "-2px" },
  header: {
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    textAlign: "center",
    cursor: "pointer",
    userSelect: "none",
  },
  headerSelected: { backgroundColor: tokens.colorNeutralBackground3Selected, color: tokens.colorNeutralForeground1 },
  rowHeader: { position: "sticky", left: 0, zIndex: 1 },
  tableHeader: { fontWeight: tokens.fontWeightSemibold, backgroundColor: "#DDEBF7" },
  frozenEdge: { borderBottom: `2px solid ${tokens.colorNeutralStroke1}` },
  editor: { position: "absolute", inset: 0, boxSizing: "border-box", border: `2px solid ${tokens.colorBrandStroke1}`, font: "inherit", padding: "0 3px", zIndex: 3 },
  tabs: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, overflowX: "auto", flexShrink: 0 },
});

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
  if (typeof cell.v === "number" && cell.nf && isDateFormat(cell.nf)) return sheet.textAt(r, c);
  return String(cell.v);
}

function cellId(sheet: SheetModel, r: number, c: number): string {
  return `pv-${sheet.id.replace(/[^a-z0-9-]/gi, "")}-${columnLetters(c)}${r + 1}`;
}

function inRect(rect: Rect, r: number, c: number): boolean {
  return r >= rect.r && r < rect.r + rect.rows && c >= rect.c && c < rect.c + rect.cols;
}

function span(a: number, b: number): [number, number] {
  return [Math.min(a, b), Math.abs(a - b) + 1];
}

interface Editing {
  r: number;
  c: number;
  text: string;
}

export function WorkbookView({ workbook, rowHeight = 22, overscan = 10 }: WorkbookViewProps): React.JSX.Element {
  useWorkbookVersion(workbook);
  const styles = useStyles();
  const sheet = workbook.activeSheet;
  const scroller = React.useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = React.useState(0);
  const [viewport, setViewport] = React.useState(FALLBACK_VIEWPORT);
  const [viewportWidth, setViewportWidth] = React.useState(0);
  const [editing, setEditingState] = React.useState<Editing | null>(null);
  /** The live edit, read by blur/commit handlers that may run after a re-render (Escape, then blur). */
  const live = React.useRef<Editing | null>(null);
  const setEditing = (e: Editing | null) => {
    live.current = e;
    setEditingState(e);
  };
  const [formula, setFormula] = React.useState<string | null>(null);
  /** The cell a shift-click or shift-arrow extends from (Excel's active cell). */
  const anchor = React.useRef(new Map<SheetModel, { r: number; c: number }>());

  const sel = sheet.selection;
  const active = anchor.current.get(sheet) ?? { r: sel.r, c: sel.c };
  const version = workbook.version;
  // Scanning for the used area is O(cells): once per change, not per scroll.
  const used = React.useMemo(() => sheet.usedRect(), [sheet, version]);
  const rowCount = Math.min(MAX_ROWS, Math.max(50, (used ? used.r + used.rows : 0) + 20, active.r + 10));
  const minCols = Math.max(10, (used ? used.c + used.cols : 0) + 3, active.c + 3);
  const widths: number[] = [];
  // Enough columns to fill the visible width, as a spreadsheet does.
  for (let c = 0, px = HEADER_WIDTH; c < MAX_COLS && (c < minCols || px < viewportWidth); c++) {
    widths.push(Math.round(sheet.columnWidth(c) * PT_TO_PX));
    px += widths[c];
  }
  const colCount = widths.length;
  const totalWidth = HEADER_WIDTH + widths.reduce((a, b) => a + b, 0);
  const frozen = Math.min(sheet.frozenRows, rowCount);

  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      setViewport(el.clientHeight || FALLBACK_VIEWPORT);
      setViewportWidth(el.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A new sheet starts at the top.
  React.useEffect(() => {
    setEditing(null);
    setFormula(null);
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [sheet]);

  const first = Math.max(frozen, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);

  const select = (rect: Rect, at: { r: number; c: number }) => {
    anchor.current.set(sheet, at);
    setFormula(null);
    workbook.select(sheet, rect);
  };

  const selectCell = (r: number, c: number, extend: boolean) => {
    if (extend) {
      const [r0, rows] = span(active.r, r);
      const [c0, cols] = span(active.c, c);
      workbook.select(sheet, { r: r0, c: c0, rows, cols });
    } else select({ r, c, rows: 1, cols: 1 }, { r, c });
  };

  const scrollIntoView = (r: number) => {
    const el = scroller.current;
    if (!el || r < frozen) return;
    const top = (r + 1) * rowHeight; // +1 for the column-header row
    const frozenPx = (frozen + 1) * rowHeight;
    if (top - frozenPx < el.scrollTop) el.scrollTop = Math.max(0, top - frozenPx);
    else if (top + rowHeight > el.scrollTop + (el.clientHeight || viewport)) el.scrollTop = top + rowHeight - (el.clientHeight || viewport);
    setScrollTop(el.scrollTop);
  };

  const commit = (e: Editing | null, move?: { dr: number; dc: number }) => {
    // The in-cell editor's latest text wins over a stale copy from an earlier render.
    const edit = live.current ?? e;
    if (!edit) return;
    setEditing(null);
    workbook.editCell(sheet, edit.r, edit.c, edit.text);
    if (move) {
      const r = Math.min(MAX_ROWS - 1, Math.max(0, edit.r + move.dr));
      const c = Math.min(MAX_COLS - 1, Math.max(0, edit.c + move.dc));
      select({ r, c, rows: 1, cols: 1 }, { r, c });
      scrollIntoView(r);
    }
    scroller.current?.focus();
  };

  const startEdit = (r: number, c: number, text?: string) => setEditing({ r, c, text: text ?? editText(sheet, r, c) });

  const clearSelection = () => {
    const area = used ? { r: Math.max(sel.r, used.r), c: Math.max(sel.c, used.c), rows: 0, cols: 0 } : null;
    if (!area || !used) return;
    const r1 = Math.min(sel.r + sel.rows, used.r + used.rows);
    const c1 = Math.min(sel.c + sel.cols, used.c + used.cols);
    for (let r = area.r; r < r1; r++) for (let c = area.c; c < c1; c++) if (sheet.cell(r, c)) workbook.editCell(sheet, r, c, "");
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (editing || e.target !== scroller.current) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Tab: [0, 1] };
    const move = moves[e.key];
    if (move) {
      if (e.key === "Tab" && e.shiftKey) move[1] = -1;
      e.preventDefault();
      const extend = e.shiftKey && e.key !== "Tab";
      const base = extend ? { r: sel.r === active.r ? sel.r + sel.rows - 1 : sel.r, c: sel.c === active.c ? sel.c + sel.cols - 1 : sel.c } : active;
      const r = Math.min(MAX_ROWS - 1, Math.max(0, base.r + move[0]));
      const c = Math.min(MAX_COLS - 1, Math.max(0, base.c + move[1]));
      selectCell(r, c, extend);
      scrollIntoView(r);
    } else if (e.key === "Enter" || e.key === "F2") {
      e.preventDefault();
      startEdit(active.r, active.c);
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      clearSelection();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      startEdit(active.r, active.c, e.key);
    }
  };

  const onEditorKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!editing) return;
    if (e.key === "Enter") {
      e.preventDefault();
      commit(editing, { dr: e.shiftKey ? -1 : 1, dc: 0 });
    } else if (e.key === "Tab") {
      e.preventDefault();
      commit(editing, { dr: 0, dc: e.shiftKey ? -1 : 1 });
    } else if (e.key === "Escape") {
      e.preventDefault();
      setEditing(null);
      scroller.current?.focus();
    }
  };

  const cellAt = (target: EventTarget): { r: number; c: number } | null => {
    const el = (target as HTMLElement).closest?.("[data-address]") as HTMLElement | null;
    if (!el) return null;
    const rect = parseAddress(el.dataset.address!);
    return { r: rect.r, c: rect.c };
  };

  const onMouseDown = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.tagName === "INPUT") return;
    const rowHeaderEl = target.closest("[data-row]") as HTMLElement | null;
    const colHeaderEl = target.closest("[data-column]") as HTMLElement | null;
    if (live.current) commit(live.current);
    if (rowHeaderEl) {
      const r = Number(rowHeaderEl.dataset.row) - 1;
      if (e.shiftKey) {
        const [r0, rows] = span(active.r, r);
        workbook.select(sheet, { r: r0, c: 0, rows, cols: MAX_COLS });
      } else select({ r, c: 0, rows: 1, cols: MAX_COLS }, { r, c: 0 });
    } else if (colHeaderEl) {
      const c = parseAddress(`${colHeaderEl.dataset.column}1`).c;
      if (e.shiftKey) {
        const [c0, cols] = span(active.c, c);
        workbook.select(sheet, { r: 0, c: c0, rows: MAX_ROWS, cols });
      } else select({ r: 0, c, rows: MAX_ROWS, cols: 1 }, { r: 0, c });
    } else {
      const at = cellAt(target);
      if (!at) return;
      selectCell(at.r, at.c, e.shiftKey);
    }
    e.preventDefault();
    scroller.current?.focus();
  };

  const onDoubleClick = (e: React.MouseEvent) => {
    const at = cellAt(e.target);
    if (at) startEdit(at.r, at.c);
  };

  const tables = sheet.tables();
  const isTableHeader = (r: number, c: number) => tables.some((t) => t.r === r && c >= t.c && c < t.c + t.cols);

  const renderRow = (r: number) => {
    const rowSelected = sel.r <= r && r < sel.r + sel.rows;
    const frozenRow = r < frozen;
    const cells: React.ReactNode[] = [];
    for (let c = 0; c < colCount; c++) {
      const address = `${columnLetters(c)}${r + 1}`;
      const cell = sheet.cell(r, c);
      const value = sheet.valueAt(r, c);
      const kind = value === "" ? "empty" : typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : /^#[A-Z/0!?]+[!?A]$/.test(String(value)) && cell?.f ? "error" : "string";
      const isActive = r === active.r && c === active.c;
      const isEditing = editing !== null && editing.r === r && editing.c === c;
      // Text spills into an empty cell on its right, as in Excel.
      const spills = kind === "string" && c + 1 < colCount && sheet.valueAt(r, c + 1) === "" && !isTableHeader(r, c);
      cells.push(
        <div
          key={c}
          id={cellId(sheet, r, c)}
          role="gridcell"
          aria-colindex={c + 2}
          aria-selected={inRect(sel, r, c)}
          data-address={address}
          data-type={kind}
          title={cell?.f}
          className={mergeClasses(
            styles.cell,
            (kind === "number" || kind === "boolean") && styles.number,
            kind === "error" && styles.error,
            isTableHeader(r, c) && styles.tableHeader,
            inRect(sel, r, c) && !isActive && styles.selected,
            isActive && styles.active,
            frozenRow && r === frozen - 1 && styles.frozenEdge,
          )}
          style={{
            width: widths[c],
            height: rowHeight,
            lineHeight: `${rowHeight - 1}px`,
            position: isEditing || spills ? "relative" : undefined,
            zIndex: spills && !isEditing ? 1 : undefined,
            overflow: isEditing || spills ? "visible" : undefined,
            backgroundColor: cell?.fill && !(inRect(sel, r, c) && !isActive) ? cell.fill : undefined,
            fontWeight: cell?.bold ? 600 : undefined,
            color: cell?.fontColor,
          }}
        >
          {isEditing ? (
            <input
              data-testid="cell-editor"
              aria-label={`Edit ${address}`}
              className={styles.editor}
              autoFocus
              value={editing.text}
              onChange={(ev) => setEditing({ ...editing, text: ev.target.value })}
              onKeyDown={onEditorKeyDown}
              onBlur={() => live.current && commit(live.current)}
            />
          ) : (
            sheet.textAt(r, c)
          )}
        </div>,
      );
    }
    return (
      <div
        key={r}
        role="row"
        aria-rowindex={r + 2}
        className={mergeClasses(styles.row, frozenRow && styles.sticky)}
        style={{ height: rowHeight, width: totalWidth, top: frozenRow ? (r + 1) * rowHeight : undefined }}
      >
        <div
          role="rowheader"
          aria-colindex={1}
          data-row={r + 1}
          className={mergeClasses(styles.cell, styles.header, styles.rowHeader, rowSelected && styles.headerSelected)}
          style={{ width: HEADER_WIDTH, height: rowHeight, lineHeight: `${rowHeight - 1}px` }}
        >
          {r + 1}
        </div>
        {cells}
      </div>
    );
  };

  const rows: React.ReactNode[] = [];
  for (let r = 0; r < frozen; r++) rows.push(renderRow(r));
  if (first > frozen) rows.push(<div key="before" aria-hidden style={{ height: (first - frozen) * rowHeight }} />);
  for (let r = first; r < last; r++) rows.push(renderRow(r));
  if (last < rowCount) rows.push(<div key="after" aria-hidden style={{ height: (rowCount - last) * rowHeight }} />);

  const activeAddress = `${columnLetters(active.c)}${active.r + 1}`;
  const selectionAddress =
    sel.rows === 1 && sel.cols === 1
      ? activeAddress
      : sel.c === 0 && sel.cols === MAX_COLS
        ? `${sel.r + 1}:${sel.r + sel.rows}`
        : sel.r === 0 && sel.rows === MAX_ROWS
          ? `${columnLetters(sel.c)}:${columnLetters(sel.c + sel.cols - 1)}`
          : rectAddress(sel);
  const barText = formula ?? (editing && editing.r === active.r && editing.c === active.c ? editing.text : editText(sheet, active.r, active.c));
  const tabs = workbook.visibleSheets();

  return (
    <div className={styles.root} data-testid="workbook-view">
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
              commit({ r: active.r, c: active.c, text: formula }, { dr: 1, dc: 0 });
              setFormula(null);
            } else if (e.key === "Escape") setFormula(null);
          }}
          onBlur={() => setFormula(null)}
        />
      </div>
      <div
        ref={scroller}
        className={mergeClasses(styles.scroller, styles.scrollerFocus)}
        role="grid"
        aria-label={`Sheet ${sheet.name}`}
        aria-rowcount={rowCount + 1}
        aria-colcount={colCount + 1}
        aria-multiselectable
        aria-activedescendant={active.r >= first || active.r < frozen ? cellId(sheet, active.r, active.c) : undefined}
        data-testid="workbook-grid"
        data-sheet={sheet.name}
        tabIndex={0}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
        onMouseDown={onMouseDown}
        onDoubleClick={onDoubleClick}
      >
        <div role="row" aria-rowindex={1} className={mergeClasses(styles.row, styles.sticky)} style={{ top: 0, height: rowHeight, width: totalWidth, zIndex: 3 }}>
          <div role="columnheader" aria-colindex={1} className={mergeClasses(styles.cell, styles.header, styles.rowHeader)} style={{ width: HEADER_WIDTH, height: rowHeight }} />
          {widths.map((w, c) => (
            <div
              key={c}
              role="columnheader"
              aria-colindex={c + 2}
              data-column={columnLetters(c)}
              className={mergeClasses(styles.cell, styles.header, sel.c <= c && c < sel.c + sel.cols && styles.headerSelected)}
              style={{ width: w, height: rowHeight, lineHeight: `${rowHeight - 1}px` }}
            >
              {columnLetters(c)}
            </div>
          ))}
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
            workbook.activate(next);
            workbook.changed();
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
