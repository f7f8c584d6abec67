/**
 * The accounting journal of a pay run as a debit/credit table that must balance: one row per journal line and
 * split, then per split a Total row and a Check row (debits minus credits, which must be 0.00). The check is
 * computed here as well, so the pane can say "balanced" or show the difference without reading the sheet.
 * No raw codes: a line item shows the item's label (items_and_outputs: a custom item is named by its ID, e.g. "102",
 * an output by its name, e.g. "nett_pay"), else the journal line's own label; a category is shown as a word.
 */
import type { AccountingJournal, JournalLine } from "../../../contract";
import type { ColumnSpec } from "../../../xl/columns";
import { col, type Grid, type GridCell, roundMoney } from "../../../ui/sheets/grid";

export const JOURNAL_COLUMNS: ColumnSpec[] = [
  col("split", "Split", "text"),
  col("side", "Side", "text"),
  col("category", "Category", "text"),
  col("line_item", "Line item", "text"),
  col("label", "Label", "text", { width: 180 }),
  col("debit", "Debit", "currency"),
  col("credit", "Credit", "currency"),
];

export interface SplitBalance {
  /** Split ID ("" when splits are not set up). */
  id: string;
  name: string;
  debit: number;
  credit: number;
  /** debit − credit, rounded to the cent. */
  difference: number;
  balanced: boolean;
}

export interface JournalGrid extends Grid {
  balances: SplitBalance[];
  balanced: boolean;
  posted: boolean;
}

/** The splits to show: the declared ones, plus any split ID a line uses that was not declared. */
function splitsOf(journal: AccountingJournal): { id: string; name: string }[] {
  const splits = journal.accounting_splits.map((s) => ({ id: s.id, name: s.name }));
  const known = new Set(splits.map((s) => s.id));
  for (const line of [...journal.debit, ...journal.credit]) {
    for (const id of Object.keys(line.amount)) {
      if (!known.has(id)) {
        known.add(id);
        splits.push({ id, name: id === "" ? "" : `Split ${id}` });
      }
    }
  }
  return splits.length > 0 ? splits : [{ id: "", name: "" }];
}

/** "employer_liability" → "Employer liability". */
export function categoryWords(category: string): string {
  const words = category.replace(/_/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

/** The item's label by its ID or name, else the line's label; the code only when the service gives nothing else. */
export function lineItemLabel(line: Pick<JournalLine, "line_item" | "label">, labels: Readonly<Record<string, string>>): string {
  return labels[line.line_item] || line.label || line.line_item;
}

/** `labels`: item ID or account/output name → label (itemLabels of items_and_outputs); {} when not read. */
export function journalGrid(journals: readonly AccountingJournal[], labels: Readonly<Record<string, string>> = {}): JournalGrid {
  const rows: GridCell[][] = [];
  const balances: SplitBalance[] = [];
  for (const journal of journals) {
    for (const split of splitsOf(journal)) {
      let debit = 0;
      let credit = 0;
      const line = (side: "Debit" | "Credit", l: JournalLine) => {
        const amount = l.amount[split.id];
        if (amount === undefined) return;
        if (side === "Debit") debit += amount;
        else credit += amount;
        rows.push([
          split.name,
          side,
          categoryWords(l.category),
          lineItemLabel(l, labels),
          l.label,
          side === "Debit" ? amount : null,
          side === "Credit" ? amount : null,
        ]);
      };
      for (const l of journal.debit) line("Debit", l);
      for (const l of journal.credit) line("Credit", l);
      debit = roundMoney(debit);
      credit = roundMoney(credit);
      const difference = roundMoney(debit - credit);
      const balanced = difference === 0;
      rows.push([split.name, "Total", null, null, "Total", debit, credit]);
      rows.push([
        split.name,
        "Check",
        null,
        null,
        balanced ? "Balanced: debits equal credits" : `Out of balance: debits − credits = ${difference.toFixed(2)}`,
        difference,
        null,
      ]);
      balances.push({ id: split.id, name: split.name, debit, credit, difference, balanced });
    }
  }
  return {
    columns: JOURNAL_COLUMNS,
    rows,
    balances,
    balanced: balances.every((b) => b.balanced),
    posted: journals.some((j) => j.posted_to_accounting_system),
  };
}
