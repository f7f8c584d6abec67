/** @jest-environment jsdom */
/** Prepared by: remembered on this computer (partitioned like the key); the pane's Change history section. */
import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { keepPreparedByIn, preparedBy, setPreparedBy } from "../../../src/ui/preparedBy";
import { storageItemName } from "../../../src/ui/keyStore";
import { ChangeHistoryView } from "../../../src/features/inputSheets/panel/ChangeHistory";
import "../../support/fluentDom";

describe("Prepared by", () => {
  beforeEach(() => localStorage.clear());

  it("is remembered under the Office partition key, trimmed, and forgotten when emptied", () => {
    keepPreparedByIn({ storage: localStorage, partitionKey: "part-A" });
    setPreparedBy("  Aoife Byrne ");
    expect(localStorage.getItem(storageItemName("payroll-addin.preparedBy", "part-A"))).toBe("Aoife Byrne");
    expect(preparedBy()).toBe("Aoife Byrne");
    keepPreparedByIn({ storage: localStorage, partitionKey: "part-B" });
    expect(preparedBy()).toBe("");
    keepPreparedByIn({ storage: localStorage, partitionKey: "part-A" });
    setPreparedBy("");
    expect(localStorage.length).toBe(0);
  });

  it("is kept for this session only, not an error, where storage is blocked", () => {
    keepPreparedByIn({ storage: null });
    expect(preparedBy()).toBe("");
    setPreparedBy("Aoife");
    expect(preparedBy()).toBe("Aoife");
    // A pane opened again (a new partition) starts without it.
    keepPreparedByIn({ storage: null });
    expect(preparedBy()).toBe("");
  });
});

describe("the Change history section", () => {
  it("passes the typed name on and presses Undo push; Undo push waits while a task runs", () => {
    const names: string[] = [];
    const undo = jest.fn();
    const view = (busy: boolean) => (
      <FluentProvider theme={webLightTheme}>
        <ChangeHistoryView name="Aoife" onNameChange={(n) => names.push(n)} onUndo={undo} busy={busy} />
      </FluentProvider>
    );
    const { rerender } = render(view(false));
    fireEvent.change(screen.getByRole("textbox", { name: "Prepared by" }), { target: { value: "Aoife Byrne" } });
    expect(names).toEqual(["Aoife Byrne"]);
    fireEvent.click(screen.getByRole("button", { name: "Undo push" }));
    expect(undo).toHaveBeenCalledTimes(1);
    rerender(view(true));
    expect((screen.getByRole("button", { name: "Undo push" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
