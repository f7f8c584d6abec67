/** A row's state as data: the Status and Message cells drawn from it, its changes, its store, and the migration. */
import { readInputSheet } from "../../../src/features/inputSheets/model/inputSheetModel";
import { inputSheetMeta } from "../../support/inputSheetFixture";
import { NETT_PAY_PENDING, withPendingNote } from "../../../src/features/inputSheets/model/nettPay";
import {
  type RowRecord,
  type RowRecords,
  awaitedNettPay,
  awaitingNettPay,
  drawRow,
  nettPayShown,
  outcomeRecord,
  recordsFromTable,
  recordsToTable,
  rowStateSheet,
  unmovedRows,
} from "../../../src/features/inputSheets/model/rowState";
import { recordsFromCells } from "../../../src/features/inputSheets/model/rowStateMigration";

const DATE = "2025-01-31";
const SAL = "calc.basic_salary.amount";
const meta = inputSheetMeta({ payslipDate: DATE, snapshotSheet: "PayrollSnap_1_2025-01-31" });
const HEADERS = ["Employee ID", "Number", "Name", "Payslip date", "Basic salary: amount", "Nett pay", "Status", "Message"];
const snapshot = new Map([
  [`7|${DATE}`, { [SAL]: 100 }],
  [`8|${DATE}`, { [SAL]: 200 }],
  [`9|${DATE}`, { [SAL]: 300 }],
]);
const tableOf = (rows: unknown[][]) => ({ columns: HEADERS, rows });
const sheetOf = (rows: unknown[][]) => readInputSheet(tableOf(rows), meta, snapshot);
const SINCE = "2025-01-31T09:58:00.000Z";
const UNMOVED = "Nett pay did not change: check Overtime: rate";

describe("drawRow", () => {
  const saved = outcomeRecord({ status: "Saved", message: "Updated", errorColumns: [] });

  it("draws a push's outcome as the cells read today: status, words, tone and highlights", () => {
    expect(drawRow(saved)).toEqual({ status: "Saved", message: "Updated", tone: "success", errorColumns: [] });
    const failed = outcomeRecord({ status: "Failed", message: "Not saved: refused", errorColumns: ["Basic salary: amount"] });
    expect(drawRow(failed)).toEqual({
      status: "Failed",
      message: "Not saved: refused",
      tone: "error",
      errorColumns: ["Basic salary: amount"],
    });
    expect(drawRow({ status: "Changed", reason: "Edited after the push" }).tone).toBe("warning");
  });

  it("adds the check's flag, then the pending note while the nett pay is awaited", () => {
    const flagged = outcomeRecord(
      { status: "Saved", message: "Updated", errorColumns: [] },
      { flags: ["Salary up 40% on last period"], flagColumns: ["Basic salary: amount"] },
    );
    expect(flagged.errorColumns).toEqual(["Basic salary: amount"]);
    const waiting = awaitingNettPay(flagged, "the service is recalculating", SINCE);
    expect(drawRow(waiting).message).toBe(withPendingNote(drawRow(flagged).message, "the service is recalculating"));
    expect(drawRow(waiting).message).toContain(`${NETT_PAY_PENDING}: the service is recalculating`);
    expect(drawRow(waiting).message.startsWith("Updated. Check: Salary up 40% on last period.")).toBe(true);
  });

  it("keeps the first wait's time and what was sent when the wait is marked again", () => {
    const first = awaitingNettPay(saved, "recalculating", SINCE, { sent: [SAL], was: 900 });
    const again = awaitingNettPay(first, "still recalculating — press Refresh nett pay", "2025-01-31T10:30:00.000Z");
    expect(again.nettPay).toEqual({
      awaited: true,
      since: SINCE,
      why: "still recalculating — press Refresh nett pay",
      sent: [SAL],
      was: 900,
    });
    expect(drawRow(again).message).toBe(`Updated. ${NETT_PAY_PENDING}: still recalculating — press Refresh nett pay`);
  });

  it("once shown, words the row as the pending note left it, with the nett pay flag and the no-move note (amber)", () => {
    const waiting = awaitingNettPay(saved, "recalculating", SINCE);
    expect(drawRow(nettPayShown(waiting, {})).message).toBe("Updated.");
    const flagged = nettPayShown(waiting, { flag: "Nett pay down 30%" });
    expect(drawRow(flagged).message).toMatch(/^Updated\. .*Nett pay down 30%/);
    expect(drawRow(flagged).errorColumns).toEqual(["Nett pay"]);
    const unmoved = drawRow(nettPayShown(waiting, { unmoved: UNMOVED }));
    expect(unmoved).toMatchObject({ message: `Updated. ${UNMOVED}.`, tone: "warning" });
    // An empty outcome reads "Saved." once its figure is shown, as the pending note's "Saved. Nett pay pending" did.
    expect(drawRow(nettPayShown({ status: "Saved", reason: "" }, {})).message).toBe("Saved.");
  });
});

describe("the rows' states", () => {
  const table = tableOf([
    [7, "E7", "A", DATE, 150, 900, "", ""],
    [8, "E8", "B", DATE, 200, 950, "", ""],
    ["x", "", "", DATE, 1, "", "", ""],
    [7, "E7", "A", DATE, 160, 900, "", ""],
  ]);
  const sheet = readInputSheet(table, meta, snapshot);

  it("find the rows awaiting nett pay, and count unmoved saved rows and statuses, from the state alone", () => {
    const records: RowRecords = new Map<number, RowRecord>([
      [
        0,
        awaitingNettPay(outcomeRecord({ status: "Saved", message: "Updated", errorColumns: [] }), "x", SINCE, {
          sent: [SAL],
          was: 900,
        }),
      ],
      [1, nettPayShown({ status: "Saved", reason: "Updated" }, { unmoved: UNMOVED })],
      [2, awaitingNettPay({ status: "Saved", reason: "" }, "x", SINCE)],
      [3, { status: "Failed", reason: "Not saved" }],
    ]);
    // Row 2 has no employee to look its figure up by.
    expect(awaitedNettPay(sheet, records)).toEqual([{ rowIndex: 0, employeeId: 7, payslipDate: DATE, sent: [SAL], was: 900 }]);
    expect(unmovedRows(records, [0, 1, 2, 3])).toBe(1);
    expect(unmovedRows(records, [0])).toBe(0);
  });

  it("are stored by employee and payslip date (rows without, or repeated, by position) and follow a sort", () => {
    const records: RowRecords = new Map([
      [0, { status: "Saved", reason: "Updated", pushId: "P1" }],
      [1, { status: "Failed", reason: "Not saved", errorColumns: ["Basic salary: amount"], retryable: true }],
      [2, { status: "Invalid", reason: "Not sent: Employee ID x" }],
      [3, { status: "Invalid", reason: "Not sent: Same employee and payslip date as row 1" }],
    ]);
    const grid = recordsToTable(table, records);
    expect(grid.columns).toEqual(["row", "state"]);
    expect(grid.rows.map((r) => r[0])).toEqual([`7|${DATE}`, `8|${DATE}`, "#2", "#3"]);
    expect(recordsFromTable(table, grid)).toEqual(records);
    // Sorted: employee 8 first. Each state stays with its employee.
    const sorted = tableOf([
      [8, "E8", "B", DATE, 200, 950, "", ""],
      [7, "E7", "A", DATE, 150, 900, "", ""],
    ]);
    const back = recordsFromTable(sorted, grid);
    expect(back.get(0)?.status).toBe("Failed");
    expect(back.get(1)?.status).toBe("Saved");
  });

  it("drop stored lines that are not understood, and rows no longer on the sheet", () => {
    const grid = {
      columns: ["row", "state"],
      rows: [
        [`7|${DATE}`, "{not json"],
        [`8|${DATE}`, JSON.stringify({ status: "Lost", reason: "?" })],
        [`9|${DATE}`, JSON.stringify({ status: "Saved", reason: "Updated" })],
      ],
    };
    expect(recordsFromTable(table, grid).size).toBe(0);
  });

  it("sit on a hidden sheet named after the snapshot's", () => {
    expect(rowStateSheet(meta)).toBe("PayrollRows_1_2025-01-31");
    expect(rowStateSheet({ snapshotSheet: "PayrollSnap1" })).toBe("PayrollRows_PayrollSnap1");
  });
});

describe("the migration of a sheet an earlier version pushed", () => {
  it("reads each row's status, words and pending note once, and draws the rows exactly as they read", () => {
    const cells = [
      [7, "E7", "A", DATE, 150, 900, "Saved", withPendingNote("Updated", "the service is recalculating")],
      [8, "E8", "B", DATE, 200, 950, "Unchanged", "No changes since the sheet was built or last pushed"],
      [9, "E9", "C", DATE, 300, 990, "Unchanged", withPendingNote("No changes", "recalculating")],
      ["x", "", "", DATE, 1, "", "Saved", withPendingNote("Updated", "recalculating")],
      [7, "E7", "A", DATE, 150, 900, "", "typed by hand"],
      [8, "E8", "B", DATE, 200, 950, "Failed", `Not saved: refused. Nett pay did not change: check Overtime: rate.`],
    ];
    const sheet = sheetOf(cells);
    const records = recordsFromCells(tableOf(cells), SINCE);
    expect(awaitedNettPay(sheet, records)).toEqual([
      { rowIndex: 0, employeeId: 7, payslipDate: DATE },
      { rowIndex: 2, employeeId: 9, payslipDate: DATE },
    ]);
    expect(records.get(0)?.nettPay).toEqual({ awaited: true, since: SINCE, why: "the service is recalculating" });
    // A row without a status of the add-in's has no state.
    expect(records.has(4)).toBe(false);
    for (const [rowIndex, r] of records) {
      expect(drawRow(r).status).toBe(cells[rowIndex][6]);
      expect(drawRow(r).message).toBe(cells[rowIndex][7]);
    }
  });
});

describe("readInputSheet on chosen rows (the watch validates only the rows holding a mark)", () => {
  const rows = [
    [7, "E7", "A", DATE, 150, 0, "", ""],
    [8, "E8", "B", DATE, "ten", 0, "", ""],
    [9, "E9", "C", DATE, 350, 0, "", ""],
    [7, "E7", "A again", DATE, 175, 0, "", ""],
  ];
  it("checks only those rows, and a chosen row repeating another's employee and date still says so", () => {
    const whole = readInputSheet(tableOf(rows), meta, snapshot);
    const chosen = readInputSheet(tableOf(rows), meta, snapshot, new Set([2, 3]));
    expect(chosen.rows.map((r) => r.rowIndex)).toEqual([2, 3]);
    // The same verdicts as a read of the whole sheet, row for row.
    expect(chosen.rows).toEqual(whole.rows.filter((r) => r.rowIndex >= 2));
    expect(chosen.rows[1].problems.map((p) => p.message)).toEqual(["Same employee and payslip date as row 1"]);
    // Row 2's "ten" is not looked at: it was not chosen.
    expect(readInputSheet(tableOf(rows), meta, snapshot, new Set([0])).rows.map((r) => r.problems)).toEqual([[]]);
  });
});
