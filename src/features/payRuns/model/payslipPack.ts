/**
 * The handover pack's payslips: the cover page's contents (client, wave, period, number of payslips, total nett
 * pay) and the period a pay run covers. The PDF itself is put together in ./packPdf (pdf-lib, loaded on demand).
 */
import type { PaymentRun, Wave } from "../../../contract";
import { roundMoney } from "../../../ui/sheets/grid";
import { euro, irishDate } from "./journalCsv";

/** The cover page: a title and labelled lines, in the order they are printed. */
export interface PackCover {
  title: string;
  lines: { label: string; value: string }[];
}

const addDays = (iso: string, days: number): string => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The first day of the run's period: the day after the same wave's previous regular run ended when the runs list
 * has it; otherwise counted back from the end by the wave's length (weeks as days; months to the same day of the
 * month, a month-end period starting on the 1st). Null when neither tells.
 */
export function periodStart(
  run: Pick<PaymentRun, "id" | "wave_id" | "period_end_date" | "special">,
  runs: readonly Pick<PaymentRun, "id" | "wave_id" | "period_end_date" | "special">[],
  wave?: Partial<Pick<Wave, "length_months" | "length_weeks">>,
): string | null {
  const previous = runs
    .filter((r) => r.wave_id === run.wave_id && !r.special && r.id !== run.id && r.period_end_date < run.period_end_date)
    .sort((a, b) => b.period_end_date.localeCompare(a.period_end_date))[0];
  if (previous) return addDays(previous.period_end_date, 1);
  if ((wave?.length_weeks ?? 0) > 0) return addDays(run.period_end_date, 1 - 7 * wave!.length_weeks!);
  const months = wave?.length_months ?? 0;
  if (months <= 0) return null;
  const [y, m, d] = run.period_end_date.split("-").map(Number);
  const back = y * 12 + (m - 1) - months;
  const by = Math.floor(back / 12);
  const bm = (back % 12) + 1;
  const iso = (day: number) => `${by}-${String(bm).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  // A period ending on its month's last day starts the day after the last day `months` back (the 1st).
  return addDays(iso(d === daysIn(y, m) ? daysIn(by, bm) : Math.min(d, daysIn(by, bm))), 1);
}

export interface PackFacts {
  client: string;
  wave: string;
  run: Pick<PaymentRun, "period_end_date" | "special" | "posted_to_accounting_system">;
  /** The period's first day, or null when not known (the cover then names the end only). */
  start: string | null;
  /** Each payslip's nett pay; null for one still being calculated. */
  nettPays: readonly (number | null | undefined)[];
}

/** What the cover page says, in the accountant's words: names, DD/MM/YYYY dates, euro amounts. */
export function packCover(f: PackFacts): PackCover {
  const known = f.nettPays.filter((n): n is number => typeof n === "number");
  const pending = f.nettPays.length - known.length;
  const total = euro(roundMoney(known.reduce((s, n) => s + n, 0)));
  const end = irishDate(f.run.period_end_date);
  return {
    title: `Payslips: ${f.client}`,
    lines: [
      { label: "Client", value: f.client },
      { label: "Wave", value: f.wave + (f.run.special ? " (special run)" : "") },
      { label: "Period", value: f.start ? `${irishDate(f.start)} to ${end}` : `ending ${end}` },
      { label: "Number of payslips", value: String(f.nettPays.length) },
      {
        label: "Total nett pay",
        value: pending ? `${total} (${pending} payslip${pending === 1 ? "" : "s"} still being calculated, not counted)` : total,
      },
      { label: "Posted to accounting", value: f.run.posted_to_accounting_system ? "Yes" : "Not yet" },
    ],
  };
}

/** The pack's file name: client, wave and period end, in characters every file system takes. */
export function packFileName(
  kind: "Payslips" | "Journal",
  client: string,
  wave: string,
  periodEnd: string,
  ext: "pdf" | "csv",
): string {
  // Control characters, and the ones Windows refuses in a name, become spaces.
  const safe = (s: string) =>
    [...s]
      .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? " " : ch))
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  return `${[kind, safe(client), safe(wave), periodEnd].filter(Boolean).join(" ")}.${ext}`;
}
