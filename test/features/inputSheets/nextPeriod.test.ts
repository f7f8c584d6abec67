import type { InputValue } from "../../../src/contract";
import { carryValues, nextOpenPeriod } from "../../../src/features/inputSheets/model/nextPeriod";

describe("nextOpenPeriod", () => {
  const periods = [
    { date: "2026-12-31", payslips: 4, finalised: 0 },
    { date: "2026-11-30", payslips: 4, finalised: 1 },
    { date: "2026-10-31", payslips: 4, finalised: 4 },
    { date: "2026-09-30", payslips: 4, finalised: 4 },
  ];

  it("is the oldest later period not all finalised", () => {
    expect(nextOpenPeriod(periods, "2026-09-30")?.date).toBe("2026-11-30");
    expect(nextOpenPeriod(periods, "2026-11-30")?.date).toBe("2026-12-31");
  });

  it("is none after the newest open period", () => {
    expect(nextOpenPeriod(periods, "2026-12-31")).toBeNull();
    expect(nextOpenPeriod(periods.slice(2), "2026-09-30")).toBeNull();
  });
});

describe("carryValues", () => {
  const inputs = [
    { key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" as const },
    { key: "calc.hourly_pay.hours", header: "Hourly pay: hours", type: "number" as const },
  ];
  const from: { employeeId: number | null; values: Record<string, InputValue> }[] = [
    { employeeId: 11, values: { "calc.basic_salary.amount": 2500, "calc.hourly_pay.hours": null } },
    { employeeId: 12, values: { "calc.basic_salary.amount": 3000, "calc.hourly_pay.hours": "40" } },
    { employeeId: 99, values: { "calc.basic_salary.amount": 1000, "calc.hourly_pay.hours": 1 } },
    { employeeId: null, values: { "calc.basic_salary.amount": 7 } },
  ];
  const to = {
    inputs,
    rows: [
      { rowIndex: 0, employeeId: 12, values: { "calc.basic_salary.amount": 2800, "calc.hourly_pay.hours": 40 } },
      { rowIndex: 1, employeeId: 11, values: { "calc.basic_salary.amount": 2500, "calc.hourly_pay.hours": 20 } },
      { rowIndex: 2, employeeId: 13, values: { "calc.basic_salary.amount": null, "calc.hourly_pay.hours": null } },
    ],
  };

  it("carries, for employees on both sheets, the non-blank values the new sheet does not hold already", () => {
    expect(carryValues(from, to)).toEqual([{ rowIndex: 0, header: "Basic salary: amount", type: "currency", value: 3000 }]);
  });

  it("carries nothing between sheets with no employee in common", () => {
    expect(carryValues([from[2]], to)).toEqual([]);
  });
});
