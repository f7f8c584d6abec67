/** What the Pay runs panel says when a flow ends: one outcome per flow, from its result. */
import type { JournalResult, PayslipsImportResult, PdfResult, importRecentPayslips } from "../flows/payRuns";
import { plural } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";

type Said = Exclude<Outcome, null>;

/** Payslips written, and those still recalculating, not matched to an employee, or with amounts kept as text. */
export const runPayslipsOutcome = (r: PayslipsImportResult): Said => ({
  intent: r.unmatched + r.unreadable.length > 0 ? "warning" : "success",
  text:
    `${plural(r.rowCount, "payslip")} written to "${r.sheetName}".` +
    (r.dirty ? ` ${plural(r.dirty, "payslip")} still recalculating (nett pay empty).` : "") +
    (r.unmatched ? ` ${plural(r.unmatched, "payslip")} could not be matched to an employee.` : "") +
    (r.unreadable.length ? ` ${plural(r.unreadable.length, "amount")} could not be read and were kept as text.` : ""),
});

/** Whether debits equal credits, in every split, or which splits are off and by how much. */
export const journalOutcome = (r: JournalResult): Said => ({
  intent: r.balanced ? "success" : "warning",
  text: r.balanced
    ? `Journal written to "${r.sheetName}": debits equal credits${r.balances.length > 1 ? ` in all ${r.balances.length} splits` : ""}.`
    : `Journal written to "${r.sheetName}", but it does not balance: ${r.balances
        .filter((b) => !b.balanced)
        .map((b) => `${b.name || "total"} off by ${b.difference.toFixed(2)}`)
        .join(", ")}.`,
});

export const payslipDetailOutcome =
  (payslipId: number) =>
  (r: { rowCount: number; sheetName: string }): Said => ({
    intent: "success",
    text: `Payslip ${payslipId}: ${plural(r.rowCount, "line")} written to "${r.sheetName}".`,
  });

/** Written, or the service still calculating (the sheet unchanged). */
export const recentPayslipsOutcome = (r: Awaited<ReturnType<typeof importRecentPayslips>>): Said =>
  r.state === "try_later"
    ? {
        intent: "info",
        text: `The service is still calculating payslips (${r.message}). The sheet was not changed; try again in a moment.`,
      }
    : {
        intent: r.unreadable.length ? "warning" : "success",
        text: `${plural(r.rowCount, "payslip")} written to "${r.sheetName}".${r.dirty ? ` ${plural(r.dirty, "payslip")} still recalculating.` : ""}`,
      };

export const pdfOutcome = (r: PdfResult): Said =>
  r.shownAs === "window"
    ? { intent: "success", text: `Opened ${r.fileName} in a new window.` }
    : { intent: "info", text: `The browser blocked a new window, so ${r.fileName} was downloaded instead.` };
