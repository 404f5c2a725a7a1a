/** The certificate PDF's text helpers: what the standard fonts can print, line wrapping, the file name. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../../lib/pdf-text';
import { certificateFileName } from '../../rest/handlers/certificates';
import { certificateDate, wrapText } from './certificate-pdf';

let font: Awaited<ReturnType<PDFDocument['embedFont']>>;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

describe('printable', () => {
  it.each([
    ['Ananya Iyer', 'Ananya Iyer'],
    ['José Núñez Ærø', 'José Núñez Ærø'],
    ['François “Frank” Œuvre – €5', 'François “Frank” Œuvre – €5'],
    ['Łukasz Żółć', 'Lukasz Zólc'],
    ['Đorđe Ħal ıdris', 'Dorde Hal idris'],
    ['Дмитрий Щукин', 'Dmitrij Shchukin'],
    ['Ελένη Παπαδοπούλου', 'Eleni Papadopoulou'],
    ['Ελληνικά — Ünïcödé', 'Ellinika — Ünïcödé'],
    ['Nguyễn Thị Ánh', 'Nguyen Thi Ánh'],
    ['ﬁnal Ｗｉｄｅ', 'final Wide'],
    ['张伟', '??'],
    ['Priya 🎓', 'Priya ?'],
    ['  two\tspaces\n and\u200b zero-width ', 'two spaces and zero-width'],
  ])('%j prints as %j', (text, expected) => {
    expect(printable(text, font)).toBe(expected);
  });

  it('never gives the font a character it cannot encode', () => {
    const every = Array.from({ length: 0x3000 }, (_, code) => String.fromCodePoint(code)).join('');
    const value = printable(every, font);
    expect(() => font.encodeText(value)).not.toThrow();
    expect(() => font.widthOfTextAtSize(value, 12)).not.toThrow();
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width, and inside a word longer than a line', () => {
    const lines = wrapText('Data Science Foundations From Notebooks To Production', font, 20, 250);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 20)).toBeLessThanOrEqual(250);
    expect(lines.join(' ')).toBe('Data Science Foundations From Notebooks To Production');

    const long = 'x'.repeat(200);
    const broken = wrapText(long, font, 12, 100);
    expect(broken.join('')).toBe(long);
    for (const line of broken) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(100);
  });
});

describe('certificateDate', () => {
  it('is the UTC day, written out', () => {
    expect(certificateDate(new Date('2026-11-23T23:30:00Z'))).toBe('23 November 2026');
    expect(certificateDate(new Date('2026-01-01T00:00:00Z'))).toBe('1 January 2026');
  });
});

describe('certificateFileName', () => {
  it.each([
    ['Full-Stack TypeScript', 'lectio-certificate-full-stack-typescript.pdf'],
    ['Ünïcödé & "Quotes"', 'lectio-certificate-unicode-quotes.pdf'],
    ['张伟', 'lectio-certificate.pdf'],
    [`${'a'.repeat(59)} b`, `lectio-certificate-${'a'.repeat(59)}.pdf`],
  ])('%j -> %j', (title, name) => {
    expect(certificateFileName(title)).toBe(name);
  });
});
