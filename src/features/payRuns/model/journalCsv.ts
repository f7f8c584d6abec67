/**
 * A pay run's accounting journal in a general-journal import layout (docs/handover.md, "The journal CSV"):
 *
 *   Date,Account,Description,Debit,Credit,Reference
 *   31/03/2026,Gross wages,"Monthly payroll, period ending 31/03/2026",12345.67,,Pay run 45 Monthly 31/03/2026
 *
 * One row per journal line and split with a non-zero amount. Date is the period end as DD/MM/YYYY; Account is the
 * line item's label (never a code); Debit or Credit holds the amount with two decimals and a dot, no currency sign
 * or thousands separator; a negative amount moves to the other side as a positive one (import tools refuse
 * negative debits), which keeps the balance. The file is refused, with the difference in a sentence, unless debits
 * equal credits in every split and in total.
 *
 * CSV safety: a text field that starts with = + - @, a tab or a carriage return gets a leading apostrophe, so a
 * spreadsheet opening the file shows the text instead of running it as a formula. Only text fields (Account,
 * Description, Reference) carry service text; Date and the amounts are written here from numbers.
 */
import type { AccountingJournal, JournalLine } from "../../../contract";
import { roundMoney } from "../../../ui/sheets/grid";
import { categoryWords, lineItemLabel } from "./journal";

export const JOURNAL_CSV_HEADERS = ["Date", "Account", "Description", "Debit", "Credit", "Reference"] as const;

/** One row of the layout: amounts as numbers (null on the other side); the CSV writes them with two decimals. */
export interface JournalCsvRow {
  /** YYYY-MM-DD (the period end). */
  date: string;
  account: string;
  description: string;
  debit: number | null;
  credit: number | null;
  reference: string;
}

/** What the file is about: the run, and the names it is described by. */
export interface JournalCsvRun {
  id: number;
  period_end_date: string;
  special: boolean;
  /** The wave's display name ("Monthly"); empty when not known. */
  waveName: string;
}

export type JournalCsv =
  | { ok: true; rows: JournalCsvRow[]; text: string; debit: number; credit: number }
  | { ok: false; message: string; difference: number };

/** "2026-03-31" → "31/03/2026": the Irish date, as accounting packages here import it. */
export function irishDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

export const euro = (n: number): string => n.toLocaleString("en-IE", { style: "currency", currency: "EUR" });

/** The run as the Reference column names it: the pay run's ID (what the payroll service knows it by), wave, date. */
export function journalReference(run: JournalCsvRun): string {
  return [`Pay run ${run.id}`, run.waveName, irishDate(run.period_end_date), run.special ? "(special)" : ""]
    .filter(Boolean)
    .join(" ");
}

/** Text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP's CSV injection rule). */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: quote a field holding a comma, quote or line break; double its quotes. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const amountText = (n: number | null) => (n === null ? "" : n.toFixed(2));

/** The rows as CSV text: UTF-8 with a byte order mark (so Excel reads "Ó Briain" right), CRLF line ends. */
export function csvText(rows: readonly JournalCsvRow[]): string {
  const lines = [JOURNAL_CSV_HEADERS.join(",")];
  for (const r of rows) {
    lines.push(
      [
        irishDate(r.date),
        csvField(neutraliseFormula(r.account)),
        csvField(neutraliseFormula(r.description)),
        amountText(r.debit),
        amountText(r.credit),
        csvField(neutraliseFormula(r.reference)),
      ].join(","),
    );
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

interface SplitSums {
  name: string;
  debit: number;
  credit: number;
}

/**
 * The journal as import rows, or a refusal saying by how much it is out of balance. `labels`: item ID or
 * account/output name → label (itemLabels of items_and_outputs), so a custom item shows its name, not "102".
 */
export function journalCsv(
  journals: readonly AccountingJournal[],
  run: JournalCsvRun,
  labels: Readonly<Record<string, string>> = {},
): JournalCsv {
  const rows: JournalCsvRow[] = [];
  const sums: SplitSums[] = [];
  const reference = journalReference(run);
  const payroll = `${run.waveName ? `${run.waveName} payroll` : "Payroll"}, period ending ${irishDate(run.period_end_date)}`;
  for (const journal of journals) {
    const names = new Map(journal.accounting_splits.map((s) => [s.id, s.name]));
    const bySplit = new Map<string, SplitSums>();
    const book = (side: "debit" | "credit", line: JournalLine) => {
      for (const [splitId, raw] of Object.entries(line.amount)) {
        const amount = roundMoney(raw);
        if (!Number.isFinite(amount) || amount === 0) continue;
        // A negative debit is a credit (and the reverse): import layouts take positive amounts only.
        const onDebit = (side === "debit") === amount > 0;
        const value = Math.abs(amount);
        const splitName = names.get(splitId) ?? (splitId === "" ? "" : `Split ${splitId}`);
        let s = bySplit.get(splitId);
        if (!s) bySplit.set(splitId, (s = { name: splitName, debit: 0, credit: 0 }));
        if (onDebit) s.debit += value;
        else s.credit += value;
        const category = categoryWords(line.category);
        rows.push({
          date: run.period_end_date,
          account: lineItemLabel(line, labels),
          description: `${payroll}${splitName ? `, ${splitName}` : ""}${category ? ` (${category.toLowerCase()})` : ""}`,
          debit: onDebit ? value : null,
          credit: onDebit ? null : value,
          reference,
        });
      }
    };
    for (const line of journal.debit) book("debit", line);
    for (const line of journal.credit) book("credit", line);
    sums.push(...bySplit.values());
  }
  const debit = roundMoney(sums.reduce((n, s) => n + s.debit, 0));
  const credit = roundMoney(sums.reduce((n, s) => n + s.credit, 0));
  const off = sums.map((s) => ({ ...s, difference: roundMoney(s.debit - s.credit) })).filter((s) => s.difference !== 0);
  if (rows.length === 0) {
    return { ok: false, difference: 0, message: "The pay run's journal has no amounts, so there is nothing to export." };
  }
  if (off.length > 0 || debit !== credit) {
    const difference = roundMoney(debit - credit);
    const where =
      off.length > 0 && off.some((s) => s.name)
        ? ` (${off.map((s) => `${s.name || "no split"} is off by ${euro(s.difference)}`).join("; ")})`
        : "";
    return {
      ok: false,
      difference,
      message:
        `The journal does not balance: debits are ${euro(debit)} and credits ${euro(credit)}, a difference of ` +
        `${euro(difference)}${where}. No file was made; ask the payroll service to correct the pay run's journal.`,
    };
  }
  return { ok: true, rows, text: csvText(rows), debit, credit };
}
