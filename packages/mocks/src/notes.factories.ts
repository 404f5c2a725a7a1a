/** Factories for the notes.* operations' answers (a learner's private notes on lessons; see sequence.ts for ids). */
import type { LessonNote } from '@lectio/contracts/notes';
import { given, isoAt, next, nextId, sequentialUuid } from './sequence.js';

export type { LessonNote };

/** A note on a video lesson at a time in it (`seconds: null` and `lectureKind: 'article'` for an article's). */
export function buildLessonNote(overrides: Partial<LessonNote> = {}): LessonNote {
  const n = next();
  return {
    _id: sequentialUuid(n),
    courseId: nextId(),
    lectureId: nextId(),
    lectureTitle: `Lesson ${n}`,
    lectureKind: 'video',
    seconds: 30 + n,
    body: `Remember point ${n}: try it on a small example first.`,
    createdAt: isoAt(n),
    updatedAt: isoAt(n),
    ...given(overrides),
  };
}
