/** What the Pay runs panel says when a flow ends: one outcome per flow, from its result. */
import type { JournalResult, PayslipsImportResult, PdfResult, importRecentPayslips } from "../flows/payRuns";
import type { JournalFileResult, PackResult } from "../flows/handover";
import { euro } from "../model/journalCsv";
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

/** The pack offered as a download (a download cannot be confirmed, so "offered"), or the list sheet written. */
export const packOutcome = (r: PackResult): Said => {
  const total = r.cover.lines.find((l) => l.label === "Total nett pay")?.value;
  return r.shownAs === "download"
    ? {
        intent: "success",
        text:
          `"${r.fileName}" offered as a download: ${plural(r.payslips, "payslip")} and a cover page ` +
          `(${plural(r.pages, "page")}), total nett pay ${total}.`,
      }
    : {
        intent: "success",
        text:
          `${plural(r.payslips, "payslip")} listed in "${r.fileName}". Excel cannot save a file from the pane: to open a ` +
          `payslip, select its row and press "Open PDF of the selected payslip".`,
      };
};

/** The journal file offered (or its rows written), with a warning when the run is already posted; or the refusal. */
export const journalFileOutcome = (r: JournalFileResult): Said => {
  if (r.state === "refused") return { intent: "warning", text: r.message };
  const posted = r.posted
    ? " This pay run is already posted to accounting: importing the journal again would book it twice."
    : "";
  const balance = `debits ${euro(r.debit)} equal credits ${euro(r.credit)}`;
  return r.shownAs === "download"
    ? {
        intent: r.posted ? "warning" : "success",
        text: `"${r.fileName}" offered as a download: ${plural(r.rows.length, "journal line")}, ${balance}.${posted}`,
      }
    : {
        intent: r.posted ? "warning" : "success",
        text:
          `${plural(r.rows.length, "journal line")} written to "${r.fileName}", ${balance}. Excel cannot save a file ` +
          `from the pane: copy the table to a new workbook and save it as CSV UTF-8 to import it.${posted}`,
      };
};
