/**
 * The grid's pure parts: Excel's keyboard movement (navigation.ts), where columns are on screen (layout.ts) and
 * the clipboard's tab-separated text (clipboard.ts).
 */
import { createPreviewWorkbook, type Rect } from "../../src/emulator";
import { MAX_COLS, MAX_ROWS, type SheetModel } from "../../src/emulator/model";
import { dataEdge, lastCell, movingCorner, navigate, type NavKey } from "../../src/preview/grid/navigation";
import { ColumnLayout, columnWindow, revealOffset } from "../../src/preview/grid/layout";
import { parseClipboardText, toClipboardText } from "../../src/preview/grid/clipboard";

/** A sheet with values where `layout` has a non-space character; row 0 is the first line. */
function sheetOf(...layout: string[]): SheetModel {
  const sheet = createPreviewWorkbook().activeSheet;
  layout.forEach((line, r) => [...line].forEach((ch, c) => ch !== " " && sheet.enter(r, c, ch === "=" ? "=1+1" : ch)));
  return sheet;
}

const one = (r: number, c: number): Rect => ({ r, c, rows: 1, cols: 1 });
const press = (sheet: SheetModel, sel: Rect, active: { r: number; c: number }, key: NavKey, pageRows = 10) =>
  navigate(sheet, sel, active, key, pageRows);

describe("Ctrl+arrow goes to the edge of the data, as in Excel", () => {
  const sheet = sheetOf(
    "xxx  x", //
    "x",
    "x",
    "",
    "",
    "=",
  );
  test("inside a run of filled cells: to its last cell", () => {
    expect(dataEdge(sheet, { r: 0, c: 0 }, 0, 1)).toEqual({ r: 0, c: 2 });
    expect(dataEdge(sheet, { r: 0, c: 0 }, 1, 0)).toEqual({ r: 2, c: 0 });
  });
  test("at the end of a run or on an empty cell: to the next filled cell (a formula counts)", () => {
    expect(dataEdge(sheet, { r: 0, c: 2 }, 0, 1)).toEqual({ r: 0, c: 5 });
    expect(dataEdge(sheet, { r: 2, c: 0 }, 1, 0)).toEqual({ r: 5, c: 0 });
    expect(dataEdge(sheet, { r: 5, c: 0 }, -1, 0)).toEqual({ r: 2, c: 0 });
    expect(dataEdge(sheet, { r: 0, c: 5 }, 0, -1)).toEqual({ r: 0, c: 2 });
  });
  test("no filled cell that way: to the sheet's edge; already at the edge: stays", () => {
    expect(dataEdge(sheet, { r: 5, c: 0 }, 1, 0)).toEqual({ r: MAX_ROWS - 1, c: 0 });
    expect(dataEdge(sheet, { r: 0, c: 5 }, 0, 1)).toEqual({ r: 0, c: MAX_COLS - 1 });
    expect(dataEdge(sheet, { r: MAX_ROWS - 1, c: 3 }, -1, 0)).toEqual({ r: 0, c: 3 });
    expect(dataEdge(sheet, { r: 0, c: 0 }, -1, 0)).toEqual({ r: 0, c: 0 });
  });
});

test("arrows move one cell and stop at the sheet's edges; Tab moves right, Shift+Tab left", () => {
  const sheet = sheetOf("x");
  expect(press(sheet, one(3, 3), { r: 3, c: 3 }, { key: "ArrowDown" })).toMatchObject({
    selection: one(4, 3),
    active: { r: 4, c: 3 },
  });
  expect(press(sheet, one(0, 0), { r: 0, c: 0 }, { key: "ArrowUp" })).toMatchObject({ active: { r: 0, c: 0 } });
  expect(press(sheet, one(0, MAX_COLS - 1), { r: 0, c: MAX_COLS - 1 }, { key: "ArrowRight" })).toMatchObject({
    active: { r: 0, c: MAX_COLS - 1 },
  });
  expect(press(sheet, one(2, 2), { r: 2, c: 2 }, { key: "Tab" })).toMatchObject({ active: { r: 2, c: 3 } });
  expect(press(sheet, one(2, 2), { r: 2, c: 2 }, { key: "Tab", shift: true })).toMatchObject({ active: { r: 2, c: 1 } });
  expect(press(sheet, one(2, 2), { r: 2, c: 2 }, { key: "q" })).toBeNull();
});

test("Home, Ctrl+Home (below frozen rows), Ctrl+End (last used row and column), PageDown/PageUp by a screen", () => {
  const sheet = sheetOf("a", "", "   b", "", " c");
  expect(press(sheet, one(4, 3), { r: 4, c: 3 }, { key: "Home" })?.active).toEqual({ r: 4, c: 0 });
  expect(press(sheet, one(4, 3), { r: 4, c: 3 }, { key: "Home", ctrl: true })?.active).toEqual({ r: 0, c: 0 });
  expect(press(sheet, one(0, 0), { r: 0, c: 0 }, { key: "End", ctrl: true })?.active).toEqual({ r: 4, c: 3 });
  expect(lastCell(createPreviewWorkbook().activeSheet)).toEqual({ r: 0, c: 0 });
  sheet.frozenRows = 3;
  expect(press(sheet, one(40, 3), { r: 40, c: 3 }, { key: "Home", ctrl: true })?.active).toEqual({ r: 3, c: 0 });

  const down = press(sheet, one(5, 2), { r: 5, c: 2 }, { key: "PageDown" }, 17);
  expect(down).toMatchObject({ active: { r: 22, c: 2 }, scrollRows: 17 });
  const up = press(sheet, one(5, 2), { r: 5, c: 2 }, { key: "PageUp" }, 17);
  expect(up).toMatchObject({ active: { r: 0, c: 2 }, scrollRows: -5 }); // stops at row 1
});

test("Shift grows the selection from the active cell: the far corner moves, the active cell stays", () => {
  const sheet = sheetOf("xxxx", "x", "x", "x");
  let sel = one(1, 1);
  const active = { r: 1, c: 1 };
  for (const key of ["ArrowDown", "ArrowRight", "ArrowRight"]) sel = press(sheet, sel, active, { key, shift: true })!.selection;
  expect(sel).toEqual({ r: 1, c: 1, rows: 2, cols: 3 });
  expect(movingCorner(sel, active)).toEqual({ r: 2, c: 3 });
  // Back past the active cell: the block flips to the other side, as in Excel.
  for (const key of ["ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowUp"])
    sel = press(sheet, sel, active, { key, shift: true })!.selection;
  expect(sel).toEqual({ r: 0, c: 0, rows: 2, cols: 2 });
  const move = press(sheet, one(0, 0), { r: 0, c: 0 }, { key: "ArrowDown", shift: true, ctrl: true })!;
  expect(move).toMatchObject({ selection: { r: 0, c: 0, rows: 4, cols: 1 }, active: { r: 0, c: 0 }, reveal: { r: 3, c: 0 } });
  expect(press(sheet, one(2, 2), { r: 2, c: 2 }, { key: "a", ctrl: true })).toEqual({
    selection: { r: 0, c: 0, rows: MAX_ROWS, cols: MAX_COLS },
    active: { r: 2, c: 2 },
  });
});

test("ColumnLayout: edges and the column under x, with the widths the Excel layer set (points to px)", () => {
  const layout = new ColumnLayout(
    new Map([
      [1, 150],
      [3, 0],
    ]),
  );
  expect(layout.width(0)).toBe(64); // 48 pt
  expect(layout.width(1)).toBe(200);
  expect(layout.width(3)).toBe(0);
  expect([0, 1, 2, 3, 4, 5].map((c) => layout.left(c))).toEqual([0, 64, 264, 328, 328, 392]);
  expect(layout.indexAt(0)).toBe(0);
  expect(layout.indexAt(263)).toBe(1);
  expect(layout.indexAt(330)).toBe(4); // the hidden column D takes no room
  expect(layout.left(MAX_COLS)).toBe(MAX_COLS * 64 + 136 - 64);
  expect(layout.indexAt(1e9)).toBe(MAX_COLS - 1);
});

test("revealOffset scrolls as little as needed, keeping what sticky headers cover clear", () => {
  // Viewport of 400 px, 44 px covered at the top (the column letters and one frozen row).
  expect(revealOffset(0, 400, 44, 200, 22)).toBe(0); // already in view
  expect(revealOffset(0, 400, 44, 500, 22)).toBe(122); // below: its bottom edge at the viewport's bottom
  expect(revealOffset(300, 400, 44, 320, 22)).toBe(276); // under the frozen rows: just below them
  expect(revealOffset(0, 400, 44, 600, 1000)).toBe(556); // taller than the view: its top shows
});

test("columnWindow keeps the drawn columns while they cover the view, then moves them with room either side", () => {
  const first = columnWindow(null, 10, 20, 100, 4);
  expect(first).toEqual({ c0: 6, c1: 25 });
  expect(columnWindow(first, 12, 23, 100, 4)).toBe(first); // still covered: the same object, nothing re-renders
  expect(columnWindow(first, 15, 25, 100, 4)).toEqual({ c0: 11, c1: 30 });
  expect(columnWindow(first, 0, 3, 100, 4)).toEqual({ c0: 0, c1: 8 });
  expect(columnWindow(null, 95, 99, 98, 4)).toEqual({ c0: 91, c1: 98 }); // not beyond the columns there are
});

describe("clipboard text", () => {
  test("rows of tab-separated cells with CRLF line ends; awkward cells quoted, as Excel writes them", () => {
    const text = toClipboardText([
      ["Employee ID", "Name", "Note"],
      ["1", "Ó Briain", 'said "hi"'],
      ["2", "Two\nlines", '"quoted'],
    ]);
    expect(text).toBe('Employee ID\tName\tNote\r\n1\tÓ Briain\tsaid "hi"\r\n2\t"Two\nlines"\t"""quoted"\r\n');
    expect(parseClipboardText(text)).toEqual([
      ["Employee ID", "Name", "Note"],
      ["1", "Ó Briain", 'said "hi"'],
      ["2", "Two\nlines", '"quoted'],
    ]);
  });
  test("text from elsewhere: LF or CR line ends, empty cells kept, no empty row from the last line break", () => {
    expect(parseClipboardText("a\t\tc\nd")).toEqual([["a", "", "c"], ["d"]]);
    expect(parseClipboardText("1,234.50\r2\r")).toEqual([["1,234.50"], ["2"]]);
    expect(parseClipboardText("x\n\ny\n")).toEqual([["x"], [""], ["y"]]);
    expect(parseClipboardText("single")).toEqual([["single"]]);
    expect(parseClipboardText('"unclosed\tquote')).toEqual([["unclosed\tquote"]]);
  });
});
