/**
 * Text for the certificate PDF's standard fonts. PDF's 14 standard fonts (pdf-lib's StandardFonts) need
 * no font file, but they encode WinAnsi only: Latin-1 plus a few letters and signs. pdf-lib throws on
 * anything else, so a name such as "Łukasz", "Дмитрий" or "张伟" would crash the download. Every text goes
 * through `printable` first, which keeps what the font encodes and replaces the rest, never throwing:
 * - letters the font lacks that have a usual Latin spelling get it: Ł -> L, đ -> d, Greek and Cyrillic
 *   letters by a simple transliteration (Дмитрий -> Dmitrij), accented letters outside WinAnsi lose the
 *   accent (ő -> o, ș -> s);
 * - invisible formatting characters are dropped, whitespace runs become one space;
 * - anything else (other scripts, emoji) becomes "?".
 * The verification page, reached by the QR code, shows the exact text (docs/decisions/0037-certificates.md).
 * Used by every PDF the server makes (certificates, receipts).
 */
import type { PDFFont } from 'pdf-lib';

export const UNPRINTABLE = '?';

/** Latin letters without a decomposition to a WinAnsi letter, and signs with a plain equivalent. */
const LATIN_FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  Ɓ: 'B',
  ɓ: 'b',
  Ə: 'E',
  ə: 'e',
  ĸ: 'k',
  ŉ: "'n",
  ſ: 's',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2044': '/',
  '\u2070': '0',
};

/** Russian-style romanisation of Cyrillic (lower case; upper case derives from it). */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'j',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  ђ: 'dj',
  џ: 'dz',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** "ου" is one sound, "ou" (Παπαδοπούλου -> Papadopoulou), whatever accents it carries. */
const GREEK_DIGRAPHS: [RegExp, string][] = [
  [/ο\p{M}*υ\p{M}*/gu, 'ou'],
  [/Ο\p{M}*υ\p{M}*/gu, 'Ou'],
  [/Ο\p{M}*Υ\p{M}*/gu, 'OU'],
];

function capitalise(latin: string): string {
  return latin.charAt(0).toUpperCase() + latin.slice(1);
}

/** Lower- and upper-case entries of a lower-case transliteration table. */
function withCapitals(table: Record<string, string>): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [letter, latin] of Object.entries(table)) {
    all[letter] = latin;
    const upper = letter.toUpperCase();
    if (upper !== letter) all[upper] = capitalise(latin);
  }
  return all;
}

const FALLBACKS: Readonly<Record<string, string>> = {
  ...withCapitals(CYRILLIC),
  ...withCapitals(GREEK),
  ...LATIN_FALLBACKS,
};

const charsets = new WeakMap<PDFFont, ReadonlySet<number>>();

function charsetOf(font: PDFFont): ReadonlySet<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** `text` in characters `font` can encode (see the module comment); never throws. */
export function printable(text: string, font: PDFFont): string {
  const charset = charsetOf(font);
  const encodes = (value: string) => [...value].every((ch) => charset.has(ch.codePointAt(0) ?? -1));
  let out = '';
  let source = text.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (/[\u0370-\u03ff]/.test(source)) {
    source = source.normalize('NFD');
    for (const [pattern, latin] of GREEK_DIGRAPHS) source = source.replace(pattern, latin);
    source = source.normalize('NFC');
  }
  for (const ch of source) {
    if (encodes(ch)) {
      out += ch;
      continue;
    }
    // Accented Greek (ά) decomposes, then transliterates; ligatures and wide forms (ﬁ, Ａ) decompose too.
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    const fallback = FALLBACKS[ch] ?? FALLBACKS[base];
    if (fallback !== undefined && encodes(fallback)) out += fallback;
    else if (base !== '' && encodes(base)) out += base;
    else if (/^[\p{M}\p{Cf}\p{Cc}]$/u.test(ch)) continue;
    else out += UNPRINTABLE;
  }
  return out;
}

/** Lines of at most `maxWidth`, broken at spaces (and inside a word longer than a line). */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines;
}
