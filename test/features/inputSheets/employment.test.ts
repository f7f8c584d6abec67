import { employmentNote, employmentText } from "../../../src/features/inputSheets/model/employment";
import {
  inputSheetColumns,
  inputSheetGrid,
  inputSheetRows,
  offeredInputs,
} from "../../../src/features/inputSheets/model/inputSheet";
import { ITEMS, calc, employee, payslip, period } from "../../support/fixtures";

const NOV = "2026-11-30";
const dmy = (iso: string) => iso.split("-").reverse().join("/");

describe("employmentNote: long-term leave and ended employment from the service periods", () => {
  it("an employee at work has no note", () => {
    expect(employmentNote(employee(1, { service_periods: [period(1, 1, "2020-01-01", null)] }), NOV)).toBeNull();
    expect(employmentNote(employee(1), NOV)).toBeNull();
  });

  it("a negative period covering the payslip date is long-term leave, with its end when known", () => {
    const onLeave = employee(1, {
      service_periods: [period(1, 1, "2020-01-01", null), period(2, 1, "2026-09-01", null, { negative: true })],
    });
    expect(employmentText(employmentNote(onLeave, NOV), dmy)).toBe("On long-term leave from 01/09/2026");
    const back = employee(1, {
      service_periods: [period(1, 1, "2020-01-01", null), period(2, 1, "2026-09-01", "2027-02-28", { negative: true })],
    });
    expect(employmentText(employmentNote(back, NOV), dmy)).toBe("On long-term leave from 01/09/2026 to 28/02/2027");
    // A leave over before the period, or starting after it, is not marked.
    const over = employee(1, {
      service_periods: [period(1, 1, "2020-01-01", null), period(2, 1, "2026-01-01", "2026-03-31", { negative: true })],
    });
    expect(employmentNote(over, NOV)).toBeNull();
  });

  it("employment ended on or before the payslip date, with none open on it, is marked; a rehire is not", () => {
    const left = employee(1, { service_periods: [period(1, 1, "2020-01-01", "2026-11-15")] });
    expect(employmentText(employmentNote(left, NOV), dmy)).toBe("Employment ended 15/11/2026");
    const lastDay = employee(1, { service_periods: [period(1, 1, "2020-01-01", NOV)] });
    expect(employmentText(employmentNote(lastDay, NOV), dmy)).toBe("Employment ended 30/11/2026");
    const rehired = employee(1, {
      service_periods: [period(1, 1, "2020-01-01", "2024-05-31"), period(2, 1, "2025-01-01", null)],
    });
    expect(employmentNote(rehired, NOV)).toBeNull();
    const later = employee(1, { service_periods: [period(1, 1, "2020-01-01", "2026-12-31")] });
    expect(employmentNote(later, NOV)).toBeNull();
  });
});

describe("the Employment column", () => {
  const inputs = offeredInputs([calc({ calculation_id: "basic_salary", inputs: { amount: 0 } })], ITEMS);
  const rows = inputSheetRows({
    employees: [
      employee(1, { number: "1", recent_payslips: [payslip(11, NOV)], service_periods: [period(1, 1, "2020-01-01", null)] }),
      employee(2, {
        number: "2",
        recent_payslips: [payslip(21, NOV)],
        service_periods: [period(2, 2, "2020-01-01", "2026-11-15")],
      }),
    ],
    calculations: [],
    waveId: 1,
    payslipDate: NOV,
    inputs,
  });

  it("the rows carry their note; the column sits after Name and holds the words", () => {
    expect(rows.map((r) => r.employment ?? null)).toEqual([null, { left: "2026-11-15" }]);
    const notes = rows.map((r) => employmentText(r.employment ?? null, dmy));
    expect(
      inputSheetColumns(inputs, true)
        .map((c) => c.header)
        .slice(0, 5),
    ).toEqual(["Employee ID", "Number", "Name", "Employment", "Payslip date"]);
    expect(inputSheetGrid(rows, inputs, notes)[1].slice(0, 5)).toEqual([
      2,
      "2",
      "First2 Last2",
      "Employment ended 15/11/2026",
      NOV,
    ]);
    // Without notes, the layout is as before.
    expect(inputSheetColumns(inputs).map((c) => c.header)).not.toContain("Employment");
    expect(inputSheetGrid(rows, inputs)[1]).toHaveLength(inputSheetColumns(inputs).length);
  });
});
