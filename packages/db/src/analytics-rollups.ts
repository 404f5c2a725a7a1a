/**
 * The analytics rollups (schema/analytics.ts) are maintained by triggers (migration
 * 0002_analytics_triggers). This module reads them whole and recomputes them from the base tables,
 * for repair after a manual data fix and for tests that prove the triggers agree with a recount.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';

/** Recomputes every rollup from its base tables in one call (writers wait on SHARE locks meanwhile). */
export async function rebuildAnalyticsRollups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select lectio_rebuild_analytics_rollups()`);
    await tx.execute(sql`select lectio_rebuild_learner_rollups()`);
  });
}

export interface RollupSnapshot {
  dailyRevenue: { day: string; amountMinor: number; payments: number }[];
  userRoleCounts: { role: string; users: number }[];
  dailySignups: { day: string; users: number }[];
  platformCounts: { metric: string; value: number }[];
  courseStats: { courseId: string; enrollments: number; lectures: number; completedStudents: number }[];
  courseCompletions: { courseId: string; userId: string }[];
  dailyCategoryViews: { day: string; category: string; views: number }[];
  dailySessionStats: { day: string; sessions: number; totalSessionMs: number }[];
  userPresence: { userId: string; lastRequestAt: string }[];
  enrollmentProgress: {
    userId: string;
    courseId: string;
    completedLectures: number;
    stopLectureId: string | null;
  }[];
  courseLearnerStats: { courseId: string; startedStudents: number; completedLectures: number }[];
  lectureStops: { lectureId: string; courseId: string; students: number }[];
  courseWeeklyEnrollments: { courseId: string; week: string; enrollments: number }[];
  instructorStudents: { instructorId: string; userId: string }[];
  instructorStudentCounts: { instructorId: string; students: number }[];
}

/**
 * How each rollup is read whole, in a stable order. Rows whose measures are all zero are left out:
 * triggers keep such rows (a day whose only payment was refunded) while a rebuild never creates them.
 */
const ROLLUP_QUERIES: Record<keyof RollupSnapshot, SQL> = {
  dailyRevenue: sql`select to_char(day, 'YYYY-MM-DD') as "day", amount_minor::float8 as "amountMinor", payments
      from daily_revenue where amount_minor <> 0 or payments <> 0 order by day`,
  userRoleCounts: sql`select role, users from user_role_counts where users <> 0 order by role`,
  dailySignups: sql`select to_char(day, 'YYYY-MM-DD') as "day", users from daily_signups where users <> 0 order by day`,
  platformCounts: sql`select metric, value::float8 as "value" from platform_counts where value <> 0 order by metric`,
  courseStats: sql`select course_id as "courseId", enrollments, lectures, completed_students as "completedStudents"
      from course_stats order by course_id`,
  courseCompletions: sql`select course_id as "courseId", user_id as "userId" from course_completions order by course_id, user_id`,
  dailyCategoryViews: sql`select to_char(day, 'YYYY-MM-DD') as "day", category, views
      from daily_category_views where views <> 0 order by day, category`,
  dailySessionStats: sql`select to_char(day, 'YYYY-MM-DD') as "day", sessions, total_session_ms::float8 as "totalSessionMs"
      from daily_session_stats where sessions <> 0 or total_session_ms <> 0 order by day`,
  userPresence: sql`select user_id as "userId",
             to_char(last_request_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "lastRequestAt"
      from user_presence order by user_id`,
  enrollmentProgress: sql`select user_id as "userId", course_id as "courseId", completed_lectures as "completedLectures",
             stop_lecture_id as "stopLectureId"
      from enrollment_progress order by user_id, course_id`,
  courseLearnerStats: sql`select course_id as "courseId", started_students as "startedStudents",
             completed_lectures as "completedLectures"
      from course_learner_stats where started_students <> 0 or completed_lectures <> 0 order by course_id`,
  lectureStops: sql`select lecture_id as "lectureId", course_id as "courseId", students
      from lecture_stops where students <> 0 order by lecture_id`,
  courseWeeklyEnrollments: sql`select course_id as "courseId", to_char(week, 'YYYY-MM-DD') as "week", enrollments
      from course_weekly_enrollments where enrollments <> 0 order by course_id, week`,
  instructorStudents: sql`select instructor_id as "instructorId", user_id as "userId"
      from instructor_students order by instructor_id, user_id`,
  instructorStudentCounts: sql`select instructor_id as "instructorId", students
      from instructor_student_counts where students <> 0 order by instructor_id`,
};

/** Every rollup row (see ROLLUP_QUERIES), the rollups read in parallel. */
export async function readAnalyticsRollups(db: Database): Promise<RollupSnapshot> {
  const entries = await Promise.all(
    Object.entries(ROLLUP_QUERIES).map(async ([name, query]) => [name, await queryRows(db, query)] as const),
  );
  // Each query selects exactly its rollup's columns under their names in RollupSnapshot.
  return Object.fromEntries(entries) as unknown as RollupSnapshot;
}
