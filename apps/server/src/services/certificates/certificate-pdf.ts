/**
 * The certificate as a one-page PDF (A4 landscape), made with pdf-lib on each download: the student's
 * name, the course, the instructor, the issue date, the certificate id and the verification address, with
 * a QR code of that address. Standard fonts only (no font file to ship); see lib/pdf-text.ts for what they
 * can print. The same certificate always gives the same bytes: the document's dates are its issue date.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { printable, wrapText } from '../../lib/pdf-text';

export { wrapText };

import type { CertificateRow } from './read-certificates';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const TEXT_WIDTH = PAGE.width - 2 * 90;
const INK = rgb(0.09, 0.11, 0.17);
const MUTED = rgb(0.33, 0.36, 0.42);
const ACCENT = rgb(0.26, 0.22, 0.79);
const REVOKED = rgb(0.72, 0.11, 0.11);
/** Baseline of the first detail line (issue date, id, address); the QR code sits beside them. */
const DETAILS_TOP = 160;

export interface CertificatePdfInput {
  certificate: Pick<
    CertificateRow,
    'id' | 'studentName' | 'courseTitle' | 'instructorName' | 'issuedAt' | 'revokedAt'
  >;
  /** `${PUBLIC_URL}/certificates/{id}`. */
  verificationUrl: string;
  productName: string;
}

/** "23 November 2026": the UTC calendar day, as the verification page shows it. */
export function certificateDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

interface Block {
  text: string;
  font: PDFFont;
  maxSize: number;
  minSize: number;
  maxLines: number;
  /** Space above the block. */
  gap: number;
  color: ReturnType<typeof rgb>;
}

interface PlacedBlock extends Block {
  size: number;
  lines: string[];
}

/** The block as large as fits on its `maxLines` (never below `minSize`, which may then need more lines). */
function place(block: Block, scale: number): PlacedBlock {
  const value = printable(block.text, block.font);
  const minSize = Math.max(8, block.minSize * scale);
  let size = Math.max(minSize, block.maxSize * scale);
  let lines = wrapText(value, block.font, size, TEXT_WIDTH);
  while (lines.length > block.maxLines && size - 1 >= minSize) {
    size -= 1;
    lines = wrapText(value, block.font, size, TEXT_WIDTH);
  }
  return { ...block, size, lines };
}

const lineHeight = (size: number) => size * 1.25;

/**
 * The centre column from `top` down: every block at full size when the column fits above `bottom`, else
 * all of them scaled down together until it does (long names and titles), so nothing runs into the
 * details and the QR code below.
 */
function layOutColumn(blocks: Block[], top: number, bottom: number): PlacedBlock[] {
  let placed: PlacedBlock[] = [];
  for (let scale = 1; scale >= 0.5; scale -= 0.05) {
    placed = blocks.map((block) => place(block, scale));
    const height = placed.reduce(
      (sum, block, index) =>
        sum + (index === 0 ? 0 : block.gap) + block.lines.length * lineHeight(block.size),
      0,
    );
    if (top - height >= bottom) break;
  }
  return placed;
}

function drawColumn(page: PDFPage, blocks: PlacedBlock[], top: number): void {
  let y = top;
  for (const [index, block] of blocks.entries()) {
    if (index > 0) y -= block.gap;
    for (const line of block.lines) {
      y -= block.size;
      const width = block.font.widthOfTextAtSize(line, block.size);
      page.drawText(line, {
        x: (PAGE.width - width) / 2,
        y,
        size: block.size,
        font: block.font,
        color: block.color,
      });
      y -= lineHeight(block.size) - block.size;
    }
  }
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const { certificate, verificationUrl, productName } = input;
  const pdf = await PDFDocument.create();
  // Unicode is fine in the document's metadata (PDF text strings), so the exact names go there.
  pdf.setTitle(`Certificate of completion: ${certificate.courseTitle}`);
  pdf.setAuthor(productName);
  pdf.setSubject(`${certificate.studentName} completed ${certificate.courseTitle}`);
  pdf.setCreator(productName);
  pdf.setProducer(productName);
  pdf.setCreationDate(certificate.issuedAt);
  pdf.setModificationDate(certificate.issuedAt);

  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const serif = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);

  page.drawRectangle({
    x: MARGIN,
    y: MARGIN,
    width: PAGE.width - 2 * MARGIN,
    height: PAGE.height - 2 * MARGIN,
    borderColor: ACCENT,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: MARGIN + 8,
    y: MARGIN + 8,
    width: PAGE.width - 2 * (MARGIN + 8),
    height: PAGE.height - 2 * (MARGIN + 8),
    borderColor: ACCENT,
    borderWidth: 0.75,
  });

  const line = (text: string, font: PDFFont, size: number, gap: number, color = INK): Block => ({
    text,
    font,
    maxSize: size,
    minSize: size,
    maxLines: 1,
    gap,
    color,
  });
  const column = layOutColumn(
    [
      line(productName.toUpperCase(), bold, 14, 0, ACCENT),
      line('Certificate of Completion', bold, 34, 18),
      line('This certifies that', regular, 14, 18, MUTED),
      { ...line(certificate.studentName, serif, 34, 14), minSize: 18, maxLines: 2 },
      line('has completed the course', regular, 14, 12, MUTED),
      { ...line(certificate.courseTitle, bold, 22, 10), minSize: 13, maxLines: 3 },
      {
        ...line(`taught by ${certificate.instructorName}`, regular, 14, 10, MUTED),
        minSize: 10,
        maxLines: 2,
      },
    ],
    PAGE.height - MARGIN - 50,
    DETAILS_TOP + 30,
  );
  drawColumn(page, column, PAGE.height - MARGIN - 50);

  const left = MARGIN + 30;
  const details: [string, string][] = [
    ['Issued', certificateDate(certificate.issuedAt)],
    ['Certificate ID', certificate.id],
    ['Verify at', verificationUrl],
  ];
  let detailY = DETAILS_TOP;
  for (const [label, value] of details) {
    page.drawText(label, { x: left, y: detailY, size: 10, font: bold, color: MUTED });
    const lines = wrapText(printable(value, regular), regular, 10, 440);
    for (const line of lines) {
      page.drawText(line, { x: left + 90, y: detailY, size: 10, font: regular, color: INK });
      detailY -= 14;
    }
    detailY -= 4;
  }
  if (certificate.revokedAt) {
    page.drawText(`REVOKED on ${certificateDate(certificate.revokedAt)}`, {
      x: left,
      y: detailY - 8,
      size: 14,
      font: bold,
      color: REVOKED,
    });
  }

  const qr = await pdf.embedPng(
    await QRCode.toBuffer(verificationUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 }),
  );
  const qrSize = 110;
  const qrX = PAGE.width - MARGIN - 30 - qrSize;
  page.drawImage(qr, { x: qrX, y: 78, width: qrSize, height: qrSize });
  page.drawText('Scan to verify', {
    x: qrX + (qrSize - regular.widthOfTextAtSize('Scan to verify', 9)) / 2,
    y: 66,
    size: 9,
    font: regular,
    color: MUTED,
  });

  return pdf.save();
}
