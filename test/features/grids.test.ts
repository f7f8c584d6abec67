import type { PaymentRun, PayslipListItem } from "../../src/contract";
import { profileMappingsGrid } from "../../src/features/employees/model/employeeDetail";
import {
  PAY_RUN_COLUMNS,
  PAYSLIP_LIST_COLUMNS,
  payRunStates,
  payRunsGrid,
  payslipListGrid,
} from "../../src/features/payRuns/model/payRunGrids";

const run = (id: number, end: string, extra: Partial<PaymentRun> = {}): PaymentRun => ({
  id,
  wave_id: 4,
  period_offset: id,
  period_end_date: end,
  total: 1000 + id,
  created_at: "2025-01-01T09:00:00Z",
  updated_at: "2025-01-02T09:00:00Z",
  special: false,
  posted_to_accounting_system: false,
  ...extra,
});

const payslip = (id: number, date: string, extra: Partial<PayslipListItem> = {}): PayslipListItem => ({
  id,
  date,
  special: false,
  finalised: true,
  dirty: false,
  nett_pay: 500 + id,
  ss_released: true,
  payment_run_id: 9,
  ...extra,
});

describe("payRunsGrid", () => {
  it("lists the most recent period first, one cell per column, with the wave's name beside its ID", () => {
    const g = payRunsGrid([run(1, "2025-01-31"), run(2, "2025-02-28", { special: true, wave_id: 5 })], new Map([[4, "Monthly"]]));
    expect(g.columns).toBe(PAY_RUN_COLUMNS);
    expect(g.rows).toEqual([
      [2, 5, null, 2, "2025-02-28", null, true, 1002, false, "2025-01-01T09:00:00Z", "2025-01-02T09:00:00Z"],
      [1, 4, "Monthly", 1, "2025-01-31", null, false, 1001, false, "2025-01-01T09:00:00Z", "2025-01-02T09:00:00Z"],
    ]);
  });

  it("says Open or Finalised from the payslips, and lists open periods without a pay run", () => {
    const states = payRunStates([
      {
        wave_id: 4,
        recent_payslips: [
          { payslip: payslip(11, "2025-01-31") },
          { payslip: payslip(12, "2025-02-28", { finalised: false, payment_run_id: 2 }) },
        ],
      },
      {
        wave_id: 4,
        recent_payslips: [{ payslip: payslip(13, "2025-03-31", { finalised: false, payment_run_id: null, nett_pay: 100.1 }) }],
      },
      {
        wave_id: 4,
        recent_payslips: [{ payslip: payslip(14, "2025-03-31", { finalised: false, payment_run_id: null, nett_pay: 200.2 }) }],
      },
    ]);
    const g = payRunsGrid([run(1, "2025-01-31"), run(2, "2025-02-28")], new Map([[4, "Monthly"]]), states);
    expect(g.rows.map((r) => [r[0], r[2], r[4], r[5], r[7]])).toEqual([
      [null, "Monthly", "2025-03-31", "Open: no pay run yet (2 payslips)", 300.3],
      [2, "Monthly", "2025-02-28", "Open", 1002],
      [1, "Monthly", "2025-01-31", "Finalised", 1001],
    ]);
  });
});

describe("payslipListGrid", () => {
  it("lists the newest payslip first and shows no nett pay while it is recalculated", () => {
    const g = payslipListGrid([
      payslip(1, "2025-01-31"),
      payslip(2, "2025-02-28", { dirty: true, nett_pay: 1, payment_run_id: null }),
    ]);
    expect(g.columns).toBe(PAYSLIP_LIST_COLUMNS);
    expect(g.rows).toEqual([
      [2, "2025-02-28", false, true, true, null, true, null],
      [1, "2025-01-31", false, true, false, 501, true, 9],
    ]);
  });
});

describe("profileMappingsGrid", () => {
  it("writes a mapping's inputs and calculation lists as text", () => {
    const g = profileMappingsGrid([
      {
        id: 3,
        employee_id: 7,
        profile_id: 2,
        inputs: { rate: 12.5 },
        created_at: "2025-01-01T09:00:00Z",
        updated_at: "2025-01-02T09:00:00Z",
        excluded_calculations: [5, { id: 6 }],
        included_calculations: [1, 2],
      },
    ]);
    expect(g.columns.map((c) => c.key)).toEqual([
      "id",
      "employee_id",
      "profile_id",
      "inputs",
      "included_calculations",
      "excluded_calculations",
      "created_at",
      "updated_at",
    ]);
    expect(g.rows).toEqual([[3, 7, 2, '{"rate":12.5}', "1, 2", '5, {"id":6}', "2025-01-01T09:00:00Z", "2025-01-02T09:00:00Z"]]);
  });
});
