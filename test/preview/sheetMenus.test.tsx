/** @jest-environment jsdom */
/**
 * The preview's sheet and header menus from the keyboard, as the rest of the grid: Shift+F10 (or the menu key) in
 * the grid opens Insert/Delete for the selection; on a tab, the sheet's menu. What Excel refuses is said, not done.
 */
import * as React from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { createPreviewWorkbook, type WorkbookModel } from "../../src/emulator";
import { MAX_ROWS } from "../../src/emulator/model";
import { WorkbookView } from "../../src/preview";
import { renderInFluent } from "../support/fluentDom";

let wb: WorkbookModel;

beforeEach(() => {
  wb = createPreviewWorkbook();
  renderInFluent(<WorkbookView workbook={wb} />);
});

const grid = () => screen.getByTestId("workbook-grid");

test("Shift+F10 in the grid with column B selected deletes column B: C1 moves to B1", async () => {
  const sheet = wb.getSheet("Sheet1");
  act(() => {
    wb.editCell(sheet, 0, 2, "kept");
    wb.editCell(sheet, 0, 1, "gone");
    wb.select(sheet, { r: 0, c: 1, rows: MAX_ROWS, cols: 1 }, { r: 0, c: 1 });
    wb.changed("view");
  });
  fireEvent.keyDown(grid(), { key: "F10", shiftKey: true });
  const items = (await screen.findAllByRole("menuitem")).map((m) => m.textContent);
  expect(items).toEqual(["Insert column B", "Delete column B"]);
  fireEvent.click(screen.getByRole("menuitem", { name: "Delete column B" }));
  expect(sheet.valueAt(0, 1)).toBe("kept");
  expect(sheet.valueAt(0, 2)).toBe("");
});

test("the menu key on a cell offers rows and columns; the tab menu refuses to delete the only sheet, in Excel's words", async () => {
  fireEvent.keyDown(grid(), { key: "ContextMenu" });
  expect((await screen.findAllByRole("menuitem")).map((m) => m.textContent)).toEqual([
    "Insert row 1",
    "Insert column A",
    "Delete row 1",
    "Delete column A",
  ]);
  fireEvent.keyDown(screen.getAllByRole("menuitem")[0], { key: "Escape" });

  const tab = screen.getByRole("tab", { name: "Sheet1" });
  fireEvent.keyDown(tab, { key: "F10", shiftKey: true });
  fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
  expect((await screen.findByTestId("sheet-notice")).textContent).toBe("A workbook must contain at least one visible worksheet.");
  expect(wb.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});

test("Insert sheet puts a new sheet before this one and shows it; Move right moves it back after", async () => {
  fireEvent.contextMenu(screen.getByRole("tab", { name: "Sheet1" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Insert sheet" }));
  expect(wb.sheets.map((s) => s.name)).toEqual(["Sheet2", "Sheet1"]);
  expect(wb.activeSheet.name).toBe("Sheet2");
  const tab = await screen.findByRole("tab", { name: "Sheet2" });
  fireEvent.contextMenu(tab);
  expect((await screen.findByRole("menuitem", { name: "Move left" })).getAttribute("aria-disabled")).toBe("true");
  fireEvent.click(screen.getByRole("menuitem", { name: "Move right" }));
  expect(wb.sheets.map((s) => s.name)).toEqual(["Sheet1", "Sheet2"]);
  expect(screen.getAllByRole("tab").map((t) => t.getAttribute("data-sheet"))).toEqual(["Sheet1", "Sheet2"]);
});

test("a right-click on a cell outside the selection selects it and offers its row and column", async () => {
  fireEvent.contextMenu(document.querySelector('[data-address="C4"]') as HTMLElement);
  expect((await screen.findAllByRole("menuitem")).map((m) => m.textContent)).toEqual([
    "Insert row 4",
    "Insert column C",
    "Delete row 4",
    "Delete column C",
  ]);
  expect(wb.getSheet("Sheet1").selection).toEqual({ r: 3, c: 2, rows: 1, cols: 1 });
});
