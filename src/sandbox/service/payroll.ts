/**
 * Payslip figures, leave and their wire forms, computed by the engine. Finalised payslips are computed from their
 * frozen snapshot (memoised per snapshot, so 12+ months of history cost one engine call per snapshot, not per
 * payslip); open payslips from the live calculations. Any input change marks the open payslips dirty; they are
 * recalculated after `recalcMs`.
 */
import type { Inputs, LeaveSummary } from "../../contract";
import type { Clock } from "./clock";
import {
  computePayslip,
  findItem,
  HOURS_PER_DAY,
  leaveAccrualDays,
  leaveDaysTaken,
  payslipData,
  payslipDetail,
  periodsPerYear,
  regularHoursPerWeek,
  type Payslip,
  type PayslipItemInput,
} from "../engine";
import { period } from "./periods";
import type { CalcRec, EmployeeRec, InheritedRec, PayslipRec, SnapshotContext, Store } from "../store/store";

export type LeaveByType = Record<string, LeaveSummary>;
interface LedgerRow {
  leave: LeaveByType;
  /** Days accrued per type ID up to and including this payslip. */
  accrued: Record<number, number>;
}
interface Ledger {
  rows: Map<number, LedgerRow>;
  /** Per leave type: sorted dates and prefix sums of days taken (cum[i] = days of the first i leave days). */
  taken: Map<number, { dates: string[]; cum: number[] }>;
  /** Payslip dates in order. */
  dates: { date: string; id: number }[];
}

/** Days taken before `date` (`onTheDay`: on or before it), by binary search over the sorted dates. */
function takenUntil(l: Ledger, typeId: number, date: string, onTheDay: boolean): number {
  const t = l.taken.get(typeId);
  if (!t) return 0;
  let lo = 0;
  let hi = t.dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.dates[mid] < date || (onTheDay && t.dates[mid] === date)) lo = mid + 1;
    else hi = mid;
  }
  return t.cum[lo];
}

/** Days taken on or before `date`. */
const takenUpTo = (l: Ledger, typeId: number, date: string) => takenUntil(l, typeId, date, true);
/** Days taken strictly before `date`. */
const takenBefore = (l: Ledger, typeId: number, date: string) => takenUntil(l, typeId, date, false);

const round2 = (n: number) => Math.round(n * 100) / 100;

export class Payroll {
  private readonly openFigures = new Map<number, Payslip>();
  private readonly snapshotFigures = new Map<number, Payslip>();
  private readonly ledgers = new Map<number, Ledger>();
  private readonly pending = new Map<number, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private token = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly recalcMs: number,
    private readonly onRecalculated: () => void = () => {},
  ) {}

  // ------------------------------------------------------------ inputs

  /**
   * The live calculations of an open payslip: the employee-level ones, except that payslip-specific calculations
   * of an item replace that item's employee-level instances on this payslip. A once-off (special) payslip has only
   * its own calculations.
   */
  liveCalcsFor(p: PayslipRec): CalcRec[] {
    const own = this.store.calculations.where("payslip", p.id).filter((c) => !c.deleted);
    if (p.special) return own; // a once-off payslip pays only what was entered on it
    const overridden = new Set(own.map((c) => String(c.item)));
    const employeeLevel = this.store.calculations
      .where("employee", p.employee_id)
      .filter((c) => !c.deleted && c.payslip_id === null && !overridden.has(String(c.item)));
    return [...employeeLevel, ...own];
  }

  weekHoursRecord(employeeId: number): InheritedRec | undefined {
    return this.store.inherited.where("employee", employeeId).find((i) => i.short_name === "week_hours");
  }

  contextFor(e: EmployeeRec, date: string): SnapshotContext {
    const wave = this.store.waves.get(e.wave_id);
    const client = this.store.clients.get(e.client_id);
    const wh = client?.regular_hours_version === 2 ? this.weekHoursRecord(e.id) : undefined;
    return {
      frequency: wave?.frequency ?? "monthly",
      prsi_class: e.prsi_class,
      prsi_exempt: e.prsi_exempt,
      director: e.director,
      weekHours: wh ? regularHoursPerWeek(inheritedInputsAt(wh, date)) : null,
    };
  }

  // ------------------------------------------------------------ figures

  /** Figures of a payslip (provisional ones while it is dirty). */
  figures(p: PayslipRec): Payslip {
    if (p.snapshot_id !== null) {
      let f = this.snapshotFigures.get(p.snapshot_id);
      if (!f) {
        const snap = this.store.snapshots.get(p.snapshot_id)!;
        f = this.compute(snap.calcs, snap.context, p);
        this.snapshotFigures.set(p.snapshot_id, f);
      }
      return f;
    }
    let f = this.openFigures.get(p.id);
    if (!f) {
      f = this.computeOpen(p);
      if (!p.dirty) this.openFigures.set(p.id, f);
    }
    return f;
  }

  /** The calculations a payslip was (or will be) computed from. */
  calcsOf(p: PayslipRec): CalcRec[] {
    return p.snapshot_id !== null ? (this.store.snapshots.get(p.snapshot_id)?.calcs ?? []) : this.liveCalcsFor(p);
  }

  private computeOpen(p: PayslipRec): Payslip {
    const e = this.store.employees.get(p.employee_id)!;
    return this.compute(this.liveCalcsFor(p), this.contextFor(e, p.date), p);
  }

  private compute(calcs: readonly CalcRec[], ctx: SnapshotContext, p: PayslipRec): Payslip {
    const items: PayslipItemInput[] = calcs.map((c) => ({ calculation_id: c.item, inputs: c.inputs, instance: c.id }));
    const customItems = this.store.clients.get(p.client_id)?.custom_items ?? [];
    return computePayslip(
      ctx,
      items,
      { periods_per_year: periodsPerYear(ctx.frequency), period_end_date: p.date, regular_hours_per_week: ctx.weekHours },
      customItems,
    );
  }

  /** Hours worked in a payslip's period (hourly pay and overtime), for leave that accrues on hours. */
  hoursWorked(calcs: readonly CalcRec[], ctx: SnapshotContext): number {
    let hours = 0;
    for (const c of calcs) {
      if (c.item === "hourly_pay") {
        const h = c.inputs.hours;
        hours += typeof h === "number" ? h : ((ctx.weekHours ?? 0) * 52) / periodsPerYear(ctx.frequency);
      } else if (c.item === "overtime" && typeof c.inputs.hours === "number") hours += c.inputs.hours;
    }
    return hours;
  }

  // ------------------------------------------------------------ dirty / recalculation

  /** Marks open payslips dirty (nett_pay absent) and schedules their recalculation after recalcMs. */
  markDirty(payslips: readonly PayslipRec[]): void {
    const open = payslips.filter((p) => !p.finalised);
    for (const p of payslips) this.ledgers.delete(p.employee_id);
    if (open.length === 0) return;
    const token = ++this.token;
    const now = this.clock.now();
    for (const p of open) {
      p.dirty = true;
      p.updated_at = now;
      this.openFigures.delete(p.id);
      this.pending.set(p.id, token);
    }
    const ids = open.map((p) => p.id);
    if (this.recalcMs <= 0) return this.recalculate(ids, token);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.recalculate(ids, token);
    }, this.recalcMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Drops what was computed for a payslip while it was open (it was finalised: its figures come from its snapshot). */
  forgetFigures(p: PayslipRec): void {
    this.openFigures.delete(p.id);
    this.pending.delete(p.id);
    this.ledgers.delete(p.employee_id);
  }

  /** Drops the cached figures of an employee's open payslips (their live calculations changed without a recalculation). */
  forgetOpenFigures(employeeId: number): void {
    for (const p of this.store.payslips.where("employee", employeeId)) if (!p.finalised) this.openFigures.delete(p.id);
  }

  markEmployeeDirty(employeeId: number): void {
    this.ledgers.delete(employeeId);
    this.markDirty(this.store.payslips.where("employee", employeeId));
  }

  /** Forget cached leave figures (after leave days change). */
  forgetLeave(employeeId: number): void {
    this.ledgers.delete(employeeId);
  }

  private recalculate(ids: number[], token: number): void {
    let changed = false;
    for (const id of ids) {
      if (this.pending.get(id) !== token) continue; // a later change restarted this payslip's clock
      this.pending.delete(id);
      const p = this.store.payslips.get(id);
      if (!p) continue;
      p.dirty = false;
      p.updated_at = this.clock.now();
      this.openFigures.set(p.id, this.computeOpen(p));
      changed = true;
    }
    if (changed) this.onRecalculated();
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  // ------------------------------------------------------------ leave

  /**
   * Leave per payslip, in one pass over the employee's payslips: accrual of the period (by the type's policy),
   * days taken in the period, and the balance (everything accrued so far less everything taken by the payslip
   * date). Days taken are prefix sums over the sorted leave days, so any date range costs a binary search.
   */
  private ledger(employeeId: number): Ledger {
    let ledger = this.ledgers.get(employeeId);
    if (ledger) return ledger;
    ledger = { rows: new Map(), taken: new Map(), dates: [] };
    const e = this.store.employees.get(employeeId);
    if (!e) return ledger;
    const types = this.store.leaveTypes.where("client", e.client_id);
    const wh = this.weekHoursRecord(employeeId);
    const dayHours = (date: string) => {
      const h = wh ? inheritedInputsAt(wh, date).full_day_hours_input : undefined;
      return typeof h === "number" && h > 0 ? h : HOURS_PER_DAY;
    };
    const days = [...this.store.leaveDays.where("employee", employeeId)].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
    );
    for (const t of types) {
      const mine = days.filter((d) => d.type_id === t.id);
      const cum = [0];
      for (const d of mine) cum.push(cum[cum.length - 1] + leaveDaysTaken([d], dayHours(d.date)));
      ledger.taken.set(t.id, { dates: mine.map((d) => d.date), cum });
    }
    const accrued: Record<number, number> = Object.fromEntries(types.map((t) => [t.id, 0]));
    for (const p of this.store.payslipsOf(employeeId)) {
      const wave = this.store.waves.get(p.wave_id);
      const leave: LeaveByType = {};
      const info = wave ? period(wave, p.period_offset) : { start: p.date, end: p.date, indexInYear: 1 };
      let hours: number | undefined;
      for (const t of types) {
        let accrual = 0;
        if (!p.special && wave) {
          if (t.policy.basis === "percent_of_hours" && hours === undefined) {
            const ctx = p.snapshot_id !== null ? this.store.snapshots.get(p.snapshot_id)!.context : this.contextFor(e, p.date);
            hours = this.hoursWorked(this.calcsOf(p), ctx);
          }
          accrual = leaveAccrualDays(t.policy, {
            periods_per_year: periodsPerYear(wave.frequency),
            hours_worked: hours,
            period_index: info.indexInYear,
          });
        }
        accrued[t.id] = round2(accrued[t.id] + accrual);
        const upTo = takenUpTo(ledger, t.id, p.date);
        const taken = p.special ? 0 : round2(upTo - takenBefore(ledger, t.id, info.start));
        leave[t.name] = { id: t.id, accrual, taken, balance: round2(accrued[t.id] - upTo) };
      }
      ledger.rows.set(p.id, { leave, accrued: { ...accrued } });
      ledger.dates.push({ date: p.date, id: p.id });
    }
    this.ledgers.set(employeeId, ledger);
    return ledger;
  }

  hoursPerDay(employeeId: number, date: string): number {
    const wh = this.weekHoursRecord(employeeId);
    const h = wh ? inheritedInputsAt(wh, date).full_day_hours_input : undefined;
    return typeof h === "number" && h > 0 ? h : HOURS_PER_DAY;
  }

  /** Days taken of a leave type between two dates (inclusive). */
  takenBetween(employeeId: number, typeId: number, from: string, to: string): number {
    const l = this.ledger(employeeId);
    return round2(takenUpTo(l, typeId, to) - takenBefore(l, typeId, from));
  }

  leaveFor(p: PayslipRec): LeaveByType {
    return this.ledger(p.employee_id).rows.get(p.id)?.leave ?? {};
  }

  /** Balance per leave type ID on a date: accrued on payslips dated on or before it, less days taken by then. */
  leaveBalances(e: EmployeeRec, date: string): Record<string, number> {
    const ledger = this.ledger(e.id);
    let last: LedgerRow | undefined;
    for (const d of ledger.dates) if (d.date <= date) last = ledger.rows.get(d.id) ?? last;
    const out: Record<string, number> = {};
    for (const t of this.store.leaveTypes.where("client", e.client_id))
      out[String(t.id)] = round2((last?.accrued[t.id] ?? 0) - takenUpTo(ledger, t.id, date));
    return out;
  }

  // ------------------------------------------------------------ wire forms

  listItem(p: PayslipRec, withData = false): Record<string, unknown> {
    const item: Record<string, unknown> = {
      id: p.id,
      employee_id: p.employee_id,
      date: p.date,
      period_offset: p.period_offset,
      special: p.special,
      finalised: p.finalised,
      dirty: p.dirty,
      ss_released: p.ss_released,
      payment_run_id: p.payment_run_id,
    };
    if (!p.dirty) item.nett_pay = this.figures(p).totals.nett_cents / 100;
    if (withData) item.data = this.dataForm(p);
    return item;
  }

  /** Detail form: item names (system names, custom numeric IDs), amounts as strings, `total` pairs. */
  detailForm(p: PayslipRec): Record<string, unknown> {
    return {
      id: p.id,
      employee_id: p.employee_id,
      date: p.date,
      special: p.special,
      finalised: p.finalised,
      dirty: p.dirty,
      ...payslipDetail(this.figures(p), this.leaveFor(p)),
    };
  }

  /** `data` form: display labels, plus leave_payments (days of paid leave taken in the period, per type). */
  dataForm(p: PayslipRec): Record<string, unknown> {
    const leave = this.leaveFor(p);
    const payments: Record<string, unknown> = {};
    for (const [name, l] of Object.entries(leave)) if (Number(l.taken) > 0) payments[name] = { days: l.taken };
    return payslipData(this.figures(p), leave, payments);
  }

  /** First day of a payslip's period. */
  periodStart(p: PayslipRec): string {
    const wave = this.store.waves.get(p.wave_id);
    return wave ? period(wave, p.period_offset).start : p.date;
  }

  /** Whether an item ID names a known item for the client (system name or custom ID). */
  knownItem(clientId: number, item: string | number): boolean {
    return !!findItem(item, this.store.clients.get(clientId)?.custom_items ?? []);
  }
}

/** The week_hours inputs in effect on a date: the latest history entry dated on or before it ("" = base). */
export function inheritedInputsAt(rec: InheritedRec, date: string): Inputs {
  let best = "";
  // for...in, not Object.keys: called for every finalised payslip of a Regular Hours employee at demo generation.
  for (const k in rec.history) if (k !== "" && k <= date && k > best) best = k;
  return rec.history[best] ?? rec.history[""] ?? {};
}
