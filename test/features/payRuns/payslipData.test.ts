import type { PayslipWithData } from "../../../src/contract";
import { payslipDataGrid, payslipDetailGrid } from "../../../src/features/payRuns/model/payslipData";

function payslip(id: number, data: Partial<PayslipWithData["data"]>, extra: Partial<PayslipWithData> = {}): PayslipWithData {
  return {
    id,
    date: "2025-01-31",
    special: false,
    finalised: true,
    dirty: false,
    nett_pay: 1000,
    ss_released: false,
    payment_run_id: 7,
    data: { income: [], deduction: [], grand_total: [], sideline: [], leave: {}, leave_payments: {}, ...data },
    ...extra,
  };
}

const cell = (grid: ReturnType<typeof payslipDataGrid>, row: number, header: string) => {
  const i = grid.columns.findIndex((c) => c.header === header);
  if (i < 0) throw new Error(`no column ${header}: ${grid.columns.map((c) => c.header).join("|")}`);
  return grid.rows[row][i];
};

describe("payslipDataGrid", () => {
  const a = payslip(1, {
    income: [
      ["Basic salary", "€2,500.00"],
      ["Total", "€2,500.00"],
    ],
    deduction: [
      ["PAYE", "€300.50"],
      ["Pension", "100"],
      ["Total", "€400.50"],
    ],
    grand_total: [
      ["Gross pay", "2500.00"],
      ["Nett pay", "2099.50"],
    ],
    sideline: [
      [
        "Employer",
        [
          ["Employer PRSI", "€281.25"],
          ["Total", "€281.25"],
        ],
      ],
    ],
    leave: { "Annual leave": { accrual: "1.75", taken: "1", balance: "12.5", id: 1 } },
    leave_payments: { "Annual leave": { days: 1 } },
  });
  const b = payslip(
    2,
    {
      income: [
        ["Basic salary", 1000],
        ["Overtime", "€150.00"],
        ["Total", 1150],
      ],
      deduction: [
        ["Employer loan", "50"],
        ["Employer loan", "25"],
        ["Total", "75"],
      ],
    },
    { nett_pay: undefined, dirty: true, finalised: false },
  );
  const grid = payslipDataGrid([
    { payslip: a, employee: { id: 11, number: "E011", first_name: "Aoife", last_name: "Byrne" } },
    { payslip: b, employee: null },
  ]);

  it("makes one column per item across all payslips, income first, then deductions, totals and nett pay", () => {
    const headers = grid.columns.map((c) => c.header);
    expect(headers.indexOf("Basic salary")).toBeLessThan(headers.indexOf("Overtime"));
    expect(headers.indexOf("Overtime")).toBeLessThan(headers.indexOf("Total income"));
    expect(headers.indexOf("Total income")).toBeLessThan(headers.indexOf("PAYE"));
    expect(headers.indexOf("Total deductions")).toBeLessThan(headers.indexOf("Nett pay"));
    expect(new Set(headers).size).toBe(headers.length);
  });

  it("turns currency text into numbers and leaves missing items empty", () => {
    expect(cell(grid, 0, "Basic salary")).toBe(2500);
    expect(cell(grid, 0, "PAYE")).toBe(300.5);
    expect(cell(grid, 0, "Total deductions")).toBe(400.5);
    expect(cell(grid, 0, "Overtime")).toBeNull();
    expect(cell(grid, 1, "Overtime")).toBe(150);
    expect(cell(grid, 0, "Employer: Employer PRSI")).toBe(281.25);
    expect(cell(grid, 0, "Employer: Total")).toBe(281.25);
    expect(cell(grid, 0, "Annual leave balance")).toBe(12.5);
    expect(cell(grid, 0, "Leave paid: Annual leave (days)")).toBe(1);
    expect(grid.unreadable).toEqual([]);
  });

  it("keeps a second instance of a multi-instance item in its own column", () => {
    expect(cell(grid, 1, "Employer loan")).toBe(50);
    expect(cell(grid, 1, "Employer loan #2")).toBe(25);
  });

  it("shows nett pay, and an empty cell while the payslip is recalculating", () => {
    expect(cell(grid, 0, "Nett pay")).toBe(1000);
    expect(cell(grid, 1, "Nett pay")).toBeNull();
    expect(cell(grid, 1, "Recalculating")).toBe(true);
  });

  it("fills the employee columns, empty when the employee is unknown", () => {
    expect(cell(grid, 0, "Employee number")).toBe("E011");
    expect(cell(grid, 0, "Employee name")).toBe("Aoife Byrne");
    expect(cell(grid, 1, "Employee ID")).toBeNull();
  });

  it("keeps an unreadable amount as text and lists it", () => {
    const g = payslipDataGrid([{ payslip: payslip(3, { income: [["Bonus", "n/a"]] }), employee: null }]);
    expect(cell(g, 0, "Bonus")).toBe("n/a");
    expect(g.unreadable).toEqual([{ payslipId: 3, column: "Bonus", text: "n/a" }]);
  });

  it("labels an item that is both income and deduction distinctly", () => {
    const g = payslipDataGrid([
      { payslip: payslip(4, { income: [["Adjustment", "5"]], deduction: [["Adjustment", "2"]] }), employee: null },
    ]);
    expect(cell(g, 0, "Adjustment")).toBe(5);
    expect(cell(g, 0, "Adjustment (deduction)")).toBe(2);
  });
});

describe("payslipDetailGrid", () => {
  it("lists items in payslip order with labels from items_and_outputs", () => {
    const g = payslipDetailGrid(
      {
        income: [
          ["basic_salary", "2500.00"],
          [17, "40.00"],
          ["total", "2540.00"],
        ],
        deduction: [
          ["paye", "300.00"],
          ["total", "300.00"],
        ],
        grand_total: [["nett_pay", "2240.00"]],
        sideline: [],
        leave: { "Annual leave": { accrual: 1.75, taken: 1, balance: "10.5", id: 3 } },
      },
      new Map([
        ["basic_salary", "Basic salary"],
        ["17", "Car allowance"],
        ["paye", "PAYE"],
      ]),
    );
    expect(g.rows.map((r) => [r[0], r[3], r[4]])).toEqual([
      ["Income", "Basic salary", 2500],
      ["Income", "Car allowance", 40],
      ["Income", "Total", 2540],
      ["Deduction", "PAYE", 300],
      ["Deduction", "Total", 300],
      ["Grand total", "nett_pay", 2240],
      ["Leave", "Annual leave", null],
    ]);
    expect(g.rows[6].slice(5)).toEqual([1.75, 1, 10.5]);
  });
});
