import type { InputValue } from "../../../src/contract";
import {
  type CarryInput,
  carryChoices,
  carryValues,
  describeCarryLine,
  describeStanding,
  nextOpenPeriod,
} from "../../../src/features/inputSheets/model/nextPeriod";

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

  it("carries only the inputs ticked", () => {
    const onlyHours = new Set(["calc.hourly_pay.hours"]);
    const all = { ...to, rows: to.rows.map((r) => ({ ...r, values: {} })) };
    expect(carryValues(from, all, onlyHours)).toEqual([{ rowIndex: 0, header: "Hourly pay: hours", type: "number", value: 40 }]);
    expect(carryValues(from, all, new Set())).toEqual([]);
    expect(carryValues(from, all).map((v) => v.header)).toEqual([
      "Basic salary: amount",
      "Hourly pay: hours",
      "Basic salary: amount",
    ]);
  });
});

describe("carryChoices: what Next period would copy, by input", () => {
  const SALARY = "calc.basic_salary.amount";
  const BONUS = "calc.bonus.amount";
  const HOURS = "calc.hourly_pay.hours";
  const DEPARTMENT = "calc.department.name";
  const input = (key: string, header: string, type: CarryInput["type"], over: Partial<CarryInput> = {}): CarryInput => ({
    key,
    header,
    type,
    kind: "payslip",
    oneOff: false,
    ...over,
  });
  const inputs = [
    input(SALARY, "Basic salary: amount", "currency"),
    input(BONUS, "Bonus: amount", "currency", { oneOff: true }),
    input(HOURS, "Hourly pay: hours", "number"),
    input(DEPARTMENT, "Department: name", "text"),
  ];
  const rows: { employeeId: number | null; values: Record<string, InputValue> }[] = [
    { employeeId: 1, values: { [SALARY]: 3000, [BONUS]: 500, [HOURS]: null, [DEPARTMENT]: "Sales" } },
    { employeeId: 2, values: { [SALARY]: 2500.5, [BONUS]: 250, [HOURS]: null, [DEPARTMENT]: "" } },
    { employeeId: 3, values: { [SALARY]: null, [BONUS]: 500, [HOURS]: null, [DEPARTMENT]: null } },
    // A second row of employee 1 and a row without an employee count for nothing (as carryValues reads them).
    { employeeId: 1, values: { [SALARY]: 9999, [BONUS]: 9999 } },
    { employeeId: null, values: { [SALARY]: 7, [BONUS]: 7 } },
  ];

  it("lists each payslip-only input with values: employees, total; recurring ticked, one-offs not", () => {
    const { lines, standing } = carryChoices(rows, inputs);
    expect(lines).toEqual([
      { key: SALARY, label: "Basic salary", type: "currency", employees: 2, total: 5500.5, ticked: true },
      { key: BONUS, label: "Bonus", type: "currency", employees: 3, total: 1250, ticked: false },
      { key: DEPARTMENT, label: "Department: name", type: "text", employees: 1, total: null, ticked: true },
    ]);
    expect(standing).toEqual([]);
    expect(lines.map(describeCarryLine)).toEqual([
      "Basic salary: 2 employees, €5,500.50",
      "Bonus: 3 employees, €1,250.00",
      "Department: name: 1 employee",
    ]);
  });

  it('leaves out "From this period on" inputs: their values already stand, and says so', () => {
    const lasting = inputs.map((i) => (i.key === SALARY ? { ...i, kind: "standing" as const } : i));
    const { lines, standing } = carryChoices(rows, lasting);
    expect(lines.map((l) => l.key)).toEqual([BONUS, DEPARTMENT]);
    expect(standing).toEqual(["Basic salary"]);
    const day = (iso: string) => iso.split("-").reverse().join("/");
    expect(describeStanding(standing, "2026-11-25", day)).toBe(
      "Basic salary carries by itself: it was pushed from 25/11/2026 on.",
    );
    expect(describeStanding(["Basic salary", "Car allowance", "Pension"], "2026-11-25", day)).toBe(
      "Basic salary, Car allowance and Pension carry by themselves: they were pushed from 25/11/2026 on.",
    );
    expect(describeStanding([], "2026-11-25", day)).toBe("");
  });

  it("lists nothing for a sheet without values", () => {
    expect(carryChoices([{ employeeId: 1, values: {} }], inputs).lines).toEqual([]);
  });
});
