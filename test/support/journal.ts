/** A journal side's total in cents (all splits): the balance check of the journal tests. */
import type { JournalLine } from "../../src/contract";

export function journalSideCents(lines: readonly JournalLine[]): number {
  let cents = 0;
  for (const l of lines) for (const v of Object.values(l.amount)) cents += Math.round(v * 100);
  return cents;
}
