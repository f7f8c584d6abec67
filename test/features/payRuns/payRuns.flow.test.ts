/** Pay runs, a run's payslips, the journal, payslip detail and PDF against the real sandbox and preview workbook. */
import { flowContext } from "../../../src/ui/flows/common";
import {
  importEmployeePayslips,
  importJournal,
  importPayRunPayslips,
  importPayRuns,
  importPayslipDetail,
  importRecentPayslips,
  openPayslipPdf,
  PAY_SHEETS,
  type PdfOpener,
} from "../../../src/features/payRuns/flows/payRuns";
import { type Delivery, HANDOVER_SHEETS, journalFile, payslipPack } from "../../../src/features/payRuns/flows/handover";
import { loadPayRuns, runPayslipRecords } from "../../../src/features/payRuns/flows/payRuns";
import { PDFArray, PDFDocument, type PDFPage, PDFRawStream } from "pdf-lib";
import { readRecords } from "../../support/flowHelpers";
import { startPathRig, type PathRig } from "../../support/pathRig";
import { clientSheetName } from "../../../src/ui/sheets/sheetNames";

const CLIENT = { id: 1, name: "Liffey" };
const ctx = () => flowContext(rig.api, rig.workbook, CLIENT);
let rig: PathRig;

beforeAll(async () => {
  rig = await startPathRig({ employees: 14 });
});
afterAll(() => rig.close());
beforeEach(() => rig.faults.reset());

describe("pay runs", () => {
  it("lists the client's pay runs newest first, with wave names and a Status, and the open periods, in three requests", async () => {
    const runs = await rig.check.listPaymentRuns(1);
    const result = await importPayRuns(ctx());
    expect(rig.faults.sent.map((r) => r.path).sort()).toEqual([
      "/clients/1/employees",
      "/clients/1/payment_runs",
      "/clients/1/waves",
    ]);
    const all = await readRecords(rig.workbook, clientSheetName("Liffey", PAY_SHEETS.runs.sheetName));
    expect(result.rowCount).toBe(all.length);
    // The listed runs are finalised; the demo's open period has payslips but no pay run yet, and is listed first.
    const records = all.filter((r) => r["Pay run ID"] !== "");
    expect(records).toHaveLength(runs.length);
    expect(new Set(records.map((r) => r.Status))).toEqual(new Set(["Finalised"]));
    const open = all.filter((r) => r["Pay run ID"] === "");
    expect(open.length).toBeGreaterThan(0);
    for (const r of open) expect(r.Status).toMatch(/^Open: no pay run yet \(\d+ payslips?\)$/);
    expect(all[0].Status).toMatch(/^Open/);
    const dates = records.map((r) => r["Period end date"] as number);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(records.every((r) => typeof r.Wave === "string" && (r.Wave as string).length > 0)).toBe(true);
    expect(records[0].Total).toBe(runs.find((r) => r.id === records[0]["Pay run ID"])!.total);
  });

  it("imports a run's payslips with items as columns whose totals add up to the nett pay, in two requests", async () => {
    const [run] = await rig.check.listPaymentRuns(1);
    const payslips = await rig.check.listPaymentRunPayslips(run.id);
    rig.faults.reset();
    const result = await importPayRunPayslips(ctx(), run);
    expect(rig.faults.sent).toHaveLength(2);
    expect(result.rowCount).toBe(payslips.length);
    expect(result.unmatched).toBe(0);
    expect(result.unreadable).toEqual([]);

    const records = await readRecords(rig.workbook, clientSheetName("Liffey", PAY_SHEETS.runPayslips.sheetName));
    const headers = Object.keys(records[0]);
    expect(headers.slice(0, 4)).toEqual(["Employee ID", "Employee number", "Employee name", "Payslip ID"]);
    expect(headers).toEqual(expect.arrayContaining(["Total income", "Total deductions", "Nett pay"]));
    for (const r of records) {
      const api = payslips.find((p) => p.id === r["Payslip ID"])!;
      expect(r["Nett pay"]).toBeCloseTo(api.nett_pay!, 2);
      expect((r["Total income"] as number) - (r["Total deductions"] as number)).toBeCloseTo(r["Nett pay"] as number, 2);
      // Every income item column of this payslip sums to its total income.
      const incomeItems = api.data.income.filter(([item]) => !/^total$/i.test(String(item)));
      const sum = incomeItems.reduce((s, [item]) => s + ((r[String(item)] as number) ?? 0), 0);
      expect(sum).toBeCloseTo(r["Total income"] as number, 2);
      expect(typeof r["Employee number"]).toBe("string");
    }
  });

  it("writes a journal that balances, with a check row of zero", async () => {
    const [run] = await rig.check.listPaymentRuns(1);
    const result = await importJournal(ctx(), run);
    // The journal, and items_and_outputs for its line items' labels.
    expect(rig.faults.sent.map((r) => r.path).sort()).toEqual(
      [`/clients/1/items_and_outputs`, `/payment_runs/${run.id}/accounting`].sort(),
    );
    expect(result.balanced).toBe(true);
    expect(result.requests).toBe(2);
    const records = await readRecords(rig.workbook, clientSheetName("Liffey", PAY_SHEETS.journal.sheetName));
    const lines = records.filter((r) => r.Side === "Debit" || r.Side === "Credit");
    const debit = lines.reduce((s, r) => s + ((r.Debit as number) || 0), 0);
    const credit = lines.reduce((s, r) => s + ((r.Credit as number) || 0), 0);
    expect(debit).toBeGreaterThan(0);
    expect(debit).toBeCloseTo(credit, 2);
    // No raw codes: every line item and category is words (no "102", no "nett_pay"), as items_and_outputs labels them.
    const items = await rig.check.getItemsAndOutputs(1);
    const codes = new Set([
      ...[...items.system_items, ...items.custom_items].flatMap((i) => [String(i.id), i.name]),
      ...items.outputs.map((o) => o.name),
    ]);
    for (const r of lines) {
      expect(codes.has(String(r["Line item"]))).toBe(false);
      expect(String(r["Line item"])).not.toMatch(/^\d+$|_/);
      expect(String(r.Category)).toMatch(/^[A-Z][a-z ]*$/);
    }
    const check = records.find((r) => r.Side === "Check")!;
    expect(check.Debit).toBe(0);
    expect(check.Label).toBe("Balanced: debits equal credits");
  });

  it("imports an employee's payslips and one payslip's detail with labels", async () => {
    const [employee] = await rig.check.listEmployees(1);
    const list = await rig.check.listPayslips(employee.id);
    const r1 = await importEmployeePayslips(ctx(), { ...employee, last_name: " " });
    expect(r1.rowCount).toBe(list.length);
    // A blank name part leaves no stray space: the same label as the pickers.
    expect(rig.model.getSheet(clientSheetName("Liffey", PAY_SHEETS.employeePayslips.sheetName)).valueAt(0, 0)).toBe(
      `Payslips of ${employee.number} · ${employee.first_name}: ${CLIENT.name}`,
    );
    const finalised = list.find((p) => p.finalised)!;
    const r2 = await importPayslipDetail(ctx(), finalised.id);
    expect(r2.requests).toBe(2);
    const detail = await readRecords(rig.workbook, clientSheetName("Liffey", PAY_SHEETS.payslipDetail.sheetName));
    const basic = detail.find((r) => r.Item === "basic_salary" || r.Item === "hourly_pay");
    expect(basic?.Label).toMatch(/Basic salary|Regular hours/);
    const nett = detail.find((r) => r.Section === "Grand total" && /^total$/i.test(String(r.Item)));
    expect(nett?.Amount).toBeCloseTo(finalised.nett_pay!, 2);
  });
});

describe("recent payslips with data", () => {
  it("writes every employee's recent payslips in one request, and leaves the sheet alone on 202", async () => {
    const employees = await rig.check.listEmployees(1, ["recent_payslips"]);
    const expected = employees.reduce((n, e) => n + (e.recent_payslips?.length ?? 0), 0);
    const result = await importRecentPayslips(ctx());
    expect(rig.faults.sent.map((r) => r.path)).toEqual(["/clients/1/employees"]);
    expect(result.state).toBe("ready");
    expect((result as { rowCount: number }).rowCount).toBe(expected);
    const before = await readRecords(rig.workbook, clientSheetName("Liffey", PAY_SHEETS.recent.sheetName));
    expect(before.every((r) => typeof r["Employee number"] === "string" && r["Employee number"] !== "")).toBe(true);

    rig.faults.rules = [
      { method: "GET", path: /employees$/, fault: { kind: "status", status: 202, message: "Payslips are being calculated" } },
    ];
    const later = await importRecentPayslips(ctx());
    expect(later).toEqual({ state: "try_later", message: "Payslips are being calculated", requests: 1 });
    expect(await readRecords(rig.workbook, clientSheetName("Liffey", PAY_SHEETS.recent.sheetName))).toEqual(before);
  });
});

describe("payslip PDF", () => {
  function fakeOpener(blocked: boolean) {
    const calls: string[] = [];
    let blob: Blob | null = null;
    const opener: PdfOpener = {
      createObjectURL: (b) => {
        blob = b;
        return "blob:payslip";
      },
      revokeObjectURL: (url) => void calls.push(`revoke ${url}`),
      open: (url, target) => (calls.push(`open ${url} ${target}`), blocked ? null : {}),
      download: (url, name) => void calls.push(`download ${url} ${name}`),
    };
    return { opener, calls, blob: () => blob };
  }

  it("opens the PDF from a Blob URL in a new window, and downloads it when pop-ups are blocked", async () => {
    const [employee] = await rig.check.listEmployees(1);
    const [payslip] = await rig.check.listPayslips(employee.id);
    const shown = fakeOpener(false);
    const result = await openPayslipPdf(ctx(), payslip.id, shown.opener, 0);
    expect(result.shownAs).toBe("window");
    expect(shown.blob()!.type).toBe("application/pdf");
    const head = new Uint8Array(await shown.blob()!.arrayBuffer()).slice(0, 5);
    expect(String.fromCharCode(...head)).toBe("%PDF-");
    expect(shown.calls[0]).toBe("open blob:payslip _blank");

    const blocked = fakeOpener(true);
    const r2 = await openPayslipPdf(ctx(), payslip.id, blocked.opener, 0);
    expect(r2.shownAs).toBe("download");
    expect(blocked.calls).toContain(`download blob:payslip payslip-${payslip.id}.pdf`);
    await new Promise((r) => setTimeout(r, 5));
    expect(blocked.calls).toContain("revoke blob:payslip");
  });
});

describe("handover pack", () => {
  function saved() {
    const files: { blob: Blob; fileName: string }[] = [];
    const delivery: Delivery = { kind: "download", saver: { save: (blob, fileName) => void files.push({ blob, fileName }) } };
    return { delivery, files };
  }
  /** The demo's latest monthly run: the one with the most payslips. */
  async function monthlyRun() {
    const choices = await loadPayRuns(rig.api, 1);
    const monthly = choices.waves.find((w) => w.length_months === 1)!;
    const run = choices.runs.find((r) => r.wave_id === monthly.id && !r.special)!;
    const payslips = await rig.check.listPaymentRunPayslips(run.id);
    rig.faults.reset();
    return { choices, run, payslips };
  }

  it("makes one PDF of the run's payslips in employee order behind a cover, in 2 requests plus one per payslip", async () => {
    const { choices, run, payslips } = await monthlyRun();
    expect(payslips.length).toBeGreaterThan(3);
    const { delivery, files } = saved();
    const result = await payslipPack(ctx(), run, choices, delivery);
    const pdfPaths = rig.faults.sent.filter((r) => r.path.endsWith(".pdf")).map((r) => r.path);
    expect(rig.faults.sent).toHaveLength(payslips.length + 2);
    expect(result.requests).toBe(payslips.length + 2);
    expect(new Set(pdfPaths)).toEqual(new Set(payslips.map((p) => `/payslips/${p.id}.pdf`)));
    expect(files).toHaveLength(1);
    expect(files[0].fileName).toBe(`Payslips Liffey Monthly ${run.period_end_date}.pdf`);
    expect(files[0].blob.type).toBe("application/pdf");
    const read = await PDFDocument.load(new Uint8Array(await files[0].blob.arrayBuffer()));
    expect(read.getPageCount()).toBe(payslips.length + 1);
    expect(result.pages).toBe(payslips.length + 1);
    const nett = payslips.reduce((s, p) => s + p.nett_pay!, 0);
    const said = Object.fromEntries(result.cover.lines.map((l) => [l.label, l.value]));
    expect(said["Number of payslips"]).toBe(String(payslips.length));
    expect(said["Total nett pay"]).toBe(nett.toLocaleString("en-IE", { style: "currency", currency: "EUR" }));
    expect(said.Period).toMatch(new RegExp(`^\\d\\d/\\d\\d/\\d{4} to ${run.period_end_date.split("-").reverse().join("/")}$`));
    expect(said.Client).toBe("Liffey");
    // Page 2 onwards are the payslips' own pages, in register order (compared by their drawn content).
    const contents = (doc: PDFDocument, page: PDFPage) => {
      const c = page.node.Contents();
      const streams = c instanceof PDFArray ? c.asArray().map((ref) => doc.context.lookup(ref)) : [c];
      return streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(s.getContents()).toString("latin1") : "?")).join("|");
    };
    const order = await runPayslipRecords(ctx(), run);
    for (const [i, r] of order.slice(0, 3).entries()) {
      const own = await PDFDocument.load(await rig.check.getPayslipPdf(r.payslip.id));
      expect(contents(read, read.getPage(i + 1))).toBe(contents(own, own.getPage(0)));
    }
    expect(contents(read, read.getPage(1))).not.toBe(contents(read, read.getPage(2)));
  });

  it("stops reading PDFs on Cancel and offers no file", async () => {
    const { choices, run, payslips } = await monthlyRun();
    const { delivery, files } = saved();
    const controller = new AbortController();
    const progress = {
      signal: controller.signal,
      update: (done: number, _total?: number, detail?: string) => {
        if (detail === "payslip PDFs read" && done === 2) controller.abort();
      },
    };
    await expect(payslipPack(flowContext(rig.api, rig.workbook, CLIENT, progress), run, choices, delivery)).rejects.toMatchObject(
      {
        name: expect.stringMatching(/Abort/),
      },
    );
    expect(files).toEqual([]);
    expect(rig.faults.count(/\.pdf$/)).toBeLessThan(payslips.length);
  });

  it("lists the payslips on a sheet in register order where no download can be offered, in 2 requests", async () => {
    const { choices, run, payslips } = await monthlyRun();
    const result = await payslipPack(ctx(), run, choices, { kind: "sheet" });
    expect(rig.faults.sent).toHaveLength(2);
    expect(result.shownAs).toBe("sheet");
    const rows = await readRecords(rig.workbook, clientSheetName("Liffey", HANDOVER_SHEETS.pack.sheetName));
    expect(rows.map((r) => r["Payslip ID"]).sort()).toEqual(payslips.map((p) => p.id).sort());
    const numbers = rows.map((r) => String(r["Employee number"]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  });

  it("offers the journal as a CSV whose debits equal its credits and the accounting endpoint's sums", async () => {
    const { choices, run } = await monthlyRun();
    const journals = await rig.check.getPaymentRunAccounting(run.id);
    rig.faults.reset();
    const { delivery, files } = saved();
    const result = await journalFile(ctx(), run, choices, delivery);
    expect(rig.faults.sent).toHaveLength(2);
    if (result.state !== "made") throw new Error(result.message);
    const text = await files[0].blob.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Account,Description,Debit,Credit,Reference");
    // Splitting on commas is safe for the amounts: they are the 4th and 5th fields from the end's side.
    const amounts = lines.slice(1).map((l) => {
      const fields = l.split(",");
      return { debit: Number(fields.at(-3) || 0), credit: Number(fields.at(-2) || 0) };
    });
    const csvDebit = amounts.reduce((s, a) => s + a.debit, 0);
    const csvCredit = amounts.reduce((s, a) => s + a.credit, 0);
    const sum = (side: "debit" | "credit") =>
      journals.reduce((s, j) => s + j[side].reduce((t, l) => t + Object.values(l.amount).reduce((u, n) => u + n, 0), 0), 0);
    expect(csvDebit).toBeGreaterThan(0);
    expect(csvDebit).toBeCloseTo(csvCredit, 2);
    expect(csvDebit).toBeCloseTo(sum("debit"), 2);
    expect(csvCredit).toBeCloseTo(sum("credit"), 2);
    expect(lines.slice(1).every((l) => l.startsWith(run.period_end_date.split("-").reverse().join("/")))).toBe(true);
    expect(text).not.toMatch(/gross_pay|nett_pay/);
  });

  it("writes the journal's import rows to a sheet where no download can be offered", async () => {
    const { choices, run } = await monthlyRun();
    const result = await journalFile(ctx(), run, choices, { kind: "sheet" });
    if (result.state !== "made") throw new Error(result.message);
    const rows = await readRecords(rig.workbook, clientSheetName("Liffey", HANDOVER_SHEETS.journalImport.sheetName));
    expect(Object.keys(rows[0])).toEqual(["Date", "Account", "Description", "Debit", "Credit", "Reference"]);
    expect(rows).toHaveLength(result.rows.length);
    const debit = rows.reduce((s, r) => s + (Number(r.Debit) || 0), 0);
    const credit = rows.reduce((s, r) => s + (Number(r.Credit) || 0), 0);
    expect(debit).toBeCloseTo(credit, 2);
    expect(debit).toBeCloseTo(result.debit, 2);
  });
});
