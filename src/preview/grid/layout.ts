/**
 * Where columns are on screen: pixel widths from the sheet's column widths (points, as the Excel layer sets
 * them), column edges and the column under a given x, without walking all 16,384 columns.
 */
import { DEFAULT_COLUMN_WIDTH, MAX_COLS, type SheetModel } from "../../emulator/model";

/** Width of the row-number column, px. */
export const HEADER_WIDTH = 48;
/** Excel's column widths are in points; the screen is at 96 px per 72 pt. */
export const PT_TO_PX = 96 / 72;

export const toPx = (points: number): number => Math.round(points * PT_TO_PX);

export class ColumnLayout {
  private readonly defaultPx = toPx(DEFAULT_COLUMN_WIDTH);
  /** Columns with their own width, ascending, and the running sum of (own width - default) before each. */
  private readonly custom: number[];
  private readonly customPx: number[];
  private readonly deltaBefore: number[];

  constructor(widths: ReadonlyMap<number, number>) {
    this.custom = [...widths.keys()].filter((c) => c >= 0 && c < MAX_COLS).sort((a, b) => a - b);
    this.customPx = this.custom.map((c) => toPx(widths.get(c)!));
    this.deltaBefore = [];
    let sum = 0;
    for (let i = 0; i < this.custom.length; i++) {
      this.deltaBefore.push(sum);
      sum += this.customPx[i] - this.defaultPx;
    }
    this.deltaBefore.push(sum);
  }

  static of(sheet: SheetModel): ColumnLayout {
    return new ColumnLayout(sheet.columnWidths);
  }

  width(c: number): number {
    const i = this.lowerBound(c);
    return this.custom[i] === c ? this.customPx[i] : this.defaultPx;
  }

  /** Left edge of column c, px from the left of column A (c may be MAX_COLS: the right edge of the sheet). */
  left(c: number): number {
    return c * this.defaultPx + this.deltaBefore[this.lowerBound(c)];
  }

  /** The column whose span holds x (px from the left of column A), clamped to the sheet. */
  indexAt(x: number): number {
    let lo = 0;
    let hi = MAX_COLS - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.left(mid) <= x) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Index of the first custom column >= c. */
  private lowerBound(c: number): number {
    let lo = 0;
    let hi = this.custom.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.custom[mid] < c) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * The scroll offset that brings [start, start + size) into a viewport showing [offset + before, offset + extent)
 * (`before` is what sticky headers and frozen panes cover); the same offset when it is already in view.
 */
export function revealOffset(offset: number, extent: number, before: number, start: number, size: number): number {
  if (start - before < offset) return Math.max(0, start - before);
  if (start + size > offset + extent) return Math.max(0, Math.min(start - before, start + size - extent));
  return offset;
}

/** Columns [c0, c1) drawn around the view. */
export interface ColumnWindow {
  c0: number;
  c1: number;
}

/**
 * The columns to draw for a view showing columns first..last: the previous window while it still covers them,
 * so that scrolling a column or two (an arrow key at the edge) re-renders no row; otherwise the visible columns
 * and `overscan` more either side, up to `limit`.
 */
export function columnWindow(
  previous: ColumnWindow | null,
  first: number,
  last: number,
  limit: number,
  overscan: number,
): ColumnWindow {
  if (previous && first >= previous.c0 && last < previous.c1 && previous.c1 <= limit) return previous;
  return { c0: Math.max(0, first - overscan), c1: Math.min(limit, last + 1 + overscan) };
}
