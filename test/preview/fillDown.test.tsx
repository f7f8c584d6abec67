/** @jest-environment jsdom */
/** Ctrl+D in the preview grid fills down as Excel does, and fires Worksheet.onChanged for the filled cells. */
import * as React from "react";
import { act, fireEvent } from "@testing-library/react";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { WorkbookView } from "../../src/preview";
import { renderInFluent } from "../support/fluentDom";

let wb: WorkbookModel;
beforeEach(() => {
  wb = installPreviewExcel(globalThis, createPreviewWorkbook());
});

test("Ctrl+D copies a block's first row down, or the row above into one selected row", async () => {
  const sheet = wb.activeSheet;
  wb.editCell(sheet, 0, 0, "7");
  wb.editCell(sheet, 0, 1, "x");
  const events: string[] = [];
  wb.addChangeHandler(sheet, (e) => void events.push(e.address));
  renderInFluent(<WorkbookView workbook={wb} />);
  const grid = document.querySelector("[role=grid]") as HTMLElement;
  act(() => wb.select(sheet, { r: 0, c: 0, rows: 3, cols: 2 }));
  act(() => void fireEvent.keyDown(grid, { key: "d", ctrlKey: true }));
  expect([sheet.valueAt(1, 0), sheet.valueAt(2, 0), sheet.valueAt(2, 1)]).toEqual([7, 7, "x"]);
  act(() => wb.select(sheet, { r: 3, c: 0, rows: 1, cols: 1 }));
  act(() => void fireEvent.keyDown(grid, { key: "D", ctrlKey: true }));
  expect(sheet.valueAt(3, 0)).toBe(7);
  await new Promise((r) => setTimeout(r, 5));
  expect(events).toEqual(["A2:B3", "A4"]);
});
