/**
 * A finalised period whose input sheets still hold changes not sent keeps its own overview row after the overview
 * moves on to the next open period ("Finalised: 1 change not sent"): the work is named until it is carried into the
 * next period (Next period on the sheet) or put back. Pure.
 */
import type { Employee } from "../../../contract";
import { type PeriodOption, activeEmployees, regularPayslips } from "../../../ui/sheets/periods";
import type { InputSheetState } from "./inputSheetState";

/** One sheet's counts, as the overview reads them. */
type SheetCounts = Pick<InputSheetState, "sheetName" | "clientId" | "waveId" | "payslipDate" | "pending" | "failed" | "held" | "invalid">;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Finalised: 1 change not sent (2 rows Failed). Choose its input sheet and press Next period to carry them on." */
export function finalisedUnsentReason(counts: { pending: number; failed: number; held: number }): string {
  const marked = [
    counts.failed > 0 ? `${plural(counts.failed, "row")} Failed` : "",
    counts.held > 0 ? `${plural(counts.held, "row")} Held` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const what = counts.pending > 0 ? plural(counts.pending, "change") : plural(counts.failed + counts.held, "row");
  return `Finalised: ${what} not sent${marked && counts.pending > 0 ? ` (${marked})` : ""}. Choose its input sheet and press Next period to carry ${counts.pending + counts.failed + counts.held === 1 ? "it" : "them"} into the next period.`;
}

/**
 * The wave's finalised periods before `open` whose sheets hold changes, Failed or Held rows: each with its sheets,
 * summed counts, and its payslips (count, finalised, nett pay), oldest first.
 */
export function finalisedUnsentPeriods(args: {
  clientId: number;
  waveId: number;
  open: string;
  periods: readonly PeriodOption[];
  employees: readonly Employee[];
  sheets: readonly SheetCounts[];
}) {
  const finalised = new Set(
    args.periods.filter((p) => p.payslips > 0 && p.finalised === p.payslips && p.date < args.open).map((p) => p.date),
  );
  const byDate = new Map<string, SheetCounts[]>();
  for (const s of args.sheets) {
    if (s.clientId !== args.clientId || s.waveId !== args.waveId || !finalised.has(s.payslipDate)) continue;
    if (s.pending + s.failed + s.held === 0) continue;
    byDate.set(s.payslipDate, [...(byDate.get(s.payslipDate) ?? []), s]);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, own]) => {
      const payslips = args.employees.flatMap((e) =>
        e.wave_id === args.waveId ? regularPayslips(e).filter((p) => p.date === date) : [],
      );
      const sum = (k: "pending" | "failed" | "held" | "invalid") => own.reduce((n, s) => n + s[k], 0);
      const counts = { pending: sum("pending"), failed: sum("failed"), held: sum("held"), invalid: sum("invalid") };
      return {
        payslipDate: date,
        sheets: own.map((s) => s.sheetName),
        employees: activeEmployees(args.employees, args.waveId, date).length,
        payslips: payslips.length,
        nettPay: Math.round(payslips.reduce((t, p) => t + (p.nett_pay ?? 0), 0) * 100) / 100,
        ...counts,
        attention: finalisedUnsentReason(counts),
      };
    });
}
