import type { Calculation, Employee } from "../../../src/contract";
import {
  currentWeekHours,
  latestFinalised,
  parseRegularHoursRows,
  regularHoursGrid,
  type RegularHoursContext,
} from "../../../src/features/calculations/model/regularHours";

const emp = (id: number, finalisedDates: string[] = []): Employee => ({
  id,
  number: `E${id}`,
  first_name: "A",
  last_name: `Person${id}`,
  recent_payslips: [
    ...finalisedDates.map((d, i) => ({
      payslip: {
        id: id * 100 + i,
        date: d,
        special: false,
        finalised: true,
        dirty: false,
        ss_released: false,
        payment_run_id: 1,
      },
    })),
    {
      payslip: {
        id: id * 100 + 99,
        date: "2025-12-31",
        special: false,
        finalised: false,
        dirty: false,
        ss_released: false,
        payment_run_id: null,
      },
    },
  ],
});
const calc = (employee_id: number, inputs: Calculation["inputs"], extra: Partial<Calculation> = {}): Calculation => ({
  id: null,
  employee_id,
  payslip_id: null,
  client_id: 3,
  inputs,
  calculation_id: "week_hours",
  deleted: false,
  created_at: null,
  updated_at: null,
  calculation_def_id: 1,
  profile_id: null,
  skip: false,
  multiplier: null,
  outputs: {},
  system_type: "week_hours",
  ...extra,
});

describe("Regular Hours sheet", () => {
  const employees = [emp(1, ["2025-01-31", "2025-02-28"]), emp(2)];
  const current = currentWeekHours([
    calc(1, { full_day_hours_input: 8, schedule: "fixed", works_mon: true, full_days_per_week: 4 }),
    calc(2, { full_day_hours_input: 7 }),
    calc(2, { amount: 1 }, { calculation_id: "basic_salary", system_type: "basic_salary", id: 5 }),
  ]);
  const grid = regularHoursGrid(employees, current, { leaveAnyDay: false });
  const headers = grid.columns.map((c) => c.header);
  const at = (h: string) => headers.indexOf(h);
  const rows = () => grid.rows.map((r) => r.map((v) => (v === null || v === undefined ? "" : v)) as unknown[]);
  const ctx = (over: Partial<RegularHoursContext> = {}): RegularHoursContext => ({
    current,
    finalised: latestFinalised(employees),
    employeeIds: new Set([1, 2]),
    defaultEffectiveDate: null,
    leaveAnyDay: false,
    ...over,
  });

  it("prefills the current inputs and flags employees with finalised payslips", () => {
    expect(grid.rows[0][at("Full day hours")]).toBe(8);
    expect(grid.rows[0][at("Works Mon")]).toBe(true);
    expect(grid.rows[0][at("Has finalised payslips")]).toBe(true);
    expect(grid.rows[1][at("Has finalised payslips")]).toBe(false);
    expect(headers).not.toContain("Leave any day");
    expect(latestFinalised(employees).get(1)).toBe("2025-02-28");
  });

  it("sends only changed attributes; a blank Full days per week cancels the override", () => {
    const r = rows();
    r[0][at("Full day hours")] = 7;
    r[0][at("Full days per week")] = "";
    r[0][at("Effective date")] = "2025-03-01";
    r[1][at("Schedule")] = "Casual";
    const plans = parseRegularHoursRows(headers, r, ctx());
    expect(plans[0]).toEqual({
      kind: "send",
      rowIndex: 0,
      employeeId: 1,
      effectiveDate: "2025-03-01",
      details: { full_day_hours_input: 7, full_days_per_week: "" },
    });
    expect(plans[1]).toEqual({ kind: "send", rowIndex: 1, employeeId: 2, effectiveDate: null, details: { schedule: "casual" } });
  });

  it("requires an effective date for an employee with finalised payslips, and explains why", () => {
    const r = rows();
    r[0][at("Full day hours")] = 6;
    const [p] = parseRegularHoursRows(headers, r, ctx());
    expect(p.kind).toBe("invalid");
    expect((p as { errors: Record<string, string> }).errors["Effective date"]).toMatch(
      /finalised payslips \(latest 2025-02-28\)/,
    );
    const [q] = parseRegularHoursRows(headers, r, ctx({ defaultEffectiveDate: "2025-03-01" }));
    expect(q).toMatchObject({ kind: "send", effectiveDate: "2025-03-01" });
    r[0][at("Effective date")] = "2025-02-28";
    const [early] = parseRegularHoursRows(headers, r, ctx({ defaultEffectiveDate: "2025-03-01" }));
    expect((early as { errors: Record<string, string> }).errors["Effective date"]).toMatch(/must be after 2025-02-28/);
  });

  it("checks words, ranges and the partial-day rule before sending", () => {
    const r = rows();
    r[1][at("Schedule")] = "sometimes";
    r[1][at("Full day hours")] = 30;
    r[1][at("Day type Tue")] = "partial";
    const [, p] = parseRegularHoursRows(headers, r, ctx());
    expect((p as { errors: Record<string, string> }).errors).toEqual({
      Schedule: "Schedule: must be one of fixed, casual",
      "Full day hours": "Full day hours: must be at most 24",
      "Partial hours Tue": "Partial hours Tue is needed when Day type Tue is partial",
    });
  });

  it("refuses unknown employees, duplicates, and blanking a held value; unchanged rows send nothing", () => {
    const r = rows();
    r.push([...r[1]]);
    r[0][at("Schedule")] = "";
    const plans = parseRegularHoursRows(headers, r, ctx({ employeeIds: new Set([1, 2]) }));
    expect((plans[0] as { errors: Record<string, string> }).errors.Schedule).toMatch(/empty but the service holds "fixed"/);
    expect(plans[1]).toEqual({ kind: "unchanged", rowIndex: 1, employeeId: 2 });
    expect((plans[2] as { errors: Record<string, string> }).errors["Employee ID"]).toBe(
      "Same employee as row 2: one row per employee",
    );
  });
});
