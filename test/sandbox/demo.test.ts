/** The demo data guarantees other layers rely on, and determinism by seed. */
import { generateDemo, ppsn } from "../../src/sandbox/demo/generate";
import { ppsnProblem } from "../../src/sandbox/service/employees";
import { Payroll } from "../../src/sandbox/service/payroll";
import { fixedClock } from "../../src/sandbox/service/clock";
import { periodContaining } from "../../src/sandbox/engine";

const TODAY = "2026-11-21";
const store = generateDemo({ seed: 11, employees: 14, today: TODAY });

describe("demo data", () => {
  it("has the three clients of the shared interfaces", () => {
    const [c1, c2, c3] = store.clients.all();
    expect(c1).toMatchObject({ id: 1, name: "Bureau demo: Liffey Engineering Ltd", regular_hours_version: 1 });
    expect(c2).toMatchObject({ id: 2, employee_number_mode: "EMPLOYEE_NUMBER_MANUAL", features: ["wave_custom_name"] });
    expect(c3).toMatchObject({ id: 3, regular_hours_version: 2 });
    const freqs = new Set(store.waves.all().map((w) => w.frequency));
    expect(freqs).toEqual(new Set(["weekly", "fortnightly", "monthly"]));
    for (const c of [c1, c2, c3]) {
      expect(store.payPoints.where("client", c.id).length).toBeGreaterThan(0);
      expect(store.leaveTypes.where("client", c.id).length).toBeGreaterThan(0);
      expect(c.custom_items.length).toBeGreaterThan(0);
    }
  });

  it("every employee in employment has finalised history, one open regular payslip for the current period, and calculations with inputs", () => {
    let inEmployment = 0;
    for (const e of store.employees.all()) {
      const sp = store.servicePeriods.where("employee", e.id).filter((s) => !s.negative);
      const payslips = store.payslipsOf(e.id);
      if (sp.at(-1)!.end_date !== null) {
        expect(payslips.every((p) => p.finalised)).toBe(true);
        continue;
      }
      inEmployment++;
      expect(payslips.filter((p) => p.finalised).length).toBeGreaterThanOrEqual(1);
      const open = payslips.filter((p) => !p.finalised && !p.special);
      expect(open).toHaveLength(1);
      expect(open[0].date).toBe(periodContaining(store.waves.get(e.wave_id)!, TODAY).end_date);
      expect(store.calculations.where("employee", e.id).some((c) => Object.keys(c.inputs).length > 0)).toBe(true);
      if (e.client_id === 3) expect(store.inherited.where("employee", e.id).map((i) => i.short_name)).toEqual(["week_hours"]);
    }
    expect(inEmployment).toBeGreaterThan(30);
  });

  it("has 12+ months of finalised pay runs per wave, loans, savings, leave and long-term leave", () => {
    for (const w of store.waves.all()) {
      const dates = store.paymentRuns
        .where("wave", w.id)
        .map((r) => r.period_end_date)
        .sort();
      expect(dates.length).toBeGreaterThan(0);
      const months = (Date.parse(dates.at(-1)!) - Date.parse(dates[0])) / (30.44 * 86_400_000);
      expect(months).toBeGreaterThanOrEqual(12);
    }
    const items = new Set(
      store.calculations
        .all()
        .filter((c) => c.employee_id !== null)
        .map((c) => c.item),
    );
    for (const item of ["employer_loan", "savings", "basic_salary", "hourly_pay", "pension"]) expect(items.has(item)).toBe(true);
    expect(store.leaveDays.size).toBeGreaterThan(50);
    expect(store.servicePeriods.all().some((s) => s.negative)).toBe(true);
  });

  it("PPS numbers carry a correct check letter, and names are Irish", () => {
    expect(ppsn("1234567")).toBe("1234567FA");
    for (const e of store.employees.all()) expect(ppsnProblem(e.ppsn!)).toBeNull();
    expect(ppsnProblem("1234567TA")).toMatch(/check letter/);
    const surnames = store.employees.all().map((e) => e.last_name);
    expect(surnames.some((n) => /^(O'|Mc|Mac)|Murphy|Kelly|Byrne|Ryan|Walsh/.test(n))).toBe(true);
  });

  it("is deterministic by seed", () => {
    const again = generateDemo({ seed: 11, employees: 14, today: TODAY });
    expect(JSON.stringify(again.toJSON())).toBe(JSON.stringify(store.toJSON()));
    const other = generateDemo({ seed: 12, employees: 14, today: TODAY });
    expect(other.employees.all().map((e) => e.last_name)).not.toEqual(store.employees.all().map((e) => e.last_name));
  });

  it("finalised payslips figure something (pay and tax), computed once per shared snapshot", () => {
    const payroll = new Payroll(store, fixedClock(TODAY), 0);
    const finalised = store.payslips.all().filter((p) => p.finalised);
    const nett = finalised.map((p) => payroll.figures(p).totals.nett_cents);
    expect(nett.every((n) => n > 0)).toBe(true);
    // Shared, except where a loan, savings or garnishee balance makes each period's calculations its own.
    const tracked = (p: (typeof finalised)[number]) => payroll.calcsOf(p).some((c) => typeof c.inputs.balance === "number");
    const sharedPayslips = finalised.filter((p) => !tracked(p));
    expect(new Set(sharedPayslips.map((p) => p.snapshot_id)).size).toBeLessThan(sharedPayslips.length / 3);
    expect(new Set(finalised.filter(tracked).map((p) => p.snapshot_id)).size).toBe(finalised.filter(tracked).length);
  });
});
