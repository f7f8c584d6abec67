/**
 * A second person's review as pure steps (model/review.ts): the split of a push's rows, the names compared, the
 * Messages, and the review kept through the row states' store, the reconcile and the Change history.
 */
import {
  type ReviewState,
  awaitingRows,
  ownRowsSentence,
  samePerson,
  splitForReview,
} from "../../../src/features/inputSheets/model/review";
import type { PlannedRow } from "../../../src/features/inputSheets/model/pushPlan";
import type { RowFlag } from "../../../src/features/inputSheets/model/pushCheck";
import { parsePushCheckSettings } from "../../../src/features/inputSheets/model/pushCheck";
import { type RowRecord, drawRow, recordsFromTable, recordsToTable } from "../../../src/features/inputSheets/model/rowState";
import { planReconcile } from "../../../src/features/inputSheets/model/reconcile";
import { readInputSheet } from "../../../src/features/inputSheets/model/inputSheetModel";
import { CHANGE_HISTORY_COLUMNS, historyRows, parseHistory } from "../../../src/features/inputSheets/model/changeHistory";
import { inputSheetMeta } from "../../support/inputSheetFixture";

const DATE = "2025-01-31";
const SAL = "calc.basic_salary.amount";
const row = (rowIndex: number, employeeId = 10 + rowIndex): PlannedRow => ({
  rowIndex,
  employeeId,
  payslipDate: DATE,
  attributes: { [SAL]: 1000 + rowIndex },
});
const flag = (rowIndex: number, reason = "Basic salary: amount: 3,000.00 → 4,800.00 (+60 %) against 31/12/2024"): RowFlag => ({
  rowIndex,
  employeeId: 10 + rowIndex,
  name: `Name ${rowIndex}`,
  reasons: [reason],
  columns: ["Basic salary: amount"],
});
const awaiting = (preparedBy: string, reasons = ["Raised"]): RowRecord => ({
  status: "Awaiting review",
  reason: "Awaiting review",
  review: { preparedBy, reasons },
});

describe("splitForReview", () => {
  it("holds a new flagged row as Awaiting review, prepared by the person pushing; unflagged rows go", () => {
    const split = splitForReview([row(0), row(1)], [flag(1)], new Map(), " Anne Byrne ");
    expect(split.send.map((r) => r.rowIndex)).toEqual([0]);
    expect(split.local).toEqual([
      {
        rowIndex: 1,
        status: "Awaiting review",
        message: expect.stringMatching(/^Awaiting review: prepared by Anne Byrne, .* Flagged: .*\(\+60 %\)/),
        errorColumns: ["Basic salary: amount"],
      },
    ]);
    expect(split.reviews.get(1)).toEqual({ preparedBy: "Anne Byrne", reasons: [flag(1).reasons[0]] });
  });

  it("approve sends exactly the approved row, with the reviewer; undecided rows stay awaiting with their preparer", () => {
    const states = new Map([
      [0, awaiting("Anne Byrne")],
      [1, awaiting("Anne Byrne")],
    ]);
    const split = splitForReview([row(0), row(1)], [], states, "Bob Reid", new Map([[0, { action: "approve" as const }]]));
    expect(split.send.map((r) => r.rowIndex)).toEqual([0]);
    expect(split.reviews.get(0)).toEqual({ preparedBy: "Anne Byrne", reasons: ["Raised"], reviewedBy: "Bob Reid" });
    expect(split.local.map((o) => [o.rowIndex, o.status])).toEqual([[1, "Awaiting review"]]);
    expect(split.reviews.get(1)?.preparedBy).toBe("Anne Byrne");
  });

  it("refuses the preparer's own approval, however the name is spaced or cased", () => {
    const states = new Map([[0, awaiting("Anne Byrne")]]);
    for (const me of ["Anne Byrne", "  anne byrne", "ANNE BYRNE "]) {
      const split = splitForReview([row(0)], [flag(0)], states, me, new Map([[0, { action: "approve" as const }]]));
      expect(split.send).toEqual([]);
      expect(split.local[0].status).toBe("Awaiting review");
      expect(awaitingRows([row(0)], states, me, new Map())[0].mayReview).toBe(false);
    }
    expect(samePerson("Anne Byrne", "Anne Byrn")).toBe(false);
    expect(ownRowsSentence("Anne Byrne")).toBe("Anne Byrne prepared these rows, so a second person must review them.");
  });

  it("return with a note: Returned, the note and the preparer in the Message, not sent", () => {
    const states = new Map([[0, awaiting("Anne Byrne", ["Raised 60 %"])]]);
    const split = splitForReview(
      [row(0)],
      [],
      states,
      "Bob Reid",
      new Map([[0, { action: "return" as const, note: "Ask the client" }]]),
    );
    expect(split.send).toEqual([]);
    expect(split.local[0]).toMatchObject({ status: "Returned" });
    expect(split.local[0].message).toBe(
      "Returned by Bob Reid: Ask the client. Prepared by Anne Byrne; not sent. Edit the row and push again. Flagged: Raised 60 %.",
    );
  });
});

describe("the review as data", () => {
  it("is off by default in the document settings, and on only when stored as true", () => {
    expect(parsePushCheckSettings({}).secondPerson).toBe(false);
    expect(parsePushCheckSettings({ secondPerson: "yes" }).secondPerson).toBe(false);
    expect(parsePushCheckSettings({ secondPerson: true }).secondPerson).toBe(true);
  });

  const HEADERS = ["Employee ID", "Number", "Name", "Payslip date", "Basic salary: amount", "Nett pay", "Status", "Message"];
  const cells = [[10, "E10", "Name 0", DATE, 4800, 1000, "", ""]];

  it("survives the row states' store (found again by employee and date after a sort)", () => {
    const table = { columns: HEADERS, rows: cells };
    const stored = recordsToTable(table, new Map([[0, awaiting("Anne Byrne")]]));
    const moved = { columns: HEADERS, rows: [[11, "E11", "Other", DATE, 1, 1, "", ""], ...cells] };
    expect(recordsFromTable(moved, stored).get(1)?.review).toEqual({ preparedBy: "Anne Byrne", reasons: ["Raised"] });
  });

  it("is not wiped by Check against the service while the row still differs; matching the service, nothing is left to review", () => {
    const meta = inputSheetMeta({ payslipDate: DATE });
    const snapshot = new Map([[`10|${DATE}`, { [SAL]: 3000 }]]);
    const run = (held: number) =>
      planReconcile({
        sheet: readInputSheet({ columns: HEADERS, rows: cells }, meta, snapshot),
        cells,
        meta,
        snapshot,
        records: new Map([[0, awaiting("Anne Byrne")]]),
        service: new Map([[`10|${DATE}`, { values: { [SAL]: held }, nettPay: 1000, dirty: false, finalised: false }]]),
        undone: new Map(),
        period: "31/01/2025",
        now: "2025-01-31T10:00:00.000Z",
      });
    const kept = run(3000).records.get(0)!;
    expect(kept).toMatchObject({ status: "Awaiting review", review: { preparedBy: "Anne Byrne" } });
    expect(drawRow(kept).status).toBe("Awaiting review");
    expect(run(4800).records.get(0)?.status).toBe("Unchanged");
  });

  it("the Change history has a Reviewed by column; a history made before it still reads", () => {
    const push = {
      time: new Date(2025, 0, 31, 9),
      preparedBy: "Bob Reid",
      clientId: 1,
      clientName: "Liffey",
      sheet: "S",
      pushId: "P-1",
    };
    const cell = {
      employeeId: 10,
      number: "E10",
      name: "Name 0",
      payslipDate: DATE,
      input: "Basic salary: amount",
      inputKey: SAL,
      before: 3000,
      sent: 4800,
      outcome: "Saved",
    };
    const review: ReviewState = { preparedBy: "Anne Byrne", reasons: [], reviewedBy: "Bob Reid" };
    const rows = historyRows(push, [{ ...cell, preparedBy: review.preparedBy, reviewedBy: review.reviewedBy }, cell]);
    const columns = CHANGE_HISTORY_COLUMNS.map((c) => c.header);
    const lines = parseHistory({ columns, rows });
    expect(lines.map((l) => [l.preparedBy, l.reviewedBy])).toEqual([
      ["Anne Byrne", "Bob Reid"],
      ["Bob Reid", ""],
    ]);
    // An older table, without the column.
    const at = columns.indexOf("Reviewed by");
    const old = parseHistory({
      columns: columns.filter((_, i) => i !== at),
      rows: rows.map((r) => r.filter((_, i) => i !== at)),
    });
    expect(old.map((l) => [l.preparedBy, l.reviewedBy, l.sent])).toEqual([
      ["Anne Byrne", "", 4800],
      ["Bob Reid", "", 4800],
    ]);
  });
});
