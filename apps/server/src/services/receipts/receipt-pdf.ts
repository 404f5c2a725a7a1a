/**
 * A receipt as a one-page A4 PDF (pdf-lib, standard fonts: every text goes through `printable`, see
 * lib/pdf-text.ts). The same payment always gives the same bytes apart from later refunds: the document's
 * dates are the payment's.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Config } from '../../config';
import { printable, wrapText } from '../../lib/pdf-text';
import { type ReceiptFacts, receiptLines } from './receipt';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.09, 0.11, 0.17);
const MUTED = rgb(0.33, 0.36, 0.42);
const ACCENT = rgb(0.26, 0.22, 0.79);
const LABEL_WIDTH = 170;

export interface ReceiptPdfInput {
  facts: ReceiptFacts;
  receipts: Config['receipts'];
  publicUrl: string;
}

export async function renderReceiptPdf({ facts, receipts, publicUrl }: ReceiptPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${facts.paymentId}`);
  pdf.setAuthor(receipts.sellerName);
  pdf.setCreationDate(facts.paidAt);
  pdf.setModificationDate(facts.paidAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = PAGE.height - MARGIN;

  const write = (text: string, options: { size: number; bold?: boolean; color?: typeof INK; x?: number }) => {
    const font = options.bold ? bold : regular;
    page.drawText(printable(text, font), {
      x: options.x ?? MARGIN,
      y,
      size: options.size,
      font,
      color: options.color ?? INK,
    });
  };

  write(printable(receipts.sellerName, bold), { size: 20, bold: true, color: ACCENT });
  y -= 18;
  for (const line of [
    receipts.sellerAddress,
    receipts.sellerTaxId ? `Tax id: ${receipts.sellerTaxId}` : null,
    publicUrl,
  ]) {
    if (!line) continue;
    for (const part of wrapText(printable(line, regular), regular, 10, PAGE.width - 2 * MARGIN)) {
      write(part, { size: 10, color: MUTED });
      y -= 14;
    }
  }
  y -= 24;
  write('Receipt', { size: 26, bold: true });
  y -= 36;

  const valueWidth = PAGE.width - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of receiptLines(facts, receipts)) {
    write(label, { size: 11, color: MUTED });
    const parts = wrapText(printable(value, regular), regular, 11, valueWidth);
    for (const [index, part] of parts.entries()) {
      write(part, { size: 11, x: MARGIN + LABEL_WIDTH });
      if (index < parts.length - 1) y -= 15;
    }
    y -= 24;
  }

  y -= 12;
  page.drawLine({
    start: { x: MARGIN, y: y + 12 },
    end: { x: PAGE.width - MARGIN, y: y + 12 },
    thickness: 0.5,
    color: MUTED,
  });
  const footer = `Paid by card. This receipt is for your records; ${receipts.sellerName} sold the course on behalf of its instructor.`;
  for (const part of wrapText(printable(footer, regular), regular, 9, PAGE.width - 2 * MARGIN)) {
    y -= 4;
    write(part, { size: 9, color: MUTED });
    y -= 10;
  }
  return pdf.save({ useObjectStreams: false });
}
