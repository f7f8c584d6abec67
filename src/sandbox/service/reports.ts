/**
 * The five reports, computed from the stored payslips and leave (so report figures equal payslip figures).
 * Money is in euros, or currency text ("€1,234.56") when humanize is true; leave figures are days.
 */
import { ReportBodies, type ReportId } from "../../contract";
import type { Ctx } from "./context";
import {
  accountNames,
  dailyRateCents,
  findItem,
  fromCents,
  humanizeCents,
  labelOf,
  leaveLiabilityCents,
  payslipAccounts,
  periodsPerYear,
  toCents,
} from "../engine";
import { unprocessable } from "../http/errors";
import { inheritedInputsAt } from "./payroll";
import type { CalcRec, ClientRec, EmployeeRec, PayslipRec } from "../store/store";
import type { z } from "zod";

type Body<R extends ReportId> = z.output<(typeof ReportBodies)[R]>;
type Row = Record<string, unknown> & { employee: string };

/**
 * Employees in scope. As the document says: employee_ids filters (with wave_ids as an additional filter);
 * without employee_ids no filter applies.
 */
function employeesFor(
  ctx: Ctx,
  client: ClientRec,
  body: { employee_ids?: number[] | null; wave_ids?: number[] | null },
): readonly EmployeeRec[] {
  const all = ctx.store.employees.where("client", client.id);
  if (!body.employee_ids) return all;
  const ids = new Set(body.employee_ids);
  const waves = body.wave_ids ? new Set(body.wave_ids) : null;
  return all.filter((e) => ids.has(e.id) && (!waves || waves.has(e.wave_id)));
}

function moneyOf(cents: number, humanize: boolean | null | undefined): number | string {
  return humanize ? humanizeCents(cents) : fromCents(cents);
}

export function runReport(ctx: Ctx, client: ClientRec, reportId: ReportId, body: unknown): Row[] {
  switch (reportId) {
    case "transaction_history":
      return transactionHistory(ctx, client, body as Body<"transaction_history">);
    case "variance":
      return variance(ctx, client, body as Body<"variance">);
    case "comparison_leave":
      return comparisonLeave(ctx, client, body as Body<"comparison_leave">);
    case "leave_liability_v2":
      return leaveLiability(ctx, client, body as Body<"leave_liability_v2">);
    case "tracked_balances":
      return trackedBalances(ctx, client, body as Body<"tracked_balances">);
  }
}

/** Checks a report body beyond its schema (dates in order, known accounts, waves and leave types of the client). */
export function checkReportBody(ctx: Ctx, client: ClientRec, reportId: ReportId, body: Record<string, unknown>): void {
  const errors: Record<string, string> = {};
  if (typeof body.start_date === "string" && typeof body.end_date === "string" && body.start_date > body.end_date)
    errors.end_date = "must be on or after start_date";
  if (reportId === "transaction_history") {
    const valid = new Set(accountNames(client.custom_items));
    (body.account_names as string[]).forEach((n, i) => {
      if (!valid.has(n))
        errors[`account_names.${i}`] =
          `unknown account "${n}"; the names are those items_and_outputs lists (e.g. basic_salary, paye, nett_pay)`;
    });
    ((body.custom_fields as string[] | null | undefined) ?? []).forEach((f, i) => {
      if (f !== "first_name" && f !== "last_name" && !client.custom_field_defs.some((d) => String(d.id) === f)) {
        errors[`custom_fields.${i}`] =
          `unknown custom field "${f}" (fields: first_name, last_name, ${client.custom_field_defs.map((d) => `${d.id} ${d.name}`).join(", ")})`;
      }
    });
  }
  if (reportId === "variance" && ctx.store.waves.get(body.wave_id as number)?.client_id !== client.id)
    errors.wave_id = `wave ${body.wave_id} is not a wave of this client`;
  if (reportId === "comparison_leave") {
    (body.leave_types as number[]).forEach((id, i) => {
      if (ctx.store.leaveTypes.get(id)?.client_id !== client.id)
        errors[`leave_types.${i}`] = `leave type ${id} is not one of this client's`;
    });
  }
  if (Object.keys(errors).length) throw unprocessable("Invalid report request", errors);
}

function customFieldValue(client: ClientRec, e: EmployeeRec, field: string): string | null {
  if (field === "first_name") return e.first_name;
  if (field === "last_name") return e.last_name;
  const def = client.custom_field_defs.find((d) => String(d.id) === field);
  const raw = e.custom_fields[field] ?? null;
  if (def?.type === "dropdown" && raw !== null) return def.options?.find((o) => String(o.id) === raw)?.label ?? raw;
  return raw;
}

/** One row per finalised payslip in the date range: Date, one column per account, then the custom fields. */
function transactionHistory(ctx: Ctx, client: ClientRec, body: Body<"transaction_history">): Row[] {
  const rows: Row[] = [];
  for (const e of employeesFor(ctx, client, body)) {
    for (const p of ctx.store.payslipsOf(e.id)) {
      if (!p.finalised || p.date < body.start_date || p.date > body.end_date) continue;
      const accounts = payslipAccounts(ctx.payroll.figures(p));
      const row: Row = { employee: e.number, Date: p.date };
      for (const name of body.account_names) row[name] = moneyOf(accounts[name] ?? 0, body.humanize);
      for (const f of body.custom_fields ?? []) row[f] = customFieldValue(client, e, f);
      rows.push(row);
    }
  }
  return rows;
}

/** Per employee and item: the selected period against the one before, with the difference. */
function variance(ctx: Ctx, client: ClientRec, body: Body<"variance">): Row[] {
  const rows: Row[] = [];
  const typeOf = { income: "Income", deduction: "Deduction", employer: "Employer contribution" } as const;
  for (const e of employeesFor(ctx, client, body)) {
    const regular = (offset: number) =>
      ctx.store.payslips
        .where("employee", e.id)
        .find((p) => !p.special && p.wave_id === body.wave_id && p.period_offset === offset);
    const selected = regular(body.period_offset);
    const previous = regular(body.period_offset - 1);
    if (!selected && !previous) continue;
    const sums = (p: PayslipRec | undefined) => {
      const m = new Map<string, { section: "income" | "deduction" | "employer"; cents: number; item: string | number }>();
      if (!p) return m;
      for (const l of ctx.payroll.figures(p).lines) {
        const key = `${l.section}:${l.item}`;
        const cur = m.get(key) ?? { section: l.section, cents: 0, item: l.item };
        cur.cents += l.cents;
        m.set(key, cur);
      }
      return m;
    };
    const sel = sums(selected);
    const prev = sums(previous);
    for (const key of new Set([...prev.keys(), ...sel.keys()])) {
      const info = (sel.get(key) ?? prev.get(key))!;
      const a = prev.get(key)?.cents ?? 0;
      const b = sel.get(key)?.cents ?? 0;
      const spec = findItem(info.item, client.custom_items);
      rows.push({
        employee: e.number,
        Type: typeOf[info.section],
        Transaction: {
          name: String(info.item),
          type: info.section,
          caption: labelOf(info.item, client.custom_items),
          code: typeof info.item === "number" ? String(info.item) : info.item.toUpperCase(),
          custom: typeof info.item === "number",
          system_output: !spec,
          multi_instance: spec?.multi_instance ?? false,
        },
        Previous: previous ? moneyOf(a, body.humanize) : null,
        Selected: selected ? moneyOf(b, body.humanize) : null,
        Variance: moneyOf(b - a, body.humanize),
      });
    }
    const nett = (p: PayslipRec | undefined) => (p ? ctx.payroll.figures(p).totals.nett_cents : 0);
    rows.push({
      employee: e.number,
      Type: "Total",
      Transaction: {
        name: "nett_pay",
        type: "total",
        caption: labelOf("nett_pay"),
        code: "NETT_PAY",
        custom: false,
        system_output: true,
        multi_instance: false,
      },
      Previous: previous ? moneyOf(nett(previous), body.humanize) : null,
      Selected: selected ? moneyOf(nett(selected), body.humanize) : null,
      Variance: moneyOf(nett(selected) - nett(previous), body.humanize),
    });
  }
  return rows;
}

/** Per employee, leave type and regular payslip in the range: the payslip's leave figures (days). */
function comparisonLeave(ctx: Ctx, client: ClientRec, body: Body<"comparison_leave">): Row[] {
  const rows: Row[] = [];
  const types = body.leave_types.map((id) => ctx.store.leaveTypes.get(id)!).filter(Boolean);
  for (const e of employeesFor(ctx, client, body)) {
    const payslips = ctx.store.payslipsOf(e.id).filter((p) => !p.special && p.date >= body.start_date && p.date <= body.end_date);
    for (const t of types) {
      for (const p of payslips) {
        const l = ctx.payroll.leaveFor(p)[t.name];
        if (!l) continue;
        rows.push({
          employee: e.number,
          leave_type: t.name,
          Date: p.date,
          Accrual: l.accrual,
          Entitlement: t.policy.basis === "days_per_year" ? t.policy.days : null,
          Taken: l.taken,
          Adjustment: null,
          Balance: l.balance,
        });
      }
    }
  }
  return rows;
}

/** Working days a week: from Regular Hours when set up (full days + partial days), else five. */
function workingDaysPerWeek(ctx: Ctx, e: EmployeeRec, date: string): number {
  const wh = ctx.payroll.weekHoursRecord(e.id);
  if (!wh) return 5;
  const inputs = inheritedInputsAt(wh, date);
  const n = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].filter((d) => inputs[`works_${d}`] === true).length;
  return n || 5;
}

/** The latest regular payslip on or before a date (its gross pay is the basis of the daily rate). */
function latestRegular(ctx: Ctx, e: EmployeeRec, date: string): PayslipRec | undefined {
  let found: PayslipRec | undefined;
  for (const p of ctx.store.payslipsOf(e.id)) if (!p.special && p.date <= date) found = p;
  return found;
}

/** Per employee in service on the date: the first leave type's balance, a daily rate and their product. */
function leaveLiability(ctx: Ctx, client: ClientRec, body: Body<"leave_liability_v2">): Row[] {
  const rows: Row[] = [];
  const type = ctx.store.leaveTypes.where("client", client.id)[0];
  if (!type) return rows;
  for (const e of employeesFor(ctx, client, body)) {
    if (!inService(ctx, e, body.date)) continue;
    const p = latestRegular(ctx, e, body.date);
    const wave = ctx.store.waves.get(e.wave_id);
    if (!p || !wave) continue;
    const days = ctx.payroll.leaveBalances(e, body.date)[String(type.id)] ?? 0;
    const rate = dailyRateCents(
      ctx.payroll.figures(p).totals.gross_cents,
      periodsPerYear(wave.frequency),
      workingDaysPerWeek(ctx, e, body.date),
    );
    rows.push({
      employee: e.number,
      leave_type: type.name,
      Days: days,
      "Daily Rate": moneyOf(rate, body.humanize),
      Liability: moneyOf(leaveLiabilityCents(days, rate), body.humanize),
    });
  }
  return rows;
}

function inService(ctx: Ctx, e: EmployeeRec, date: string): boolean {
  return ctx.store.servicePeriods
    .where("employee", e.id)
    .some((s) => !s.negative && s.start_date <= date && (s.end_date === null || s.end_date >= date));
}

/**
 * Loans, savings and garnishee balances on a date, as the finalised payslips show them: for each tracked
 * calculation, the closing balance on the last regular finalised payslip on or before the date (0 when that payslip
 * does not carry it: the loan or savings had not started); before the first finalised payslip, the balance going
 * into it. From the last finalised payslip on, the live calculation's balance: what was left after it, with any
 * change made for the open period. So between two dates the balances move by the deductions transaction_history
 * lists (the demo and finalise keep the chain unbroken: test/sandbox/balancesAgree.test.ts).
 */
function trackedBalances(ctx: Ctx, client: ClientRec, body: Body<"tracked_balances">): Row[] {
  const rows: Row[] = [];
  const kinds = { employer_loan: "Loans", savings: "Savings", garnishee: "Garnishees" } as const;
  for (const e of employeesFor(ctx, client, body)) {
    const tracked = ctx.store.calculations
      .where("employee", e.id)
      .filter((c) => c.payslip_id === null && !c.deleted && c.item in kinds && typeof c.inputs.balance === "number");
    if (!tracked.length) continue;
    const history = ctx.store.payslipsOf(e.id).filter((p) => p.finalised && !p.special);
    let onOrBefore: PayslipRec | undefined;
    for (const p of history) if (p.date <= body.date) onOrBefore = p;
    const shown = (c: CalcRec): number => {
      if (!history.length || onOrBefore === history.at(-1)) return toCents(Number(c.inputs.balance));
      const b = ctx.payroll.figures(onOrBefore ?? history[0]).balances.find((x) => x.instance === c.id);
      return !b ? 0 : onOrBefore ? b.closing_cents : b.opening_cents;
    };
    const totals = { Loans: 0, Savings: 0, Garnishees: 0 };
    for (const c of tracked) totals[kinds[c.item as keyof typeof kinds]] += shown(c);
    rows.push({
      employee: e.number,
      Loans: moneyOf(totals.Loans, body.humanize),
      Savings: moneyOf(totals.Savings, body.humanize),
      Garnishees: moneyOf(totals.Garnishees, body.humanize),
    });
  }
  return rows;
}
