/**
 * A course's notes as a Markdown file (issue 28 item 3, decision 0087), made in the page from `notes.list`
 * (already in lesson order, then by time): the course title as the heading, a section per lesson, each
 * note a list item led by its time in the video. The text is the learner's own, kept as they wrote it.
 */
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { LessonNote } from '@lectio/contracts/notes';

/** One line of Markdown for a title: no line breaks, and a leading `#` can't start another heading. */
function headingText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A note's text as one list item: its later lines indented under the first. */
function listItem(note: LessonNote): string {
  const time = note.seconds === null ? '' : `**${formatLectureDuration(note.seconds)}** `;
  const [first = '', ...rest] = note.body.split(/\r?\n/);
  return [`- ${time}${first}`, ...rest.map((line) => (line ? `  ${line}` : ''))].join('\n');
}

export function notesToMarkdown(courseTitle: string, notes: readonly LessonNote[]): string {
  const parts = [`# ${headingText(courseTitle)}`];
  let lectureId: string | null = null;
  for (const note of notes) {
    if (note.lectureId !== lectureId) {
      lectureId = note.lectureId;
      parts.push(`## ${headingText(note.lectureTitle)}`);
    }
    parts.push(listItem(note));
  }
  return `${parts.join('\n\n')}\n`;
}

/** `notes-<course title as a slug>.md`; `notes.md` when the title has no letters or digits. */
export function notesFileName(courseTitle: string): string {
  const slug = courseTitle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug ? `notes-${slug}.md` : 'notes.md';
}
