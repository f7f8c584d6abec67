/**
 * The new nett pay of rows an input sheet saved, read at a cost that grows with the number of rows:
 * - few employees: their payslip lists (GET /employees/:id/payslips), a few at a time;
 * - many: one employee list with recent_payslips (GET /clients/:id/employees?include=recent_payslips), whose size
 *   grows with the client, not with the rows.
 * The crossover is measured by `scripts/bench-push.ts` (figures in docs/sheets.md).
 */
import type { PayrollApi } from "../../api";
import type { PayslipListItem } from "../../contract";
import { forEachLimited } from "./common";
import { nettPayFor, nettPayFromPayslips, type NettPayTarget } from "../../sheets/nettPay";

/**
 * Above this many employees one employee list is cheaper than their payslip lists. Measured on a 5,000-employee
 * sandbox (scripts/bench-push.ts, docs/sheets.md): a payslip list is ~1–4 KiB and, at the client's 5 requests/s,
 * 0.2 s; the list with recent payslips is ~14 MB (grows with the client, not the rows), ~1 s on loopback and ~6.5 s
 * on a 20 Mbit/s line. By time the lists lose from 5–25 rows on loopback and ~33 on that line; by bytes they win up to
 * thousands of rows. 30 keeps a few typed cells to a few KiB and a large push to one list per look.
 */
export const NETT_PAY_LIST_CROSSOVER = 30;

/** Payslip lists in flight at once (the client's limiter spaces them further). */
export const NETT_PAY_CONCURRENCY = 4;

export interface NettPayRead {
  ready: { rowIndex: number; value: number }[];
  pending: NettPayTarget[];
  requests: number;
  via: "payslips" | "employee list" | "none";
}

/** One look at the service: which targets have their nett pay (payslip no longer dirty), which are pending. */
export async function readNettPay(
  api: PayrollApi,
  clientId: number,
  targets: readonly NettPayTarget[],
  options: { signal?: AbortSignal; crossover?: number } = {},
): Promise<NettPayRead> {
  if (targets.length === 0) return { ready: [], pending: [], requests: 0, via: "none" };
  const employeeIds = [...new Set(targets.map((t) => t.employeeId))];
  if (employeeIds.length > (options.crossover ?? NETT_PAY_LIST_CROSSOVER)) {
    const employees = await api.listEmployees(clientId, ["recent_payslips"], { signal: options.signal });
    return { ...nettPayFor(employees, targets), requests: 1, via: "employee list" };
  }
  const payslips = new Map<number, PayslipListItem[]>();
  await forEachLimited(employeeIds, NETT_PAY_CONCURRENCY, async (id) => {
    payslips.set(id, await api.listPayslips(id, { signal: options.signal }));
  });
  return { ...nettPayFromPayslips(payslips, targets), requests: employeeIds.length, via: "payslips" };
}
