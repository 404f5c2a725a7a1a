import { describe, expect, it } from 'vitest';
import { highlightMatch } from './highlight-match';

/** The parts as a string with the marked ones in [brackets]. */
function marked(title: string, search: string): string {
  return highlightMatch(title, search)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');
}

describe('highlightMatch', () => {
  it('marks the whole search where the title contains it, ignoring case', () => {
    expect(marked('Modern React from Scratch', 'react from')).toBe('Modern [React from] Scratch');
    expect(marked('react, React and REACT', 'ReAcT')).toBe('[react], [React] and [REACT]');
  });

  it('ignores accents both ways and keeps the title’s own characters', () => {
    expect(marked('Résumé Writing', 'resume')).toBe('[Résumé] Writing');
    expect(marked('Resume Writing', 'résumé')).toBe('[Resume] Writing');
    // Decomposed accents (e + combining acute) stay with their letter.
    expect(marked('Cafe\u0301 Culture', 'cafe')).toBe('[Cafe\u0301] Culture');
    expect(marked('İstanbul Guide', 'istanbul')).toBe('[İstanbul] Guide');
  });

  it('marks each word when the words are apart, and skips search syntax', () => {
    expect(marked('Docker and Kubernetes in Practice', 'kubernetes docker')).toBe(
      '[Docker] and [Kubernetes] in Practice',
    );
    expect(marked('Python for Data Analysis', '"data analysis" -java')).toBe('Python for [Data Analysis]');
    expect(marked('React or Vue', 'react or vue')).toBe('[React] or [Vue]');
    expect(marked('React and Vue', 'react or vue')).toBe('[React] and [Vue]');
  });

  it('marks the start of a word a stemmed search matched', () => {
    expect(marked('UI Design Fundamentals', 'designing')).toBe('UI [Design] Fundamentals');
    // Not inside a word, and not for stems shorter than four letters.
    expect(marked('Redesign basics', 'designing')).toBe('Redesign basics');
    expect(marked('Pyramids', 'pyhton')).toBe('Pyramids');
  });

  it('gives the title unmarked when nothing matches or the search is empty', () => {
    expect(highlightMatch('Web Security', 'zzz')).toEqual([{ text: 'Web Security', match: false }]);
    expect(highlightMatch('Web Security', '  ')).toEqual([{ text: 'Web Security', match: false }]);
    expect(highlightMatch('', 'web')).toEqual([{ text: '', match: false }]);
  });
});
