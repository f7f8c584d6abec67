/** @jest-environment jsdom */
/** The input-sheet editing parts: pending changes, review and undo; fill from a sheet; push all. Props in, callbacks out. */
import * as React from "react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PendingChangesView, type PendingChangesViewProps } from "../../../src/features/inputSheets/panel/PendingChangesView";
import { FillFromSheetView, type FillFromSheetViewProps } from "../../../src/features/inputSheets/panel/FillFromSheetView";
import { PushAllView } from "../../../src/features/inputSheets/panel/PushAll";
import type { PendingChange } from "../../../src/features/inputSheets/model/pendingChanges";
import { renderInFluent as wrap, expectAllLabelled } from "../../support/fluentDom";

const change = (over: Partial<PendingChange>): PendingChange => ({
  rowIndex: 0,
  employeeId: 11,
  number: "E001",
  name: "Aoife Byrne",
  payslipDate: "2025-01-31",
  key: "calc.basic_salary.amount",
  header: "Basic salary: amount",
  type: "currency",
  before: 3000,
  moved: false,
  after: 3100,
  problem: null,
  ...over,
});

function pendingProps(over: Partial<PendingChangesViewProps> = {}): PendingChangesViewProps {
  return {
    text: "2 changes pending in 2 rows",
    error: null,
    changes: [change({}), change({ rowIndex: 3, number: "E004", name: "Brian Nolan", before: null, after: 12.5 })],
    reviewing: false,
    onReview: jest.fn(),
    onGoTo: jest.fn(),
    onUndo: jest.fn(),
    busy: false,
    ...over,
  };
}

describe("PendingChangesView", () => {
  it("announces the count and lists each change with the old and new values; choosing one goes to it", async () => {
    const user = userEvent.setup();
    const props = pendingProps({ reviewing: true });
    const { container } = wrap(<PendingChangesView {...props} />);
    expectAllLabelled(container);
    expect(screen.getByRole("status").textContent).toBe("2 changes pending in 2 rows");
    const rows = within(screen.getByRole("table", { name: "Pending changes" })).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "EmployeeInputWasNow",
      "E001 Aoife ByrneBasic salary: amount3,000.003,100.00",
      "E004 Brian NolanBasic salary: amount(blank)12.50",
    ]);
    await user.click(screen.getByRole("button", { name: "Go to E004 Brian Nolan, Basic salary: amount" }));
    expect(props.onGoTo).toHaveBeenCalledWith(props.changes[1]);
    await user.click(screen.getByRole("button", { name: "Undo selected changes" }));
    expect(props.onUndo).toHaveBeenCalled();
  });

  it("cannot undo when nothing is pending, and says so in the review", () => {
    wrap(<PendingChangesView {...pendingProps({ text: "No changes pending", changes: [], reviewing: true })} />);
    expect((screen.getByRole("button", { name: "Undo selected changes" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Nothing has changed since the sheet was built or last pushed.")).toBeTruthy();
  });
});

function fillProps(over: Partial<FillFromSheetViewProps> = {}): FillFromSheetViewProps {
  return {
    sources: ["Timesheet"],
    source: "Timesheet",
    onSourceChange: jest.fn(),
    onSourcesFocus: jest.fn(),
    onRead: jest.fn(),
    proposal: {
      source: { where: "Timesheet!A1:C4", headers: ["Emp No", "Name", "Basic salary"], rows: [[], [], []], firstRow: 2 },
      meta: {
        inputs: [{ key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" }],
      } as never,
      remembered: null,
    },
    keyColumn: { column: 0, kind: "number" },
    onKeyColumnChange: jest.fn(),
    mapping: [null, null, "calc.basic_salary.amount"],
    onMappingChange: jest.fn(),
    onFill: jest.fn(),
    problems: [
      { sourceRow: 3, key: "NOPE-1", column: null, message: "Number NOPE-1 is not on the input sheet", rowFilled: false },
      { sourceRow: 4, key: "0007", column: "Bonus", message: 'Bonus: "ten" is not a number', rowFilled: true },
    ],
    busy: false,
    disabled: false,
    ...over,
  };
}

describe("FillFromSheetView", () => {
  it("shows the proposed key and mapping, lets both change, and lists the problems", async () => {
    const user = userEvent.setup();
    const props = fillProps();
    const { container } = wrap(<FillFromSheetView {...props} />);
    expectAllLabelled(container);
    expect((screen.getByRole("combobox", { name: "Key column" }) as HTMLSelectElement).value).toBe("0");
    expect((screen.getByRole("combobox", { name: 'Column "Basic salary" fills' }) as HTMLSelectElement).value).toBe(
      "calc.basic_salary.amount",
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Match by" }), "ppsn");
    expect(props.onKeyColumnChange).toHaveBeenCalledWith({ column: 0, kind: "ppsn" });
    await user.selectOptions(screen.getByRole("combobox", { name: 'Column "Name" fills' }), "calc.basic_salary.amount");
    expect(props.onMappingChange).toHaveBeenCalledWith(1, "calc.basic_salary.amount");
    await user.click(screen.getByRole("button", { name: "Fill input sheet" }));
    expect(props.onFill).toHaveBeenCalled();
    expect(within(screen.getByRole("region", { name: "Fill problems" })).getByText(/Row 3: Number NOPE-1/)).toBeTruthy();
    // Only the rows that did not fill are listed as such; a value left out of a filled row is listed apart.
    expect(screen.getByRole("list", { name: "Rows that did not fill" }).textContent).toBe(
      "Row 3: Number NOPE-1 is not on the input sheet",
    );
    expect(screen.getByRole("list", { name: "Values not filled (the rest of their row was filled)" }).textContent).toBe(
      'Row 4: Bonus: "ten" is not a number',
    );
    expect(screen.queryByText(/nothing changed/)).toBeNull();
  });

  it("names the date of a remembered mapping and the headers new or missing this month", () => {
    const base = fillProps().proposal!;
    const remembered = { usedOn: "2026-10-31", newHeaders: ["Name"], missingHeaders: ["OT hrs"], inputsNotOnSheet: [] };
    wrap(<FillFromSheetView {...fillProps({ proposal: { ...base, remembered } })} />);
    const note = screen.getByText(/^Mapping as used on/).closest("[aria-label='Remembered mapping']")!;
    expect(note.textContent).toContain("Mapping as used on 31/10/2026.");
    expect(note.textContent).toContain('New this month: "Name".');
    expect(note.textContent).toContain('Missing this month: "OT hrs".');
  });

  it("says nothing of a remembered mapping when there is none", () => {
    wrap(<FillFromSheetView {...fillProps()} />);
    expect(screen.queryByText(/Mapping as used on/)).toBeNull();
  });

  it("cannot fill without a key column or a mapped column", () => {
    wrap(<FillFromSheetView {...fillProps({ keyColumn: null })} />);
    expect((screen.getByRole("button", { name: "Fill input sheet" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("PushAllView", () => {
  it("offers Push all input sheets (the per-sheet lines are in the outcome: test/features/inputSheets/pushAllOutcome.test.tsx)", () => {
    const onPushAll = jest.fn();
    wrap(<PushAllView onPushAll={onPushAll} busy={false} />);
    screen.getByRole("button", { name: "Push all input sheets" }).click();
    expect(onPushAll).toHaveBeenCalledTimes(1);
  });
});
