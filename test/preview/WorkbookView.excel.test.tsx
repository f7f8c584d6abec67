/** @jest-environment jsdom */
/**
 * The grid as a person used to Excel expects it: each sheet keeps its scroll position, keys move and scroll,
 * Delete / copy / paste go through the workbook model (so the Excel layer sees them), column widths from the
 * Excel layer are used, and long text stops at the next filled cell. jsdom has no layout, so the grid's
 * viewport is given a size (800 x 400 px) and scroll positions are read from the element.
 */
import * as React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { createPreviewExcel, createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { WorkbookView } from "../../src/preview";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { PAY_COLUMNS as columns } from "../support/previewExcel";

// The file's first render builds Fluent's and the grid's styles: about 2 s alone, but it went over jest's 20 s at load
// 25 on 2 cores (a busy unit run on 2026-11-29). 60 s: the unit suite's ceiling for any test.
jest.setTimeout(60_000);

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const VIEW = { width: 800, height: 400 };
const ROW = 22;
const HEADER = 48;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => VIEW.width });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => VIEW.height });
});
afterAll(() => {
  // jsdom's own (always 0) live on Element.prototype.
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

let wb: WorkbookModel;
let port: WorkbookPort;

const employees = (n: number) => Array.from({ length: n }, (_, i) => [i + 1, `Employee ${i + 1}`, "2025-01-31", 100 + i]);

beforeEach(() => {
  wb = installPreviewExcel(globalThis, createPreviewWorkbook());
  port = createOfficeWorkbook({ now: () => new Date(2025, 0, 15, 9, 0) });
});

function show() {
  return render(
    <FluentProvider theme={webLightTheme}>
      <WorkbookView workbook={wb} />
    </FluentProvider>,
  );
}

const grid = () => screen.getByRole("grid");
const cell = (address: string) => document.querySelector(`[data-address="${address}"]`) as HTMLElement | null;
const nameBox = () => (screen.getByTestId("name-box") as HTMLInputElement).value;
const scrollGrid = (top: number, left: number) =>
  act(() => {
    grid().scrollTop = top;
    grid().scrollLeft = left;
    fireEvent.scroll(grid());
  });
/** Column edges in px from the left of column A, for the default 48 pt (64 px) columns. */
const defaultLeft = (c: number) => c * 64;

/** True when the cell at (r, c) of default-width columns is wholly in view, below `frozen` rows. */
function inView(r: number, c: number, frozen = 0): boolean {
  const { scrollTop, scrollLeft } = grid();
  const top = (r + 1) * ROW;
  const left = HEADER + defaultLeft(c);
  const rowOk = r < frozen || (top >= scrollTop + (frozen + 1) * ROW && top + ROW <= scrollTop + VIEW.height);
  return rowOk && left >= scrollLeft + HEADER && left + 64 <= scrollLeft + VIEW.width;
}

test("each sheet keeps its own scroll position; a sheet shown for the first time starts at A1", async () => {
  wb.activeSheet.enter(199, 39, "far");
  const other = wb.addSheet("Other");
  other.enter(99, 19, "x");
  show();
  const user = userEvent.setup();
  await scrollGrid(2000, 1500);
  await user.click(screen.getByRole("tab", { name: "Other" }));
  expect(grid().getAttribute("data-sheet")).toBe("Other");
  expect([grid().scrollTop, grid().scrollLeft]).toEqual([0, 0]);
  expect(cell("A1")).not.toBeNull();
  await scrollGrid(300, 700);

  await user.click(screen.getByRole("tab", { name: "Sheet1" }));
  expect([grid().scrollTop, grid().scrollLeft]).toEqual([2000, 1500]);
  expect(cell("A1")).toBeNull(); // the rendered window follows the restored position
  expect(cell(`Z${Math.floor(2000 / ROW)}`)).not.toBeNull();
  await user.click(screen.getByRole("tab", { name: "Other" }));
  expect([grid().scrollTop, grid().scrollLeft]).toEqual([300, 700]);
});

test("a sheet the Excel layer writes and activates starts at A1 even when the last sheet was scrolled right", async () => {
  wb.activeSheet.enter(0, 30, "wide");
  show();
  await scrollGrid(0, 1200);
  await act(() => port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(3) }));
  expect(grid().getAttribute("data-sheet")).toBe("Inputs");
  expect(grid().scrollLeft).toBe(0);
  expect(cell("A1")?.textContent).toBe("Inputs");
});

test("arrow keys move the active cell and scroll it into view, down and right and back", async () => {
  show();
  const user = userEvent.setup();
  await user.click(cell("A1")!);
  await user.keyboard("{ArrowRight>15/}");
  expect(nameBox()).toBe("P1");
  expect(grid().scrollLeft).toBeGreaterThan(0);
  expect(inView(0, 15)).toBe(true);
  await user.keyboard("{ArrowDown>30/}");
  expect(nameBox()).toBe("P31");
  expect(grid().scrollTop).toBeGreaterThan(0);
  expect(inView(30, 15)).toBe(true);
  expect(grid().getAttribute("aria-activedescendant")).toBe(cell("P31")!.id);
  await user.keyboard("{ArrowLeft>15/}{ArrowUp>30/}");
  expect(nameBox()).toBe("A1");
  expect([grid().scrollTop, grid().scrollLeft]).toEqual([0, 0]);
});

test("below frozen rows, moving up stops the active cell just under them", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(100) });
  show();
  const user = userEvent.setup();
  await user.click(cell("B4")!);
  await user.keyboard("{PageDown}{PageDown}");
  const frozen = wb.activeSheet.frozenRows;
  expect(frozen).toBe(3);
  const page = Math.floor(VIEW.height / ROW) - 1 - frozen; // rows a screen shows under the frozen ones
  expect(nameBox()).toBe(`B${4 + 2 * page}`);
  expect(grid().scrollTop).toBe(2 * page * ROW); // the view moved by the same two screens
  await user.keyboard("{PageUp}");
  expect(nameBox()).toBe(`B${4 + page}`);
  expect(inView(3 + page, 1, frozen)).toBe(true);
  await user.keyboard(`{ArrowUp>${page}/}`);
  expect(nameBox()).toBe("B4");
  expect(grid().scrollTop).toBe(0);
  expect(inView(3, 1, frozen)).toBe(true);
});

test("Home, Ctrl+Home, Ctrl+End and Ctrl+arrows jump as in Excel", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(500) });
  show();
  const user = userEvent.setup();
  await user.click(cell("C6")!);
  await user.keyboard("{Control>}{End}{/Control}");
  expect(nameBox()).toBe("D503"); // last row and column of the used range
  expect(inView(502, 3, 3)).toBe(true);
  expect(cell("D503")?.textContent).toBe("€599.00");
  await user.keyboard("{Home}");
  expect(nameBox()).toBe("A503");
  await user.keyboard("{Control>}{ArrowUp}{/Control}");
  expect(nameBox()).toBe("A1"); // the top of the filled run: data, header, stamp and title
  await user.keyboard("{ArrowDown}{ArrowDown}{Control>}{ArrowRight}{/Control}");
  expect(nameBox()).toBe("D3");
  await user.keyboard("{Control>}{ArrowDown}{/Control}");
  expect(nameBox()).toBe("D503");
  await user.keyboard("{Control>}{ArrowDown}{/Control}");
  expect(nameBox()).toBe("D1048576"); // nothing below the data: the sheet's last row
  expect(grid().scrollTop).toBeGreaterThan(1_000_000 * ROW);
  await user.keyboard("{Control>}{Home}{/Control}");
  expect(nameBox()).toBe("A4"); // the first cell below the frozen rows, as Excel does
  expect(grid().scrollTop).toBe(0);
});

test("Shift+arrows and Shift+Ctrl+arrows extend the selection, and the Excel layer sees it", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(40) });
  show();
  const user = userEvent.setup();
  await user.click(cell("B5")!);
  await user.keyboard("{Shift>}{ArrowDown}{ArrowDown}{ArrowRight}{/Shift}");
  expect(nameBox()).toBe("B5:C7");
  expect(cell("C6")!.getAttribute("aria-selected")).toBe("true");
  expect(await port.selectedRowIndexes("Inputs")).toEqual([1, 2, 3]);
  await user.keyboard("{Shift>}{Control>}{ArrowDown}{/Control}{/Shift}");
  expect(nameBox()).toBe("B5:C43");
  expect(inView(42, 2, 3)).toBe(true); // the moving end is scrolled to
  expect((screen.getByTestId("formula-bar") as HTMLInputElement).value).toBe("Employee 2"); // B5 stays active
  await user.keyboard("{Shift>}{Home}{/Shift}");
  expect(nameBox()).toBe("A5:B43");
});

test("Delete clears every selected cell through the model: the Excel layer reads blanks, formats stay", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(5) });
  show();
  const user = userEvent.setup();
  await user.click(cell("B5")!);
  await user.keyboard("{Shift>}{ArrowDown}{ArrowRight}{ArrowRight}{/Shift}{Delete}");
  const read = await port.readTable("Inputs");
  expect(read!.rows.slice(0, 4).map((r) => [r[0], r[1], r[3]])).toEqual([
    [1, "Employee 1", 100],
    [2, "", ""],
    [3, "", ""],
    [4, "Employee 4", 103],
  ]);
  expect(read!.rows[1][2]).toBe("");
  expect(wb.activeSheet.formatAt(4, 3)).toBe(wb.activeSheet.formatAt(3, 3)); // the currency format is kept
  // Typing into a cleared currency cell still reads as a number in that format.
  await user.click(cell("D5")!);
  await user.keyboard("250{Enter}");
  expect(cell("D5")!.textContent).toBe("€250.00");
  // A cleared header cell becomes ColumnN, as Excel keeps table headers.
  await user.click(cell("B3")!);
  await user.keyboard("{Delete}");
  expect(cell("B3")!.textContent).toBe("Column2");
});

test("Backspace empties the active cell into the editor; Escape keeps what was there", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(2) });
  show();
  const user = userEvent.setup();
  await user.click(cell("D4")!);
  await user.keyboard("{Backspace}");
  expect((screen.getByTestId("cell-editor") as HTMLInputElement).value).toBe("");
  await user.keyboard("{Escape}");
  expect(wb.activeSheet.valueAt(3, 3)).toBe(100);
  await user.keyboard("{Backspace}{Enter}");
  expect(wb.activeSheet.valueAt(3, 3)).toBe("");
});

test("typing then an arrow key finishes the entry and moves (Enter mode); in F2's edit mode arrows stay in the text", async () => {
  show();
  const user = userEvent.setup();
  await user.click(cell("B2")!);
  await user.keyboard("12{ArrowRight}34{ArrowDown}");
  expect([wb.activeSheet.valueAt(1, 1), wb.activeSheet.valueAt(1, 2)]).toEqual([12, 34]);
  expect(nameBox()).toBe("C3");
  await user.click(cell("B2")!);
  await user.keyboard("{F2}{ArrowLeft}5{Enter}");
  expect(wb.activeSheet.valueAt(1, 1)).toBe(152);
});

test("an edit that moves the active cell past the bottom edge scrolls it into view", async () => {
  show();
  const user = userEvent.setup();
  const lastVisible = Math.floor(VIEW.height / ROW) - 2; // 0-based row wholly above the bottom edge
  await user.click(cell(`A${lastVisible + 1}`)!);
  expect(grid().scrollTop).toBe(0);
  await user.keyboard("7{Enter}8{Enter}");
  expect(nameBox()).toBe(`A${lastVisible + 3}`);
  expect(inView(lastVisible + 2, 0)).toBe(true);
  expect(grid().scrollTop).toBeGreaterThan(0);
  // So does the formula bar's Enter, and the Excel layer selecting a far cell.
  await act(() =>
    createPreviewExcel(wb).run(async (ctx) => {
      ctx.workbook.worksheets.getActiveWorksheet().getRange("T300").select();
      await ctx.sync();
    }),
  );
  expect(nameBox()).toBe("T300");
  expect(inView(299, 19)).toBe(true);
});

test("typing puts the workbook in cell edit mode until the entry ends", async () => {
  show();
  const user = userEvent.setup();
  await user.click(cell("B2")!);
  await user.keyboard("4");
  expect(wb.cellEditMode).toBe(true);
  await user.keyboard("{Enter}");
  expect(wb.cellEditMode).toBe(false);
});

/** Fires a clipboard event on the grid with a stand-in for the event's DataTransfer. */
function clipboard(type: "copy" | "paste", text = ""): { text: string; defaultPrevented: boolean } {
  const data = new Map<string, string>([["text/plain", text]]);
  const clipboardData = { getData: (t: string) => data.get(t) ?? "", setData: (t: string, v: string) => void data.set(t, v) };
  const fired = type === "copy" ? fireEvent.copy(grid(), { clipboardData }) : fireEvent.paste(grid(), { clipboardData });
  return { text: data.get("text/plain") ?? "", defaultPrevented: !fired };
}

test("Ctrl+C puts the selected block on the clipboard as Excel does: tab-separated displayed text", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(3) });
  show();
  const user = userEvent.setup();
  await user.click(cell("A3")!);
  await user.keyboard("{Shift>}{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}");
  const copied = clipboard("copy");
  expect(copied.defaultPrevented).toBe(true);
  expect(copied.text).toBe(
    "Employee ID\tName\tPayslip date\tAmount\r\n1\tEmployee 1\t31/01/2025\t€100.00\r\n2\tEmployee 2\t31/01/2025\t€101.00\r\n",
  );
  // A whole column is cut to the used rows.
  fireEvent.mouseDown(document.querySelector('[data-column="B"]')!);
  expect(clipboard("copy").text).toBe("\r\n\r\nName\r\nEmployee 1\r\nEmployee 2\r\nEmployee 3\r\n");
});

test("Ctrl+V enters a tab-separated block at the selection as typed entries; rows below a table extend it", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(2) });
  show();
  const user = userEvent.setup();
  await user.click(cell("A6")!);
  clipboard("paste", "3\tÓ Briain\t2025-02-28\t1,234.50\r\n4\t=1+1\t\t7\r\n");
  expect(nameBox()).toBe("A6:D7");
  const read = await port.readTable("Inputs");
  expect(read!.rows.map((r) => [r[0], r[1], r[3]])).toEqual([
    [1, "Employee 1", 100],
    [2, "Employee 2", 101],
    [3, "Ó Briain", 1234.5],
    [4, "=1+1", 7], // the Name column is text: a pasted formula stays text
  ]);
  expect([cell("C6")!.textContent, cell("C7")!.textContent, cell("D6")!.textContent]).toEqual(["28/02/2025", "", "€1,234.50"]);

  // One value over a selected block fills it.
  await user.click(cell("F10")!);
  await user.keyboard("{Shift>}{ArrowDown}{ArrowRight}{/Shift}");
  clipboard("paste", "x\r\n");
  expect([wb.activeSheet.valueAt(9, 5), wb.activeSheet.valueAt(10, 6)]).toEqual(["x", "x"]);

  // A block that would run off the sheet is refused whole, with a message.
  await user.click(cell("A20")!);
  await user.keyboard("{Control>}{ArrowRight}{/Control}{ArrowLeft}");
  expect(nameBox()).toBe("XFC20");
  clipboard("paste", "a\tb\tc");
  expect(screen.getByTestId("grid-message").textContent).toMatch(/^Nothing was pasted: .*do not fit/);
  expect(wb.activeSheet.valueAt(19, 16_382)).toBe("");
});

test("copying from a pasted-into grid round-trips: what Ctrl+C gives, Ctrl+V enters as the same values", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(3) });
  show();
  const user = userEvent.setup();
  await user.click(cell("C4")!);
  await user.keyboard("{Shift>}{ArrowDown}{ArrowDown}{ArrowRight}{/Shift}");
  const text = clipboard("copy").text;
  await user.click(cell("H4")!);
  clipboard("paste", text);
  const sheet = wb.activeSheet;
  for (let r = 3; r < 6; r++) {
    expect(sheet.textAt(r, 7)).toBe(sheet.textAt(r, 2));
    expect(sheet.valueAt(r, 8)).toBe(sheet.valueAt(r, 3));
  }
});

test("column widths set by the Excel layer are the widths on screen", async () => {
  await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: employees(3) });
  await act(() =>
    createPreviewExcel(wb).run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Inputs").getRange("B:B").format.columnWidth = 150;
      await ctx.sync();
    }),
  );
  show();
  const px = (pt: number) => Math.round((pt * 96) / 72);
  const sheet = wb.activeSheet;
  for (const [letter, c] of [
    ["A", 0],
    ["B", 1],
    ["C", 2],
    ["D", 3],
  ] as const) {
    expect(cell(`${letter}4`)!.style.width).toBe(`${px(sheet.columnWidth(c))}px`);
    expect((document.querySelector(`[data-column="${letter}"]`) as HTMLElement).style.width).toBe(
      `${px(sheet.columnWidth(c))}px`,
    );
  }
  expect(cell("B4")!.style.width).toBe("200px");
});

test("long text runs on over empty cells and is clipped at the next filled cell, as in Excel", async () => {
  const sheet = wb.activeSheet;
  const long = "A long description that needs several columns";
  sheet.enter(0, 0, long); // A1, B1 and C1 empty, D1 filled
  sheet.enter(0, 3, "next");
  sheet.enter(1, 0, long); // A2, B2 filled
  sheet.enter(1, 1, "b");
  sheet.enter(2, 0, 12345678); // numbers do not run on
  show();
  const textBox = (address: string) => cell(address)!.querySelector("span");
  expect(textBox("A1")!.textContent).toBe(long);
  expect(textBox("A1")!.style.width).toBe(`${defaultLeft(3) - 9}px`); // up to D1's edge
  expect(textBox("A2")).toBeNull(); // B2 holds a value: A2's text is cut at its own edge
  expect(cell("A2")!.textContent).toBe(long);
  expect(textBox("A3")).toBeNull();
  // Typing into C1 shortens the run.
  const user = userEvent.setup();
  await user.click(cell("C1")!);
  await user.keyboard("c{Enter}");
  expect(textBox("A1")!.style.width).toBe(`${defaultLeft(2) - 9}px`);
});

test("scrolled right, text from a column left of the drawn ones still runs into view", async () => {
  const sheet = wb.activeSheet;
  sheet.columnWidths.set(0, 900); // column A wider than the view
  sheet.enter(0, 0, "starts in A");
  sheet.enter(0, 1, ""); // B empty
  sheet.enter(5, 100, "far"); // data over 64 columns wide: only the columns around the view are drawn
  wb.changed();
  show();
  await scrollGrid(0, 2000); // column A ends at 1,200 px: the drawn columns start well right of it
  expect(cell("A1")).not.toBeNull(); // drawn for its text
  expect(cell("A2")).toBeNull(); // nothing to run on: not drawn
  expect(cell("B1")).toBeNull();
});

test("data up to 64 columns wide is all in the page, whatever part is in view; beyond that only a window is", async () => {
  const sheet = wb.activeSheet;
  sheet.enter(0, 59, "BH1"); // 60 columns
  show();
  const drawn = () =>
    new Set(
      [...document.querySelectorAll("[role=row][aria-rowindex='2'] [data-address]")].map((el) => el.getAttribute("data-address")),
    );
  expect(drawn().size).toBeGreaterThanOrEqual(63);
  await scrollGrid(0, 0);
  expect(cell("BH1")!.textContent).toBe("BH1"); // far right of the view, yet in the page
  act(() => {
    sheet.enter(0, 99, "CV1");
    wb.changed();
  });
  expect(cell("BH1")).toBeNull();
  expect(drawn().size).toBeLessThan(25);
  await scrollGrid(0, defaultLeft(95));
  expect(cell("CV1")!.textContent).toBe("CV1");
});

test("dragging over cells selects the block; Ctrl+click adds blocks, which Delete clears together", async () => {
  const sheet = wb.activeSheet;
  for (let r = 0; r < 6; r++) for (let c = 0; c < 4; c++) sheet.enter(r, c, `${r}-${c}`);
  show();
  fireEvent.mouseDown(cell("B2")!, { buttons: 1 });
  fireEvent.mouseOver(cell("C3")!, { buttons: 1 });
  fireEvent.mouseOver(cell("C4")!, { buttons: 1 });
  fireEvent.mouseUp(cell("C4")!);
  expect(nameBox()).toBe("B2:C4");
  fireEvent.mouseOver(cell("D6")!, { buttons: 0 }); // button up: no change
  expect(nameBox()).toBe("B2:C4");

  fireEvent.mouseDown(cell("A6")!, { ctrlKey: true, buttons: 1 });
  fireEvent.mouseUp(cell("A6")!);
  expect(sheet.moreSelected).toEqual([{ r: 1, c: 1, rows: 3, cols: 2 }]);
  expect(cell("A6")!.getAttribute("aria-selected")).toBe("true");
  expect(cell("B3")!.getAttribute("aria-selected")).toBe("true");
  expect(nameBox()).toBe("A6");
  expect(clipboard("copy").text).toBe("");
  expect(screen.getByTestId("grid-message").textContent).toMatch(/^Nothing was copied/);
  fireEvent.keyDown(grid(), { key: "Delete" });
  expect([sheet.valueAt(5, 0), sheet.valueAt(1, 1), sheet.valueAt(3, 2), sheet.valueAt(1, 3)]).toEqual(["", "", "", "1-3"]);
});

test("10,000 rows: Ctrl+End and PageUp stay virtualised and show the rows they reach", async () => {
  await port.writeTable({ sheetName: "Big", tableName: "Big", columns, rows: employees(10_000) });
  show();
  const user = userEvent.setup();
  await user.click(cell("A4")!);
  await user.keyboard("{Control>}{End}{/Control}");
  expect(nameBox()).toBe("D10003");
  expect(cell("D10003")!.textContent).toBe("€10,099.00");
  expect(screen.getAllByRole("row").length).toBeLessThan(60);
  await user.keyboard("{PageUp}");
  expect(cell(`D${10003 - (Math.floor(VIEW.height / ROW) - 4)}`)).not.toBeNull();
  expect(screen.getAllByRole("gridcell").length).toBeLessThan(60 * 20);
});
