/**
 * The demo courses' handouts (issue 26: every demo course carries a resource): a one-page PDF with the
 * course's title, what it teaches and what it asks, drawn with pdf-lib at seed time. The document's dates
 * are fixed, so the same course always gives the same bytes.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const FIXED_DATE = new Date('2026-01-01T00:00:00.000Z');

/** Splits `text` into lines of at most `width` points in `size`-point type. */
function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function handoutPdf(course: {
  title: string;
  shortDescription: string;
  whatYouWillLearn: readonly string[];
  requirements: readonly string[];
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${course.title}: course handout`);
  pdf.setProducer('Lectio demo');
  pdf.setCreator('Lectio demo');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const width = 595 - left * 2;
  let y = 780;
  const write = (text: string, size: number, font = regular, gap = 6) => {
    for (const line of wrap(text, width, (candidate) => font.widthOfTextAtSize(candidate, size))) {
      page.drawText(line, { x: left, y, size, font, color: rgb(0.1, 0.12, 0.2) });
      y -= size + gap;
    }
  };
  write(course.title, 22, bold, 8);
  write('Course handout', 12, regular, 18);
  write(course.shortDescription, 12, regular, 20);
  write('What you will learn', 14, bold, 10);
  for (const point of course.whatYouWillLearn) write(`- ${point}`, 11);
  y -= 12;
  write('Before you start', 14, bold, 10);
  for (const point of course.requirements) write(`- ${point}`, 11);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
