import {
  inputSheetColumns,
  inputSheetGrid,
  inputSheetRows,
  offeredInputs,
} from "../../../src/features/inputSheets/model/inputSheet";
import { activeEmployees, defaultPeriod, wavePeriods } from "../../../src/ui/sheets/periods";
import { ITEMS, calc, employee, payslip, period } from "../../support/fixtures";

const JAN = "2025-01-31";
const DEC = "2024-12-31";

describe("offeredInputs", () => {
  const calculations = [
    calc({ id: 1, calculation_id: "basic_salary", inputs: { amount: 0 } }),
    calc({ id: 2, calculation_id: "overtime", inputs: { hours: 0, rate: 0, multiplier: 1.5 } }),
    calc({ id: 3, calculation_id: 501, inputs: { amount: null } }),
    calc({ id: 4, calculation_id: "bonus", inputs: { amount: 100, note: "x" }, deleted: true }),
    // An employee-level calculation of an item without a client definition or catalogue entry.
    calc({ id: 5, calculation_id: "travel", employee_id: 7, inputs: { km: 12, approved: true } }),
  ];
  const offered = offeredInputs(calculations, ITEMS);

  it("offers calc.<id>.<input> for each live item, catalogue input order first", () => {
    expect(offered.map((o) => o.key)).toEqual([
      "calc.basic_salary.amount",
      "calc.overtime.hours",
      "calc.overtime.rate",
      "calc.overtime.multiplier",
      "calc.501.amount",
      "calc.travel.km",
      "calc.travel.approved",
    ]);
  });
  it("types inputs from stored values, numbers when never seen", () => {
    const type = Object.fromEntries(offered.map((o) => [o.key, o.type]));
    expect(type["calc.travel.approved"]).toBe("boolean");
    expect(type["calc.501.amount"]).toBe("currency"); // amounts are money: one money format (docs/sheets.md)
  });
  it("makes labels unique in words, not API names, when two items share a label", () => {
    const labels = offered.map((o) => o.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain("Basic salary: amount (standard item)");
    expect(labels).toContain("Basic salary: amount (custom item 501)");
    expect(labels.filter((l) => l.includes("calc."))).toEqual([]);
    expect(labels).toContain("Overtime: multiplier");
    expect(labels).toContain("travel: km");
  });
});

describe("periods and active employees", () => {
  const employees = [
    employee(1, { recent_payslips: [payslip(11, JAN), payslip(10, DEC, { finalised: true })] }),
    employee(2, {
      recent_payslips: [
        payslip(21, JAN, { finalised: true }),
        payslip(22, JAN, { special: true }),
        payslip(20, DEC, { finalised: true }),
      ],
    }),
    employee(3, { wave_id: 2, recent_payslips: [payslip(31, "2025-01-24")] }),
    // Appointed in January: no payslip in the recent list yet, but employed at the period end.
    employee(4, { recent_payslips: [], service_periods: [period(40, 4, "2025-01-15", null)] }),
    // Left in December.
    employee(5, {
      recent_payslips: [payslip(50, DEC, { finalised: true })],
      service_periods: [period(50, 5, "2020-01-01", "2024-12-20")],
    }),
    // On long-term leave only (negative period): not employed by that period.
    employee(6, { service_periods: [period(60, 6, "2024-06-01", null, { negative: true })] }),
  ];

  it("lists a wave's regular payslip dates, newest first, with counts", () => {
    expect(wavePeriods(employees, 1)).toEqual([
      { date: JAN, payslips: 2, finalised: 1 },
      { date: DEC, payslips: 3, finalised: 3 },
    ]);
    expect(wavePeriods(employees, 2)).toEqual([{ date: "2025-01-24", payslips: 1, finalised: 0 }]);
  });
  it("defaults to the oldest period that is still open", () => {
    expect(defaultPeriod(wavePeriods(employees, 1))?.date).toBe(JAN);
    expect(defaultPeriod([{ date: JAN, payslips: 1, finalised: 1 }])?.date).toBe(JAN);
    expect(defaultPeriod([])).toBeNull();
  });
  it("takes employees of the wave with a payslip on the date or employed then", () => {
    expect(activeEmployees(employees, 1, JAN).map((e) => e.id)).toEqual([1, 2, 4]);
    expect(activeEmployees(employees, 1, DEC).map((e) => e.id)).toEqual([1, 2, 5]);
  });
});

describe("inputSheetRows", () => {
  const inputs = offeredInputs(
    [
      calc({ calculation_id: "basic_salary", inputs: { amount: 0 } }),
      calc({ calculation_id: "employer_loan", inputs: { amount: 0, balance: 0 } }),
    ],
    ITEMS,
  );
  const employees = [
    employee(2, { number: "10", recent_payslips: [payslip(21, JAN, { nett_pay: 2100 })] }),
    employee(1, { number: "9", recent_payslips: [payslip(11, JAN, { dirty: true, nett_pay: undefined, finalised: true })] }),
  ];
  const calculations = [
    calc({ id: 100, calculation_id: "basic_salary", employee_id: 1, inputs: { amount: 3000 } }),
    calc({ id: 101, calculation_id: "basic_salary", employee_id: 1, payslip_id: 11, inputs: { amount: 3500 } }),
    calc({ id: 102, calculation_id: "basic_salary", employee_id: 2, payslip_id: 99, inputs: { amount: 9999 } }), // another payslip
    calc({ id: 103, calculation_id: "basic_salary", employee_id: 2, inputs: { amount: 2500 } }),
    calc({ id: 105, calculation_id: "employer_loan", employee_id: 2, inputs: { amount: 50, balance: 900 } }),
    calc({ id: 104, calculation_id: "employer_loan", employee_id: 2, inputs: { amount: 40, balance: 400 } }),
    calc({ id: 106, calculation_id: "employer_loan", employee_id: 1, inputs: { amount: 70, balance: 700 }, deleted: true }),
  ];
  const rows = inputSheetRows({ employees, calculations, waveId: 1, payslipDate: JAN, inputs });

  it("orders rows by employee number (numerically)", () => {
    expect(rows.map((r) => r.number)).toEqual(["9", "10"]);
  });
  it("prefills payslip-specific values first, then the employee's own", () => {
    expect(rows[0].values["calc.basic_salary.amount"]).toBe(3500);
    expect(rows[1].values["calc.basic_salary.amount"]).toBe(2500);
  });
  it("shows the first instance of a multi-instance item, ignores deleted calculations", () => {
    expect(rows[1].values["calc.employer_loan.amount"]).toBe(40);
    expect(rows[0].values["calc.employer_loan.amount"]).toBeNull();
  });
  it("carries payslip ID, finalised flag and nett pay (blank while dirty)", () => {
    expect(rows[0]).toMatchObject({ employeeId: 1, payslipId: 11, finalised: true, nettPay: null, name: "First1 Last1" });
    expect(rows[1]).toMatchObject({ payslipId: 21, nettPay: 2100 });
  });
  it("lays out ID, number, name, date, inputs, nett pay, Status, Message", () => {
    const columns = inputSheetColumns(inputs);
    expect(columns.map((c) => c.header)).toEqual([
      "Employee ID",
      "Number",
      "Name",
      "Payslip date",
      "Basic salary: amount",
      "Employer loan: amount",
      "Employer loan: balance",
      "Nett pay",
      "Status",
      "Message",
    ]);
    expect(inputSheetGrid(rows, inputs)[1]).toEqual([2, "10", "First2 Last2", JAN, 2500, 40, 400, 2100, "", ""]);
  });
});
