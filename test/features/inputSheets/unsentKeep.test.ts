/** A deleted sheet's unsent changes kept and named in words (model/unsentKeep). */
import {
  UNSENT_COLUMNS,
  describeDeleted,
  keptChanges,
  keptFromTable,
  keptToTable,
  unsentSheet,
} from "../../../src/features/inputSheets/model/unsentKeep";
import type { PendingChange } from "../../../src/features/inputSheets/model/pendingChanges";

const change = (over: Partial<PendingChange>): PendingChange => ({
  rowIndex: 0,
  employeeId: 7,
  number: "E7",
  name: "Aoife Byrne",
  payslipDate: "2026-11-25",
  key: "calc.bonus.amount",
  header: "Bonus",
  type: "currency",
  before: null,
  moved: false,
  after: 500,
  problem: null,
  ...over,
});

it("keeps each change that parses with its row's status, and reads it back as written", () => {
  const kept = keptChanges(
    [
      change({}),
      change({ rowIndex: 1, employeeId: 8, name: "Conor Walsh", header: "Commission", key: "calc.comm.amount", after: 75 }),
      change({ rowIndex: 2, employeeId: 9, after: "ten", problem: "not a number" }),
    ],
    ["", "Held", ""],
  );
  expect(kept.map((k) => [k.name, k.value, k.status])).toEqual([
    ["Aoife Byrne", 500, ""],
    ["Conor Walsh", 75, "Held"],
  ]);
  expect(keptFromTable({ columns: [...UNSENT_COLUMNS], rows: keptToTable(kept) })).toEqual(kept);
  expect(unsentSheet({ snapshotSheet: "PayrollSnap_3_2026-11-25" })).toBe("PayrollUnsent_3_2026-11-25");
});

it("names a deleted sheet's changes once, in words", () => {
  const kept = keptChanges(
    [change({}), change({ rowIndex: 1, name: "Conor Walsh", header: "Commission", after: 75 })],
    ["Unchanged", "Held"],
  );
  expect(describeDeleted("Liffey · Nov", kept)).toBe(
    "'Liffey · Nov' was deleted with 2 changes not sent: Aoife Byrne's Bonus €500.00 and Conor Walsh's Commission €75.00 (Held).",
  );
  const many = keptChanges(
    Array.from({ length: 7 }, (_, i) => change({ rowIndex: i, after: 100 + i })),
    [],
  );
  expect(describeDeleted("X", many)).toMatch(/^'X' was deleted with 7 changes not sent: .* and 2 more\.$/);
  expect(describeDeleted("X", [])).toBe("'X' was deleted. It had no changes waiting to be sent.");
  expect(describeDeleted("X", null)).toBe("'X' was deleted. The add-in had not seen its changes, so none can be restored.");
});
