/**
 * Instructor announcements (issue 28 item 2) and the per-course e-mail opt-out they and Q&A answers honour.
 *
 * An announcement is posted once and delivered by jobs in batches: each batch walks the course's
 * enrollments in `user_id` order after `cursor_user_id` and, in one transaction, records a delivery per
 * student (the primary key makes a second one impossible), writes their notification, queues their
 * e-mail and moves the cursor. A batch that dies rolls back whole; a restart resumes at the cursor; so
 * every student hears of it exactly once. `completed_at` is set by the batch that finds no one left.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';
import { courses } from './courses';
import { users } from './users';

export const courseAnnouncements = pgTable(
  'course_announcements',
  {
    id: id(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    authorId: ref('author_id', () => users.id, 'set null'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The last student (by id) a finished batch delivered to; null before the first batch. */
    cursorUserId: uuid('cursor_user_id'),
    /** How many students it has been delivered to so far. */
    recipientCount: integer('recipient_count').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_announcements_course_idx').on(
      t.courseId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** One row per announcement and student it reached: the proof that it reached them once. */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: ref('announcement_id', () => courseAnnouncements.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'announcement_deliveries_pk', columns: [t.announcementId, t.userId] }),
    index('announcement_deliveries_user_idx').on(t.userId),
  ],
);

/** A user who wants no more course e-mail (answers they follow, announcements) about one course. */
export const courseMailOptOuts = pgTable(
  'course_mail_opt_outs',
  {
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'course_mail_opt_outs_pk', columns: [t.userId, t.courseId] })],
);

export type CourseAnnouncement = typeof courseAnnouncements.$inferSelect;
