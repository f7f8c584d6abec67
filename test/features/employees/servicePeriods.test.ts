import type { Employee, ServicePeriod } from "../../../src/contract";
import { actionProblem, servicePeriodsGrid } from "../../../src/features/employees/model/servicePeriods";

const period = (id: number, start: string, end: string | null, negative = false): { service_period: ServicePeriod } => ({
  service_period: {
    id,
    employee_id: 1,
    start_date: start,
    end_date: end,
    negative,
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-01T00:00:00Z",
    attribs: { ie_employment_identifier: `EMP-${id}` },
    termination_code: end ? 3 : null,
  },
});
const employee = (id: number, periods: { service_period: ServicePeriod }[]): Employee => ({
  id,
  number: `E${id}`,
  first_name: "Mary",
  last_name: "Kelly",
  service_periods: periods,
});

describe("servicePeriodsGrid", () => {
  it("writes one row per period in date order, marks the most recent employment, and keeps employees without periods", () => {
    const g = servicePeriodsGrid([
      employee(2, []),
      employee(1, [period(8, "2023-05-01", null, true), period(7, "2020-01-01", "2022-12-31"), period(9, "2024-01-01", null)]),
    ]);
    expect(g.rows.map((r) => [r[0], r[3], r[4], r[6], r[9]])).toEqual([
      [1, 7, "2020-01-01", false, false],
      [1, 8, "2023-05-01", true, false],
      [1, 9, "2024-01-01", false, true],
      [2, null, null, null, null],
    ]);
    expect(g.rows[0][8]).toBe("EMP-7");
    expect(g.rowEmployee).toEqual([1, 1, 1, 2]);
  });
  it("lists employees in payroll-register order: numbers numerically (9 before 10), like every other sheet", () => {
    const numbered = (id: number, number: string | null): Employee => ({ ...employee(id, []), number });
    const g = servicePeriodsGrid([numbered(1, "10"), numbered(2, "9"), numbered(3, null), numbered(4, "9")]);
    expect(g.rows.map((r) => r[1])).toEqual([null, "9", "9", "10"]);
    expect(g.rowEmployee).toEqual([3, 2, 4, 1]);
  });
});

describe("actionProblem", () => {
  const open = employee(1, [period(7, "2020-01-01", "2021-01-01"), period(9, "2024-01-01", null)]);
  const ended = employee(1, [period(9, "2024-01-01", "2024-06-30")]);

  it("end service: needs a termination date on or after the period start", () => {
    expect(actionProblem({ kind: "end_service", termination_date: "2024-05-31", termination_code: 1 }, open)).toBeNull();
    expect(actionProblem({ kind: "end_service", termination_date: "2023-12-31", termination_code: 1 }, open)).toMatch(
      /before the period's start date 2024-01-01/,
    );
  });

  it("reinstate: only an ended employee, on a later date", () => {
    expect(actionProblem({ kind: "reinstate", appointment_date: "2024-09-01" }, open)).toMatch(/in service/);
    expect(actionProblem({ kind: "reinstate", appointment_date: "2024-06-30" }, ended)).toMatch(/after the last end date/);
    expect(actionProblem({ kind: "reinstate", appointment_date: "2024-07-01" }, ended)).toBeNull();
  });

  it("undo: only when the most recent period has ended; no periods at all is a problem for every action", () => {
    expect(actionProblem({ kind: "undo_end_service" }, open)).toMatch(/no end of service to undo/);
    expect(actionProblem({ kind: "undo_end_service" }, ended)).toBeNull();
    expect(actionProblem({ kind: "undo_end_service" }, employee(3, []))).toBe("the employee has no service period");
  });
});
