/** This payslip only, or From this period on (issue 27, Deliver 1): the defaults, the words, and the push's entities. */
import type { BulkInputResult } from "../../../src/contract";
import { changeKindLabel, changeKindOf, defaultChangeKind } from "../../../src/features/inputSheets/model/changeKind";
import { parseMeta } from "../../../src/features/inputSheets/model/inputSheetModel";
import type { PlannedRow } from "../../../src/features/inputSheets/model/pushPlan";
import { chunkEntities, standingOutcomes } from "../../../src/features/inputSheets/model/standingPush";
import { parseHistory } from "../../../src/features/inputSheets/model/changeHistory";
import { inputSheetMeta } from "../../support/inputSheetFixture";

const SALARY = "calc.basic_salary.amount";
const BONUS = "calc.bonus.amount";
const DATE = "2026-11-30";
const show = (iso: string) => iso.split("-").reverse().join("/");

const meta = {
  inputs: [
    { key: SALARY, header: "Basic salary: amount", type: "currency" as const, kind: "standing" as const },
    { key: BONUS, header: "Bonus: amount", type: "currency" as const, kind: "payslip" as const },
  ],
};
const row = (rowIndex: number, employeeId: number, attributes: PlannedRow["attributes"]): PlannedRow => ({
  rowIndex,
  employeeId,
  payslipDate: DATE,
  name: `Employee ${employeeId}`,
  attributes,
});
const ok = (id: number, onPayslip: boolean): BulkInputResult => ({
  id: String(id),
  ...(onPayslip ? { payslip_date: DATE } : {}),
  success: "true",
  message: "Updated",
});

describe("the default kind follows the item", () => {
  it("salary and allowances last; bonus, commission and overtime are for the payslip only", () => {
    expect(defaultChangeKind({ calculationId: "basic_salary", itemLabel: "Basic salary", recurring: true })).toBe("standing");
    expect(defaultChangeKind({ calculationId: "104", itemLabel: "Travel allowance", recurring: true })).toBe("standing");
    expect(defaultChangeKind({ calculationId: "basic_salary", itemLabel: "Basic salary" })).toBe("standing");
    for (const [id, label] of [
      ["bonus", "Bonus"],
      ["commission", "Commission"],
      ["overtime", "Overtime"],
      ["107", "Once-off payment"],
    ])
      expect(defaultChangeKind({ calculationId: id, itemLabel: label, recurring: true })).toBe("payslip");
    // An item no employee holds as their own (seen only on payslips) is taken as one-off.
    expect(defaultChangeKind({ calculationId: "105", itemLabel: "Site visit", recurring: false })).toBe("payslip");
  });

  it("speaks the accountant's words, and a sheet built before kinds reads as This payslip only", () => {
    expect(changeKindLabel("standing")).toBe("From this period on");
    expect(changeKindLabel("payslip")).toBe("This payslip only");
    const old = parseMeta(inputSheetMeta());
    expect(old!.inputs.every((i) => changeKindOf(i) === "payslip")).toBe(true);
    const kept = parseMeta({ ...inputSheetMeta(), inputs: meta.inputs });
    expect(kept!.inputs.map((i) => i.kind)).toEqual(["standing", "payslip"]);
    expect(parseMeta({ ...inputSheetMeta(), inputs: [{ ...meta.inputs[0], kind: "forever" }] })).toBeNull();
  });
});

describe("a push's entities and outcomes", () => {
  const rows = [row(0, 11, { [SALARY]: 5000, [BONUS]: 300 }), row(1, 12, { [BONUS]: 200 })];

  it("sends the standing changes again as the employee's own inputs, in the same request", () => {
    expect(chunkEntities(rows, meta)).toEqual([
      { id: "11", payslip_date: DATE, attributes: { [SALARY]: 5000, [BONUS]: 300 } },
      { id: "12", payslip_date: DATE, attributes: { [BONUS]: 200 } },
      { id: "11", attributes: { [SALARY]: 5000 } },
    ]);
  });

  it("a saved row's Message says each change's kind", () => {
    const { outcomes, unanswered } = standingOutcomes(rows, [ok(11, true), ok(12, true), ok(11, false)], meta, show);
    expect(unanswered).toEqual([]);
    expect(outcomes.map((o) => [o.status, o.message])).toEqual([
      ["Saved", "Saved for Employee 11, period ending 30/11/2026: Basic salary: amount from 30/11/2026 on; Bonus: amount this payslip only"],
      ["Saved", "Saved for Employee 12, period ending 30/11/2026: Bonus: amount this payslip only"],
    ]);
  });

  it("a refused standing value fails the row, saying the payslip has it; a missing one is asked again", () => {
    const refused: BulkInputResult = {
      id: "11",
      success: "false",
      message: "1 attribute failed; nothing was changed",
      errors: { [SALARY]: "must be at most 1000000" },
    };
    // Out of order: matched by whether a result names a payslip.
    const { outcomes } = standingOutcomes(rows, [refused, ok(12, true), ok(11, true)], meta, show);
    // A definite refusal: the value needs changing, so it is not offered as a retry.
    expect(outcomes[0]).toMatchObject({ status: "Failed", errorColumns: ["Basic salary: amount"] });
    expect(outcomes[0].retryable).toBeUndefined();
    expect(outcomes[0].message).toMatch(/^Saved on the payslip of 30\/11\/2026 only; not saved as the standing value from 30\/11\/2026 on: /);
    const missing = standingOutcomes(rows, [ok(11, true), ok(12, true)], meta, show);
    expect(missing.unanswered.map((r) => r.rowIndex)).toEqual([0]);
    expect(missing.outcomes.find((o) => o.rowIndex === 0)).toMatchObject({ status: "Failed", retryable: true });
  });

  it("a sheet without standing inputs sends and says what it always did", () => {
    const old = { inputs: meta.inputs.map(({ kind: _, ...i }) => i) };
    expect(chunkEntities(rows, old)).toHaveLength(2);
    const { outcomes } = standingOutcomes(rows, [ok(11, true), ok(12, true)], old, show);
    expect(outcomes.map((o) => o.message)).toEqual([
      "Saved for Employee 11, period ending 30/11/2026",
      "Saved for Employee 12, period ending 30/11/2026",
    ]);
  });
});

describe("the Change history's Change column", () => {
  it("reads From … on as a standing change, and a line without it as this payslip only", () => {
    const columns = ["Employee ID", "Client ID", "Payslip date", "Input key", "Push ID", "Change"];
    const lines = parseHistory({
      columns,
      rows: [
        [11, 7, DATE, SALARY, "P-1", "From 30/11/2026 on"],
        [11, 7, DATE, BONUS, "P-1", "This payslip only"],
        [12, 7, DATE, BONUS, "P-0", ""],
      ],
    });
    expect(lines.map((l) => l.kind)).toEqual(["standing", "payslip", "payslip"]);
  });
});
