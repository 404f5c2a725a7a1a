/** Per-lecture watch progress. course_id is denormalised so course completion is one indexed query. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { ref, updatedAt } from './columns';
import { courses, lectures } from './courses';
import { users } from './users';

export const lectureProgress = pgTable(
  'lecture_progress',
  {
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    lectureId: ref('lecture_id', () => lectures.id, 'cascade').notNull(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    /** The position the learner last reported (where playback resumes), in whole seconds. */
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    /**
     * Watch time the server credits: each report adds how far the position moved on since the last one,
     * but no more than twice the wall-clock time between them (docs/decisions/0045). Completion needs it.
     */
    creditedSeconds: integer('credited_seconds').notNull().default(0),
    /** When the last report arrived: the wall clock the next report's credit is measured against. */
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
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
