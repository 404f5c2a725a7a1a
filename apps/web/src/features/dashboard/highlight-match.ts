/**
 * Where a search shows in a course title, for the top-bar search to mark it (issue 16): the whole search
 * text where the title contains it, else each of its words. Compared without case or accents ("resume"
 * marks "Résumé"), as the server's search folds them, while the parts keep the title's own characters.
 * Words the search excludes (`-word`), quotes and `or` are search syntax, not text to mark. Pure text in,
 * text parts out: the caller renders them as elements, never as HTML.
 */

export interface TitlePart {
  text: string;
  match: boolean;
}

/** One character of the title, folded: lower case without combining marks (may be empty or longer). */
const foldCharacter = (character: string) => character.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** The folded title and, for each folded code unit, where its character starts and ends in the title. */
function foldWithMap(title: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const character of title) {
    const end = offset + character.length;
    const piece = foldCharacter(character);
    // A lone combining mark folds to nothing: it goes with the character before it.
    if (piece === '') for (let index = ends.length - 1; ends[index] === offset; index--) ends[index] = end;
    for (let index = 0; index < piece.length; index++) {
      starts.push(offset);
      ends.push(end);
    }
    folded += piece;
    offset = end;
  }
  return { folded, starts, ends };
}

/** The texts to look for: the whole search first, then its words (longest first), folded. */
function needlesOf(search: string): string[] {
  const words = search
    .split(/\s+/)
    .filter((word) => word !== '' && !word.startsWith('-') && word.toLowerCase() !== 'or')
    .map((word) => foldCharacter(word.replace(/"/g, '')).trim())
    .filter((word) => word.length > 0);
  const whole = words.join(' ');
  const unique = [...new Set(words)].sort((a, b) => b.length - a.length);
  return whole && !unique.includes(whole) ? [whole, ...unique] : unique;
}

/** Every range of the folded title that one of the needles covers (the whole search alone if it is found). */
function matchedRanges(folded: string, needles: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  const [whole] = needles;
  const findAll = (needle: string) => {
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
      ranges.push([at, at + needle.length]);
    }
  };
  if (whole && folded.includes(whole)) {
    findAll(whole);
    return ranges;
  }
  for (const needle of needles) {
    if (needle === whole && needle.includes(' ')) continue;
    if (folded.includes(needle)) findAll(needle);
    else {
      // The server matches stems ("designing" finds "Design"): mark the longest start of the word that
      // begins a word of the title, down to STEM_MIN_LENGTH characters.
      for (let length = needle.length - 1; length >= STEM_MIN_LENGTH; length--) {
        const stem = needle.slice(0, length);
        const before = wordStartsWith(folded, stem);
        if (before.length > 0) {
          for (const at of before) ranges.push([at, at + length]);
          break;
        }
      }
    }
  }
  return ranges;
}

const STEM_MIN_LENGTH = 4;

/** Where a word of the folded title starts with `stem`. */
function wordStartsWith(folded: string, stem: string): number[] {
  const found: number[] = [];
  for (let at = folded.indexOf(stem); at !== -1; at = folded.indexOf(stem, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1] ?? '')) found.push(at);
  }
  return found;
}

/** The title split into marked and unmarked parts; one unmarked part when nothing matches. */
export function highlightMatch(title: string, search: string): TitlePart[] {
  const { folded, starts, ends } = foldWithMap(title);
  const needles = needlesOf(search);
  if (needles.length === 0) return [{ text: title, match: false }];

  // Which characters of the title are marked (by their starting offset).
  const marked = new Array<boolean>(title.length).fill(false);
  for (const [from, to] of matchedRanges(folded, needles)) {
    const start = starts[from];
    const end = ends[to - 1];
    if (start === undefined || end === undefined) continue;
    marked.fill(true, start, end);
  }

  const parts: TitlePart[] = [];
  let offset = 0;
  for (const character of title) {
    const match = marked[offset] ?? false;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += character;
    else parts.push({ text: character, match });
    offset += character.length;
  }
  return parts.length > 0 ? parts : [{ text: title, match: false }];
}
