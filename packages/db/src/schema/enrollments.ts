/** Who may watch which course. One row per user and course; `source` says how access was granted. */
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns';
import { courses } from './courses';
import { payments } from './payments';
import { users } from './users';

export const ENROLLMENT_SOURCES = ['purchase', 'free', 'admin', 'seed'] as const;
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
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
