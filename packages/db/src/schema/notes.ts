/**
 * A learner's private notes on lessons (issue 28 item 3, decision 0087). A note hangs on one column, its
 * lesson (`lecture_id`): the course is the lesson's, so moving notes elsewhere later is one migration.
 * `video_seconds` is the time in a video lesson the note is at; null for a note without a time.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns';
import { lectures } from './courses';
import { users } from './users';

export const lessonNotes = pgTable(
  'lesson_notes',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    lectureId: ref('lecture_id', () => lectures.id, 'cascade').notNull(),
    videoSeconds: integer('video_seconds'),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (t) => [
    check('lesson_notes_video_seconds_check', sql`${t.videoSeconds} is null or ${t.videoSeconds} >= 0`),
    index('lesson_notes_user_lecture_idx').on(t.userId, t.lectureId, t.videoSeconds),
  ],
);

export type LessonNoteRow = typeof lessonNotes.$inferSelect;
