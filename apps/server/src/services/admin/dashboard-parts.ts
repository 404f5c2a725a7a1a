/**
 * The SQL of each dashboard part (see read-parts.ts). They read the trigger-maintained rollups
 * (packages/db/src/schema/analytics.ts) or an index range, never whole tables of payments,
 * enrollments or users. Partial-index predicates are literals, not bind parameters, so a generic plan
 * can still use the index.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  asDay,
  type Buckets,
  DROP_OFF_COURSES,
  RECENT_TRANSACTIONS,
  RECENT_USERS,
  TOP_COURSES,
} from './time-buckets';

const dayRange = (column: SQL, buckets: Buckets) =>
  sql`${column} >= ${asDay(buckets.start)}::date and ${column} < ${asDay(buckets.end)}::date`;

/**
 * Every course (drafts included), and users per role. Suspended users count: they are still registered
 * students and instructors (the user list shows them with their status) and count again when activated.
 */
export const totalsPart = (): SQL => sql`
  select
    coalesce((select value from platform_counts where metric = 'courses'), 0)::float8 as "courses",
    coalesce((select users from user_role_counts where role = 'student'), 0) as "students",
    coalesce((select users from user_role_counts where role = 'instructor'), 0) as "instructors"`;

/** Succeeded payments per UTC month, from the daily rollup (at most 6 × 31 rows). */
export const revenuePart = (months: Buckets): SQL => sql`
  select to_char(day, 'YYYY-MM') as "month", sum(amount_minor)::float8 as "amountMinor"
  from daily_revenue
  where ${dayRange(sql`day`, months)}
  group by 1`;

/** Sign-ups per UTC day, every role. */
export const signupsPart = (days: Buckets): SQL => sql`
  select to_char(day, 'YYYY-MM-DD') as "day", users as "count"
  from daily_signups
  where ${dayRange(sql`day`, days)}`;

/** Most enrollments first; ties: the older course, then the lower id. Courses without any are left out. */
export const topCoursesPart = (): SQL => sql`
  select course_stats.course_id as "courseId", courses.title as "title", users.name as "instructor",
         course_stats.enrollments as "enrollments"
  from course_stats
  join courses on courses.id = course_stats.course_id
  join users on users.id = courses.instructor_id
  where course_stats.enrollments > 0
  order by course_stats.enrollments desc, course_stats.course_created_at, course_stats.course_id
  limit ${sql.raw(String(TOP_COURSES))}`;

/** The latest succeeded payments, newest first (ties: higher id first). */
export const latestTransactionsPart = (): SQL => sql`
  select payments.id as "id", payments.created_at as "createdAt", payments.amount_minor as "amountMinor",
         courses.title as "title"
  from payments
  left join courses on courses.id = payments.course_id
  where payments.status = 'succeeded'
  order by payments.created_at desc, payments.id desc
  limit ${sql.raw(String(RECENT_TRANSACTIONS))}`;

/**
 * The latest registrations, newest first (ties: higher id first), suspended ones included, deleted
 * accounts left out (their rows stay only for the payments that point at them).
 */
export const latestUsersPart = (): SQL => sql`
  select id as "id", name as "name", email as "email", avatar as "avatar", role as "role",
         is_active as "isActive"
  from users
  where deleted_at is null
  order by created_at desc, id desc
  limit ${sql.raw(String(RECENT_USERS))}`;

/** Users whose latest authenticated request is at or after `since`. */
export const activeUsersPart = (since: Date): SQL => sql`
  select count(*)::int as "users" from user_presence where last_request_at >= ${since.toISOString()}::timestamptz`;

/** Sessions started in the window and the sum of their lengths. */
export const sessionsPart = (days: Buckets): SQL => sql`
  select coalesce(sum(sessions), 0)::float8 as "sessions", coalesce(sum(total_session_ms), 0)::float8 as "totalMs"
  from daily_session_stats
  where ${dayRange(sql`day`, days)}`;

/** Course-detail views per category in the window, most viewed first, ties by name (byte order). */
export const categoriesPart = (days: Buckets): SQL => sql`
  select category as "category", sum(views)::int as "views"
  from daily_category_views
  where ${dayRange(sql`day`, days)}
  group by category
  having sum(views) > 0
  order by sum(views) desc, category collate "C"`;

/**
 * Courses with enrolled students and lectures, lowest completion share first (the expression of
 * course_stats_completion_idx); ties: more students first, then the older course.
 */
export const dropOffPart = (): SQL => sql`
  select courses.title as "title", course_stats.enrollments as "enrollments",
         course_stats.completed_students as "completed"
  from course_stats
  join courses on courses.id = course_stats.course_id
  where course_stats.enrollments > 0 and course_stats.lectures > 0
  order by (course_stats.completed_students::double precision / course_stats.enrollments),
           course_stats.enrollments desc, course_stats.course_created_at, course_stats.course_id
  limit ${sql.raw(String(DROP_OFF_COURSES))}`;
