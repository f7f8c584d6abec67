import { type RowSight, restoredHeaders, rowRepairs } from "../../../src/features/inputSheets/model/rowRepair";
import { type RowRecord, type RowRecords, following, settledOf } from "../../../src/features/inputSheets/model/rowState";

const saved: RowRecord = { status: "Saved", reason: "Saved for Aoife Byrne, period ending 30/11/2026" };
const sight = (s: Partial<RowSight> = {}): RowSight => ({ pending: false, invalid: false, edited: [], ...s });
const repairsOf = (records: RowRecords, sights: Record<number, Partial<RowSight>>) =>
  rowRepairs(records, new Map(Object.entries(sights).map(([i, s]) => [Number(i), sight(s)])));

describe("following: a mark keeps the settled state it replaced", () => {
  it("a mark after Saved keeps it; a mark after a mark keeps the first's; a settled state keeps none", () => {
    const invalid = following(saved, { status: "Invalid", reason: "Not sent: …" });
    expect(invalid.before).toEqual(saved);
    const waiting = following(invalid, { status: "Not sent", reason: "Waiting" });
    const failed = following(waiting, { status: "Failed", reason: "Not saved" });
    expect(failed.before).toEqual(saved);
    expect(following(failed, saved).before).toBeUndefined();
    expect(following(undefined, { status: "Held", reason: "Held" }).before).toBeUndefined();
    expect(settledOf(failed)).toEqual(saved);
    expect(settledOf(saved)).toEqual(saved);
  });
});

describe("rowRepairs", () => {
  it("a Saved or Unchanged row with a pending change says Changed, keeping what it was; without one it stays", () => {
    const unchanged: RowRecord = { status: "Unchanged", reason: "No changes" };
    const undone: RowRecord = { status: "Undone", reason: "Undone: the push that saved this row was undone." };
    const finalised: RowRecord = { status: "Finalised", reason: "Finalised: read only." };
    const records: RowRecords = new Map([
      [0, saved],
      [1, unchanged],
      [2, saved],
      [3, undone],
      [4, finalised],
    ]);
    const repairs = repairsOf(records, {
      0: { pending: true },
      1: { pending: true },
      2: {},
      3: { pending: true },
      4: { pending: true },
    });
    expect(repairs.map((r) => [r.rowIndex, r.record?.status, r.record?.before?.status])).toEqual([
      [0, "Changed", "Saved"],
      [1, "Changed", "Unchanged"],
      [3, "Changed", "Undone"],
    ]);
  });

  it("an Invalid row valid again with nothing pending goes back to its settled state; still invalid, it stays", () => {
    const invalid = following(saved, { status: "Invalid", reason: 'Column "Salary" is not an input' });
    const records: RowRecords = new Map([
      [0, invalid],
      [1, invalid],
      [2, { status: "Invalid", reason: "x" }],
      [3, invalid],
    ]);
    const repairs = repairsOf(records, { 0: {}, 1: { invalid: true }, 2: {}, 3: { pending: true } });
    expect(repairs).toEqual([
      { rowIndex: 0, record: saved },
      { rowIndex: 2, record: null },
      { rowIndex: 3, record: expect.objectContaining({ status: "Changed", before: saved }) },
    ]);
  });

  it("Failed, Held and Not sent rows change only after an edit: Changed when it left a change, back when it did not", () => {
    const held = following(saved, { status: "Held", reason: "Held at the check" });
    const records: RowRecords = new Map<number, RowRecord>([
      [0, held],
      [1, held],
      [2, held],
      [3, { status: "Failed", reason: "Not saved" }],
      [4, { status: "Conflict", reason: "The service holds another value" }],
      [5, { status: "Not sent", reason: "Waiting" }],
    ]);
    const repairs = repairsOf(records, {
      0: {}, // Push all rows held a row equal to the snapshot: it stays Held
      1: { edited: ["Basic salary: amount"] },
      2: { edited: ["Basic salary: amount"], pending: true },
      3: { edited: ["Basic salary: amount"], invalid: true },
      4: { edited: ["Basic salary: amount"] },
      5: { pending: true },
    });
    expect(repairs.map((r) => [r.rowIndex, r.record?.status ?? null])).toEqual([
      [1, "Saved"],
      [2, "Changed"],
      [3, "Changed"],
    ]);
  });

  it("a Changed row with nothing left to send goes back; with a change, or invalid, it stays Changed", () => {
    const changed = following(saved, { status: "Changed", reason: "Edited", tone: "warning" });
    const records: RowRecords = new Map([
      [0, changed],
      [1, changed],
      [2, changed],
    ]);
    expect(repairsOf(records, { 0: {}, 1: { pending: true }, 2: { invalid: true, edited: ["x"] } })).toEqual([
      { rowIndex: 0, record: saved },
    ]);
  });
});

describe("restoredHeaders: input headers typed back since the last look", () => {
  it("names the inputs back in the table; nothing without an earlier look, for other columns, or for headers never gone", () => {
    const inputs = ["Basic salary: amount (€)", "Bonus: amount (€)"];
    const all = ["Employee ID", "Name", ...inputs, "Status"];
    expect(restoredHeaders(["Employee ID", "Name", "Salary", "Bonus: amount (€)", "Status"], all, inputs)).toEqual([
      "Basic salary: amount (€)",
    ]);
    expect(restoredHeaders(null, all, inputs)).toEqual([]);
    expect(restoredHeaders(all, all, inputs)).toEqual([]);
    expect(restoredHeaders(["Name", ...inputs], ["Employee ID", "Name", ...inputs], inputs)).toEqual([]);
    expect(restoredHeaders(["Employee ID", "Name", "Salary"], ["Employee ID", "Name", "Salaries"], inputs)).toEqual([]);
  });
});
