/**
 * Certificates of completion: issued once per student and course when every lecture is complete. The
 * names and title are copied at issue time, so the certificate says what was true that day even if the
 * course is renamed or the student deletes their account later. Revoking is an admin action.
 */
import { index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { id, ref } from './columns';
import { courses } from './courses';
import { users } from './users';

export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'set null'),
    courseId: ref('course_id', () => courses.id, 'set null'),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    instructorName: text('instructor_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    unique('certificates_user_course_unique').on(t.userId, t.courseId),
    index('certificates_user_idx').on(t.userId, t.issuedAt.desc().nullsFirst()),
  ],
);

export type Certificate = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;
