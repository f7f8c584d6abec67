/** The pending nett pay note in a row's Message (drawn from its state: test/features/inputSheets/rowState.test.ts), and reading nett pay from payslip lists. */
import { NETT_PAY_PENDING, nettPayFromPayslips, withPendingNote } from "../../../src/features/inputSheets/model/nettPay";

const DATE = "2025-01-31";
describe("the pending note", () => {
  it("is added after the row's message, and replaced rather than repeated", () => {
    const pending = withPendingNote("Updated", "the service is recalculating");
    expect(pending).toBe(`Updated. ${NETT_PAY_PENDING}: the service is recalculating`);
    const again = withPendingNote(pending, "the service is still recalculating — press Refresh nett pay");
    expect(again).toBe(`Updated. ${NETT_PAY_PENDING}: the service is still recalculating — press Refresh nett pay`);
    // A message that ends a sentence is not given a second full stop.
    const dotted = "Updated 1 calculation(s) on payslip 7.";
    expect(withPendingNote(dotted, "x")).toBe(`${dotted} ${NETT_PAY_PENDING}: x`);
    expect(withPendingNote("", "x")).toBe(`Saved. ${NETT_PAY_PENDING}: x`);
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
