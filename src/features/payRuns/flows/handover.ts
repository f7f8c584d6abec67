/**
 * The handover pack of a pay run (docs/handover.md): all its payslips as one PDF with a cover page, and its
 * accounting journal as a CSV file in a general-journal import layout. Where the pane can offer a download (in a
 * browser: the preview, Excel on the web) the files are downloads; in Excel's desktop and mobile apps, which offer
 * none, their contents go to a sheet instead: the journal's rows as a table to save as CSV, and the payslips as a
 * list to open one by one (the PDFs need the API key, so a sheet cannot link to them).
 *
 * Requests: the PDF pack 2 + one per payslip (the run's payslips, the employees for order and names, then each PDF;
 * the list sheet only the 2); the journal 2 (the journal, items_and_outputs for labels; 1 when the pane holds it).
 * Every request goes through the api's rate limiter; at most PDF_READERS PDFs are asked for at once.
 */
import type { PaymentRun } from "../../../contract";
import { officeCanDownload, type WriteTableOptions } from "../../../excel";
import { type ColumnSpec } from "../../../xl/columns";
import { col, recordRows } from "../../../ui/sheets/grid";
import { employeeLabel, employeeName } from "../../../ui/sheets/employeeNames";
import { type FlowContext, clientLabel, writeSheet } from "../../../ui/flows/common";
import { sheetForClient } from "../../../ui/flows/clientSheet";
import { journalCsv, type JournalCsvRow } from "../model/journalCsv";
import { packCover, packFileName, periodStart, type PackCover } from "../model/payslipPack";
import { journalLabels, type PayRunChoices, runPayslipRecords } from "./payRuns";

/** Saves a file the pane made: in a browser, a Blob URL clicked as an <a download>. */
export interface FileSaver {
  save(blob: Blob, fileName: string): void;
}

export function browserFileSaver(win: Window = window, revokeAfterMs = 60_000): FileSaver {
  return {
    save: (blob, fileName) => {
      const url = URL.createObjectURL(blob);
      const a = win.document.createElement("a");
      a.href = url;
      a.download = fileName;
      a.rel = "noopener";
      a.style.display = "none";
      win.document.body.appendChild(a);
      a.click();
      a.remove();
      // Revoked later, not at once: the browser reads the Blob after the click returns.
      setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
    },
  };
}

/** Where the pack's files go: a download, or a sheet where the pane cannot offer one. */
export type Delivery = { kind: "download"; saver: FileSaver } | { kind: "sheet" };

/** The pane's delivery: downloads in a browser, sheets in Excel's desktop and mobile apps (officeCanDownload). */
export function paneDelivery(): Delivery {
  return officeCanDownload() ? { kind: "download", saver: browserFileSaver() } : { kind: "sheet" };
}

export const HANDOVER_SHEETS = {
  pack: { sheetName: "Payslip pack", tableName: "PayslipPack" },
  journalImport: { sheetName: "Journal import", tableName: "JournalImport" },
} as const;

/** How many payslip PDFs are asked for at once (the api's limiter paces them further). */
export const PDF_READERS = 3;

export interface PackResult {
  shownAs: "download" | "sheet";
  /** The file offered, or the sheet written. */
  fileName: string;
  payslips: number;
  /** Pages of the PDF (cover included); 0 for the sheet. */
  pages: number;
  cover: PackCover;
  requests: number;
}

/** Stops before the file is offered when Cancel was pressed while the PDF was put together. */
function stopIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException("Cancelled", "AbortError");
}

/** A handover file of one run: `choices` are the runs and waves the pane's picker holds (period start, wave name). */
type HandoverStep<R> = (ctx: FlowContext, run: PaymentRun, choices: PayRunChoices, delivery: Delivery) => Promise<R>;

/** Every handover step's opening: the first progress words; returns the run's wave name. */
function begin(ctx: FlowContext, run: PaymentRun, choices: PayRunChoices, reading: string): string {
  ctx.progress.update?.(0, undefined, reading);
  return choices.waveNames.get(run.wave_id) ?? "";
}

/** Where no download can be offered: the file's rows as the client's handover sheet; returns the sheet's name. */
async function writeHandoverSheet(
  ctx: FlowContext,
  which: keyof typeof HANDOVER_SHEETS,
  content: Pick<WriteTableOptions, "title" | "subtitle" | "columns" | "rows">,
  requests: number,
): Promise<string> {
  const sheet = await sheetForClient(ctx.workbook, ctx.client, HANDOVER_SHEETS[which]);
  return (await writeSheet(ctx.workbook, { ...sheet, ...content }, ctx.progress, requests)).sheetName;
}

/**
 * All the run's payslips as one PDF in employee order behind a cover page, offered as a download; or, where the
 * pane cannot offer one, a sheet listing them (select a row, then "Open PDF of the selected payslip").
 * `choices`: the runs and waves the pane's picker holds (the period's start and the wave's name).
 */
export const payslipPack: HandoverStep<PackResult> = async (ctx, run, choices, delivery) => {
  const { api, client, progress, signal } = ctx;
  const wave = begin(ctx, run, choices, "Reading the pay run's payslips");
  const records = await runPayslipRecords(ctx, run);
  const cover = packCover({
    client: clientLabel(client),
    wave,
    run,
    start: periodStart(
      run,
      choices.runs,
      choices.waves.find((w) => w.id === run.wave_id),
    ),
    nettPays: records.map((r) => (r.payslip.dirty ? null : r.payslip.nett_pay)),
  });

  if (delivery.kind === "sheet") {
    const sheetName = await writeHandoverSheet(
      ctx,
      "pack",
      {
        title: `${cover.title}: ${cover.lines
          .filter((l) => l.label !== "Client")
          .map((l) => `${l.label} ${l.value}`)
          .join("; ")}`,
        subtitle:
          "Excel cannot save a file from the pane: to open a payslip, select its row, then press " +
          '"Open PDF of the selected payslip" in the Pay runs pane.',
        columns: PACK_COLUMNS,
        rows: recordRows(
          PACK_COLUMNS,
          records.map((r) => ({
            employee_number: r.employee?.number ?? null,
            employee_name: employeeName(r.employee),
            payslip_id: r.payslip.id,
            date: r.payslip.date,
            nett_pay: r.payslip.dirty ? null : (r.payslip.nett_pay ?? null),
          })),
        ),
      },
      2,
    );
    return { shownAs: "sheet", fileName: sheetName, payslips: records.length, pages: 0, cover, requests: 2 };
  }

  if (records.length === 0) throw new Error("This pay run has no payslips, so there is no PDF to make.");
  // Each PDF through the api's limiter, a few at a time, in employee order; Cancel aborts the ones not yet read.
  const pdfs: Uint8Array[] = new Array<Uint8Array>(records.length);
  let next = 0;
  let done = 0;
  const what = "payslip PDFs read";
  progress.update?.(0, records.length, what);
  let failed = false;
  const reader = async () => {
    // One failure stops the others from asking for more: the pack is not made, so more requests would be waste.
    while (next < records.length && !failed) {
      const i = next++;
      try {
        pdfs[i] = await api.getPayslipPdf(records[i].payslip.id, { signal });
      } catch (error) {
        failed = true;
        throw error;
      }
      progress.update?.(++done, records.length, what);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PDF_READERS, records.length) }, reader));
  stopIfCancelled(signal);

  progress.update?.(records.length, records.length, "Putting the PDF together");
  const { buildPackPdf } = await import(/* webpackChunkName: "pdf-pack" */ "../model/packPdf");
  const pack = await buildPackPdf(
    cover,
    records.map((r, i) => ({ pdf: pdfs[i], name: r.employee ? employeeLabel(r.employee) : `payslip dated ${r.payslip.date}` })),
  );
  stopIfCancelled(signal);
  const fileName = packFileName("Payslips", clientLabel(client), wave, run.period_end_date, "pdf");
  const copy = new Uint8Array(pack.bytes.length);
  copy.set(pack.bytes);
  delivery.saver.save(new Blob([copy.buffer], { type: "application/pdf" }), fileName);
  return { shownAs: "download", fileName, payslips: records.length, pages: pack.pages, cover, requests: 2 + records.length };
};

const PACK_COLUMNS: ColumnSpec[] = [
  col("employee_number", "Employee number", "text"),
  col("employee_name", "Employee name", "text", { width: 160 }),
  col("payslip_id", "Payslip ID", "integer"),
  col("date", "Date", "date"),
  col("nett_pay", "Nett pay", "currency"),
];

const JOURNAL_IMPORT_COLUMNS: ColumnSpec[] = [
  col("date", "Date", "date"),
  col("account", "Account", "text", { width: 180 }),
  col("description", "Description", "text", { width: 260 }),
  col("debit", "Debit", "currency"),
  col("credit", "Credit", "currency"),
  col("reference", "Reference", "text", { width: 200 }),
];

export type JournalFileResult =
  | {
      state: "made";
      shownAs: "download" | "sheet";
      /** The file offered, or the sheet written. */
      fileName: string;
      rows: JournalCsvRow[];
      debit: number;
      credit: number;
      /** The run was already posted to accounting: importing the file again would book it twice. */
      posted: boolean;
      requests: number;
    }
  | { state: "refused"; message: string; difference: number; requests: number };

/** The run's journal as a CSV file (or, where no download can be offered, the same rows as a sheet's table). */
export const journalFile: HandoverStep<JournalFileResult> = async (ctx, run, choices, delivery) => {
  const { api, client, signal } = ctx;
  const wave = begin(ctx, run, choices, "Reading the accounting journal");
  const labelsHeld = ctx.reads?.isFresh("itemsAndOutputs", client.id) ?? false;
  const requests = labelsHeld ? 1 : 2;
  const [journals, labels] = await Promise.all([api.getPaymentRunAccounting(run.id, { signal }), journalLabels(ctx)]);
  const made = journalCsv(journals, { ...run, waveName: wave }, labels);
  if (!made.ok) return { state: "refused", message: made.message, difference: made.difference, requests };
  const posted = run.posted_to_accounting_system || journals.some((j) => j.posted_to_accounting_system);
  const result = { state: "made" as const, rows: made.rows, debit: made.debit, credit: made.credit, posted, requests };
  if (delivery.kind === "sheet") {
    const sheetName = await writeHandoverSheet(
      ctx,
      "journalImport",
      {
        title: `Journal for import, ${wave} payroll to ${run.period_end_date.split("-").reverse().join("/")}: ${clientLabel(client)}`,
        subtitle:
          "Excel cannot save a file from the pane: copy the table (headers included) to a new workbook and save " +
          "that as CSV UTF-8 to import it.",
        columns: JOURNAL_IMPORT_COLUMNS,
        rows: recordRows(JOURNAL_IMPORT_COLUMNS, made.rows),
      },
      requests,
    );
    return { ...result, shownAs: "sheet", fileName: sheetName };
  }
  const fileName = packFileName("Journal", clientLabel(client), wave, run.period_end_date, "csv");
  delivery.saver.save(new Blob([made.text], { type: "text/csv;charset=utf-8" }), fileName);
  return { ...result, shownAs: "download", fileName };
};
