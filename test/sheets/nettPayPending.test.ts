/** The pending nett pay note in a row's Message (the record of which rows await their nett pay), and reading nett pay from payslip lists. */
import { type InputSheetMeta, readInputSheet } from "../../src/features/inputSheets/model/inputSheetModel";
import {
  NETT_PAY_PENDING,
  nettPayFromPayslips,
  pendingNettPayRows,
  withPendingNote,
  withoutPendingNote,
} from "../../src/features/inputSheets/model/nettPay";

const DATE = "2025-01-31";
const SAL = "calc.basic_salary.amount";
const meta: InputSheetMeta = {
  version: 1,
  clientId: 1,
  clientName: "Liffey",
  waveId: 1,
  waveName: "Monthly",
  payslipDate: DATE,
  tableName: "Inputs_1",
  snapshotSheet: "PayrollSnap1",
  inputs: [{ key: SAL, header: "Basic salary: amount", type: "number" }],
  builtAt: "2025-01-20T10:00:00.000Z",
};
const HEADERS = ["Employee ID", "Number", "Name", "Payslip date", "Basic salary: amount", "Nett pay", "Status", "Message"];

describe("the pending note", () => {
  it("is added after the row's message, replaced rather than repeated, and removed to the message again", () => {
    const pending = withPendingNote("Updated", "the service is recalculating");
    expect(pending).toBe(`Updated. ${NETT_PAY_PENDING}: the service is recalculating`);
    const again = withPendingNote(pending, "the service is still recalculating — press Refresh nett pay");
    expect(again).toBe(`Updated. ${NETT_PAY_PENDING}: the service is still recalculating — press Refresh nett pay`);
    expect(withoutPendingNote(again)).toBe("Updated.");
    // A message that ends a sentence comes back as it was.
    const dotted = "Updated 1 calculation(s) on payslip 7.";
    expect(withoutPendingNote(withPendingNote(dotted, "x"))).toBe(dotted);
    expect(withoutPendingNote("Updated")).toBe("Updated");
    expect(withPendingNote("", "x")).toBe(`Saved. ${NETT_PAY_PENDING}: x`);
  });

  it("finds the rows whose Message carries it, with their employee and payslip date", () => {
    const snapshot = new Map([
      [`7|${DATE}`, { [SAL]: 100 }],
      [`8|${DATE}`, { [SAL]: 200 }],
      [`9|${DATE}`, { [SAL]: 300 }],
    ]);
    const rows = [
      [7, "E7", "A", DATE, 150, 900, "Saved", withPendingNote("Updated", "recalculating")],
      [8, "E8", "B", DATE, 200, 950, "Unchanged", "No changes since the sheet was built or last pushed"],
      [9, "E9", "C", DATE, 300, 990, "Unchanged", withPendingNote("No changes", "recalculating")],
      ["x", "", "", DATE, 1, "", "Saved", withPendingNote("Updated", "recalculating")],
    ];
    const sheet = readInputSheet({ columns: HEADERS, rows }, meta, snapshot);
    expect(pendingNettPayRows(sheet)).toEqual([
      { rowIndex: 0, employeeId: 7, payslipDate: DATE },
      { rowIndex: 2, employeeId: 9, payslipDate: DATE },
    ]);
  });
});

describe("nettPayFromPayslips", () => {
  const payslip = (date: string, extra: object) => ({ date, special: false, dirty: false, nett_pay: 1, ...extra });
  it("takes the regular payslip of the date once it is no longer dirty", () => {
    const lists = new Map([
      [1, [payslip("2024-12-31", { nett_pay: 5 }), payslip(DATE, { nett_pay: 10 })]],
      [2, [payslip(DATE, { dirty: true, nett_pay: undefined })]],
      [3, [payslip(DATE, { special: true, nett_pay: 99 })]],
    ]);
    const targets = [1, 2, 3, 4].map((employeeId, rowIndex) => ({ rowIndex, employeeId, payslipDate: DATE }));
    const { ready, pending } = nettPayFromPayslips(lists, targets);
    expect(ready).toEqual([{ rowIndex: 0, value: 10 }]);
    expect(pending.map((t) => t.employeeId)).toEqual([2, 3, 4]);
  });
});
