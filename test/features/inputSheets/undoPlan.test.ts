/** The undo plan: which cells go back, which are kept (Conflict), and how each ends. */
import type { InputValue } from "../../../src/contract";
import { rowKey } from "../../../src/features/inputSheets/model/inputSheetModel";
import { planUndo, undoCells, undoCounts } from "../../../src/features/inputSheets/model/undoPlan";
import { historyLine } from "../../support/changeHistoryFixture";

const SAL = "calc.basic_salary.amount";
const OT = "calc.overtime.hours";

describe("planUndo", () => {
  it("sends the value before of each cell the service still holds as sent, grouped per employee's payslip", () => {
    const lines = [
      historyLine(),
      historyLine({ input: "Overtime: hours", inputKey: OT, before: 2, sent: "6" }),
      historyLine({ employeeId: 102, before: 2500, sent: 2600 }),
    ];
    const current = new Map<string, Record<string, InputValue>>([
      [rowKey(101, "2026-11-30"), { [SAL]: 4800, [OT]: 6 }],
      [rowKey(102, "2026-11-30"), { [SAL]: "2600" }],
    ]);
    const plan = planUndo(lines, current);
    expect(plan.send).toEqual([
      { rowIndex: 0, employeeId: 101, payslipDate: "2026-11-30", attributes: { [SAL]: 3000, [OT]: 2 } },
      { rowIndex: 1, employeeId: 102, payslipDate: "2026-11-30", attributes: { [SAL]: 2500 } },
    ]);
    expect(plan.cells.every((c) => c.outcome === null)).toBe(true);
  });

  it("keeps a cell changed since the push (Conflict, naming both values), and cannot blank a cell that was blank", () => {
    const lines = [
      historyLine(),
      historyLine({ employeeId: 102, before: null, sent: 100 }),
      historyLine({ employeeId: 103 }),
      historyLine({ employeeId: 104, outcome: "Failed" }),
    ];
    const current = new Map<string, Record<string, InputValue>>([
      [rowKey(101, "2026-11-30"), { [SAL]: 5000 }],
      [rowKey(102, "2026-11-30"), { [SAL]: 100 }],
    ]);
    const plan = planUndo(lines, current);
    expect(plan.send).toEqual([]);
    expect(plan.notSaved).toBe(1);
    const ends = plan.cells.map((c) => [c.line.employeeId, c.outcome?.status]);
    expect(ends).toEqual([
      [101, "Conflict"],
      [102, "Not sent"],
      [103, "Failed"],
    ]);
    expect(plan.cells[0].outcome?.message).toMatch(/the service holds 5,000, the push sent 4,800/);
    expect(plan.cells[1].outcome?.message).not.toMatch(/standing value/);
    // A From-this-period-on change that was blank before: its standing value cannot be emptied either, and it says so.
    const standing = planUndo([historyLine({ employeeId: 102, before: null, sent: 100, kind: "standing" })], current);
    expect(standing.cells[0].outcome?.message).toMatch(/cannot empty an input \(the employee's standing value stays too\)\./);
  });

  it("each cell ends as its row did; the Push log counts each payslip once, its worst cell deciding", () => {
    const lines = [historyLine(), historyLine({ inputKey: OT, before: 1, sent: 2 }), historyLine({ employeeId: 102 })];
    const current = new Map<string, Record<string, InputValue>>([
      [rowKey(101, "2026-11-30"), { [SAL]: 4800, [OT]: 9 }],
      [rowKey(102, "2026-11-30"), { [SAL]: 4800 }],
    ]);
    const plan = planUndo(lines, current);
    const saved = { rowIndex: 0, status: "Saved" as const, message: "ok", errorColumns: [] };
    const cells = undoCells(plan, new Map([[0, saved]]));
    expect(cells.map((c) => c.outcome.status)).toEqual(["Saved", "Conflict", "Not sent"]);
    expect(undoCounts(cells)).toMatchObject({ Saved: 0, Conflict: 1, "Not sent": 1 });
  });
});
