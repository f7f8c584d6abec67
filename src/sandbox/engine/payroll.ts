/**
 * Payslip computation: calculation inputs in, cent-exact lines, totals and tracked balances out.
 * The wire forms (detail and `data`) are built from the same lines, so every figure agrees with every other.
 */
import type { LeaveSummary, PayslipData, PayslipDetail, ItemPair, SidelineGroup } from "../../contract";
import {
  checkInput,
  findItem,
  labelOf,
  resolvedInputs,
  SYSTEM_ORDER,
  type CustomItemDef,
  type ItemId,
  type ItemSpec,
} from "./catalogue";
import { amountString, divRound, fromCents, hoursTimesRateCents, percentOf, sumCents, toCents } from "./money";
import { payeCents, prsiEmployeeCents, prsiEmployerCents, uscCents, type PrsiFacts } from "./rules";
import type {
  EmployeeFacts,
  Payslip,
  PayslipItemInput,
  PayslipLine,
  PeriodContext,
  PrsiClass,
  Section,
  TrackedBalance,
} from "./types";

/** Name of the sideline group holding employer contributions. */
export const EMPLOYER_GROUP = "employer_contributions";
const EMPLOYER_GROUP_LABEL = "Employer contributions";

export function prsiFacts(employee: EmployeeFacts): PrsiFacts {
  const raw = (employee.prsi_class ?? "").trim().toLowerCase();
  const prsiClass: PrsiClass = raw === "j" || raw === "s" || raw === "m" ? raw : "a";
  return { prsiClass, prsiExempt: employee.prsi_exempt === true, director: employee.director === true };
}

interface Resolved {
  item: ItemSpec;
  inputs: Record<string, number>;
  raw: Readonly<Record<string, unknown>>;
  instance: number | null;
}

/** Catalogue order (system items, then custom items by ID), instances in the given order. */
function orderKey(item: ItemSpec): number {
  return SYSTEM_ORDER.get(item.name) ?? SYSTEM_ORDER.size + Number(item.id);
}

function resolveItems(items: readonly PayslipItemInput[], customItems: readonly CustomItemDef[], warnings: string[]): Resolved[] {
  const out: Resolved[] = [];
  for (const input of items) {
    if (input.skip) continue;
    const item = findItem(input.calculation_id, customItems);
    if (!item) {
      warnings.push(`Unknown calculation "${input.calculation_id}" skipped`);
      continue;
    }
    out.push({ item, inputs: resolvedInputs(item, input.inputs), raw: input.inputs, instance: input.instance ?? null });
  }
  return out
    .map((r, i) => ({ r, i }))
    .sort((a, b) => orderKey(a.r.item) - orderKey(b.r.item) || a.i - b.i)
    .map(({ r }) => r);
}

/** The pay an income item contributes this period. */
function incomeCents(r: Resolved, period: PeriodContext): number {
  const { inputs } = r;
  switch (r.item.id) {
    case "hourly_pay": {
      const hoursGiven = checkInput(r.item.inputs[0], r.raw.hours);
      const weekly = period.regular_hours_per_week ?? 0;
      // Regular Hours: the week's hours over the period, to two decimals.
      const hours =
        hoursGiven.ok && hoursGiven.value !== null
          ? hoursGiven.value
          : divRound(weekly * 52 * 100, period.periods_per_year) / 100;
      return hoursTimesRateCents(hours, inputs.rate);
    }
    case "overtime":
      return hoursTimesRateCents(inputs.hours, inputs.rate, inputs.multiplier);
    default:
      return toCents(inputs.amount);
  }
}

/** Whether an input was supplied (null or absent means "not tracked" for balances). */
function hasInput(r: Resolved, name: string): boolean {
  const spec = r.item.inputs.find((i) => i.name === name);
  const check = spec ? checkInput(spec, r.raw[name]) : null;
  return !!check && check.ok && check.value !== null;
}

/** Loan/garnishee repayment capped by the outstanding balance; savings accumulate. */
function trackedDeduction(r: Resolved): { cents: number; balance: TrackedBalance | null } {
  const amount = toCents(r.inputs.amount);
  const id = r.item.id as TrackedBalance["calculation_id"];
  if (!hasInput(r, "balance")) return { cents: amount, balance: null };
  const opening = toCents(r.inputs.balance);
  const cents = id === "savings" ? amount : Math.min(amount, opening);
  const movement = id === "savings" ? cents : -cents;
  return {
    cents,
    balance: {
      calculation_id: id,
      instance: r.instance,
      opening_cents: opening,
      movement_cents: movement,
      closing_cents: opening + movement,
    },
  };
}

/**
 * Computes one payslip. Pure: same inputs, same payslip. Amounts are integer cents; totals are sums of the
 * lines, and nett = income − deductions exactly.
 */
export function computePayslip(
  employee: EmployeeFacts,
  items: readonly PayslipItemInput[],
  period: PeriodContext,
  customItems: readonly CustomItemDef[] = [],
): Payslip {
  const ppy = period.periods_per_year;
  if (!Number.isInteger(ppy) || ppy < 1) throw new RangeError(`periods_per_year must be a positive integer (got ${ppy})`);
  const warnings: string[] = [];
  const resolved = resolveItems(items, customItems, warnings);
  const lines: PayslipLine[] = [];
  const balances: TrackedBalance[] = [];
  const line = (item: ItemId, section: Section, cents: number, source: Resolved | null): void => {
    lines.push({
      item,
      label: labelOf(item, customItems),
      section,
      cents,
      calculation_id: source ? source.item.id : null,
      instance: source ? source.instance : null,
    });
  };

  let taxableGross = 0;
  for (const r of resolved.filter((x) => x.item.category === "income")) {
    const cents = incomeCents(r, period);
    line(r.item.id, "income", cents, r);
    if (r.item.taxable) taxableGross += cents;
  }
  const gross = sumCents(lines.map((l) => l.cents));

  const pensions = resolved.filter((r) => r.item.id === "pension");
  const pensionEmployee = sumCents(pensions.map((r) => percentOf(gross, r.inputs.employee_percent / 100)));
  // Pension relief: employee contributions come off pay for PAYE, not for USC or PRSI.
  const taxable = Math.max(0, taxableGross - pensionEmployee);
  const facts = prsiFacts(employee);

  line("paye", "deduction", payeCents(taxable, ppy), null);
  line("usc", "deduction", uscCents(taxableGross, ppy), null);
  line("prsi_employee", "deduction", prsiEmployeeCents(taxableGross, ppy, facts), null);
  for (const r of pensions) line("pension", "deduction", percentOf(gross, r.inputs.employee_percent / 100), r);
  for (const r of resolved.filter((x) => x.item.category === "deduction" && x.item.id !== "pension")) {
    if (r.item.id === "employer_loan" || r.item.id === "savings" || r.item.id === "garnishee") {
      const { cents, balance } = trackedDeduction(r);
      line(r.item.id, "deduction", cents, r);
      if (balance) balances.push(balance);
    } else {
      line(r.item.id, "deduction", toCents(r.inputs.amount), r);
    }
  }

  line("prsi_employer", "employer", prsiEmployerCents(taxableGross, ppy, facts), null);
  for (const r of pensions) line("pension_employer", "employer", percentOf(gross, r.inputs.employer_percent / 100), r);
  for (const r of resolved.filter((x) => x.item.category === "employer"))
    line(r.item.id, "employer", toCents(r.inputs.amount), r);
  numberRepeatedLabels(lines);

  const income = sectionCents(lines, "income");
  const deductions = sectionCents(lines, "deduction");
  const nett = income - deductions;
  if (nett < 0) warnings.push(`Deductions exceed pay: nett pay is ${amountString(nett)}`);
  return {
    period,
    lines,
    totals: {
      gross_cents: gross,
      taxable_cents: taxable,
      income_cents: income,
      deduction_cents: deductions,
      employer_cents: sectionCents(lines, "employer"),
      nett_cents: nett,
    },
    balances,
    warnings,
  };
}

function sectionCents(lines: readonly PayslipLine[], section: Section): number {
  return sumCents(lines.filter((l) => l.section === section).map((l) => l.cents));
}

/** Second and later instances of the same item get a number, so data-form labels stay unique. */
function numberRepeatedLabels(lines: PayslipLine[]): void {
  const seen = new Map<string, number>();
  for (const l of lines) {
    const key = `${l.section}:${l.label}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) l.label = `${l.label} ${n}`;
  }
}

/**
 * Amounts by account name, in cents: each item name (instances summed; a custom item by its ID as text) and
 * each output (`gross_pay`, `paye`, `nett_pay`, ...). Reports read their figures from here.
 */
export function payslipAccounts(p: Payslip): Record<string, number> {
  const acc: Record<string, number> = {};
  const add = (name: string, cents: number): void => {
    acc[name] = (acc[name] ?? 0) + cents;
  };
  for (const l of p.lines) {
    add(String(l.item), l.cents);
    if (l.item === "pension") add("pension_employee", l.cents);
  }
  for (const name of ["paye", "usc", "prsi_employee", "pension_employee", "prsi_employer", "pension_employer"]) add(name, 0);
  add("gross_pay", p.totals.gross_cents);
  add("taxable_pay", p.totals.taxable_cents);
  add("total_deductions", p.totals.deduction_cents);
  add("employer_cost", p.totals.income_cents + p.totals.employer_cents);
  add("nett_pay", p.totals.nett_cents);
  return acc;
}

/** The same accounts in euros. */
/**
 * A calculation record's `outputs`: what its lines came to (euros), and the closing balance for tracked items.
 * `instance` picks one instance of a multi-instance item.
 */
export function calculationOutputs(p: Payslip, calculationId: ItemId, instance: number | null = null): Record<string, number> {
  const mine = p.lines.filter(
    (l) => String(l.calculation_id) === String(calculationId) && (instance === null || l.instance === instance),
  );
  const out: Record<string, number> = {};
  for (const l of mine) {
    const key = l.section === "employer" ? "employer_amount" : "amount";
    out[key] = fromCents(toCents(out[key] ?? 0) + l.cents);
  }
  const bal = p.balances.find((b) => b.calculation_id === calculationId && (instance === null || b.instance === instance));
  if (bal) out.balance = fromCents(bal.closing_cents);
  return out;
}

function pairs(lines: readonly PayslipLine[], key: "item" | "label"): ItemPair[] {
  const rows: ItemPair[] = lines.map((l) => [l[key], amountString(l.cents)]);
  rows.push([key === "item" ? "total" : "Total", amountString(sumCents(lines.map((l) => l.cents)))]);
  return rows;
}

function forms(p: Payslip, key: "item" | "label") {
  const of = (s: Section) => p.lines.filter((l) => l.section === s);
  const employer = of("employer");
  const sideline: SidelineGroup[] = employer.length
    ? [[key === "item" ? EMPLOYER_GROUP : EMPLOYER_GROUP_LABEL, pairs(employer, key)]]
    : [];
  return {
    income: pairs(of("income"), key),
    deduction: pairs(of("deduction"), key),
    grand_total: [[key === "item" ? "total" : "Total", amountString(p.totals.nett_cents)]] as ItemPair[],
    sideline,
  };
}

/** The payslip detail form (`GET /payslips/:id`, under key `payslip`): item names, amounts as strings. */
export function payslipDetail(p: Payslip, leave: Record<string, LeaveSummary> = {}): PayslipDetail {
  return { ...forms(p, "item"), leave };
}

/** The `data` form (pay-run payslips, employee includes): display labels, plus `leave_payments`. */
export function payslipData(
  p: Payslip,
  leave: Record<string, LeaveSummary> = {},
  leavePayments: Record<string, unknown> = {},
): PayslipData {
  return { ...forms(p, "label"), leave, leave_payments: leavePayments };
}
