import { changesIn, describePending, pendingChanges, shadingDelta } from "../../../src/features/inputSheets/model/pendingChanges";
import {
  type InputSheetMeta,
  readInputSheet,
  rowKey,
  type Snapshot,
} from "../../../src/features/inputSheets/model/inputSheetModel";
import { planPush } from "../../../src/features/inputSheets/model/pushPlan";

const meta = {
  inputs: [
    { key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" as const },
    { key: "calc.overtime.hours", header: "Overtime: hours", type: "number" as const },
  ],
};
const columns = [
  "Employee ID",
  "Number",
  "Name",
  "Payslip date",
  "Basic salary: amount",
  "Overtime: hours",
  "Nett pay",
  "Status",
  "Message",
];
const snapshot: Snapshot = new Map([
  [rowKey(1, "2025-01-31"), { "calc.basic_salary.amount": 3000, "calc.overtime.hours": null }],
  [rowKey(2, "2025-01-31"), { "calc.basic_salary.amount": "2500", "calc.overtime.hours": 4 }],
  [rowKey(3, "2025-01-31"), { "calc.basic_salary.amount": null, "calc.overtime.hours": null }],
]);
const row = (id: number, salary: unknown, hours: unknown, date: unknown = "2025-01-31") => [
  id,
  `E${id}`,
  `Name ${id}`,
  date,
  salary,
  hours,
  100,
  "",
  "",
];

describe("pendingChanges", () => {
  it("finds nothing on the sheet as built (numbers as text from the service equal typed numbers)", () => {
    const s = pendingChanges({ columns, rows: [row(1, 3000, ""), row(2, 2500, 4), row(3, "", "")] }, meta, snapshot);
    expect(s).toEqual({ changes: [], rows: 0 });
    expect(describePending(s)).toBe("No changes pending");
  });

  it("counts changed, cleared and unparseable cells per row, with old and new values", () => {
    const s = pendingChanges({ columns, rows: [row(1, 3100, 2), row(2, "", 4), row(3, "lots", "")] }, meta, snapshot);
    expect(s.rows).toBe(3);
    expect(s.changes.map((c) => [c.rowIndex, c.header, c.before, c.after, c.problem !== null])).toEqual([
      [0, "Basic salary: amount", 3000, 3100, false],
      [0, "Overtime: hours", null, 2, false],
      [1, "Basic salary: amount", 2500, null, false],
      [2, "Basic salary: amount", null, "lots", true],
    ]);
    expect(s.changes[0]).toMatchObject({ employeeId: 1, number: "E1", name: "Name 1", payslipDate: "2025-01-31" });
    expect(describePending(s)).toBe("4 changes pending in 3 rows");
  });

  it("matches rows by employee and date, not position; skips employees not on the sheet", () => {
    const s = pendingChanges({ columns, rows: [row(2, 2500, 5), row(1, 3000, ""), row(9, 1, 1)] }, meta, snapshot);
    expect(s.changes.map((c) => [c.rowIndex, c.employeeId, c.after, c.moved])).toEqual([[0, 2, 5, false]]);
  });

  it("counts every non-blank input of a row whose payslip date was edited to one the snapshot lacks, as the push sends them", () => {
    const s = pendingChanges({ columns, rows: [row(1, 3000, ""), row(2, 2500, "", "2024-12-31")] }, meta, snapshot);
    expect(s.changes.map((c) => [c.rowIndex, c.header, c.before, c.after, c.moved])).toEqual([
      [1, "Basic salary: amount", null, 2500, true],
    ]);
    expect(describePending(s)).toBe("1 change pending in 1 row");
  });

  it("counts exactly the cells Push changes sends, also for rows moved to a payslip date the snapshot lacks", () => {
    const full: InputSheetMeta = {
      version: 1,
      clientId: 1,
      clientName: "C",
      waveId: 1,
      waveName: "W",
      payslipDate: "2025-01-31",
      tableName: "T",
      snapshotSheet: "S",
      inputs: meta.inputs,
      builtAt: "2025-01-01T00:00:00Z",
    };
    const table = {
      columns,
      rows: [
        row(1, 3100, ""), // changed in place
        row(2, 2500, 4, "2024-12-31"), // moved: both inputs are sent, though equal to the old date's values
        row(3, "", 2, "2025-02-28"), // moved: the blank is not sent, the 2 is
        row(3, "", "", "2025-03-31"), // moved with nothing to send
      ],
    };
    const counted = pendingChanges(table, meta, snapshot).changes.map((c) => `${c.rowIndex}|${c.key}`);
    const plan = planPush(readInputSheet(table, full, snapshot), snapshot, { mode: "changed" });
    const sent = plan.send.flatMap((r) => Object.keys(r.attributes).map((k) => `${r.rowIndex}|${k}`));
    expect(counted).toEqual(sent);
    expect(counted).toEqual([
      "0|calc.basic_salary.amount",
      "1|calc.basic_salary.amount",
      "1|calc.overtime.hours",
      "2|calc.overtime.hours",
    ]);
  });

  it("uses singulars", () => {
    expect(describePending({ changes: [1], rows: 1 })).toBe("1 change pending in 1 row");
    expect(describePending({ changes: [1, 2], rows: 1 })).toBe("2 changes pending in 1 row");
  });
});

describe("shadingDelta and changesIn", () => {
  it("shades only new cells and clears cells no longer pending", () => {
    const d = shadingDelta(new Set(["0|A", "1|B"]), [
      { rowIndex: 0, header: "A" },
      { rowIndex: 2, header: "B" },
    ]);
    expect(d).toEqual({ shade: [{ rowIndex: 2, column: "B" }], clear: [{ rowIndex: 1, column: "B" }] });
  });

  it("picks the changes inside selected cells (headers ignore case)", () => {
    const s = pendingChanges({ columns, rows: [row(1, 3100, 2), row(2, 1, 4)] }, meta, snapshot);
    expect(
      changesIn(s.changes, [
        { rowIndex: 0, column: "overtime: hours" },
        { rowIndex: 1, column: "Name" },
      ]).map((c) => c.header),
    ).toEqual(["Overtime: hours"]);
  });
});
