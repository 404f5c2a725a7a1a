import { buildLessonNote } from '@lectio/mocks';
import { describe, expect, it } from 'vitest';
import { notesFileName, notesToMarkdown } from './notes-markdown';

describe('notesToMarkdown', () => {
  it('writes a section per lesson in the list’s order, each note led by its time', () => {
    const notes = [
      buildLessonNote({ lectureId: 'a', lectureTitle: 'Intro', seconds: null, body: 'General idea' }),
      buildLessonNote({
        lectureId: 'a',
        lectureTitle: 'Intro',
        seconds: 42,
        body: 'First line\nsecond line',
      }),
      buildLessonNote({ lectureId: 'b', lectureTitle: 'The\nreading', seconds: 3725, body: 'Long one' }),
    ];
    expect(notesToMarkdown('  HTTP, by example ', notes)).toBe(
      [
        '# HTTP, by example',
        '',
        '## Intro',
        '',
        '- General idea',
        '',
        '- **0:42** First line',
        '  second line',
        '',
        '## The reading',
        '',
        '- **1:02:05** Long one',
        '',
      ].join('\n'),
    );
  });

  it('is the heading alone without notes', () => {
    expect(notesToMarkdown('Empty', [])).toBe('# Empty\n');
  });
});

describe('notesFileName', () => {
  it('names the file after the course', () => {
    expect(notesFileName('Café & HTTP: Part 2!')).toBe('notes-cafe-http-part-2.md');
    expect(notesFileName('???')).toBe('notes.md');
  });
});
