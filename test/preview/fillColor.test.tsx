/** @jest-environment jsdom */
/** Fill Color in the preview grid colours the selection as Home > Fill Color does, firing no Worksheet.onChanged. */
import * as React from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { WorkbookView } from "../../src/preview";
import { renderInFluent } from "../support/fluentDom";

let wb: WorkbookModel;
beforeEach(() => {
  wb = installPreviewExcel(globalThis, createPreviewWorkbook());
});

test("colours every selected block in Excel's Good, and No Fill takes it off", async () => {
  const sheet = wb.activeSheet;
  const events: string[] = [];
  wb.addChangeHandler(sheet, (e) => void events.push(e.address));
  renderInFluent(<WorkbookView workbook={wb} />);
  act(() =>
    wb.selectAreas(sheet, [
      { r: 0, c: 0, rows: 2, cols: 1 },
      { r: 3, c: 2, rows: 1, cols: 1 },
    ]),
  );
  const picker = screen.getByTestId("fill-color");
  act(() => void fireEvent.change(picker, { target: { value: "Good" } }));
  expect([sheet.cell(0, 0)?.fill, sheet.cell(1, 0)?.fill, sheet.cell(3, 2)?.fill, sheet.cell(2, 0)?.fill]).toEqual([
    "#C6EFCE",
    "#C6EFCE",
    "#C6EFCE",
    undefined,
  ]);
  const cell = document.querySelector('[data-address="A1"]') as HTMLElement;
  expect(cell.style.backgroundColor).not.toBe("");
  act(() => wb.select(sheet, { r: 0, c: 0, rows: 1, cols: 1 }));
  act(() => void fireEvent.change(picker, { target: { value: "No Fill" } }));
  expect([sheet.cell(0, 0)?.fill, sheet.cell(1, 0)?.fill]).toEqual([undefined, "#C6EFCE"]);
  await new Promise((r) => setTimeout(r, 5));
  expect(events).toEqual([]);
});
