/**
 * Service periods as one row per period (employees?include=service_periods: one request for everyone), and the
 * local checks for End service / Reinstate / Undo on the selected rows: each action needs a particular state of
 * the employee's most recent period, so a row that cannot succeed is marked Invalid and never sent.
 */
import type { Employee, ServicePeriod } from "../../../contract";
import type { ColumnSpec } from "../../../xl/columns";
import { col, EMPLOYEE_COLUMNS, type Grid, recordRows, sortEmployees, STATUS_COLUMNS } from "../../../ui/sheets/grid";
import { employeeName } from "../../../ui/sheets/employeeNames";

export const SERVICE_PERIOD_COLUMNS: ColumnSpec[] = [
  ...EMPLOYEE_COLUMNS,
  col("id", "Service period ID", "integer"),
  col("start_date", "Start date", "date"),
  col("end_date", "End date", "date"),
  col("negative", "Long-term leave", "boolean"),
  col("termination_code", "Termination code", "integer"),
  col("employment_identifier", "Employment identifier", "text"),
  col("latest", "Most recent", "boolean"),
  ...STATUS_COLUMNS,
];

export function periodsOf(employee: Employee): ServicePeriod[] {
  return (employee.service_periods ?? [])
    .map((w) => w.service_period)
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id);
}

/** The most recent employment period (long-term-leave periods, `negative`, are not employment). */
export function latestEmployment(employee: Employee): ServicePeriod | null {
  const periods = periodsOf(employee).filter((p) => !p.negative);
  return periods.length > 0 ? periods[periods.length - 1] : null;
}

export function servicePeriodsGrid(employees: readonly Employee[]): Grid & { rowEmployee: number[] } {
  const records: object[] = [];
  const rowEmployee: number[] = [];
  for (const e of sortEmployees(employees)) {
    const periods = periodsOf(e);
    const latest = latestEmployment(e);
    const employee = { employee_id: e.id, employee_number: e.number, employee_name: employeeName(e) };
    if (periods.length === 0) records.push(employee); // still listed, with empty period cells
    for (const p of periods) {
      const { id, start_date, end_date, negative, termination_code } = p;
      const employment_identifier = p.attribs?.ie_employment_identifier;
      records.push({
        ...employee,
        id,
        start_date,
        end_date,
        negative,
        termination_code,
        employment_identifier,
        latest: p === latest,
      });
    }
    rowEmployee.push(...(periods.length === 0 ? [e.id] : periods.map(() => e.id)));
  }
  return { columns: SERVICE_PERIOD_COLUMNS, rows: recordRows(SERVICE_PERIOD_COLUMNS, records), rowEmployee };
}

export type ServiceAction =
  | { kind: "end_service"; termination_date: string; termination_code: number }
  | { kind: "reinstate"; appointment_date: string }
  | { kind: "undo_end_service" };

export const ACTION_LABEL: Record<ServiceAction["kind"], string> = {
  end_service: "End service",
  reinstate: "Reinstate",
  undo_end_service: "Undo end of service",
};

/**
 * Why the action cannot apply to this employee as the service holds it now, or null when it can.
 * End service needs an open period (or an ended one whose termination details are being corrected, which the
 * document allows); reinstate needs an ended one and a later appointment date; undo needs an ended one.
 */
export function actionProblem(action: ServiceAction, employee: Employee): string | null {
  const latest = latestEmployment(employee);
  if (!latest) return "the employee has no service period";
  switch (action.kind) {
    case "end_service":
      if (action.termination_date < latest.start_date) {
        return `termination date ${action.termination_date} is before the period's start date ${latest.start_date}`;
      }
      return null;
    case "reinstate":
      if (latest.end_date === null)
        return `the employee is in service (period from ${latest.start_date} is open); nothing to reinstate`;
      if (action.appointment_date <= latest.end_date) {
        return `appointment date ${action.appointment_date} must be after the last end date ${latest.end_date}`;
      }
      return null;
    case "undo_end_service":
      if (latest.end_date === null)
        return `the most recent period (from ${latest.start_date}) is open; there is no end of service to undo`;
      return null;
  }
}
