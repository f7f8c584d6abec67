/** The check before a push, pure: control totals, flags against last period, Held outcomes, stored settings. */
import type { Calculation, Employee } from "../../../src/contract";
import {
  DEFAULT_PUSH_CHECK,
  currentRates,
  heldOutcomes,
  isOneOff,
  latestRegularBefore,
  parsePushCheckSettings,
  previousPayslipOf,
  previousPeriod,
  pushFlags,
  pushTotals,
  varianceReason,
  withFlagNote,
} from "../../../src/features/inputSheets/model/pushCheck";
import type { PlannedRow } from "../../../src/features/inputSheets/model/pushPlan";

const SALARY = "calc.basic_salary.amount";
const HOURS = "calc.overtime.hours";
const meta = {
  waveId: 7,
  payslipDate: "2026-10-31",
  inputs: [
    { key: SALARY, header: "Basic salary: amount", type: "currency" as const },
    { key: HOURS, header: "Overtime: hours", type: "number" as const },
  ],
};
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");
const row = (rowIndex: number, employeeId: number, attributes: PlannedRow["attributes"]): PlannedRow => ({
  rowIndex,
  employeeId,
  payslipDate: meta.payslipDate,
  attributes,
});
const payslip = (id: number, date: string, nett_pay = 2000, special = false) => ({
  payslip: { id, date, special, finalised: true, dirty: false, nett_pay, ss_released: false, payment_run_id: null },
});
const employee = (id: number, payslips: ReturnType<typeof payslip>[], wave_id = 7) =>
  ({
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    number: String(id).padStart(4, "0"),
    wave_id,
    recent_payslips: payslips,
  }) as unknown as Employee;
const calc = (employee_id: number, payslip_id: number | null, calculation_id: string, inputs: Record<string, number>, id = 1) =>
  ({ id, employee_id, payslip_id, calculation_id, inputs, deleted: false }) as unknown as Calculation;

describe("previousPeriod", () => {
  const employees = [
    employee(1, [payslip(11, "2026-09-30"), payslip(12, "2026-10-31")]),
    employee(2, [payslip(21, "2026-10-31")]), // new this period
    employee(3, [payslip(31, "2026-09-30", 1500), payslip(39, "2026-09-15", 0, true)], 8), // another wave
  ];
  const calculations = [
    calc(1, null, "basic_salary", { amount: 3000 }, 5),
    calc(1, 11, "overtime", { hours: 10 }, 6), // payslip-specific on last period's payslip
    calc(1, 12, "overtime", { hours: 99 }, 7), // this period's: not last period's
  ];

  it("finds the wave's latest regular payslip date before the sheet's and each employee's values on it", () => {
    const p = previousPeriod(employees, calculations, meta);
    expect(p.date).toBe("2026-09-30");
    expect(p.payslips.get(1)).toEqual({ values: { [SALARY]: 3000, [HOURS]: 10 }, nettPay: 2000 });
    expect(p.payslips.has(2)).toBe(false);
    expect(p.payslips.has(3)).toBe(false);
    expect(p.names.get(1)).toBe("First1 Last1 (0001)");
  });

  it("has no date when the sheet's period is the wave's first", () => {
    expect(previousPeriod([employee(2, [payslip(21, "2026-10-31")])], [], meta).date).toBeNull();
  });

  it("says whether last period is finalised (so the session may keep it), and lists the wave's employees", () => {
    expect(previousPeriod(employees, calculations, meta)).toMatchObject({ finalised: true, employees: [1, 2] });
    const open = employee(4, [{ payslip: { ...payslip(41, "2026-09-30").payslip, finalised: false } }]);
    expect(previousPeriod([...employees, open], calculations, meta).finalised).toBe(false);
  });

  it("reads one employee's own payslips and calculations as the client-wide lists give them", () => {
    const own = employees[0].recent_payslips!.map((w) => w.payslip);
    expect(latestRegularBefore(own, meta.payslipDate)).toBe("2026-09-30");
    expect(latestRegularBefore([{ date: "2026-10-15", special: true }], meta.payslipDate)).toBeNull();
    const mine = calculations.filter((c) => c.employee_id === 1);
    expect(previousPayslipOf(own, mine, "2026-09-30", meta.inputs)).toEqual({
      values: { [SALARY]: 3000, [HOURS]: 10 },
      nettPay: 2000,
      finalised: true,
    });
    expect(previousPayslipOf(own, mine, "2026-08-31", meta.inputs)).toBeNull();
    // The same values as the client-wide read gives the employee.
    const { values, nettPay } = previousPayslipOf(own, mine, "2026-09-30", meta.inputs)!;
    expect(previousPeriod(employees, calculations, meta).payslips.get(1)).toEqual({ values, nettPay });
  });
});

describe("pushTotals", () => {
  it("counts rows and cells and sums each input's values before and new, over the cells sent", () => {
    const snapshot = new Map([
      ["1|2026-10-31", { [SALARY]: 3000, [HOURS]: 5 }],
      ["2|2026-10-31", { [SALARY]: 2500, [HOURS]: null }],
    ]);
    const totals = pushTotals([row(0, 1, { [SALARY]: 4800 }), row(1, 2, { [SALARY]: 2600, [HOURS]: 4 })], snapshot, meta);
    expect(totals).toEqual({
      rows: 2,
      cells: 3,
      columns: [
        { header: "Basic salary: amount", cells: 2, before: 5500, after: 7400, difference: 1900 },
        { header: "Overtime: hours", cells: 1, before: 0, after: 4, difference: 4 },
      ],
    });
  });
});

describe("flags", () => {
  const limits = DEFAULT_PUSH_CHECK;
  const previous = previousPeriod(
    [
      employee(1, [payslip(11, "2026-09-30")]),
      employee(2, [payslip(21, "2026-09-30")]),
      employee(4, [payslip(41, "2026-10-31")]),
    ],
    [
      calc(1, null, "basic_salary", { amount: 3000 }),
      calc(1, null, "overtime", { hours: 10, rate: 20 }),
      calc(2, null, "basic_salary", { amount: 200 }),
    ],
    meta,
  );

  it("flags a salary raised by 60 % with its reason in words", () => {
    const [flag] = pushFlags([row(0, 1, { [SALARY]: 4800 })], previous, meta, limits, ddmmyyyy);
    expect(flag.reasons).toEqual(["Basic salary: amount: 3,000.00 → 4,800.00 (+60 %) against 30/09/2026"]);
    expect(flag.columns).toEqual(["Basic salary: amount"]);
    expect(flag.name).toBe("First1 Last1 (0001)");
  });

  it("leaves an amount within either limit, and flags hours beyond the percentage", () => {
    expect(pushFlags([row(0, 1, { [SALARY]: 3400 })], previous, meta, limits, ddmmyyyy)).toEqual([]); // +13 %
    expect(pushFlags([row(1, 2, { [SALARY]: 400 })], previous, meta, limits, ddmmyyyy)).toEqual([]); // +100 % but €200
    const [hours] = pushFlags([row(0, 1, { [HOURS]: 13 })], previous, meta, limits, ddmmyyyy);
    expect(hours.reasons).toEqual(["Overtime: hours: 10 → 13 (+30 %) against 30/09/2026"]);
  });

  it("flags zero to a value and back, overtime hours without a rate, and a row with no payslip last period", () => {
    const flags = pushFlags(
      [row(0, 1, { [HOURS]: 0 }), row(1, 2, { [HOURS]: 8 }), row(2, 4, { [SALARY]: 100 })],
      previous,
      meta,
      limits,
      ddmmyyyy,
    );
    expect(flags.map((f) => f.reasons)).toEqual([
      ["Overtime: hours: 10 → 0 against 30/09/2026"],
      // New overtime is a one-off (no variance flag from blank), but 8 hours with no rate pay nothing.
      ["Overtime: 8 hours without a rate (they pay nothing)"],
      ["No payslip last period (30/09/2026)"],
    ]);
    expect(flags[1].columns).toEqual(["Overtime: hours"]);
  });

  const BONUS = "calc.bonus.amount";
  const RATE = "calc.overtime.rate";
  const withBonus = { ...meta, inputs: [...meta.inputs, { key: BONUS, header: "Bonus: amount", type: "currency" as const }] };
  const lastPeriod = previousPeriod(
    [employee(1, [payslip(11, "2026-09-30")])],
    [calc(1, null, "basic_salary", { amount: 3000 }), calc(1, null, "overtime", { hours: 10, rate: 20 })],
    withBonus,
  );

  it("does not flag a new one-off bonus up to the amount limit; above it, or with the input not one-off, it does", () => {
    expect(pushFlags([row(0, 1, { [BONUS]: 500 })], lastPeriod, withBonus, limits, ddmmyyyy)).toEqual([]);
    const [big] = pushFlags([row(0, 1, { [BONUS]: 750 })], lastPeriod, withBonus, limits, ddmmyyyy);
    expect(big.reasons).toEqual(["Bonus: amount: blank → 750.00 against 30/09/2026"]);
    const notOneOff = { ...limits, oneOff: { [BONUS]: false } };
    const [flag] = pushFlags([row(0, 1, { [BONUS]: 100 })], lastPeriod, withBonus, notOneOff, ddmmyyyy);
    expect(flag.reasons).toEqual(["Bonus: amount: blank → 100.00 against 30/09/2026"]);
    // A salary from blank is not a one-off unless the settings say so.
    expect(isOneOff(limits, SALARY)).toBe(false);
    expect(isOneOff({ oneOff: { [SALARY]: true } }, SALARY)).toBe(true);
  });

  it("flags hours without a rate from the sheet's rate cell, and not with a rate; also in the wave's first period", () => {
    const withRate = { ...meta, inputs: [...meta.inputs, { key: RATE, header: "Overtime: rate", type: "currency" as const }] };
    const first = { date: null, payslips: new Map(), names: new Map([[1, "Ann (0001)"]]) };
    const snapshot = new Map([["1|2026-10-31", { [HOURS]: null, [RATE]: null }]]);
    const [flag] = pushFlags([row(0, 1, { [HOURS]: 5 })], first, withRate, limits, ddmmyyyy, snapshot);
    expect(flag).toMatchObject({ name: "Ann (0001)", reasons: ["Overtime: 5 hours without a rate (they pay nothing)"] });
    expect(pushFlags([row(0, 1, { [HOURS]: 5, [RATE]: 22 })], first, withRate, limits, ddmmyyyy, snapshot)).toEqual([]);
    // No rate column and nothing read of the service's rate: not known, not flagged.
    expect(pushFlags([row(0, 1, { [HOURS]: 5 })], first, meta, limits, ddmmyyyy)).toEqual([]);
  });

  it("reads each employee's rate now from the sheet's own payslip, else their own", () => {
    const rates = currentRates(
      [{ id: 12, date: "2026-10-31", special: false }],
      [calc(1, null, "overtime", { rate: 18 }, 1), calc(1, 12, "overtime", { hours: 4 }, 2)],
      "2026-10-31",
      meta.inputs,
    );
    expect(rates).toEqual({ [RATE]: 18 });
    expect(currentRates([], [], "2026-10-31", meta.inputs)).toEqual({ [RATE]: null });
    expect(currentRates([], [], "2026-10-31", [meta.inputs[0]])).toBeNull();
  });

  it("follows the limits it is given", () => {
    const strict = { ...limits, amountPercent: 5, amountEuro: 100 };
    expect(varianceReason("Salary", "currency", 3000, 3400, strict, "30/09/2026")).toBe(
      "Salary: 3,000.00 → 3,400.00 (+13.3 %) against 30/09/2026",
    );
  });
});

describe("outcomes and settings", () => {
  it("holds flagged rows with the reason, and keeps the reason on a row sent anyway", () => {
    const [held] = heldOutcomes([{ rowIndex: 3, employeeId: 1, name: "A", reasons: ["Why"], columns: ["Basic salary: amount"] }]);
    expect(held).toMatchObject({ rowIndex: 3, status: "Held", errorColumns: ["Basic salary: amount"] });
    expect(held.message).toMatch(/^Held at the check, not sent — Why\./);
    expect(withFlagNote("Updated 1 calculation(s) on payslip 9", ["Why"])).toBe(
      "Updated 1 calculation(s) on payslip 9. Check: Why",
    );
  });

  it("reads the stored settings, each missing or bad field taking its default", () => {
    expect(parsePushCheckSettings(undefined)).toEqual(DEFAULT_PUSH_CHECK);
    expect(parsePushCheckSettings({ enabled: false, amountPercent: 10, amountEuro: -1, otherPercent: "x" })).toEqual({
      enabled: false,
      amountPercent: 10,
      amountEuro: 500,
      otherPercent: 25,
      oneOff: {},
      secondPerson: false,
    });
    expect(parsePushCheckSettings({ oneOff: { [SALARY]: true, x: "yes" } }).oneOff).toEqual({ [SALARY]: true });
  });
});
