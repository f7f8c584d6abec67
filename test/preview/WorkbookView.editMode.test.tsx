/** @jest-environment jsdom */
/**
 * Cell-edit mode survives a click in the pane, as in Excel: the entry stays open and the pane's batches wait
 * (delayForCellEdit) until Enter or Esc; a click elsewhere in the workbook still ends it.
 */
import * as React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { WorkbookView } from "../../src/preview";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import "../support/fluentDom";

let wb: WorkbookModel;
let port: WorkbookPort;

beforeEach(() => {
  wb = installPreviewExcel(globalThis, createPreviewWorkbook());
  port = createOfficeWorkbook();
  render(
    <FluentProvider theme={webLightTheme}>
      <WorkbookView workbook={wb} />
      <button type="button">Pane button</button>
    </FluentProvider>,
  );
});

const cell = (address: string) => document.querySelector(`[data-address="${address}"]`) as HTMLElement;

async function startTyping(address: string, text: string): Promise<HTMLInputElement> {
  fireEvent.doubleClick(cell(address));
  const editor = (await screen.findByTestId("cell-editor")) as HTMLInputElement;
  fireEvent.change(editor, { target: { value: text } });
  return editor;
}

test("a click in the pane keeps the entry open; the pane's write waits for Enter", async () => {
  await startTyping("B2", "typed");
  await userEvent.click(screen.getByRole("button", { name: "Pane button" }));
  expect(screen.queryByTestId("cell-editor")).not.toBeNull();
  expect(wb.cellEditMode).toBe(true);

  let written = false;
  const write = port.setSetting("k", 1).then(() => (written = true));
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(written).toBe(false);

  const editor = screen.getByTestId("cell-editor");
  editor.focus();
  await act(async () => {
    fireEvent.keyDown(editor, { key: "Enter" });
  });
  await act(() => write);
  expect(written).toBe(true);
  expect(wb.cellEditMode).toBe(false);
  expect(wb.getSheet("Sheet1").valueAt(1, 1)).toBe("typed");
});

test("Esc ends the entry without the text; a click on another cell ends it with the text", async () => {
  let editor = await startTyping("A1", "dropped");
  await act(async () => {
    fireEvent.keyDown(editor, { key: "Escape" });
  });
  expect(wb.cellEditMode).toBe(false);
  expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("");

  editor = await startTyping("A1", "kept");
  await act(async () => {
    fireEvent.mouseDown(cell("C3"));
  });
  expect(wb.cellEditMode).toBe(false);
  expect(wb.getSheet("Sheet1").valueAt(0, 0)).toBe("kept");
});
