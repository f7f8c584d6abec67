/**
 * Finalising payslips, which the API document leaves out ("Transitions between payslip states (finalising,
 * calculation completing) are not shown"): in the real service an accountant finalises a pay run in its own screens.
 * The sandbox offers it to its operator (tests and demos), outside /v1, so that a period can close while the
 * add-in watches: its payslips freeze (a snapshot of their calculations and of the employee facts), join a new
 * regular pay run of their period, and each employee gets the open payslip of the next period.
 */
import type { Ctx } from "./context";
import { HttpError } from "../http/errors";
import { period } from "./periods";
import { openPayslip, type PayslipRec } from "../store/store";
import { fromCents } from "../engine";

export interface FinaliseOutcome {
  /** The payslips finalised, and the pay run (one per wave and period) each joined. */
  finalised: { payslip_id: number; payment_run_id: number }[];
  /** The next period's open payslips created for the same employees. */
  opened: number[];
}

/** Finalises the given open regular payslips of a client, or all of them when `payslipIds` is null. */
export function finalisePayslips(ctx: Ctx, clientId: number, payslipIds: readonly number[] | null): FinaliseOutcome {
  const { store, payroll, clock } = ctx;
  const wanted = payslipIds ? new Set(payslipIds) : null;
  const payslips = store.employees
    .where("client", clientId)
    .flatMap((e) => store.payslips.where("employee", e.id))
    .filter((p) => !p.finalised && !p.special && (wanted === null || wanted.has(p.id)));
  const calculating = payslips.filter((p) => p.dirty);
  if (calculating.length) throw new HttpError(409, `Payslips ${calculating.map((p) => p.id).join(", ")} are still calculating`);
  const now = clock.now();
  const runs = new Map<string, number>();
  const outcome: FinaliseOutcome = { finalised: [], opened: [] };
  for (const p of payslips) {
    const e = store.employees.get(p.employee_id)!;
    const calcs = payroll.calcsOf(p).map((c) => ({ ...c, inputs: { ...c.inputs } }));
    const context = payroll.contextFor(e, p.date);
    const snapshot = store.snapshots.insert({ id: store.nextId("snapshot"), employee_id: e.id, calcs, context });
    const runKey = `${p.wave_id}|${p.period_offset}`;
    let runId = runs.get(runKey);
    if (runId === undefined) {
      runId = store.paymentRuns.insert({
        id: store.nextId("paymentRun"),
        client_id: clientId,
        wave_id: p.wave_id,
        period_offset: p.period_offset,
        period_end_date: p.date,
        special: false,
        posted_to_accounting_system: false,
        created_at: now,
        updated_at: now,
      }).id;
      runs.set(runKey, runId);
    }
    // Payslips are insert-only in the store (their run is indexed): the finalised one replaces the open one.
    store.payslips.remove(p);
    const done = store.payslips.insert({
      ...p,
      finalised: true,
      dirty: false,
      payment_run_id: runId,
      snapshot_id: snapshot.id,
      updated_at: now,
    });
    payroll.forgetFigures(done);
    carryBalancesForward(ctx, done, now);
    outcome.finalised.push({ payslip_id: p.id, payment_run_id: runId });
    const next = openNext(ctx, done, now);
    if (next) outcome.opened.push(next.id);
  }
  ctx.changed();
  return outcome;
}

/**
 * The employee's loans, savings and garnishees go on from what the finalised payslip left: its closing balance
 * becomes the live calculation's balance, so the next period opens with it and tracked_balances moves by exactly
 * what the payslip deducted (transaction_history's figure). Only employee-level calculations are live balances.
 */
function carryBalancesForward(ctx: Ctx, p: PayslipRec, now: string): void {
  const balances = ctx.payroll.figures(p).balances;
  for (const b of balances) {
    const live = b.instance === null ? undefined : ctx.store.calculations.get(b.instance);
    if (!live || live.deleted || live.payslip_id !== null || live.employee_id !== p.employee_id) continue;
    // Records change by replacing top-level properties (the store's change tracking sees those).
    live.inputs = { ...live.inputs, balance: fromCents(b.closing_cents) };
    live.updated_at = now;
  }
  if (balances.length) ctx.payroll.forgetOpenFigures(p.employee_id);
}

/** The next period's open payslip of the same employee and wave, unless one exists. */
function openNext(ctx: Ctx, p: PayslipRec, now: string): PayslipRec | null {
  const wave = ctx.store.waves.get(p.wave_id);
  if (!wave) return null;
  const offset = p.period_offset + 1;
  const exists = ctx.store.payslips.where("employee", p.employee_id).some((q) => !q.special && q.period_offset === offset);
  if (exists) return null;
  return ctx.store.payslips.insert(
    openPayslip({
      id: ctx.store.nextId("payslip"),
      employee_id: p.employee_id,
      client_id: p.client_id,
      wave_id: p.wave_id,
      date: period(wave, offset).end,
      period_offset: offset,
      created_at: now,
    }),
  );
}
