/**
 * The nett pay of rows a push saved, as pure steps: read it from the service's lists once recalculated, and the
 * "Nett pay pending" note a row's Message carries until then. Which rows still wait is the rows' state
 * (./rowState), never this note.
 */
import type { Employee, PayslipListItem } from "../../../contract";

export interface NettPayTarget {
  rowIndex: number;
  employeeId: number;
  payslipDate: string;
  /** Input keys this push saved for the row, and its nett pay before: a figure that did not move is pointed out. */
  sent?: readonly string[];
  was?: number | null;
}

/**
 * Nett pay of each target's regular payslip from an employees list (include=recent_payslips). A payslip still
 * dirty, without nett_pay, or not found is pending.
 */
export function nettPayFor(
  employees: readonly Employee[],
  targets: readonly NettPayTarget[],
): { ready: { rowIndex: number; value: number }[]; pending: NettPayTarget[] } {
  const byId = new Map(employees.map((e) => [e.id, e]));
  const ready: { rowIndex: number; value: number }[] = [];
  const pending: NettPayTarget[] = [];
  for (const t of targets) {
    const payslip = byId
      .get(t.employeeId)
      ?.recent_payslips?.map((w) => w.payslip)
      .find((p) => !p.special && p.date === t.payslipDate);
    if (payslip && !payslip.dirty && typeof payslip.nett_pay === "number")
      ready.push({ rowIndex: t.rowIndex, value: payslip.nett_pay });
    else pending.push(t);
  }
  return { ready, pending };
}

/** The same, from each target employee's payslip list (GET /employees/:id/payslips). */
export function nettPayFromPayslips(
  payslips: ReadonlyMap<number, readonly Pick<PayslipListItem, "date" | "special" | "dirty" | "nett_pay">[]>,
  targets: readonly NettPayTarget[],
): { ready: { rowIndex: number; value: number }[]; pending: NettPayTarget[] } {
  const ready: { rowIndex: number; value: number }[] = [];
  const pending: NettPayTarget[] = [];
  for (const t of targets) {
    const payslip = payslips.get(t.employeeId)?.find((p) => !p.special && p.date === t.payslipDate);
    if (payslip && !payslip.dirty && typeof payslip.nett_pay === "number")
      ready.push({ rowIndex: t.rowIndex, value: payslip.nett_pay });
    else pending.push(t);
  }
  return { ready, pending };
}

/**
 * A row whose new nett pay has not arrived keeps its old figure and says so in its Message, drawn from its state
 * (./rowState); the next push and Refresh nett pay find it again by that state. Only the migration of a sheet an
 * earlier version pushed reads the note (./rowStateMigration).
 */
export const NETT_PAY_PENDING = "Nett pay pending";
export const PENDING_SPLIT = ` ${NETT_PAY_PENDING}: `;

/** The message without its pending note: what the row says once its nett pay is shown. */
function withoutPendingNote(message: string): string {
  const at = message.indexOf(PENDING_SPLIT);
  return at < 0 ? message : message.slice(0, at);
}

/** "Saved. Nett pay pending: the service is recalculating" (the row's message, then why). */
export function withPendingNote(message: string, why: string): string {
  const base = withoutPendingNote(message).trim() || "Saved";
  return `${base}${base.endsWith(".") ? "" : "."}${PENDING_SPLIT}${why}`;
}
