/**
 * Is the period the picker shows as open finalised now? The period is finalised in the payroll service's own
 * screens (the API has no call for it), so the pane is never told: it asks. The whole list of employees with their
 * payslips (what the picker shows, ~14 MB at 5,000 employees) is too dear to read on a guess, so one employee's
 * payslip list is read (one small request); only when it says finalised is the whole list read again (the caller
 * invalidates it).
 */
import type { PayrollApi } from "../../../api";
import type { Employee } from "../../../contract";
import { regularPayslips } from "../../../ui/sheets/periods";

/** An employee of the wave whose regular payslip of `date` the list still has open: the one to ask. */
export function probeEmployee(employees: readonly Employee[], waveId: number, date: string): number | null {
  const open = employees.find((e) => e.wave_id === waveId && regularPayslips(e).some((p) => p.date === date && !p.finalised));
  return open?.id ?? null;
}

/** True when the service now has finalised a payslip of the period that the list has open. */
export async function finalisedSince(
  api: Pick<PayrollApi, "listPayslips">,
  employees: readonly Employee[],
  waveId: number,
  date: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const employeeId = probeEmployee(employees, waveId, date);
  if (employeeId === null) return false;
  const payslips = await api.listPayslips(employeeId, { signal });
  return payslips.some((p) => !p.special && p.date === date && p.finalised);
}
