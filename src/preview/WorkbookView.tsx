/**
 * The preview's workbook on screen: sheet tabs, a name box, a formula bar and an editable grid virtualised in
 * rows and columns. It behaves as Excel does for a person at the keyboard: typing is read as Excel reads it
 * (numbers, TRUE/FALSE, dates, "=" formulas; text in "@" cells); arrows, Ctrl+arrows, Home, Ctrl+Home,
 * Ctrl+End, PageUp/PageDown and Tab move the active cell and scroll it into view (Shift extends the selection);
 * Delete clears the selection; Ctrl+C / Ctrl+V copy and paste tab-separated blocks; Fill Color colours the
 * selection as Home > Fill Color does; each sheet keeps its own scroll position. Selection and edits go into the model, where the Excel layer sees them.
 *
 * Test hooks: the grid is role="grid" (data-testid="workbook-grid", data-sheet=<name>); each cell is
 * role="gridcell" with data-address="B3" (and aria-rowindex/aria-colindex); row headers are
 * role="rowheader" with data-row="3"; column headers role="columnheader" with data-column="B";
 * sheet tabs are role="tab" named by the sheet; the in-cell editor is data-testid="cell-editor";
 * the formula bar is data-testid="formula-bar", the name box data-testid="name-box", Fill Color
 * data-testid="fill-color", and messages (a paste
 * that does not fit) data-testid="grid-message".
 *
 * The view draws; its behaviour is in grid/: the selection and the mouse (useSelection), entries in the cell
 * and the formula bar (useEditing), the drawn window and the scroll positions (useScrolling), the clipboard
 * (useClipboard) and the keys (keyboard).
 */
import * as React from "react";
import { Tab, TabList, mergeClasses } from "@fluentui/react-components";
import type { WorkbookModel } from "../emulator/model";
import { columnLetter } from "../xl/excelConventions";
import { ColumnHeaders } from "./grid/ColumnHeaders";
import { FillColor } from "./grid/FillColor";
import { errorMessageAt } from "./grid/errorTip";
import { cellId, GridRow } from "./grid/GridRow";
import { ColumnLayout } from "./grid/layout";
import { SheetCharts } from "./grid/SheetCharts";
import { useHeaderMenu } from "./grid/HeaderMenu";
import { useSheetTabMenu } from "./grid/SheetTabMenu";
import { gridKeyHandler } from "./grid/keyboard";
import { useClipboard } from "./grid/useClipboard";
import { useEditing } from "./grid/useEditing";
import { useScrolling } from "./grid/useScrolling";
import { cellAt, selectionAddress, useMouseSelection, useSelection } from "./grid/useSelection";
import { useGridStyles } from "./grid/styles";

export interface WorkbookViewProps {
  workbook: WorkbookModel;
  /** Row height in pixels (default 22). */
  rowHeight?: number;
  /** Rows rendered beyond the visible ones, above and below (default 10). */
  overscan?: number;
}

/** Tabster's attribute (what Fluent UI's useTabsterAttributes writes) for "leave the Tab key to this element". */
const TABSTER_KEEP_TAB = JSON.stringify({ focusable: { ignoreKeydown: { Tab: true } } });

/**
 * Where a clicked hyperlink cell goes: a sheet of the workbook (data-link "'Sheet name'!A1"), or a web or mail address
 * (opened in a new tab, as Excel opens it in the browser: the preview page and its workbook stay). Nothing else.
 */
type LinkTarget = { sheet: WorkbookModel["sheets"][number] } | { url: string };
function linkTarget(workbook: WorkbookModel, target: EventTarget): LinkTarget | undefined {
  const ref = target instanceof Element ? target.closest("[data-link]")?.getAttribute("data-link") : null;
  if (!ref) return undefined;
  if (/^(https?:|mailto:)/i.test(ref)) return { url: ref };
  const m = /^(?:'((?:[^']|'')+)'|([^!]+))!/.exec(ref);
  if (!m) return undefined;
  const name = (m[1] ?? m[2]).replace(/''/g, "'");
  const sheet = workbook.visibleSheets().find((s) => s.name.toLowerCase() === name.toLowerCase());
  return sheet && { sheet };
}

function useWorkbookVersion(workbook: WorkbookModel): number {
  return React.useSyncExternalStore(
    React.useCallback((cb) => workbook.subscribe(cb), [workbook]),
    () => workbook.version,
    () => workbook.version,
  );
}

export function WorkbookView({ workbook, rowHeight = 22, overscan = 10 }: WorkbookViewProps): React.JSX.Element {
  useWorkbookVersion(workbook);
  const styles = useGridStyles();
  const sheet = workbook.activeSheet;
  const dataVersion = workbook.dataVersion;
  const selection = useSelection(workbook, sheet);
  const { sel, areas, active, corner, message } = selection;
  // Scanning for the used area is O(cells): once per data change, not per scroll or key press.
  const used = React.useMemo(() => sheet.usedRect(), [sheet, dataVersion]);
  const layout = React.useMemo(() => ColumnLayout.of(sheet), [sheet, dataVersion]);
  const scrolling = useScrolling({ sheet, active, corner, used, layout, rowHeight, overscan });
  const { scroller, keepScroll } = scrolling;
  const { rowCount, colCount, totalWidth, frozenShown, first, last, dense, c0, c1 } = scrolling.grid;
  const { editing, root, commit, startEdit, editorProps, formulaBar } = useEditing({ workbook, sheet, selection, scroller });
  const mouse = useMouseSelection({ workbook, sheet, selection, scroller, keepScroll, commit });
  useClipboard({ workbook, sheet, selection, used, scroller, keepScroll });
  const linkPressed = React.useRef<LinkTarget | undefined>(undefined);
  const onKeyDown = gridKeyHandler({ workbook, sheet, selection, scrolling, editing, startEdit });
  // Right-click (or the menu key) on the headers and the sheet tabs: insert, delete, rename, move (grid/*Menu.tsx).
  const headerMenu = useHeaderMenu({ workbook, sheet, scroller, select: selection.select, commit });
  const tabMenu = useSheetTabMenu({ workbook, commit });

  const editor =
    editing !== null ? (
      <input
        data-testid="cell-editor"
        aria-label={`Edit ${columnLetter(editing.c)}${editing.r + 1}`}
        className={styles.editor}
        autoFocus
        value={editing.text}
        {...editorProps}
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

  const activeRendered =
    (active.r < frozenShown || (active.r >= first && active.r < last)) && (active.c < dense || (active.c >= c0 && active.c < c1));

  return (
    <div ref={root} className={styles.root} data-testid="workbook-view">
      <div className={styles.bar}>
        <input
          className={styles.nameBox}
          data-testid="name-box"
          aria-label="Selected cells"
          readOnly
          value={selectionAddress({ sel, areas, active })}
        />
        <input
          className={styles.formulaBar}
          data-testid="formula-bar"
          aria-label={`Contents of ${columnLetter(active.c)}${active.r + 1}`}
          title={errorMessageAt(sheet, active.r, active.c)}
          {...formulaBar}
        />
        <FillColor className={styles.nameBox} workbook={workbook} sheet={sheet} areas={areas} />
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
        onScroll={scrolling.onScroll}
        onKeyDown={onKeyDown}
        onMouseDown={(e) => {
          // The cell pressed may be drawn again before the button is released: remember its link now.
          linkPressed.current = e.button === 0 ? linkTarget(workbook, e.target) : undefined;
          mouse.onMouseDown(e);
        }}
        onMouseOver={mouse.onMouseOver}
        onMouseUp={() => {
          // A click on a hyperlink to a sheet of the workbook goes there, as in Excel; a web address opens in a new tab.
          const target = linkPressed.current;
          linkPressed.current = undefined;
          if (target && "url" in target) window.open(target.url, "_blank", "noopener,noreferrer");
          else if (target && target.sheet !== sheet) {
            commit();
            workbook.activate(target.sheet);
            workbook.changed("view");
          }
        }}
        onDoubleClick={(e) => {
          const at = cellAt(e.target);
          if (at) startEdit(at, "edit");
        }}
      >
        <ColumnHeaders layout={layout} dense={dense} c0={c0} c1={c1} areas={areas} rowHeight={rowHeight} />
        {rows}
        <SheetCharts sheet={sheet} dataVersion={dataVersion} layout={layout} rowHeight={rowHeight} />
      </div>
      <TabList
        ref={tabMenu.tabsRef}
        className={styles.tabs}
        size="small"
        aria-label="Sheets"
        selectedValue={sheet.id}
        onTabSelect={(_, data) => {
          const next = workbook.sheets.find((s) => s.id === data.value);
          if (next && next !== sheet) {
            commit();
            workbook.activate(next);
            workbook.changed("view");
          }
        }}
      >
        {workbook.visibleSheets().map((s) => (
          <Tab key={s.id} value={s.id} data-sheet={s.name}>
            {s.name}
          </Tab>
        ))}
      </TabList>
      {headerMenu}
      {tabMenu.element}
    </div>
  );
}
