/** A payslip as a one-page PDF, drawn with pdf-lib from the same figures as the detail form. */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { Ctx } from "./context";
import { amountString, labelOf } from "../engine";
import type { PayslipRec } from "../store/store";

/** pdf-lib's standard fonts are WinAnsi: map what they cannot draw (e.g. "€" is fine, "ő" is not) to a close letter. */
function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\x20-\x7E\u00A0-\u00FF€]/g, (ch) => ch.normalize("NFD").replace(/[^\x20-\x7E]/g, "") || "?");
}

export async function payslipPdf(ctx: Ctx, p: PayslipRec): Promise<Uint8Array> {
  const e = ctx.store.employees.get(p.employee_id)!;
  const client = ctx.store.clients.get(p.client_id)!;
  const figures = ctx.payroll.figures(p);
  const leave = ctx.payroll.leaveFor(p);
  const doc = await PDFDocument.create();
  doc.setTitle(`Payslip ${p.id}`);
  doc.setProducer("Payroll sandbox");
  doc.setCreationDate(new Date(`${p.date}T12:00:00Z`));
  const page = doc.addPage([595, 842]); // A4
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const text = (s: string, x: number, opts: { bold?: boolean; size?: number } = {}) =>
    page.drawText(winAnsi(s), { x, y, size: opts.size ?? 10, font: opts.bold ? bold : font, color: rgb(0.1, 0.1, 0.1) });
  const row = (label: string, amount: string, isBold = false) => {
    text(label, 60, { bold: isBold });
    const w = (isBold ? bold : font).widthOfTextAtSize(amount, 10);
    page.drawText(amount, { x: 535 - w, y, size: 10, font: isBold ? bold : font });
    y -= 15;
  };

  text(client.name, 40, { bold: true, size: 14 });
  y -= 20;
  text(`Payslip for period ending ${p.date}${p.special ? " (once-off)" : ""}${p.finalised ? "" : " - not finalised"}`, 40, {
    size: 11,
  });
  y -= 24;
  text(`${e.first_name} ${e.last_name}`, 40, { bold: true });
  text(`Employee number ${e.number}`, 320);
  y -= 14;
  text(`PPSN ${e.ppsn ?? "-"}   PRSI class ${e.prsi_class.toUpperCase()}`, 40);
  text(`Payslip ${p.id}`, 320);
  y -= 26;

  const section = (title: string, section: "income" | "deduction" | "employer", total: number) => {
    text(title, 40, { bold: true, size: 11 });
    y -= 16;
    for (const l of figures.lines.filter((x) => x.section === section)) row(l.label, amountString(l.cents));
    row(`Total ${title.toLowerCase()}`, amountString(total), true);
    y -= 10;
  };
  section("Income", "income", figures.totals.income_cents);
  section("Deductions", "deduction", figures.totals.deduction_cents);
  row(labelOf("nett_pay"), `EUR ${amountString(figures.totals.nett_cents)}`, true);
  y -= 14;
  section("Employer contributions", "employer", figures.totals.employer_cents);

  if (Object.keys(leave).length) {
    text("Leave (days)", 40, { bold: true, size: 11 });
    y -= 16;
    for (const [name, l] of Object.entries(leave)) row(`${name}: accrued ${l.accrual}, taken ${l.taken}`, `balance ${l.balance}`);
  }
  return doc.save();
}
