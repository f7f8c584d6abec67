/**
 * How an employee is named everywhere the add-in shows one: the Name/Employee name columns of every sheet, the
 * pickers and the titles of sheets about one employee. Blank parts (null, empty, spaces) are left out, so a
 * missing last name never leaves a stray space or separator.
 */

/** Who an employee is, as far as naming goes: what the employee list, a payslip's owner or a picker carries. */
export interface EmployeeRef {
  id: number;
  number?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

const part = (s: string | null | undefined): string => (typeof s === "string" ? s.trim() : "");

/** "Mary Kelly" from the non-blank name parts; null when both are blank (a sheet cell stays empty). */
export function employeeName(e: EmployeeRef | null | undefined): string | null {
  if (!e) return null;
  return [part(e.first_name), part(e.last_name)].filter(Boolean).join(" ") || null;
}

/** "E001 · Mary Kelly", or whichever of number and name exists, or "Employee 12" when neither does. */
export function employeeLabel(e: EmployeeRef): string {
  return [part(e.number), employeeName(e)].filter(Boolean).join(" · ") || `Employee ${e.id}`;
}
