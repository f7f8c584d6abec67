import { z } from "zod";
import { DateString, DateTimeString, Id, wrappedList } from "./common";

export const PaymentRun = z.looseObject({
  id: Id,
  wave_id: Id,
  period_offset: z.number().int(),
  period_end_date: DateString,
  total: z.number(),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  special: z.boolean(),
  posted_to_accounting_system: z.boolean(),
});
export type PaymentRun = z.infer<typeof PaymentRun>;
export const PaymentRunList = wrappedList("payment_run", PaymentRun);

/** Journal line. `amount` maps split ID to number; the single key is "" when there are no splits. */
export const JournalLine = z.looseObject({
  category: z.string(),
  line_item: z.string(),
  label: z.string(),
  amount: z.record(z.string(), z.number()),
});
export type JournalLine = z.infer<typeof JournalLine>;

export const AccountingJournal = z.looseObject({
  posted_to_accounting_system: z.boolean(),
  accounting_splits: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  debit: z.array(JournalLine),
  credit: z.array(JournalLine),
});
export type AccountingJournal = z.infer<typeof AccountingJournal>;
export const AccountingJournalList = z.array(AccountingJournal);
