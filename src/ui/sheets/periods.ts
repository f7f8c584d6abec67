/**
 * A wave's pay periods as the employees' recent payslips show them, the one to offer first, and who is active in a
 * period: what the input sheets' pickers and the month-end overview both start from. Pure.
 */
import type { Employee, PayslipListItem } from "../../contract";

export interface PeriodOption {
  /** The period end date: the regular payslips' date. */
  date: string;
  /** Employees of the wave with a regular payslip on that date. */
  payslips: number;
  /** How many of those are finalised. */
  finalised: number;
}

/** An employee's recent regular payslips (special ones left out). */
export const regularPayslips = (e: Employee): PayslipListItem[] =>
  (e.recent_payslips ?? []).map((w) => w.payslip).filter((p) => !p.special);

/** Periods of a wave seen in the employees' recent regular payslips, newest first. */
export function wavePeriods(employees: readonly Employee[], waveId: number): PeriodOption[] {
  const byDate = new Map<string, PeriodOption>();
  for (const e of employees) {
    if (e.wave_id !== waveId) continue;
    for (const p of regularPayslips(e)) {
      const option = byDate.get(p.date) ?? { date: p.date, payslips: 0, finalised: 0 };
      option.payslips += 1;
      if (p.finalised) option.finalised += 1;
      byDate.set(p.date, option);
    }
  }
  return [...byDate.values()].sort((a, b) => b.date.localeCompare(a.date));
}

/** The period to offer first: the oldest one that still has unfinalised payslips, else the newest. */
export function defaultPeriod(periods: readonly PeriodOption[]): PeriodOption | null {
  const open = periods.filter((p) => p.finalised < p.payslips);
  return open.length > 0 ? open[open.length - 1] : (periods[0] ?? null);
}

/**
 * Employees active in the period of a wave ending on `date`: those of the wave with a regular payslip on that
 * date, plus those of the wave whose employment (not long-term leave) is open on that date but whose payslip is
 * not among the recent ones.
 */
export function activeEmployees(employees: readonly Employee[], waveId: number, date: string): Employee[] {
  return employees.filter((e) => {
    if (e.wave_id !== waveId) return false;
    if (regularPayslips(e).some((p) => p.date === date)) return true;
    return (e.service_periods ?? []).some(
      ({ service_period: s }) => !s.negative && s.start_date <= date && (s.end_date === null || s.end_date >= date),
    );
  });
}
