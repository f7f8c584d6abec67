/**
 * Whether an input sheet's employee is at work in the period, from the service periods the build already reads
 * (employees `include=service_periods`: no request of its own). The API document: a service period with `negative`
 * true marks long-term leave such as maternity, not a termination; `end_date` is null while a period is open. An
 * employee on long-term leave, or whose employment ended, is still on the sheet (a payslip or an open period put them
 * there) and is marked in words in the sheet's Employment column. Pure: no Office.js.
 */
import type { Employee } from "../../../contract";

export interface EmploymentNote {
  /** A long-term leave covering the payslip date. */
  leave?: { from: string; until: string | null };
  /** The employment ended on or before the payslip date (no period of employment open on it). */
  left?: string;
}

/** What to mark for the employee on the sheet of this payslip date; null when nothing. */
export function employmentNote(e: Pick<Employee, "service_periods">, payslipDate: string): EmploymentNote | null {
  const periods = (e.service_periods ?? []).map((p) => p.service_period);
  const covers = (p: { start_date: string; end_date: string | null }) =>
    p.start_date <= payslipDate && (p.end_date === null || p.end_date >= payslipDate);
  const leave = periods.filter((p) => p.negative && covers(p)).sort((a, b) => b.start_date.localeCompare(a.start_date))[0];
  const employed = periods.filter((p) => !p.negative);
  const ended = employed
    .filter((p) => p.end_date !== null && p.end_date <= payslipDate)
    .sort((a, b) => (b.end_date ?? "").localeCompare(a.end_date ?? ""))[0];
  const left = ended && !employed.some((p) => covers(p) && p.end_date !== payslipDate) ? ended.end_date! : undefined;
  if (!leave && !left) return null;
  return { ...(leave ? { leave: { from: leave.start_date, until: leave.end_date } } : {}), ...(left ? { left } : {}) };
}

/** "On long-term leave from 01/09/2026 to 28/02/2027", "Employment ended 15/11/2026"; "" when nothing. */
export function employmentText(note: EmploymentNote | null, formatDate: (iso: string) => string): string {
  if (!note) return "";
  const parts: string[] = [];
  if (note.leave)
    parts.push(
      `On long-term leave from ${formatDate(note.leave.from)}${note.leave.until ? ` to ${formatDate(note.leave.until)}` : ""}`,
    );
  if (note.left) parts.push(`Employment ended ${formatDate(note.left)}`);
  return parts.join("; ");
}
