/** @jest-environment jsdom */
/** The pane hears from the Excel layer when a batch waits on cell-edit mode, and shows the message meanwhile. */
import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { CELL_EDIT_MESSAGE, createOfficeWorkbook } from "../../src/excel";
import { ProgressArea } from "../../src/app/components/ProgressArea";
import { createPreviewWorkbook, installPreviewExcel } from "../../src/emulator";
import { useCellEditWait } from "../../src/app/cellEditWait";

function Notice() {
  const message = useCellEditWait();
  return <p data-testid="notice">{message ?? ""}</p>;
}

test("the message shows while a write waits for the cell entry, and goes when it ends", async () => {
  const wb = installPreviewExcel(globalThis, createPreviewWorkbook());
  const port = createOfficeWorkbook({ cellEditWaitMs: 20 });
  render(<Notice />);
  wb.beginCellEdit();
  const saving = port.setSetting("k", 1);
  await act(() => new Promise((r) => setTimeout(r, 100)));
  expect(screen.getByTestId("notice").textContent).toBe("Finish editing the cell (Enter or Esc) to continue");
  wb.endCellEdit();
  await act(() => saving);
  expect(screen.getByTestId("notice").textContent).toBe("");
});

test("the progress area shows the notice as a status, with or without running tasks", () => {
  render(
    <FluentProvider theme={webLightTheme}>
      <ProgressArea entries={[]} onCancel={() => undefined} notice={CELL_EDIT_MESSAGE} />
    </FluentProvider>,
  );
  expect(screen.getByRole("status").textContent).toBe("Finish editing the cell (Enter or Esc) to continue");
});
