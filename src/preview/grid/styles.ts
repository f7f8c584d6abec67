/** The grid's look: Excel-like cells, headers, selection and the in-cell editor (Fluent UI tokens). */
import { makeStyles, tokens } from "@fluentui/react-components";

/*
 * Stacking inside the scrolling grid, low to high: cells; text overflowing into empty neighbours (1); the
 * sticky row numbers (2); the in-cell editor (3); frozen rows (4); the column letters (5).
 */
export const Z = { spill: 1, rowHeader: 2, editor: 3, frozen: 4, columnHeader: 5 } as const;

export const useGridStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    height: "100%",
    minHeight: 0,
    fontFamily: tokens.fontFamilyBase,
    fontSize: "13px",
  },
  bar: {
    display: "flex",
    gap: "6px",
    padding: "4px",
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    alignItems: "center",
  },
  nameBox: { width: "90px", fontFamily: tokens.fontFamilyMonospace, fontSize: "12px", padding: "3px 4px" },
  formulaBar: { flex: 1, fontFamily: tokens.fontFamilyMonospace, fontSize: "12px", padding: "3px 4px" },
  status: {
    color: tokens.colorPaletteRedForeground1,
    fontSize: "12px",
    maxWidth: "40%",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
  },
  // Scrolling past an edge stays in the grid: it never chains to the page (whose sideways wheels the preview scrolls
  // itself so that none becomes back/forward navigation: src/preview/leaveGuard.ts).
  scroller: {
    flex: 1,
    overflow: "auto",
    overscrollBehavior: "contain",
    position: "relative",
    outline: "none",
    backgroundColor: tokens.colorNeutralBackground1,
  },
  scrollerFocus: { ":focus-visible": { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` } },
  /** As wide as all the columns (the grid sets --grid-width), so the sticky row numbers stay put however far right. */
  row: { display: "flex", position: "relative", width: "var(--grid-width)" },
  sticky: { position: "sticky", zIndex: Z.frozen },
  gap: { flexShrink: 0 },
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
  /** A cell whose text runs on over empty neighbours: the text box is wider than the cell and clipped. */
  spill: { position: "relative", overflow: "visible", zIndex: Z.spill },
  spillText: { display: "block", overflow: "hidden", whiteSpace: "nowrap", pointerEvents: "none" },
  number: { textAlign: "right" },
  centered: { textAlign: "center" },
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
  rowHeader: { position: "sticky", left: 0, zIndex: Z.rowHeader },
  tableHeader: { fontWeight: tokens.fontWeightSemibold, backgroundColor: "#DDEBF7" },
  frozenEdge: { borderBottom: `2px solid ${tokens.colorNeutralStroke1}` },
  editing: { position: "relative", overflow: "visible", zIndex: Z.editor },
  editor: {
    position: "absolute",
    inset: 0,
    boxSizing: "border-box",
    border: `2px solid ${tokens.colorBrandStroke1}`,
    font: "inherit",
    padding: "0 3px",
    minWidth: "100%",
  },
  tabs: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, overflowX: "auto", flexShrink: 0 },
});
