/**
 * The payroll's accounting journal: the "accounting journal" object of the API document, which
 * GET /payment_runs/:payment_run_id/accounting returns for a pay run (not the --data write-ahead log, which is
 * store/writeAheadLog.ts). Built from the run's payslips. Debits: wages expense and employer contributions.
 * Credits: nett wages payable and what is owed to Revenue, the pension scheme and others. Because nett =
 * income − deductions on every payslip, debits equal credits to the cent.
 */
import type { AccountingJournal, JournalLine } from "../../contract";
import { labelOf, type CustomItemDef } from "./catalogue";
import { fromCents } from "./money";
import type { Payslip, PayslipLine } from "./types";

export interface AccountingSplit {
  id: string;
  name: string;
}

/** A payslip and the split (e.g. pay point) its amounts are booked to; "" when splits are not set up. */
export interface JournalEntry {
  payslip: Payslip;
  split_id?: string;
}

interface Account {
  side: "debit" | "credit";
  category: string;
  line_item: string;
  label: string;
}

/** Where each payslip line is booked. Employer contributions are both an expense and a liability. */
function accountsFor(line: PayslipLine, customItems: readonly CustomItemDef[]): Account[] {
  const item = String(line.item);
  switch (line.section) {
    case "income":
      return [{ side: "debit", category: "expense", line_item: "gross_pay", label: "Gross wages" }];
    case "employer": {
      const label = labelOf(line.item, customItems);
      return [{ side: "debit", category: "expense", line_item: item, label }, liability(line, customItems)];
    }
    case "deduction":
      return [liability(line, customItems)];
  }
}

const LIABILITIES: Record<string, Omit<Account, "side">> = {
  paye: { category: "liability", line_item: "paye", label: "PAYE payable to Revenue" },
  usc: { category: "liability", line_item: "usc", label: "USC payable to Revenue" },
  prsi_employee: { category: "liability", line_item: "prsi", label: "PRSI payable to Revenue" },
  prsi_employer: { category: "liability", line_item: "prsi", label: "PRSI payable to Revenue" },
  pension: { category: "liability", line_item: "pension", label: "Pension contributions payable" },
  pension_employer: { category: "liability", line_item: "pension", label: "Pension contributions payable" },
  employer_loan: { category: "asset", line_item: "employer_loan", label: "Employee loans receivable" },
  savings: { category: "liability", line_item: "savings", label: "Employee savings held" },
  garnishee: { category: "liability", line_item: "garnishee", label: "Garnishee orders payable" },
};

function liability(line: PayslipLine, customItems: readonly CustomItemDef[]): Account {
  const known = LIABILITIES[String(line.item)];
  if (known) return { side: "credit", ...known };
  return {
    side: "credit",
    category: "liability",
    line_item: String(line.item),
    label: `${labelOf(line.item, customItems)} payable`,
  };
}

const NETT: Account = { side: "credit", category: "liability", line_item: "nett_pay", label: "Nett wages payable" };

/**
 * Builds the journal. Amounts are keyed by split ID, or by "" when no splits are given; each line has a key
 * for every split (zero where nothing was booked).
 */
export function buildJournal(
  entries: readonly JournalEntry[],
  splits: readonly AccountingSplit[] = [],
  customItems: readonly CustomItemDef[] = [],
  posted = false,
): AccountingJournal {
  const keys = splits.length ? splits.map((s) => s.id) : [""];
  const splitIndex = new Map(keys.map((k, i) => [k, i]));
  // One row per account, in first-booked order; each row holds cents per split (by split position).
  const rows = new Map<string, { account: Account; cents: number[] }>();
  const rowsByLine = new Map<string, { account: Account; cents: number[] }[]>();
  const rowFor = (account: Account) => {
    const id = `${account.side}|${account.category}|${account.line_item}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { account, cents: keys.map(() => 0) }));
    return row;
  };
  const nettRow = rowFor(NETT);
  for (const entry of entries) {
    const at = splitIndex.get(splits.length ? (entry.split_id ?? "") : "");
    if (at === undefined) throw new RangeError(`Payslip booked to unknown accounting split "${entry.split_id ?? ""}"`);
    for (const line of entry.payslip.lines) {
      const lineKey = line.section + "|" + line.item;
      let lineRows = rowsByLine.get(lineKey);
      if (!lineRows) rowsByLine.set(lineKey, (lineRows = accountsFor(line, customItems).map(rowFor)));
      for (const row of lineRows) row.cents[at] += line.cents;
    }
    nettRow.cents[at] += entry.payslip.totals.nett_cents;
  }
  const side = (s: "debit" | "credit"): JournalLine[] =>
    [...rows.values()]
      .filter((r) => r.account.side === s && (entries.length > 0 || r.account !== NETT))
      .map(({ account, cents }) => ({
        category: account.category,
        line_item: account.line_item,
        label: account.label,
        amount: Object.fromEntries(keys.map((k, i) => [k, fromCents(cents[i])])),
      }));
  // Nett wages is created first for speed but listed last, after the other credits.
  const credit = side("credit");
  const nett = credit.findIndex((l) => l.line_item === NETT.line_item);
  if (nett >= 0) credit.push(...credit.splice(nett, 1));
  return {
    posted_to_accounting_system: posted,
    accounting_splits: splits.map((s) => ({ id: s.id, name: s.name })),
    debit: side("debit"),
    credit,
  };
}
