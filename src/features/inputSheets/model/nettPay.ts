/**
 * The nett pay of rows a push saved, as pure steps: read it from the service's lists once recalculated, and the
 * "Nett pay pending" note a row's Message carries until then (the sheet is the record of which rows still wait).
 */
import type { Employee, PayslipListItem } from "../../../contract";
import type { ReadSheet } from "./inputSheetModel";

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
 * A row whose new nett pay has not arrived keeps its old figure and says so in its Message, which is also how the
 * next push and Refresh nett pay find it again (the sheet is the record: nothing else to keep in step).
 */
export const NETT_PAY_PENDING = "Nett pay pending";
const PENDING_SPLIT = ` ${NETT_PAY_PENDING}: `;

/** Rows of the sheet whose Message says their nett pay is pending (and that can be looked up). */
export function pendingNettPayRows(sheet: ReadSheet): NettPayTarget[] {
  return sheet.rows
    .filter((r) => r.message.includes(PENDING_SPLIT.trim()) && r.employeeId !== null && r.payslipDate !== null)
    .map((r) => ({ rowIndex: r.rowIndex, employeeId: r.employeeId!, payslipDate: r.payslipDate! }));
}

/** The message without its pending note: what the row says once its nett pay is shown. */
export function withoutPendingNote(message: string): string {
  const at = message.indexOf(PENDING_SPLIT);
  return at < 0 ? message : message.slice(0, at);
}

/** "Saved. Nett pay pending: the service is recalculating" (the row's message, then why). */
export function withPendingNote(message: string, why: string): string {
  const base = withoutPendingNote(message).trim() || "Saved";
  return `${base}${base.endsWith(".") ? "" : "."}${PENDING_SPLIT}${why}`;
}
