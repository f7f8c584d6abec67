/**
 * The payslips of a pay run as one PDF: a cover page, then every page of each payslip's own PDF, in the order
 * given (employee order). pdf-lib is large, so the flow loads this module only when a pack is made.
 */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { PackCover } from "./payslipPack";

/** pdf-lib's standard fonts draw WinAnsi only: fadas (Ó, á) and € stay; other letters lose their accents. */
export function drawable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\x20-\x7E\u00A0-\u00FF€]/g, (ch) => ch.normalize("NFD").replace(/[^\x20-\x7E]/g, "") || "?");
}

export interface PackPdf {
  bytes: Uint8Array;
  pages: number;
}

/** The cover and the payslips' pages; a payslip PDF that cannot be read throws, naming its place in the pack. */
export async function buildPackPdf(cover: PackCover, payslips: readonly { pdf: Uint8Array; name: string }[]): Promise<PackPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(drawable(cover.title));
  doc.setProducer("Payroll add-in");
  const page = doc.addPage([595, 842]); // A4
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  let y = 760;
  page.drawText(drawable(cover.title), { x: 60, y, size: 20, font: bold, color: ink });
  y -= 44;
  for (const line of cover.lines) {
    page.drawText(drawable(line.label), { x: 60, y, size: 12, font: bold, color: ink });
    page.drawText(drawable(line.value), { x: 220, y, size: 12, font, color: ink });
    y -= 24;
  }
  for (const [i, p] of payslips.entries()) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(p.pdf);
    } catch {
      throw new Error(`The PDF of payslip ${i + 1} (${p.name}) could not be read, so the pack was not made.`);
    }
    const copied = await doc.copyPages(source, source.getPageIndices());
    for (const c of copied) doc.addPage(c);
  }
  return { bytes: await doc.save(), pages: doc.getPageCount() };
}
