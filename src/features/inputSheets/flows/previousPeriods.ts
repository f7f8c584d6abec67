/**
 * Last period's values, kept for the session once that period is finalised (a finalised payslip cannot change), so
 * a second push in the same period reads nothing more for the check. Keyed by client, wave and the sheet's period;
 * kept per PayrollApi, i.e. per connection: a new key or service starts empty and never sees another's values.
 */
import type { PayrollApi } from "../../../api";
import type { PreviousPayslip, PreviousPeriod } from "../model/pushCheck";

/** What is known of one client, wave and period's previous period. */
export interface KnownPeriod {
  /** The wave's previous regular payslip date (finalised). */
  date: string;
  payslips: Map<number, PreviousPayslip>;
  names: Map<number, string>;
  /** Employees whose previous payslip (or its absence) is known. */
  known: Set<number>;
}

const sessions = new WeakMap<PayrollApi, Map<string, KnownPeriod>>();

const keyOf = (clientId: number, waveId: number, payslipDate: string) => `${clientId}|${waveId}|${payslipDate}`;

function session(api: PayrollApi): Map<string, KnownPeriod> {
  let s = sessions.get(api);
  if (!s) sessions.set(api, (s = new Map()));
  return s;
}

type Where = { clientId: number; waveId: number; payslipDate: string };

export function knownPeriod(api: PayrollApi, where: Where): KnownPeriod | undefined {
  return session(api).get(keyOf(where.clientId, where.waveId, where.payslipDate));
}

/** The known period as the check uses it, when every one of `employeeIds` is known; else undefined. */
export function knownFor(api: PayrollApi, where: Where, employeeIds: Iterable<number>): PreviousPeriod | undefined {
  const k = knownPeriod(api, where);
  if (!k) return undefined;
  for (const id of employeeIds) if (!k.known.has(id)) return undefined;
  return { date: k.date, payslips: k.payslips, names: k.names };
}

/** Adds what was read of a finalised previous period (`date`) for `employees` (those without a payslip on it too). */
export function rememberPeriod(
  api: PayrollApi,
  where: Where,
  date: string,
  read: { payslips: ReadonlyMap<number, PreviousPayslip>; names: ReadonlyMap<number, string>; employees: Iterable<number> },
): void {
  const key = keyOf(where.clientId, where.waveId, where.payslipDate);
  const s = session(api);
  let k = s.get(key);
  if (!k || k.date !== date) s.set(key, (k = { date, payslips: new Map(), names: new Map(), known: new Set() }));
  for (const id of read.employees) {
    k.known.add(id);
    const p = read.payslips.get(id);
    if (p) k.payslips.set(id, p);
    const n = read.names.get(id);
    if (n) k.names.set(id, n);
  }
}

/** The known periods of a client's period, whatever the wave (Undo push: the Change history keeps no wave). */
export function knownPeriodsOf(api: PayrollApi, clientId: number, payslipDate: string): { waveId: number; period: KnownPeriod }[] {
  return [...session(api)].flatMap(([key, period]) => {
    const [c, w, d] = key.split("|");
    return Number(c) === clientId && d === payslipDate ? [{ waveId: Number(w), period }] : [];
  });
}
