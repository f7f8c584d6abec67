/** The handover pack's models: the journal CSV layout and its refusal, the cover page, the period, the PDF. */
import { PDFDocument } from "pdf-lib";
import type { AccountingJournal, PaymentRun } from "../../../src/contract";
import { csvText, journalCsv, neutraliseFormula } from "../../../src/features/payRuns/model/journalCsv";
import { packCover, packFileName, periodStart } from "../../../src/features/payRuns/model/payslipPack";
import { buildPackPdf } from "../../../src/features/payRuns/model/packPdf";
import { journalFileOutcome, packOutcome } from "../../../src/features/payRuns/panel/payRunOutcomes";
import { PDF_READERS, payslipPack } from "../../../src/features/payRuns/flows/handover";
import type { PayrollApi } from "../../../src/api";
import type { WorkbookPort } from "../../../src/excel";

const line = (category: string, line_item: string, label: string, amount: Record<string, number>) => ({
  category,
  line_item,
  label,
  amount,
});
const RUN = { id: 45, period_end_date: "2026-03-31", special: false, waveName: "Monthly" };

/** The CSV's records, fields unquoted (a minimal RFC 4180 reader for the test). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

describe("journal CSV", () => {
  const journal: AccountingJournal = {
    posted_to_accounting_system: false,
    accounting_splits: [],
    debit: [line("expense", "gross_pay", "Gross wages", { "": 1000.1 }), line("expense", "102", "Car allowance", { "": 50 })],
    credit: [
      line("liability", "paye", "PAYE payable to Revenue", { "": 200.1 }),
      line("liability", "nett_pay", "Nett wages payable", { "": 850 }),
      line("liability", "usc", "USC payable", { "": 0 }),
    ],
  };

  it("lays out Date, Account, Description, Debit, Credit, Reference with labels, Irish dates and plain amounts", () => {
    const made = journalCsv([journal], RUN, { "102": "Company car allowance" });
    if (!made.ok) throw new Error(made.message);
    expect(made.text.startsWith("\uFEFFDate,Account,Description,Debit,Credit,Reference\r\n")).toBe(true);
    const rows = parseCsv(made.text.slice(1));
    expect(rows[0]).toEqual(["Date", "Account", "Description", "Debit", "Credit", "Reference"]);
    // The zero USC line is left out; the custom item shows its label, not "102".
    expect(rows.slice(1)).toEqual([
      [
        "31/03/2026",
        "Gross wages",
        "Monthly payroll, period ending 31/03/2026 (expense)",
        "1000.10",
        "",
        "Pay run 45 Monthly 31/03/2026",
      ],
      [
        "31/03/2026",
        "Company car allowance",
        "Monthly payroll, period ending 31/03/2026 (expense)",
        "50.00",
        "",
        "Pay run 45 Monthly 31/03/2026",
      ],
      [
        "31/03/2026",
        "PAYE payable to Revenue",
        "Monthly payroll, period ending 31/03/2026 (liability)",
        "",
        "200.10",
        "Pay run 45 Monthly 31/03/2026",
      ],
      [
        "31/03/2026",
        "Nett wages payable",
        "Monthly payroll, period ending 31/03/2026 (liability)",
        "",
        "850.00",
        "Pay run 45 Monthly 31/03/2026",
      ],
    ]);
    const sum = (i: number) => rows.slice(1).reduce((s, r) => s + Number(r[i] || 0), 0);
    expect(sum(3)).toBeCloseTo(1050.1, 2);
    expect(sum(3)).toBeCloseTo(sum(4), 2);
    expect([made.debit, made.credit]).toEqual([1050.1, 1050.1]);
  });

  it("refuses a journal that does not balance, saying the difference in a sentence", () => {
    const off: AccountingJournal = { ...journal, credit: journal.credit.slice(0, 1) };
    const made = journalCsv([off], RUN);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.difference).toBe(850);
    expect(made.message).toBe(
      "The journal does not balance: debits are €1,050.10 and credits €200.10, a difference of €850.00. " +
        "No file was made; ask the payroll service to correct the pay run's journal.",
    );
  });

  it("checks every split, names the one that is off, and books a negative amount on the other side", () => {
    const split: AccountingJournal = {
      posted_to_accounting_system: false,
      accounting_splits: [
        { id: "1", name: "Dublin" },
        { id: "2", name: "Cork" },
      ],
      debit: [line("expense", "gross_pay", "Gross wages", { "1": 500, "2": 300 })],
      credit: [line("liability", "nett_pay", "Nett wages payable", { "1": 500, "2": 310 })],
    };
    const made = journalCsv([split], RUN);
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.message).toContain("(Cork is off by -€10.00)");

    const refund: AccountingJournal = {
      ...split,
      debit: [...split.debit, line("expense", "gross_pay", "Refund", { "2": -10 })],
      credit: [line("liability", "nett_pay", "Nett wages payable", { "1": 500, "2": 290 })],
    };
    const ok = journalCsv([refund], RUN);
    if (!ok.ok) throw new Error(ok.message);
    const row = ok.rows.find((r) => r.account === "Refund")!;
    expect([row.debit, row.credit]).toEqual([null, 10]);
    expect(row.description).toBe("Monthly payroll, period ending 31/03/2026, Cork (expense)");
  });

  it("never lets service text become a formula, and quotes commas and quotes", () => {
    expect(["=1+1", "+353", "-5", "@SUM(A1)", "\tx", "Plain"].map(neutraliseFormula)).toEqual([
      "'=1+1",
      "'+353",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      "Plain",
    ]);
    const text = csvText([
      { date: "2026-03-31", account: '=HYPERLINK("x")', description: "Wages, Cork", debit: 1, credit: null, reference: "-1" },
    ]);
    const [, row] = parseCsv(text.slice(1));
    expect(row).toEqual(["31/03/2026", `'=HYPERLINK("x")`, "Wages, Cork", "1.00", "", "'-1"]);
  });

  it("refuses a journal without amounts", () => {
    const made = journalCsv([{ ...journal, debit: [], credit: [] }], RUN);
    expect(made).toMatchObject({ ok: false, message: "The pay run's journal has no amounts, so there is nothing to export." });
  });
});

describe("the payslip pack's cover and period", () => {
  const run = (id: number, end: string, over: Partial<PaymentRun> = {}) =>
    ({ id, wave_id: 3, period_end_date: end, special: false, posted_to_accounting_system: false, ...over }) as PaymentRun;

  it("starts the period the day after the wave's previous regular run, else by the wave's length", () => {
    const runs = [run(1, "2026-01-31"), run(2, "2026-02-28"), run(3, "2026-02-20", { special: true }), run(4, "2026-03-31")];
    expect(periodStart(runs[3], runs)).toBe("2026-03-01");
    expect(periodStart(runs[2], runs)).toBe("2026-02-01");
    expect(periodStart(runs[0], runs, { length_months: 1 })).toBe("2026-01-01");
    expect(periodStart(run(5, "2026-04-30"), [], { length_months: 1 })).toBe("2026-04-01");
    expect(periodStart(run(5, "2026-03-25"), [], { length_months: 1 })).toBe("2026-02-26");
    expect(periodStart(run(5, "2026-03-29"), [], { length_weeks: 2 })).toBe("2026-03-16");
    expect(periodStart(run(5, "2026-03-29"), [])).toBeNull();
  });

  it("says client, wave, period, number of payslips and total nett pay", () => {
    const cover = packCover({
      client: "Liffey Engineering",
      wave: "Monthly",
      run: run(4, "2026-03-31"),
      start: "2026-03-01",
      nettPays: [1000.1, 2000.2, 0.1],
    });
    expect(cover.title).toBe("Payslips: Liffey Engineering");
    expect(cover.lines).toEqual([
      { label: "Client", value: "Liffey Engineering" },
      { label: "Wave", value: "Monthly" },
      { label: "Period", value: "01/03/2026 to 31/03/2026" },
      { label: "Number of payslips", value: "3" },
      { label: "Total nett pay", value: "€3,000.40" },
      { label: "Posted to accounting", value: "Not yet" },
    ]);
    const pending = packCover({
      client: "C",
      wave: "Weekly",
      run: run(4, "2026-03-31", { special: true, posted_to_accounting_system: true }),
      start: null,
      nettPays: [10, null],
    });
    expect(pending.lines.map((l) => l.value)).toEqual([
      "C",
      "Weekly (special run)",
      "ending 31/03/2026",
      "2",
      "€10.00 (1 payslip still being calculated, not counted)",
      "Yes",
    ]);
  });

  it("names the files without characters a file system refuses", () => {
    expect(packFileName("Payslips", 'A/B: "Ltd"', "Monthly", "2026-03-31", "pdf")).toBe(
      "Payslips A B Ltd Monthly 2026-03-31.pdf",
    );
  });
});

describe("the payslip pack's PDF", () => {
  async function onePager(text: string, pages = 1): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(text, { x: 10, y: 100, size: 8 });
    return doc.save();
  }

  it("puts the cover first, then every page of each payslip in the order given", async () => {
    const cover = { title: "Payslips: Ó Briain & Sons", lines: [{ label: "Client", value: "Ó Briain & Sons ő" }] };
    const pack = await buildPackPdf(cover, [
      { pdf: await onePager("A"), name: "E001" },
      { pdf: await onePager("B", 2), name: "E002" },
      { pdf: await onePager("C"), name: "E003" },
    ]);
    const read = await PDFDocument.load(pack.bytes);
    expect(read.getPageCount()).toBe(5);
    expect(pack.pages).toBe(5);
    expect(read.getTitle()).toBe("Payslips: Ó Briain & Sons");
    // The cover is A4; the payslips keep their own size.
    expect(read.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    expect(read.getPage(1).getSize()).toEqual({ width: 200, height: 200 });
  });

  it("names the payslip whose PDF cannot be read", async () => {
    await expect(
      buildPackPdf({ title: "T", lines: [] }, [
        { pdf: await onePager("A"), name: "E001" },
        { pdf: new TextEncoder().encode("%PDF-broken"), name: "E002 · Brian Walsh" },
      ]),
    ).rejects.toThrow("The PDF of payslip 2 (E002 · Brian Walsh) could not be read, so the pack was not made.");
  });
});

describe("what the pane says when the pack is made", () => {
  const cover = packCover({
    client: "Liffey",
    wave: "Monthly",
    run: { period_end_date: "2026-03-31", special: false, posted_to_accounting_system: false },
    start: "2026-03-01",
    nettPays: [100, 200],
  });

  it("says a file was offered (a download cannot be confirmed), or where the list went and how to open each PDF", () => {
    expect(
      packOutcome({ shownAs: "download", fileName: "Payslips Liffey.pdf", payslips: 2, pages: 3, cover, requests: 4 }).text,
    ).toBe('"Payslips Liffey.pdf" offered as a download: 2 payslips and a cover page (3 pages), total nett pay €300.00.');
    expect(
      packOutcome({ shownAs: "sheet", fileName: "Liffey · Payslip pack", payslips: 2, pages: 0, cover, requests: 2 }).text,
    ).toBe(
      '2 payslips listed in "Liffey · Payslip pack". Excel cannot save a file from the pane: to open a payslip, select ' +
        'its row and press "Open PDF of the selected payslip".',
    );
  });

  it("warns that a posted run would be booked twice, and passes a refusal on as it is", () => {
    const made = { state: "made" as const, rows: [], debit: 10, credit: 10, requests: 2 };
    const posted = journalFileOutcome({ ...made, shownAs: "download", fileName: "Journal.csv", posted: true });
    expect(posted.intent).toBe("warning");
    expect(posted.text).toBe(
      '"Journal.csv" offered as a download: 0 journal lines, debits €10.00 equal credits €10.00. This pay run is ' +
        "already posted to accounting: importing the journal again would book it twice.",
    );
    expect(journalFileOutcome({ ...made, shownAs: "sheet", fileName: "Liffey · Journal import", posted: false })).toEqual({
      intent: "success",
      text:
        '0 journal lines written to "Liffey · Journal import", debits €10.00 equal credits €10.00. Excel cannot save a ' +
        "file from the pane: copy the table to a new workbook and save it as CSV UTF-8 to import it.",
    });
    expect(
      journalFileOutcome({ state: "refused", message: "The journal does not balance.", difference: 1, requests: 2 }),
    ).toEqual({
      intent: "warning",
      text: "The journal does not balance.",
    });
  });
});

describe("reading the payslip PDFs", () => {
  /** A service answering the run's payslips and employees, whose first PDF request fails. */
  function failingService(payslips: number) {
    const asked: number[] = [];
    const api = {
      listPaymentRunPayslips: async () =>
        Array.from({ length: payslips }, (_, i) => ({
          id: 100 + i,
          employee_id: i + 1,
          date: "2026-03-31",
          dirty: false,
          nett_pay: 10,
        })),
      listEmployees: async () => Array.from({ length: payslips }, (_, i) => ({ id: i + 1, number: `E${i + 1}` })),
      getPayslipPdf: async (id: number) => {
        asked.push(id);
        if (asked.length === 1) throw new Error("The service did not answer.");
        return new Uint8Array([37, 80, 68, 70, 45]);
      },
    };
    return { api: api as unknown as PayrollApi, asked };
  }

  it("stops asking for PDFs once one fails, and offers no file", async () => {
    const { api, asked } = failingService(20);
    const files: string[] = [];
    const run = {
      id: 1,
      wave_id: 3,
      period_end_date: "2026-03-31",
      special: false,
      posted_to_accounting_system: false,
    } as PaymentRun;
    const choices = { runs: [run], waves: [], waveNames: new Map([[3, "Monthly"]]), labels: new Map() };
    const ctx = { api, workbook: {} as WorkbookPort, client: { id: 1, name: "Liffey" }, progress: {} };
    await expect(
      payslipPack(ctx, run, choices, { kind: "download", saver: { save: (_b, name) => void files.push(name) } }),
    ).rejects.toThrow("The service did not answer.");
    // The readers running when the first failed finish their own request, then stop.
    expect(asked.length).toBeLessThanOrEqual(PDF_READERS);
    expect(files).toEqual([]);
  });
});
