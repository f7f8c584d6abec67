/**
 * The demo history agrees with itself and with docs/payroll-rules.md: finalised payslips carry the loan, savings
 * and garnishee balances tracked_balances reports, and sick leave accrues nothing.
 */
import { fixedClock } from "../../src/sandbox/service/clock";
import type { Ctx } from "../../src/sandbox/service/context";
import { generateDemo } from "../../src/sandbox/demo/generate";
import { calculationOutputs, SICK_LEAVE_POLICY, toCents } from "../../src/sandbox/engine";
import { DEFAULTS } from "../../src/sandbox/http/options";
import { Payroll } from "../../src/sandbox/service/payroll";
import { runReport } from "../../src/sandbox/service/reports";

const TODAY = DEFAULTS.today;
const store = generateDemo({ seed: DEFAULTS.seed, employees: DEFAULTS.employees, today: TODAY });
const payroll = new Payroll(store, fixedClock(TODAY), 0);
// The reports read only the store and the payroll figures.
const ctx = { store, payroll } as unknown as Ctx;

const KINDS = { employer_loan: "Loans", savings: "Savings", garnishee: "Garnishees" } as const;
type Kind = keyof typeof KINDS;
const isKind = (item: string | number): item is Kind => String(item) in KINDS;

/** tracked_balances for one employee on a date, in cents per column. */
function reported(employeeId: number, date: string): Record<(typeof KINDS)[Kind], number> {
  const e = store.employees.get(employeeId)!;
  const rows = runReport(ctx, store.clients.get(e.client_id)!, "tracked_balances", { date, employee_ids: [e.id] });
  expect(rows).toHaveLength(1);
  const r = rows[0] as Record<string, number>;
  return { Loans: toCents(r.Loans), Savings: toCents(r.Savings), Garnishees: toCents(r.Garnishees) };
}

describe("demo loans, savings and garnishees", () => {
  const finalised = store.payslips.all().filter((p) => p.finalised);
  const carrying = finalised.filter((p) => payroll.calcsOf(p).some((c) => isKind(c.item)));

  it("every finalised payslip with a loan, savings or garnishee calculation carries its balance", () => {
    const kinds = new Set<string>();
    for (const p of carrying) {
      const figures = payroll.figures(p);
      for (const c of payroll.calcsOf(p).filter((x) => isKind(x.item))) {
        expect(typeof c.inputs.balance).toBe("number");
        expect(calculationOutputs(figures, c.item, c.id).balance).toEqual(expect.any(Number));
        kinds.add(String(c.item));
      }
    }
    expect(kinds).toEqual(new Set(Object.keys(KINDS)));
    expect(carrying.length).toBeGreaterThan(100);
  });

  it("the balances a finalised payslip carries are what tracked_balances reports for that employee and date", () => {
    // Every regular finalised payslip of an employee with a balance, so also those before a loan or savings began.
    const withBalances = new Set(carrying.map((p) => p.employee_id));
    let checked = 0;
    for (const p of finalised) {
      if (p.special || !withBalances.has(p.employee_id)) continue;
      const carried = { Loans: 0, Savings: 0, Garnishees: 0 };
      const figures = payroll.figures(p);
      for (const c of payroll.calcsOf(p))
        if (isKind(c.item)) carried[KINDS[c.item]] += toCents(calculationOutputs(figures, c.item, c.id).balance);
      expect({ payslip: p.id, ...reported(p.employee_id, p.date) }).toEqual({ payslip: p.id, ...carried });
      checked++;
    }
    expect(checked).toBeGreaterThan(carrying.length);
  });

  it("loans and garnishees are older than the history: every finalised payslip carries them; savings may begin during it, from nothing, set up for that period", () => {
    let broughtForward = 0;
    let savingsBegan = 0;
    for (const c of store.calculations.all().filter((x) => x.payslip_id === null && x.employee_id !== null && isKind(x.item))) {
      const history = store.payslipsOf(c.employee_id!).filter((p) => p.finalised && !p.special);
      const first = history.findIndex((p) => payroll.calcsOf(p).some((x) => x.id === c.id));
      // An advance is no payslip deduction: a loan that began during the history would move tracked_balances by
      // more than transaction_history shows.
      if (c.item !== "savings") {
        expect({ calculation: c.id, first }).toEqual({ calculation: c.id, first: 0 });
        expect(c.created_at <= `${history[0].date}T23:59:59Z`).toBe(true);
        broughtForward++;
        continue;
      }
      if (first <= 0) continue;
      const opening = payroll.figures(history[first]).balances.find((b) => b.instance === c.id)!.opening_cents;
      expect(opening).toBe(0);
      // Set up in the period of its first contribution, after the payslip before it.
      expect(c.created_at > history[first - 1].date && c.created_at <= `${history[first].date}T23:59:59Z`).toBe(true);
      savingsBegan++;
    }
    expect(broughtForward).toBeGreaterThan(0);
    expect(savingsBegan).toBeGreaterThan(0);
  });

  it("each balance follows from the one before: the live balance less (loans) or plus (savings) what later payslips moved", () => {
    for (const p of carrying) {
      const later = store.payslipsOf(p.employee_id).filter((q) => q.finalised && q.date > p.date);
      for (const c of payroll.calcsOf(p).filter((x) => isKind(x.item))) {
        const live = store.calculations.get(c.id)!;
        let moved = 0;
        for (const q of later)
          for (const l of payroll.figures(q).lines) if (l.instance === c.id && l.section === "deduction") moved += l.cents;
        const expected = toCents(Number(live.inputs.balance)) + (c.item === "savings" ? -moved : moved);
        expect(toCents(calculationOutputs(payroll.figures(p), c.item, c.id).balance)).toBe(expected);
      }
    }
  });

  it("on a date before any history, tracked_balances reports the opening balance of the first payslip", () => {
    const e = store.employees.get(carrying[0].employee_id)!;
    const first = store.payslipsOf(e.id).find((p) => p.finalised)!;
    const opening = { Loans: 0, Savings: 0, Garnishees: 0 };
    for (const b of payroll.figures(first).balances) opening[KINDS[b.calculation_id]] += b.opening_cents;
    expect(reported(e.id, "2000-01-01")).toEqual(opening);
  });
});

describe("every tracked balance of the default demo: tracked_balances and the payslip history agree", () => {
  // Every employee with a live loan, savings or garnishee that tracks a balance, in every client, salaried and
  // hourly-paid alike: not only those whose history already carries one.
  const tracked = store.calculations
    .all()
    .filter((c) => c.employee_id !== null && c.payslip_id === null && !c.deleted && isKind(c.item))
    .filter((c) => typeof c.inputs.balance === "number");
  const employees = [...new Set(tracked.map((c) => c.employee_id!))];

  it("covers every client, hourly-paid employees included", () => {
    const clients = new Set(employees.map((id) => store.employees.get(id)!.client_id));
    expect(clients).toEqual(new Set(store.clients.all().map((c) => c.id)));
    const hourly = tracked.filter((c) =>
      store.calculations.where("employee", c.employee_id!).some((x) => x.item === "hourly_pay"),
    );
    expect(hourly.length).toBeGreaterThan(0);
  });

  it("each tracked balance is on the finalised history: the last regular payslip carries it, and its opening less (plus, savings) what the payslips deducted is the balance reported today", () => {
    for (const c of tracked) {
      const history = store.payslipsOf(c.employee_id!).filter((p) => p.finalised && !p.special);
      const carrying = history.filter((p) => payroll.calcsOf(p).some((x) => x.id === c.id));
      expect({ calculation: c.id, employee: c.employee_id, carried: carrying.length > 0 }).toEqual({
        calculation: c.id,
        employee: c.employee_id,
        carried: true,
      });
      expect(carrying.at(-1)).toBe(history.at(-1));
      const opening = payroll.figures(carrying[0]).balances.find((b) => b.instance === c.id)!.opening_cents;
      let deducted = 0;
      for (const p of carrying) for (const l of payroll.figures(p).lines) if (l.instance === c.id) deducted += l.cents;
      const implied = c.item === "savings" ? opening + deducted : opening - deducted;
      expect({ calculation: c.id, balance: implied }).toEqual({ calculation: c.id, balance: toCents(Number(c.inputs.balance)) });
    }
  });

  it("on every regular finalised payslip's date, and today, the report gives what the history implies", () => {
    for (const id of employees) {
      const history = store.payslipsOf(id).filter((p) => p.finalised && !p.special);
      expect(history.length).toBeGreaterThan(0);
      for (const p of history) {
        const carried = { Loans: 0, Savings: 0, Garnishees: 0 };
        for (const b of payroll.figures(p).balances) carried[KINDS[b.calculation_id]] += b.closing_cents;
        expect({ employee: id, date: p.date, ...reported(id, p.date) }).toEqual({ employee: id, date: p.date, ...carried });
      }
      const last = { Loans: 0, Savings: 0, Garnishees: 0 };
      for (const b of payroll.figures(history.at(-1)!).balances) last[KINDS[b.calculation_id]] += b.closing_cents;
      expect({ employee: id, ...reported(id, TODAY) }).toEqual({ employee: id, ...last });
    }
  });
});

describe("tracked_balances and later changes", () => {
  it("a change to a live balance for the open period shows from the last finalised payslip on; history keeps its figures", () => {
    const own = generateDemo({ seed: DEFAULTS.seed, employees: 12, today: TODAY });
    const ownCtx = { store: own, payroll: new Payroll(own, fixedClock(TODAY), 0) } as unknown as Ctx;
    const loan = own.calculations
      .all()
      .find((c) => c.employee_id !== null && c.payslip_id === null && c.item === "employer_loan")!;
    const e = own.employees.get(loan.employee_id!)!;
    const history = own.payslipsOf(e.id).filter((p) => p.finalised && !p.special);
    const loans = (date: string) =>
      runReport(ownCtx, own.clients.get(e.client_id)!, "tracked_balances", { date, employee_ids: [e.id] })[0].Loans;
    const before = [history[0].date, history.at(-2)!.date, TODAY].map(loans);
    loan.inputs = { ...loan.inputs, balance: Number(loan.inputs.balance) + 1000 };
    const after = [history[0].date, history.at(-2)!.date, TODAY].map(loans);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).toBeCloseTo(Number(before[2]) + 1000, 2);
  });
});

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
