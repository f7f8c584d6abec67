/** @jest-environment jsdom */
/**
 * The grid view: tabs, Excel-like editing, formatted display, fills, selection the Excel layer sees,
 * and virtualisation of long sheets.
 */
import * as React from "react";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { WorkbookView } from "../../src/preview";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { renderInFluent } from "../support/fluentDom";
import { PAY_COLUMNS as columns } from "../support/previewExcel";

let wb: WorkbookModel;
let port: WorkbookPort;

beforeEach(async () => {
  wb = installPreviewExcel(globalThis, createPreviewWorkbook());
  port = createOfficeWorkbook({ now: () => new Date(2025, 0, 15, 9, 0) });
  await port.writeTable({
    sheetName: "Inputs",
    tableName: "Inputs",
    columns,
    rows: [
      [1, "Aoife", "2025-01-31", 1234.5],
      [2, "Brian", "2025-01-31", 99],
      [3, "Ciara", "2025-01-31", null],
    ],
  });
});

function show() {
  return renderInFluent(<WorkbookView workbook={wb} />);
}

const cell = (address: string) => document.querySelector(`[data-address="${address}"]`) as HTMLElement;

test("sheet tabs name the visible sheets and switch the grid", async () => {
  await port.writeHiddenTable("_snap", ["x"], [[1]]);
  show();
  const tabs = screen.getAllByRole("tab").map((t) => t.getAttribute("data-sheet"));
  expect(tabs).toEqual(["Sheet1", "Inputs"]);
  expect(screen.getByRole("grid").getAttribute("data-sheet")).toBe("Inputs");
  await userEvent.click(screen.getByRole("tab", { name: "Sheet1" }));
  expect(screen.getByRole("grid").getAttribute("data-sheet")).toBe("Sheet1");
  expect(wb.activeSheet.name).toBe("Sheet1");
});

test("cells show values through their number formats, with the table header", async () => {
  show();
  expect(cell("A1").textContent).toBe("Inputs");
  expect(cell("A2").textContent).toBe("Last refreshed 15/01/2025 09:00");
  expect(cell("C4").textContent).toBe("31/01/2025"); // the date column follows the display language (en-IE)
  expect(cell("D4").textContent).toBe("€1,234.50");
  expect(cell("D4").getAttribute("data-type")).toBe("number");
  expect(cell("B3").textContent).toBe("Name");
  expect(cell("B4").getAttribute("role")).toBe("gridcell");
});

test("double-click, type and Enter: numbers, booleans, formulas parsed as Excel does; text cells stay text", async () => {
  show();
  const user = userEvent.setup();
  await user.dblClick(cell("D5"));
  const editor = screen.getByTestId("cell-editor");
  expect((editor as HTMLInputElement).value).toBe("99");
  await user.clear(editor);
  await user.type(editor, "150.25{Enter}");
  const sheet = wb.getSheet("Inputs");
  expect(sheet.valueAt(4, 3)).toBe(150.25);
  expect(cell("D5").textContent).toBe("€150.25");
  expect(sheet.selection).toMatchObject({ r: 5, c: 3 }); // Enter moved down

  // Typing on a selected cell starts editing with that character.
  await user.type(screen.getByRole("grid"), "=D4+D5{Enter}");
  expect(sheet.cell(5, 3)?.f).toBe("=D4+D5");
  expect(cell("D6").textContent).toBe("€1,384.75");

  // The Name column is text-formatted: a formula look-alike stays text.
  await user.click(cell("B4"));
  await user.keyboard("{Enter}");
  const nameEditor = screen.getByTestId("cell-editor");
  await user.clear(nameEditor);
  await user.type(nameEditor, "=HYPERLINK(1){Enter}");
  expect(sheet.cell(3, 1)?.f).toBeUndefined();
  expect(sheet.valueAt(3, 1)).toBe("=HYPERLINK(1)");

  // A General cell outside the table: TRUE becomes a boolean, "-5 days" a formula (as in Excel).
  await user.click(cell("G4"));
  await user.keyboard("TRUE{Tab}");
  expect(sheet.valueAt(3, 6)).toBe(true);
  await user.keyboard("-5 days{Escape}");
  expect(sheet.valueAt(3, 7)).toBe("");
  await user.keyboard("-5 days{Enter}");
  expect(sheet.cell(3, 7)?.f).toBe("=-5 days");
  expect(cell("H4").getAttribute("data-type")).toBe("error");
}, 20_000);

test("typing just below the table extends it, and the Excel layer reads the new row", async () => {
  show();
  const user = userEvent.setup();
  await user.click(cell("A7"));
  await user.keyboard("4{Tab}Dara{Enter}");
  const read = await port.readTable("Inputs");
  expect(read!.rows.at(-1)!.slice(0, 2)).toEqual([4, "Dara"]);
});

test("the formula bar shows and edits the active cell", async () => {
  show();
  const user = userEvent.setup();
  await user.click(cell("D4"));
  const bar = screen.getByTestId("formula-bar");
  expect((bar as HTMLInputElement).value).toBe("1234.5");
  expect((screen.getByTestId("name-box") as HTMLInputElement).value).toBe("D4");
  await user.clear(bar);
  await user.type(bar, "2000{Enter}");
  expect(wb.getSheet("Inputs").valueAt(3, 3)).toBe(2000);
});

test("selection by click, shift-click, row headers and arrows is what selectedRowIndexes sees", async () => {
  show();
  const user = userEvent.setup();
  await user.click(cell("B4"));
  expect(await port.selectedRowIndexes("Inputs")).toEqual([0]);
  await user.keyboard("{Shift>}");
  await user.click(cell("C6"));
  await user.keyboard("{/Shift}");
  expect((screen.getByTestId("name-box") as HTMLInputElement).value).toBe("B4:C6");
  expect(await port.selectedRowIndexes("Inputs")).toEqual([0, 1, 2]);
  expect(cell("C5").getAttribute("aria-selected")).toBe("true");

  const grid = screen.getByRole("grid");
  const rowHeader = within(grid)
    .getAllByRole("rowheader")
    .find((h) => h.textContent === "5")!;
  fireEvent.mouseDown(rowHeader);
  expect((screen.getByTestId("name-box") as HTMLInputElement).value).toBe("5:5");
  expect(await port.selectedRowIndexes()).toEqual([1]);
  await user.keyboard("{Shift>}{ArrowDown}{/Shift}");
  expect(await port.selectedRowIndexes()).toEqual([1, 2]);
  await user.keyboard("{ArrowUp}{ArrowUp}");
  expect(await port.selectedRowIndexes()).toEqual([]); // row 3 is the header
});

test("fills written by the Excel layer are shown", async () => {
  await port.writeTable({
    sheetName: "Push",
    tableName: "Push",
    columns: [...columns, { key: "s", header: "Status", type: "text" }, { key: "m", header: "Message", type: "text" }],
    rows: [[1, "A", "2025-01-31", 5, "", ""]],
  });
  await port.annotateRows("Push", [{ rowIndex: 0, status: "Failed", message: "Finalised", errorColumns: ["Amount"] }]);
  show();
  expect(cell("E4").textContent).toBe("Failed");
  expect(cell("D4").style.backgroundColor).toBe("rgb(255, 204, 209)");
});

test("10,000 rows: only a window of rows is in the page, and scrolling shows far rows", async () => {
  const many = Array.from({ length: 10_000 }, (_, i) => [i + 1, `Employee ${i + 1}`, "2025-01-31", i]);
  await port.writeTable({ sheetName: "Big", tableName: "Big", columns, rows: many });
  show();
  const grid = screen.getByRole("grid");
  expect(grid.getAttribute("aria-rowcount")).toBe(String(10_003 + 20 + 1));
  expect(within(grid).getAllByRole("row").length).toBeLessThan(80);
  expect(cell("B4").textContent).toBe("Employee 1");
  expect(cell("B5000")).toBeNull();
  act(() => {
    grid.scrollTop = 5000 * 22;
    fireEvent.scroll(grid);
  });
  expect(cell("B5002").textContent).toBe("Employee 4999");
  expect(cell("B3").textContent).toBe("Name"); // frozen header rows stay rendered
  expect(within(grid).getAllByRole("row").length).toBeLessThan(80);
});
