/**
 * Hand-computed payslips. Per-period figures (2025, see docs/payroll-rules.md):
 * weekly: cut-off 44,000/52 = 846.15; credits 4,000/52 = 76.92; USC exemption 13,000/52 = 250.00;
 *   USC band limits 231.00 / 526.58 / 1,347.00; PRSI thresholds 352 and 527.
 * monthly: cut-off 3,666.67; credits 333.33; USC band limits 1,001.00 / 2,281.83 / 5,837.00.
 */
import { PayslipData, PayslipDetail } from "../../src/contract";
import {
  computePayslip,
  calculationOutputs,
  payslipAccounts,
  payslipData,
  payslipDetail,
  type EmployeeFacts,
  type Payslip,
  type PayslipItemInput,
} from "../../src/sandbox/engine";

const WEEK = { periods_per_year: 52, period_end_date: "2025-03-07" };
const MONTH = { periods_per_year: 12, period_end_date: "2025-03-31" };

const basic = (amount: number): PayslipItemInput => ({ calculation_id: "basic_salary", inputs: { amount } });

/** Cents by item name (instances summed) for the lines of one section. */
function cents(p: Payslip, item: string | number): number {
  return p.lines.filter((l) => l.item === item).reduce((s, l) => s + l.cents, 0);
}

function weekly(employee: EmployeeFacts, items: PayslipItemInput[]): Payslip {
  return computePayslip(employee, items, WEEK);
}

describe("class A, weekly", () => {
  test("€1,000 basic: higher-rate PAYE, three USC bands, PRSI at 4.2%, employer at 11.25%", () => {
    const p = weekly({ prsi_class: "a" }, [basic(1000)]);
    // PAYE: 20% × 846.15 = 169.23; 40% × 153.85 = 61.54; 230.77 − 76.92 = 153.85
    expect(cents(p, "paye")).toBe(15385);
    // USC: 0.5% × 231.00 = 1.155 → 1.16; 2% × 295.58 = 5.9116 → 5.91; 3% × 473.42 = 14.2026 → 14.20
    expect(cents(p, "usc")).toBe(116 + 591 + 1420);
    expect(cents(p, "prsi_employee")).toBe(4200);
    expect(cents(p, "prsi_employer")).toBe(11250);
    expect(p.totals).toEqual({
      gross_cents: 100000,
      taxable_cents: 100000,
      income_cents: 100000,
      deduction_cents: 15385 + 2127 + 4200,
      employer_cents: 11250,
      nett_cents: 100000 - 15385 - 2127 - 4200,
    });
  });

  test("€300 basic: credits wipe out PAYE, below the €352 PRSI threshold, employer at 8.9%", () => {
    const p = weekly({}, [basic(300)]);
    expect(cents(p, "paye")).toBe(0);
    // USC: 0.5% × 231.00 → 1.16; 2% × 69.00 = 1.38
    expect(cents(p, "usc")).toBe(254);
    expect(cents(p, "prsi_employee")).toBe(0);
    expect(cents(p, "prsi_employer")).toBe(2670);
    expect(p.totals.nett_cents).toBe(30000 - 254);
  });

  test.each([
    // pay, employee 4.2% (0 up to 352), employer 8.9% up to 527 then 11.25%
    [352, 0, 3133], // 8.9% × 352 = 31.328
    [352.01, 1478, 3133], // 4.2% × 352.01 = 14.78442; 8.9% × 352.01 = 31.32889
    [527, 2213, 4690], // 4.2% × 527 = 22.134; 8.9% × 527 = 46.903
    [527.01, 2213, 5929], // 11.25% × 527.01 = 59.288625
  ])("PRSI thresholds at €%s a week", (pay, employee, employer) => {
    const p = weekly({ prsi_class: "a" }, [basic(pay)]);
    expect(cents(p, "prsi_employee")).toBe(employee);
    expect(cents(p, "prsi_employer")).toBe(employer);
  });

  test("USC exemption: nothing at €250.00 a week, every band from €250.01", () => {
    expect(cents(weekly({}, [basic(250)]), "usc")).toBe(0);
    // 1.155 → 1.16 and 2% × 19.01 = 0.3802 → 0.38
    expect(cents(weekly({}, [basic(250.01)]), "usc")).toBe(116 + 38);
  });

  test("pension relief comes off PAYE only; the employer part is in the sideline", () => {
    const p = weekly({}, [basic(1000), { calculation_id: "pension", inputs: { employee_percent: 5, employer_percent: 10 } }]);
    expect(cents(p, "pension")).toBe(5000);
    expect(p.totals.taxable_cents).toBe(95000);
    // 169.23 + 40% × 103.85 = 41.54 → 210.77 − 76.92
    expect(cents(p, "paye")).toBe(13385);
    expect(cents(p, "usc")).toBe(2127);
    expect(cents(p, "prsi_employee")).toBe(4200);
    expect(cents(p, "pension_employer")).toBe(10000);
    expect(p.totals.nett_cents).toBe(100000 - 13385 - 2127 - 4200 - 5000);
  });
});

describe("other PRSI classes and flags", () => {
  test("class J: no employee PRSI, employer 0.5%", () => {
    const p = weekly({ prsi_class: "j" }, [basic(200)]);
    expect(cents(p, "prsi_employee")).toBe(0);
    expect(cents(p, "prsi_employer")).toBe(100);
    expect(cents(p, "usc")).toBe(0); // 200 ≤ 250 exemption
    expect(p.totals.nett_cents).toBe(20000);
  });

  test("class S monthly €5,000: 4%, no employer PRSI", () => {
    const p = computePayslip({ prsi_class: "S" }, [basic(5000)], MONTH);
    // PAYE: 20% × 3,666.67 = 733.334 → 733.33; 40% × 1,333.33 = 533.332 → 533.33; 1,266.66 − 333.33
    expect(cents(p, "paye")).toBe(93333);
    // USC: 0.5% × 1,001 = 5.005 → 5.01; 2% × 1,280.83 = 25.6166 → 25.62; 3% × 2,718.17 = 81.5451 → 81.55
    expect(cents(p, "usc")).toBe(501 + 2562 + 8155);
    expect(cents(p, "prsi_employee")).toBe(20000);
    expect(cents(p, "prsi_employer")).toBe(0);
    expect(p.totals.nett_cents).toBe(500000 - 93333 - 11218 - 20000);
  });

  test("class S below €5,000 a year pays no PRSI", () => {
    expect(cents(computePayslip({ prsi_class: "s" }, [basic(400)], MONTH), "prsi_employee")).toBe(0);
  });

  test("class M: no PRSI at all", () => {
    const p = weekly({ prsi_class: "m" }, [basic(800)]);
    expect(cents(p, "prsi_employee") + cents(p, "prsi_employer")).toBe(0);
  });

  test("prsi_exempt: no employee or employer PRSI, other taxes unchanged", () => {
    const exempt = weekly({ prsi_class: "a", prsi_exempt: true }, [basic(1000)]);
    expect(cents(exempt, "prsi_employee") + cents(exempt, "prsi_employer")).toBe(0);
    expect(cents(exempt, "paye")).toBe(15385);
  });

  test("a director on class A pays class S; on class J keeps J", () => {
    const a = weekly({ prsi_class: "a", director: true }, [basic(1000)]);
    expect(cents(a, "prsi_employee")).toBe(4000);
    expect(cents(a, "prsi_employer")).toBe(0);
    const j = weekly({ prsi_class: "j", director: true }, [basic(1000)]);
    expect(cents(j, "prsi_employer")).toBe(500);
  });

  test("blank, null or unknown class means A", () => {
    for (const prsi_class of ["", null, undefined, "x"]) {
      expect(cents(weekly({ prsi_class }, [basic(1000)]), "prsi_employee")).toBe(4200);
    }
  });
});

describe("income items and rounding", () => {
  test("hours × rate rounds once, half away from zero, without float noise", () => {
    // 1 × 1.005 = 100.5 cents → 101 (1.005 * 100 is 100.49999999999999 in binary floating point)
    expect(cents(weekly({}, [{ calculation_id: "hourly_pay", inputs: { hours: 1, rate: 1.005 } }]), "hourly_pay")).toBe(101);
    // 3.33 × 12.345 × 1.5 = 61.663275
    expect(
      cents(weekly({}, [{ calculation_id: "overtime", inputs: { hours: 3.33, rate: 12.345, multiplier: 1.5 } }]), "overtime"),
    ).toBe(6166);
  });

  test("overtime multiplier defaults to 1.5", () => {
    expect(cents(weekly({}, [{ calculation_id: "overtime", inputs: { hours: 2, rate: 20 } }]), "overtime")).toBe(6000);
  });

  test("hourly_pay without hours takes the Regular Hours week", () => {
    const p = computePayslip({}, [{ calculation_id: "hourly_pay", inputs: { rate: 15 } }], {
      periods_per_year: 26,
      period_end_date: "2025-03-07",
      regular_hours_per_week: 39,
    });
    expect(cents(p, "hourly_pay")).toBe(78 * 1500);
  });

  test("numeric text inputs count; invalid ones fall back to the default", () => {
    const p = weekly({}, [basic("123.45" as unknown as number), { calculation_id: "bonus", inputs: { amount: "lots" } }]);
    expect(p.totals.gross_cents).toBe(12345);
  });

  test("commission, bonus and custom items; non-taxable custom income escapes tax", () => {
    const custom = [
      { id: 1001, label: "Meal allowance", category: "income" as const, taxable: false },
      { id: 1002, label: "Union subscription", category: "deduction" as const },
      { id: 1003, label: "Health insurance", category: "employer" as const },
    ];
    const p = computePayslip(
      {},
      [
        basic(300),
        { calculation_id: "commission", inputs: { amount: 25 } },
        { calculation_id: "bonus", inputs: { amount: 27 } },
        { calculation_id: 1001, inputs: { amount: 100 } },
        { calculation_id: "1002", inputs: { amount: 4.5 } },
        { calculation_id: 1003, inputs: { amount: 30 } },
      ],
      WEEK,
      custom,
    );
    expect(p.totals.gross_cents).toBe(45200);
    expect(p.totals.taxable_cents).toBe(35200);
    expect(cents(p, "prsi_employee")).toBe(0); // reckonable 352.00 is not above the threshold
    expect(cents(p, 1002)).toBe(450);
    expect(cents(p, 1003)).toBe(3000);
    expect(p.lines.find((l) => l.item === 1003)?.section).toBe("employer");
    expect(p.lines.find((l) => l.item === 1001)?.label).toBe("Meal allowance");
  });

  test("skipped and unknown calculations contribute nothing; unknown ones are reported", () => {
    const p = weekly({}, [
      basic(500),
      { calculation_id: "bonus", inputs: { amount: 99 }, skip: true },
      { calculation_id: "nope", inputs: {} },
    ]);
    expect(p.totals.gross_cents).toBe(50000);
    expect(p.warnings).toEqual([expect.stringContaining('"nope"')]);
  });
});

describe("loans, savings and garnishees", () => {
  test("each loan instance repays at most its balance; savings accumulate", () => {
    const p = weekly({}, [
      basic(1000),
      { calculation_id: "employer_loan", inputs: { amount: 50, balance: 30 }, instance: 7 },
      { calculation_id: "employer_loan", inputs: { amount: 25, balance: 500 }, instance: 8 },
      { calculation_id: "savings", inputs: { amount: 10, balance: 100 }, instance: 9 },
      { calculation_id: "garnishee", inputs: { amount: 40, balance: 1000 } },
    ]);
    expect(p.lines.filter((l) => l.item === "employer_loan").map((l) => [l.instance, l.cents, l.label])).toEqual([
      [7, 3000, "Employer loan"],
      [8, 2500, "Employer loan 2"],
    ]);
    expect(p.balances).toEqual([
      { calculation_id: "employer_loan", instance: 7, opening_cents: 3000, movement_cents: -3000, closing_cents: 0 },
      { calculation_id: "employer_loan", instance: 8, opening_cents: 50000, movement_cents: -2500, closing_cents: 47500 },
      { calculation_id: "savings", instance: 9, opening_cents: 10000, movement_cents: 1000, closing_cents: 11000 },
      { calculation_id: "garnishee", instance: null, opening_cents: 100000, movement_cents: -4000, closing_cents: 96000 },
    ]);
    expect(calculationOutputs(p, "employer_loan", 8)).toEqual({ amount: 25, balance: 475 });
  });

  test("a loan with no balance deducts the full amount and tracks nothing; a repaid loan deducts nothing", () => {
    const p = weekly({}, [
      basic(500),
      { calculation_id: "employer_loan", inputs: { amount: 20 }, instance: 1 },
      { calculation_id: "employer_loan", inputs: { amount: 20, balance: 0 }, instance: 2 },
    ]);
    expect(p.lines.filter((l) => l.item === "employer_loan").map((l) => l.cents)).toEqual([2000, 0]);
    expect(p.balances.map((b) => b.instance)).toEqual([2]);
  });

  test("deductions above pay give a negative nett with a warning, and nett still = income − deductions", () => {
    const p = weekly({}, [basic(100), { calculation_id: "savings", inputs: { amount: 150 } }]);
    expect(p.totals.nett_cents).toBe(-5000);
    expect(p.warnings[0]).toMatch(/nett pay is -50\.00/);
  });
});

describe("wire forms", () => {
  const custom = [{ id: 1001, label: "Meal allowance", category: "income" as const }];
  const p = computePayslip(
    {},
    [
      basic(1000),
      { calculation_id: 1001, inputs: { amount: 12.5 } },
      { calculation_id: "pension", inputs: { employee_percent: 5, employer_percent: 5 } },
    ],
    WEEK,
    custom,
  );

  test("detail form: item names, string amounts, total pairs, employer sideline", () => {
    const leave = { "Annual leave": { accrual: 1.75, taken: 0, balance: 10.5, id: 1 } };
    const detail = PayslipDetail.parse(payslipDetail(p, leave));
    expect(detail.income).toEqual([
      ["basic_salary", "1000.00"],
      [1001, "12.50"],
      ["total", "1012.50"],
    ]);
    expect(detail.deduction.map((d) => d[0])).toEqual(["paye", "usc", "prsi_employee", "pension", "total"]);
    expect(detail.grand_total).toEqual([["total", (p.totals.nett_cents / 100).toFixed(2)]]);
    expect(detail.sideline).toEqual([
      [
        "employer_contributions",
        [
          ["prsi_employer", "113.91"],
          ["pension_employer", "50.63"],
          ["total", "164.54"],
        ],
      ],
    ]);
    expect(detail.leave).toEqual(leave);
  });

  test("data form: display labels and leave_payments", () => {
    const data = PayslipData.parse(payslipData(p));
    expect(data.income.map((i) => i[0])).toEqual(["Basic salary", "Meal allowance", "Total"]);
    expect(data.deduction.map((d) => d[0])).toEqual(["PAYE", "USC", "Employee PRSI", "Pension", "Total"]);
    expect(data.sideline[0][0]).toBe("Employer contributions");
    expect(data.leave_payments).toEqual({});
  });

  test("accounts: items, custom IDs and outputs agree with the lines", () => {
    const acc = payslipAccounts(p);
    expect(acc.basic_salary).toBe(100000);
    expect(acc["1001"]).toBe(1250);
    expect(acc.gross_pay).toBe(101250);
    expect(acc.pension_employee).toBe(acc.pension);
    expect(acc.nett_pay).toBe(acc.gross_pay - acc.total_deductions);
    expect(acc.employer_cost).toBe(acc.gross_pay + acc.prsi_employer + acc.pension_employer);
  });
});
