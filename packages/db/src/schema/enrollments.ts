/** Who may watch which course. One row per user and course; `source` says how access was granted. */
import { check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref } from './columns';
import { courses } from './courses';
import { payments } from './payments';
import { users } from './users';

export const ENROLLMENT_SOURCES = ['purchase', 'free', 'admin', 'seed'] as const;
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    paymentId: ref('payment_id', () => payments.id, 'set null'),
    source: text('source').$type<EnrollmentSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('enrollments_user_course_unique').on(t.userId, t.courseId),
    check('enrollments_source_check', oneOf(t.source, ENROLLMENT_SOURCES)),
    index('enrollments_course_id_idx').on(t.courseId),
    index('enrollments_created_at_idx').on(t.createdAt),
  ],
);

export type Enrollment = typeof enrollments.$inferSelect;
export type NewEnrollment = typeof enrollments.$inferInsert;
