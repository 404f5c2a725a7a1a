/**
 * Course reviews: one per student and course, 1-5 stars and optional text, an optional single reply by
 * the course's instructor. A hidden review (admin moderation) stops counting towards `courses.rating`.
 * Reports: any signed-in user may report a review once.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamps } from './columns';
import { courses } from './courses';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    rating: integer('rating').notNull(),
    body: text('body'),
    instructorReply: text('instructor_reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: ref('hidden_by', () => users.id, 'set null'),
    /** Why it is hidden when no admin hid it: the author's purchase was refunded or disputed. */
    hiddenReason: text('hidden_reason'),
    ...timestamps(),
  },
  (t) => [
    unique('reviews_course_user_unique').on(t.courseId, t.userId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    // The course page: the latest visible reviews, and the aggregate over visible ones.
    index('reviews_course_visible_idx')
      .on(t.courseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden_at is null`),
    index('reviews_user_idx').on(t.userId),
  ],
);

export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: ref('review_id', () => reviews.id, 'cascade').notNull(),
    reporterId: ref('reporter_id', () => users.id, 'cascade').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'review_reports_pk', columns: [t.reviewId, t.reporterId] }),
    index('review_reports_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type ReviewReport = typeof reviewReports.$inferSelect;
