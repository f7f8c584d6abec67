import { AccountingJournal } from "../../src/contract";
import { buildJournal, computePayslip, type PayslipItemInput } from "../../src/sandbox/engine";
import { journalSideCents } from "../support/journal";

const WEEK = { periods_per_year: 52, period_end_date: "2025-03-07" };
const CUSTOM = [
  { id: 1002, label: "Union subscription", category: "deduction" as const },
  { id: 1003, label: "Health insurance", category: "employer" as const },
];
const items: PayslipItemInput[] = [
  { calculation_id: "basic_salary", inputs: { amount: 1000 } },
  { calculation_id: "pension", inputs: { employee_percent: 5, employer_percent: 10 } },
  { calculation_id: "employer_loan", inputs: { amount: 50, balance: 500 }, instance: 1 },
  { calculation_id: "savings", inputs: { amount: 20 }, instance: 2 },
  { calculation_id: 1002, inputs: { amount: 4.5 } },
  { calculation_id: 1003, inputs: { amount: 30 } },
];
const p = computePayslip({}, items, WEEK, CUSTOM);
const q = computePayslip({ prsi_class: "j" }, [{ calculation_id: "basic_salary", inputs: { amount: 200 } }], WEEK, CUSTOM);

function line(j: AccountingJournal, side: "debit" | "credit", lineItem: string) {
  return j[side].find((l) => l.line_item === lineItem);
}

test('one payslip, no splits: amounts keyed by "", hand-checked lines, balanced', () => {
  const j = AccountingJournal.parse(buildJournal([{ payslip: p }], [], CUSTOM));
  expect(j.accounting_splits).toEqual([]);
  expect(j.posted_to_accounting_system).toBe(false);
  expect(j.debit.map((l) => [l.line_item, l.amount])).toEqual([
    ["gross_pay", { "": 1000 }],
    ["prsi_employer", { "": 112.5 }],
    ["pension_employer", { "": 100 }],
    ["1003", { "": 30 }],
  ]);
  // PAYE on 950 taxable: 169.23 + 40% × 103.85 − 76.92 = 133.85; USC 21.27; PRSI 42 + 112.50
  expect(line(j, "credit", "paye")?.amount).toEqual({ "": 133.85 });
  expect(line(j, "credit", "usc")?.amount).toEqual({ "": 21.27 });
  expect(line(j, "credit", "prsi")?.amount).toEqual({ "": 154.5 });
  expect(line(j, "credit", "pension")?.amount).toEqual({ "": 150 });
  expect(line(j, "credit", "employer_loan")).toMatchObject({ category: "asset", amount: { "": 50 } });
  expect(line(j, "credit", "savings")?.amount).toEqual({ "": 20 });
  expect(line(j, "credit", "1002")).toMatchObject({ label: "Union subscription payable", amount: { "": 4.5 } });
  expect(line(j, "credit", "1003")?.amount).toEqual({ "": 30 });
  expect(line(j, "credit", "nett_pay")?.amount).toEqual({ "": p.totals.nett_cents / 100 });
  expect(journalSideCents(j.debit)).toBe(124250);
  expect(journalSideCents(j.credit)).toBe(124250);
});

test("splits: every line carries every split key; each split balances on its own", () => {
  const splits = [
    { id: "10", name: "Dublin" },
    { id: "11", name: "Cork" },
  ];
  const j = AccountingJournal.parse(
    buildJournal(
      [
        { payslip: p, split_id: "10" },
        { payslip: q, split_id: "11" },
        { payslip: q, split_id: "11" },
      ],
      splits,
      CUSTOM,
      true,
    ),
  );
  expect(j.posted_to_accounting_system).toBe(true);
  expect(j.accounting_splits).toEqual(splits);
  for (const l of [...j.debit, ...j.credit]) expect(Object.keys(l.amount).sort()).toEqual(["10", "11"]);
  expect(line(j, "debit", "gross_pay")?.amount).toEqual({ "10": 1000, "11": 400 });
  expect(line(j, "debit", "prsi_employer")?.amount).toEqual({ "10": 112.5, "11": 2 });
  for (const id of ["10", "11"]) {
    const only = (ls: AccountingJournal["debit"]) => ls.map((l) => ({ ...l, amount: { [id]: l.amount[id] } }));
    expect(journalSideCents(only(j.debit))).toBe(journalSideCents(only(j.credit)));
  }
});

test("an unknown split is refused rather than dropped", () => {
  expect(() => buildJournal([{ payslip: p, split_id: "99" }], [{ id: "10", name: "Dublin" }])).toThrow(
    /unknown accounting split "99"/,
  );
});

test("an empty pay run gives an empty, balanced journal", () => {
  expect(buildJournal([])).toEqual({ posted_to_accounting_system: false, accounting_splits: [], debit: [], credit: [] });
});
