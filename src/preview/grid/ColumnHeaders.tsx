/** The grid's first row, sticky at the top: the corner above the row numbers and the column letters of the drawn
 * columns, lined up with the rows by drawColumns; a column with a selected cell is marked. */
import * as React from "react";
import { mergeClasses } from "@fluentui/react-components";
import type { Rect } from "../../emulator/model";
import { columnLetter } from "../../xl/excelConventions";
import { drawColumns } from "./GridRow";
import { HEADER_WIDTH, type ColumnLayout } from "./layout";
import { useGridStyles, Z } from "./styles";

interface ColumnHeadersProps {
  layout: ColumnLayout;
  /** The drawn columns, as GridRow's: [0, dense) and [c0, c1). */
  dense: number;
  c0: number;
  c1: number;
  /** The selected blocks. */
  areas: readonly Rect[];
  rowHeight: number;
}

export function ColumnHeaders({ layout, dense, c0, c1, areas, rowHeight }: ColumnHeadersProps): React.JSX.Element {
  const styles = useGridStyles();
  const columns = [...Array.from({ length: dense }, (_, c) => c), ...Array.from({ length: c1 - c0 }, (_, k) => c0 + k)];
  const headers = drawColumns(layout, columns, styles.gap, (c, width) => (
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
  return (
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
  );
}
