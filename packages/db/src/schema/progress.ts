/** Per-lecture watch progress. course_id is denormalised so course completion is one indexed query. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { courses, lectures } from './courses';
import { users } from './users';

export const lectureProgress = pgTable(
  'lecture_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lectureId: uuid('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'lecture_progress_pk', columns: [t.userId, t.lectureId] }),
    index('lecture_progress_user_course_idx').on(t.userId, t.courseId),
    // Recomputing a course's completed students when its lectures change (analytics triggers).
    index('lecture_progress_course_completed_idx').on(t.courseId, t.userId).where(sql`completed`),
  ],
);

export type LectureProgress = typeof lectureProgress.$inferSelect;
export type NewLectureProgress = typeof lectureProgress.$inferInsert;
