/**
 * Rollups behind the admin dashboards: small tables that PostgreSQL triggers keep in step with their
 * base tables in the same transaction as every insert, update and delete (see the
 * `analytics_triggers` migration). The dashboards read these instead of aggregating millions of
 * payments or enrollments per request. `lectio_rebuild_analytics_rollups()` recomputes them all from
 * the base tables (used by the migration as a backfill, and for repair).
 *
 * Days are UTC calendar days.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ref } from './columns';
import { courses, lectures } from './courses';
import { users } from './users';

/** Succeeded payments per UTC day (by `payments.created_at`). */
export const dailyRevenue = pgTable('daily_revenue', {
  day: date('day', { mode: 'string' }).primaryKey(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
  payments: integer('payments').notNull().default(0),
});

/** Users who signed up per UTC day (by `users.created_at`), every role. */
export const dailySignups = pgTable('daily_signups', {
  day: date('day', { mode: 'string' }).primaryKey(),
  users: integer('users').notNull().default(0),
});

/** Platform-wide counters; 'courses' is the number of courses (drafts included). */
export const platformCounts = pgTable('platform_counts', {
  metric: text('metric').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Users per role, suspended ones included. */
export const userRoleCounts = pgTable('user_role_counts', {
  role: text('role').primaryKey(),
  users: integer('users').notNull().default(0),
});

/**
 * One row per course (created by a trigger on `courses`): its enrollments, lectures, and the enrolled
 * students who completed every lecture. `course_created_at` is copied at creation for the tie-breaks.
 */
export const courseStats = pgTable(
  'course_stats',
  {
    courseId: uuid('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    courseCreatedAt: timestamp('course_created_at', { withTimezone: true }).notNull(),
    enrollments: integer('enrollments').notNull().default(0),
    lectures: integer('lectures').notNull().default(0),
    completedStudents: integer('completed_students').notNull().default(0),
  },
  (t) => [
    // Top courses: most enrollments, then the older course, then the id.
    index('course_stats_top_idx')
      .on(t.enrollments.desc().nullsFirst(), t.courseCreatedAt.asc(), t.courseId.asc())
      .where(sql`enrollments > 0`),
    // The catalogue sorted by most students (issue 16): keyset on (enrollments DESC, course id DESC).
    index('course_stats_students_idx').on(t.enrollments.desc().nullsFirst(), t.courseId.desc().nullsFirst()),
    // Drop-off: lowest completion share first (same expression as the engagement query).
    index('course_stats_completion_idx')
      .on(
        sql`(completed_students::double precision / enrollments)`,
        t.enrollments.desc().nullsFirst(),
        t.courseCreatedAt.asc(),
        t.courseId.asc(),
      )
      .where(sql`enrollments > 0 and lectures > 0`),
  ],
);

/**
 * The enrolled students who have completed every lecture of a course (courses without lectures have
 * none). Triggers reconcile it against enrollments, lectures and lecture_progress for whatever a
 * statement touched; `course_stats.completed_students` counts its rows.
 */
export const courseCompletions = pgTable(
  'course_completions',
  {
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
  },
  (t) => [primaryKey({ name: 'course_completions_pk', columns: [t.courseId, t.userId] })],
);

/**
 * Each user's latest authenticated request (from 'request' activity events, by trigger). "Active in
 * the last 5 minutes" is an index range over this table: its cost follows the number of users active in
 * the window, not the number of events they produced. Deleting events doesn't move it back.
 * No foreign key, like activity_events: a flush must never fail because a user was just deleted.
 */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: uuid('user_id').primaryKey(),
    lastRequestAt: timestamp('last_request_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_presence_last_request_at_idx').on(t.lastRequestAt)],
);

/** 'course_view' activity events per UTC day and course category. */
export const dailyCategoryViews = pgTable(
  'daily_category_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_category_views_pk', columns: [t.day, t.category] })],
);

/**
 * Sign-in sessions per UTC day of `auth_sessions.created_at`, and the sum of their lengths
 * (`last_seen_at - created_at`, whole milliseconds, so increments and decrements stay exact).
 */
export const dailySessionStats = pgTable('daily_session_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sessions: integer('sessions').notNull().default(0),
  totalSessionMs: bigint('total_session_ms', { mode: 'number' }).notNull().default(0),
});

/**
 * The instructor home's learner figures (issue 30 item 4, migration 0022), kept by triggers like the
 * rollups above so the home reads a handful of rows per course instead of every enrollment.
 *
 * `enrollment_progress`: one row per enrollment whose student has any watch progress in the course (a
 * started enrollment): how many of the course's lectures they completed, and the first lecture in course
 * order (position, created_at, id) they haven't completed, null once they completed every one (where
 * they stop). Reconciled against enrollments, lectures and lecture_progress for whatever a statement
 * touched, like course_completions; a change of a course's lecture order reconciles the whole course.
 */
export const enrollmentProgress = pgTable(
  'enrollment_progress',
  {
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    completedLectures: integer('completed_lectures').notNull().default(0),
    stopLectureId: uuid('stop_lecture_id'),
  },
  (t) => [primaryKey({ name: 'enrollment_progress_pk', columns: [t.userId, t.courseId] })],
);

/** Per course, sums over `enrollment_progress`: started students and the lectures they completed. */
export const courseLearnerStats = pgTable('course_learner_stats', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  startedStudents: integer('started_students').notNull().default(0),
  completedLectures: integer('completed_lectures').notNull().default(0),
});

/** Per lecture, the started students whose first lecture not completed it is ("where students stop"). */
export const lectureStops = pgTable(
  'lecture_stops',
  {
    lectureId: uuid('lecture_id')
      .primaryKey()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    students: integer('students').notNull().default(0),
  },
  (t) => [index('lecture_stops_course_idx').on(t.courseId, t.students.desc().nullsFirst())],
);

/** Enrollments per course and UTC week (Monday) of `enrollments.created_at`. */
export const courseWeeklyEnrollments = pgTable(
  'course_weekly_enrollments',
  {
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    enrollments: integer('enrollments').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'course_weekly_enrollments_pk', columns: [t.courseId, t.week] })],
);

/**
 * The students of each instructor (enrolled in at least one of their courses), reconciled by triggers
 * on enrollments and courses for the pairs a statement touched; `instructor_student_counts` counts its
 * rows per instructor by deltas. The instructor home's "students" reads the count.
 */
export const instructorStudents = pgTable(
  'instructor_students',
  {
    instructorId: ref('instructor_id', () => users.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
  },
  (t) => [primaryKey({ name: 'instructor_students_pk', columns: [t.instructorId, t.userId] })],
);

export const instructorStudentCounts = pgTable('instructor_student_counts', {
  instructorId: uuid('instructor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  students: integer('students').notNull().default(0),
});

export type DailyRevenue = typeof dailyRevenue.$inferSelect;
export type UserRoleCount = typeof userRoleCounts.$inferSelect;
export type DailySignups = typeof dailySignups.$inferSelect;
export type PlatformCount = typeof platformCounts.$inferSelect;
export type CourseStats = typeof courseStats.$inferSelect;
export type CourseCompletion = typeof courseCompletions.$inferSelect;
export type DailyCategoryViews = typeof dailyCategoryViews.$inferSelect;
export type UserPresence = typeof userPresence.$inferSelect;
export type DailySessionStats = typeof dailySessionStats.$inferSelect;
