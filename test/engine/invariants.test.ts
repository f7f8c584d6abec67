/** Properties that must hold for any payslip: checked over many random set-ups from a seeded generator. */
import { faker } from "@faker-js/faker";
import {
  buildJournal,
  computePayslip,
  payslipAccounts,
  payslipData,
  payslipDetail,
  toCents,
  type CustomItemDef,
  type ItemCategory,
  type Payslip,
  type PayslipItemInput,
} from "../../src/sandbox/engine";
import { journalSideCents } from "../support/journal";
import type { ItemPair } from "../../src/contract";

const RUNS = 3000;

function money(max: number): number {
  return faker.number.float({ min: 0, max, fractionDigits: 2 });
}

function randomCustomItems(): CustomItemDef[] {
  const categories: ItemCategory[] = ["income", "deduction", "employer"];
  return faker.helpers
    .multiple(
      () => ({
        id: faker.number.int({ min: 1000, max: 1999 }),
        label: faker.commerce.productName(),
        category: faker.helpers.arrayElement(categories),
        taxable: faker.datatype.boolean(),
      }),
      { count: { min: 0, max: 3 } },
    )
    .filter((c, i, all) => all.findIndex((d) => d.id === c.id) === i);
}

function randomItems(custom: CustomItemDef[]): PayslipItemInput[] {
  const pool: (() => PayslipItemInput)[] = [
    () => ({ calculation_id: "basic_salary", inputs: { amount: money(15000) } }),
    () => ({
      calculation_id: "hourly_pay",
      inputs: { hours: money(200), rate: faker.number.float({ min: 0, max: 80, fractionDigits: 4 }) },
    }),
    () => ({
      calculation_id: "overtime",
      inputs: { hours: money(40), rate: money(60), multiplier: faker.helpers.arrayElement([1, 1.25, 1.5, 2, null]) },
    }),
    () => ({ calculation_id: "commission", inputs: { amount: money(5000) } }),
    () => ({ calculation_id: "bonus", inputs: { amount: money(10000) } }),
    () => ({ calculation_id: "pension", inputs: { employee_percent: money(15), employer_percent: money(15) } }),
    () => ({
      calculation_id: "employer_loan",
      inputs: { amount: money(300), balance: faker.helpers.maybe(() => money(5000)) ?? null },
      instance: faker.number.int(1e6),
    }),
    () => ({ calculation_id: "savings", inputs: { amount: money(200), balance: money(3000) }, instance: faker.number.int(1e6) }),
    () => ({ calculation_id: "garnishee", inputs: { amount: money(150), balance: money(2000) } }),
    ...custom.map((c) => () => ({ calculation_id: c.id, inputs: { amount: money(500) } })),
  ];
  const picked = faker.helpers.multiple(() => faker.helpers.arrayElement(pool)(), { count: { min: 0, max: 8 } });
  // As stored by the service: one calculation per single-instance item, any number of loans and savings.
  const multi = new Set(["employer_loan", "savings"]);
  return picked.filter(
    (it, i) => multi.has(String(it.calculation_id)) || picked.findIndex((o) => o.calculation_id === it.calculation_id) === i,
  );
}

function randomPayslip(): Payslip {
  const custom = randomCustomItems();
  return computePayslip(
    {
      prsi_class: faker.helpers.arrayElement(["a", "A", "j", "s", "m", "", null]),
      prsi_exempt: faker.datatype.boolean(0.1),
      director: faker.datatype.boolean(0.1),
    },
    randomItems(custom),
    {
      periods_per_year: faker.helpers.arrayElement([52, 26, 12]),
      period_end_date: "2025-06-30",
      regular_hours_per_week: faker.helpers.maybe(() => 39),
    },
    custom,
  );
}

/**
 * Collects broken invariants as messages (one expect per test keeps thousands of runs fast, and a failure names
 * the payslip and the figures).
 */
function violations(each: (fail: (what: string, detail?: unknown) => void, p: Payslip, i: number) => void): string[] {
  const found: string[] = [];
  payslips.forEach((p, i) => each((what, detail) => found.push(`payslip #${i}: ${what} ${JSON.stringify(detail ?? "")}`), p, i));
  return found.slice(0, 10);
}

/** Cents of the `total` pair and of the other pairs; null when there is not exactly one total. */
function split(pairs: ItemPair[], totalKey: string): { items: number; total: number } | null {
  const total = pairs.filter(([k]) => k === totalKey);
  if (total.length !== 1) return null;
  return {
    total: toCents(Number(total[0][1])),
    items: pairs.filter(([k]) => k !== totalKey).reduce((s, [, v]) => s + toCents(Number(v)), 0),
  };
}

faker.seed(20250630);
const payslips = Array.from({ length: RUNS }, randomPayslip);

test("the generator covers every section, class and tracked item", () => {
  const items = new Set(payslips.flatMap((p) => p.lines.map((l) => String(l.item))));
  for (const name of [
    "basic_salary",
    "hourly_pay",
    "overtime",
    "pension",
    "pension_employer",
    "employer_loan",
    "savings",
    "garnishee",
  ])
    expect(items).toContain(name);
  expect(payslips.filter((p) => p.totals.nett_cents < 0).length).toBeGreaterThan(0);
  expect(payslips.filter((p) => p.balances.length > 1).length).toBeGreaterThan(0);
});

test("amounts are whole cents and taxes are never negative", () => {
  expect(
    violations((fail, p) => {
      for (const l of p.lines) {
        if (!Number.isInteger(l.cents)) fail("fractional cents", l);
        if (["paye", "usc", "prsi_employee", "prsi_employer"].includes(String(l.item)) && l.cents < 0) fail("negative tax", l);
      }
    }),
  ).toEqual([]);
});

test("totals equal the sum of the items, and nett = income − deductions", () => {
  expect(
    violations((fail, p) => {
      const sum = (s: string) => p.lines.filter((l) => l.section === s).reduce((t, l) => t + l.cents, 0);
      const t = p.totals;
      if (t.income_cents !== sum("income") || t.gross_cents !== t.income_cents) fail("income total", t);
      if (t.deduction_cents !== sum("deduction")) fail("deduction total", t);
      if (t.employer_cents !== sum("employer")) fail("employer total", t);
      if (t.nett_cents !== t.income_cents - t.deduction_cents) fail("nett", t);
    }),
  ).toEqual([]);
});

test("the detail and data forms add up exactly, and agree with each other", () => {
  expect(
    violations((fail, p) => {
      const detail = payslipDetail(p);
      const data = payslipData(p);
      const income = split(detail.income, "total");
      const deduction = split(detail.deduction, "total");
      const grand = split(detail.grand_total, "total");
      if (!income || income.total !== income.items || income.total !== p.totals.income_cents) fail("income pairs", detail.income);
      if (!deduction || deduction.total !== deduction.items) fail("deduction pairs", detail.deduction);
      if (!grand || !income || !deduction || grand.total !== income.total - deduction.total)
        fail("grand total", detail.grand_total);
      for (const [, group] of detail.sideline) {
        const s = split(group, "total");
        if (!s || s.total !== s.items) fail("sideline pairs", group);
      }
      const values = (pairs: ItemPair[]) => pairs.map(([, v]) => v).join();
      if (values(data.income) !== values(detail.income) || values(data.deduction) !== values(detail.deduction))
        fail("data form differs");
      for (const section of [data.income, data.deduction]) {
        if (new Set(section.map(([k]) => k)).size !== section.length) fail("repeated data-form label", section);
      }
    }),
  ).toEqual([]);
});

test("account figures agree with the payslip", () => {
  expect(
    violations((fail, p) => {
      const acc = payslipAccounts(p);
      if (acc.nett_pay !== p.totals.nett_cents || acc.gross_pay - acc.total_deductions !== acc.nett_pay) fail("accounts", acc);
      if (acc.pension_employee !== (acc.pension ?? 0)) fail("pension_employee", acc);
    }),
  ).toEqual([]);
});

test("journals balance to the cent, with and without splits", () => {
  const splits = [
    { id: "1", name: "North" },
    { id: "2", name: "South" },
    { id: "3", name: "West" },
  ];
  const found: string[] = [];
  for (let run = 0; run < 200; run++) {
    const group = faker.helpers.arrayElements(payslips, { min: 1, max: 40 });
    const debits = group.reduce((s, p) => s + p.totals.income_cents + p.totals.employer_cents, 0);
    const plain = buildJournal(group.map((payslip) => ({ payslip })));
    const withSplits = buildJournal(
      group.map((payslip) => ({ payslip, split_id: faker.helpers.arrayElement(splits).id })),
      splits,
    );
    for (const j of [plain, withSplits]) {
      const [d, c] = [journalSideCents(j.debit), journalSideCents(j.credit)];
      if (d !== debits || c !== debits) found.push(`run ${run}: debits ${d}, credits ${c}, expected ${debits}`);
    }
  }
  expect(found).toEqual([]);
});

test("tracked balances move by exactly the deducted amount and never go below zero", () => {
  expect(
    violations((fail, p) => {
      for (const b of p.balances) {
        const l = p.lines.find((x) => x.item === b.calculation_id && x.instance === b.instance);
        if (b.closing_cents !== b.opening_cents + b.movement_cents || b.closing_cents < 0) fail("balance", b);
        if (Math.abs(b.movement_cents) !== l?.cents) fail("movement differs from the deduction", { b, l });
      }
    }),
  ).toEqual([]);
});

test("more pay never means less PAYE, USC or PRSI", () => {
  const found: string[] = [];
  for (const ppy of [52, 26, 12]) {
    let previous = { paye: 0, usc: 0, prsi_employee: 0 };
    for (let cents = 0; cents <= 2_000_000; cents += 777) {
      const acc = payslipAccounts(
        computePayslip({}, [{ calculation_id: "basic_salary", inputs: { amount: cents / 100 } }], {
          periods_per_year: ppy,
          period_end_date: "2025-06-30",
        }),
      );
      if (acc.paye < previous.paye || acc.usc < previous.usc || acc.prsi_employee < previous.prsi_employee)
        found.push(`${ppy}: ${cents}`);
      previous = { paye: acc.paye, usc: acc.usc, prsi_employee: acc.prsi_employee };
    }
  }
  expect(found).toEqual([]);
});
