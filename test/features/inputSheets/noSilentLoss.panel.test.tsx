/** @jest-environment jsdom */
/** The questions asked before work would be lost, and the input sheet picker grouped by client with its counts. */
import * as React from "react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RebuildDialog } from "../../../src/features/inputSheets/panel/RebuildDialog";
import { ClientChangeDialog } from "../../../src/app/components/ClientChangeDialog";
import { SheetPicker } from "../../../src/features/inputSheets/panel/SheetPicker";
import { renderInFluent as wrap } from "../../support/fluentDom";

describe("RebuildDialog", () => {
  it("names the sheet and its changes; Keep my changes comes first; each choice is handed back", async () => {
    const onAnswer = jest.fn();
    wrap(<RebuildDialog question={{ sheetName: "Inputs Monthly", text: "2 changes pending in 2 rows" }} onAnswer={onAnswer} />);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Rebuild “Inputs Monthly”?");
    expect(dialog.textContent).toContain("2 changes pending in 2 rows");
    const buttons = within(dialog).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Keep my changes", "Discard them", "Cancel"]);
    await userEvent.click(screen.getByRole("button", { name: "Discard them" }));
    await userEvent.click(screen.getByRole("button", { name: "Keep my changes" }));
    await userEvent.keyboard("{Escape}");
    expect(onAnswer.mock.calls.map((c) => c[0])).toEqual(["discard", "keep", "cancel"]);
  });

  it("is closed while there is no question", () => {
    wrap(<RebuildDialog question={null} onAnswer={jest.fn()} />);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

describe("ClientChangeDialog", () => {
  it("lists each sheet with its changes; Stay is the default and Change anyway changes", async () => {
    const onAnswer = jest.fn();
    const open = { finalised: false, payslipDate: "2026-11-25" };
    const sheets = [
      { sheetName: "Inputs Monthly", changes: 3, text: "3 changes pending in 2 rows", words: "A; B; C", ...open },
      {
        sheetName: "Inputs Weekly",
        changes: 1,
        text: "1 change pending in 1 row",
        words: "Aoife Byrne's Bonus €75.00 (Held)",
        ...open,
      },
    ];
    wrap(<ClientChangeDialog question={{ from: "Liffey", to: "Shannon", sheets }} onAnswer={onAnswer} />);
    const list = await screen.findByRole("list", { name: "Sheets with changes not pushed" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Inputs Monthly: 3 changes pending in 2 rows: A; B; C.",
      "Inputs Weekly: 1 change pending in 1 row: Aoife Byrne's Bonus €75.00 (Held).",
    ]);
    expect(screen.getByRole("alertdialog").textContent).toContain(
      "choose Liffey again (or use Push all input sheets) to send them.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Stay on Liffey" }));
    await userEvent.click(screen.getByRole("button", { name: "Change anyway" }));
    expect(onAnswer.mock.calls.map((c) => c[0])).toEqual([false, true]);
  });

  it("says a finalised period's changes can no longer be sent, and advises no push for them", async () => {
    const sheets = [
      {
        sheetName: "Liffey · Monthly · 25-11-26",
        changes: 1,
        text: "1 change pending in 1 row",
        words: "Aoife Byrne's Commission €75.00 (pending)",
        finalised: true,
        payslipDate: "2026-11-25",
      },
    ];
    wrap(<ClientChangeDialog question={{ from: "Liffey", to: "Shannon", sheets }} onAnswer={jest.fn()} />);
    const text = (await screen.findByRole("alertdialog")).textContent ?? "";
    expect(text).toContain(
      "Liffey · Monthly · 25-11-26: 1 change pending in 1 row: Aoife Byrne's Commission €75.00 (pending). 25/11/2026 is finalised: they can no longer be sent to that payslip. Choose the sheet and press Next period to carry them into the next period as pending changes.",
    );
    expect(text).not.toMatch(/Push all|to send them/);
  });
});

describe("the input sheet picker", () => {
  it("groups the sheets by client and counts each sheet's pending changes", () => {
    wrap(
      <SheetPicker
        sheets={["A1", "B1", "A2"]}
        sheetGroups={[
          { clientId: 1, label: "Liffey", sheets: ["A1", "A2"] },
          { clientId: 2, label: "Shannon", sheets: ["B1"] },
        ]}
        pendingCounts={new Map([["A2", { changes: [1, 2, 3] }]])}
        sheetName="A1"
        onSheetChange={jest.fn()}
      />,
    );
    const picker = screen.getByRole("combobox", { name: "Input sheet" });
    const groups = [...picker.querySelectorAll("optgroup")];
    expect(groups.map((g) => [g.label, [...g.querySelectorAll("option")].map((o) => o.textContent)])).toEqual([
      ["Liffey", ["A1", "A2 · 3 changes"]],
      ["Shannon", ["B1"]],
    ]);
  });
});
