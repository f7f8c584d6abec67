/**
 * The demo history agrees with itself and with docs/payroll-rules.md: finalised payslips carry the loan, savings
 * and garnishee balances tracked_balances reports, and sick leave accrues nothing.
 */
import { fixedClock } from "../../src/sandbox/clock";
import type { Ctx } from "../../src/sandbox/context";
import { generateDemo } from "../../src/sandbox/demo";
import { SICK_LEAVE_POLICY } from "../../src/sandbox/engine";
import { DEFAULTS } from "../../src/sandbox/options";
import { Payroll } from "../../src/sandbox/payroll";
import { runReport } from "../../src/sandbox/reports";

const TODAY = DEFAULTS.today;
const store = generateDemo({ seed: DEFAULTS.seed, employees: DEFAULTS.employees, today: TODAY });
const payroll = new Payroll(store, fixedClock(TODAY), 0);
// The reports read only the store and the payroll figures.
const ctx = { store, payroll } as unknown as Ctx;

describe("demo leave", () => {
  const sickTypes = store.leaveTypes.all().filter((t) => /sick/i.test(t.name));

  it("every client has a sick leave type, with the engine's no-accrual policy", () => {
    expect(sickTypes.map((t) => t.client_id)).toEqual(store.clients.all().map((c) => c.id));
    for (const t of sickTypes) expect(t.policy).toEqual(SICK_LEAVE_POLICY);
  });

  it("sick leave accrues nothing on any payslip; its balance is minus the days taken; annual leave accrues", () => {
    let sickDaysSeen = 0;
    let annualAccrued = 0;
    for (const e of store.employees.all()) {
      const sick = sickTypes.find((t) => t.client_id === e.client_id)!;
      for (const p of store.payslipsOf(e.id)) {
        const leave = Object.values(payroll.leaveFor(p));
        const s = leave.find((l) => l.id === sick.id)!;
        expect(s.accrual).toBe(0);
        const takenByThen = store.leaveDays
          .where("employee", e.id)
          .filter((d) => d.type_id === sick.id && d.date <= p.date)
          .reduce((sum, d) => sum + (d.hours === null ? 1 : d.hours / payroll.hoursPerDay(e.id, d.date)), 0);
        expect(s.balance).toBeCloseTo(-takenByThen, 2);
        sickDaysSeen += takenByThen > 0 ? 1 : 0;
        for (const l of leave) if (l.id !== sick.id) annualAccrued += Number(l.accrual);
      }
    }
    // The demo does take sick days, and the other leave types do accrue, so the checks above had something to check.
    expect(sickDaysSeen).toBeGreaterThan(0);
    expect(annualAccrued).toBeGreaterThan(0);
  });

  it("comparison_leave shows sick leave with no accrual and no entitlement", () => {
    for (const client of store.clients.all()) {
      const sick = sickTypes.find((t) => t.client_id === client.id)!;
      const rows = runReport(ctx, client, "comparison_leave", {
        start_date: "2025-01-01",
        end_date: TODAY,
        leave_types: [sick.id],
      });
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r).toMatchObject({ leave_type: "Sick leave", Accrual: 0, Entitlement: null });
    }
  });
});
