/**
 * One row of the grid: its number and the cells of the drawn columns. Memoised: a row renders again
 * only when the data changes or the selection, active cell or editor touch it, so scrolling and moving
 * the active cell re-render a few rows, not the screen.
 */
import * as React from "react";
import { mergeClasses } from "@fluentui/react-components";
import type { SheetModel } from "../../emulator/model";
import { columnLetter } from "../../xl/excelConventions";
import { errorMessageAt, isErrorCell } from "./errorTip";
import { HEADER_WIDTH, type ColumnLayout } from "./layout";
import { useGridStyles } from "./styles";

export interface GridRowProps {
  sheet: SheetModel;
  r: number;
  /** The workbook's dataVersion: cell contents are read from the sheet, so a change must re-render. */
  dataVersion: number;
  layout: ColumnLayout;
  /** Columns [0, dense) are always drawn (a sheet of moderate width is drawn whole). */
  dense: number;
  /** The window of further columns [c0, c1) around the view (c0 >= dense; empty when c0 === c1). */
  c0: number;
  c1: number;
  rowHeight: number;
  /** For a frozen row: its sticky top offset, px. */
  stickyTop?: number;
  /** The last frozen row draws the freeze line. */
  frozenEdge: boolean;
  /**
   * Selected column spans of this row as "start-end" pairs (end exclusive) joined by ",", e.g. "1-3,5-6"; ""
   * when the row is outside the selection. A string, so that an unchanged selection keeps the row memoised.
   */
  selected: string;
  /** Column of the active cell when it is in this row, else -1. */
  activeCol: number;
  /** Column being edited in this row (else -1), and the editor to put there. */
  editCol: number;
  editor?: React.ReactNode;
}

/** A stable DOM id for a cell (aria-activedescendant points at it). */
export function cellId(sheet: SheetModel, r: number, c: number): string {
  return `pv-${sheet.id.replace(/[^a-z0-9-]/gi, "")}-${columnLetter(c)}${r + 1}`;
}

type Kind = "empty" | "number" | "boolean" | "error" | "string";

function kindOf(sheet: SheetModel, r: number, c: number): Kind {
  const value = sheet.valueAt(r, c);
  if (value === "") return "empty";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return isErrorCell(sheet, r, c) ? "error" : "string";
}

/** Left of the window, the nearest filled cell of the row when its text may run on into the window. */
function spillSource(sheet: SheetModel, r: number, c0: number): number {
  if (c0 === 0 || sheet.hasContent(r, c0)) return -1;
  const row = sheet.rowsData[r];
  if (!row) return -1;
  for (let c = Math.min(c0, row.length) - 1; c >= 0; c--) {
    if (sheet.hasContent(r, c)) return kindOf(sheet, r, c) === "string" ? c : -1;
  }
  return -1;
}

/**
 * The drawn columns in order, each by `draw(c, width)`, with a spacer wherever columns between them are not
 * drawn; hidden columns (width 0) draw nothing. Rows and the column header line up because both use it.
 */
export function drawColumns(
  layout: ColumnLayout,
  columns: readonly number[],
  gapClass: string,
  draw: (c: number, width: number) => React.ReactNode,
): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  let x = 0; // px from the left of column A drawn so far
  for (const c of columns) {
    const left = layout.left(c);
    if (left > x) out.push(<div key={`gap${c}`} aria-hidden className={gapClass} style={{ width: left - x }} />);
    const width = layout.width(c);
    x = left + width;
    if (width > 0) out.push(draw(c, width));
  }
  return out;
}

function GridRowView(props: GridRowProps): React.JSX.Element {
  const { sheet, r, layout, dense, c0, c1, rowHeight, activeCol, editCol } = props;
  const spans = props.selected ? props.selected.split(",").map((span) => span.split("-").map(Number)) : [];
  const isSelected = (c: number) => spans.some(([start, end]) => c >= start && c < end);
  const styles = useGridStyles();
  const tables = sheet.tables().filter((t) => t.r === r);
  const isTableHeader = (c: number) => tables.some((t) => c >= t.c && c < t.c + t.cols);
  const lineHeight = `${rowHeight - 1}px`;

  // Columns to draw: the dense ones, a cell between them and the window whose text runs into it, the window.
  const columns: number[] = [];
  for (let c = 0; c < dense; c++) columns.push(c);
  const source = c1 > c0 ? spillSource(sheet, r, c0) : -1;
  if (source >= dense) columns.push(source);
  for (let c = c0; c < c1; c++) columns.push(c);
  const end = Math.max(dense, c1);

  const children = drawColumns(layout, columns, styles.gap, (c, width) => {
    const address = `${columnLetter(c)}${r + 1}`;
    const cell = sheet.cell(r, c);
    const kind = kindOf(sheet, r, c);
    const selected = isSelected(c);
    const isActive = c === activeCol;
    const isEditing = c === editCol;
    // Text runs on over empty cells to its right and stops at the first filled one, as in Excel.
    let spillTo = c + 1;
    if (kind === "string" && !isEditing) while (spillTo < end && !sheet.hasContent(r, spillTo)) spillTo++;
    const spills = spillTo > c + 1;
    const text = sheet.textAt(r, c);
    return (
      <div
        key={c}
        id={cellId(sheet, r, c)}
        role="gridcell"
        aria-colindex={c + 2}
        aria-selected={selected}
        data-address={address}
        data-type={kind}
        title={kind === "error" ? `${cell?.f ?? ""}\n${errorMessageAt(sheet, r, c)}` : cell?.f}
        className={mergeClasses(
          styles.cell,
          kind === "number" && styles.number,
          kind === "boolean" && styles.centered,
          kind === "error" && styles.error,
          isTableHeader(c) && styles.tableHeader,
          selected && !isActive && styles.selected,
          isActive && styles.active,
          props.frozenEdge && styles.frozenEdge,
          spills && styles.spill,
          isEditing && styles.editing,
        )}
        style={{
          width,
          height: rowHeight,
          lineHeight,
          backgroundColor: cell?.fill && !(selected && !isActive) ? cell.fill : undefined,
          fontWeight: cell?.bold ? 600 : undefined,
          // A hyperlink (Range.hyperlink) shows as Excel's Hyperlink style: blue, underlined.
          ...(cell?.link ? { color: "#0563C1", textDecoration: "underline" } : {}),
        }}
        data-link={cell?.link?.documentReference ?? cell?.link?.address}
      >
        {isEditing ? (
          props.editor
        ) : spills ? (
          // Clipped just before the next filled cell (the cell's own padding stays clear on the left).
          <span className={styles.spillText} style={{ width: layout.left(spillTo) - layout.left(c) - 9 }}>
            {text}
          </span>
        ) : (
          text
        )}
      </div>
    );
  });

  return (
    <div
      role="row"
      aria-rowindex={r + 2}
      className={mergeClasses(styles.row, props.stickyTop !== undefined && styles.sticky)}
      style={{ height: rowHeight, top: props.stickyTop }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        data-row={r + 1}
        className={mergeClasses(styles.cell, styles.header, styles.rowHeader, spans.length > 0 && styles.headerSelected)}
        style={{ width: HEADER_WIDTH, height: rowHeight, lineHeight }}
      >
        {r + 1}
      </div>
      {children}
    </div>
  );
}

export const GridRow = React.memo(GridRowView);
