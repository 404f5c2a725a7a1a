/**
 * The SQL of the instructor home's parts (instructor-home.ts runs them as one statement with readParts,
 * as the admin and student dashboards do). Each is about the courses of one instructor, `me`, found through
 * courses_instructor_idx. The learner figures (completion, not started, weeks, where students stop) read
 * the trigger-kept rollups of migration 0022 (course_learner_stats, course_weekly_enrollments,
 * lecture_stops; schema/analytics.ts), a few rows per course whatever the number of enrollments.
 */
import { INSTRUCTOR_HOME_DROP_OFF, INSTRUCTOR_HOME_RECENT } from '@lectio/contracts/instructor';
import { INSTRUCTOR_HOME_UNANSWERED } from '@lectio/contracts/questions';
import { type SQL, sql } from 'drizzle-orm';

const uuid = (id: string) => sql`${id}::uuid`;
const ownCourses = (me: string) => sql`(select id from courses where instructor_id = ${uuid(me)})`;

/** The instructor's courses, and how many are published. */
export const coursesPart = (me: string): SQL => sql`
  select count(*)::int as "total", (count(*) filter (where is_published))::int as "published"
  from courses where instructor_id = ${uuid(me)}`;

/** Distinct students enrolled in any of the courses (instructor_student_counts, kept by triggers). */
export const studentsPart = (me: string): SQL => sql`
  select coalesce((select students from instructor_student_counts where instructor_id = ${uuid(me)}), 0)::int
         as "students"`;

/**
 * Per course with enrolled students: enrollments, lectures and students who completed every lecture
 * (course_stats), and the lectures completed by enrolled students (course_learner_stats).
 */
export const completionPart = (me: string): SQL => sql`
  select cs.enrollments as "enrollments", cs.lectures as "lectures",
         cs.completed_students as "completedStudents",
         coalesce(ls.completed_lectures, 0) as "completedLectures"
  from course_stats cs
  left join course_learner_stats ls on ls.course_id = cs.course_id
  where cs.course_id in ${ownCourses(me)} and cs.enrollments > 0`;

/** Enrollments without any watch progress in their course: enrolled minus started. */
export const notStartedPart = (me: string): SQL => sql`
  select coalesce(sum(cs.enrollments - coalesce(ls.started_students, 0)), 0)::int as "count"
  from course_stats cs
  left join course_learner_stats ls on ls.course_id = cs.course_id
  where cs.course_id in ${ownCourses(me)}`;

/** The visible reviews' mean rating and count (null mean without any). */
export const ratingPart = (me: string): SQL => sql`
  select avg(rating)::float8 as "average", count(*)::int as "count"
  from reviews where course_id in ${ownCourses(me)} and hidden_at is null`;

/** The latest enrollments, newest first (ties: higher id first), with what the student paid. */
export const recentPart = (me: string): SQL => sql`
  select e.id as "enrollmentId", u.name as "studentName", c.id as "courseId", c.title as "courseTitle",
         e.created_at as "enrolledAt", p.amount_minor as "paidMinor", e.source as "source"
  from enrollments e
  join courses c on c.id = e.course_id
  join users u on u.id = e.user_id
  left join payments p on p.id = e.payment_id
  where e.course_id in ${ownCourses(me)}
  order by e.created_at desc, e.id desc
  limit ${sql.raw(String(INSTRUCTOR_HOME_RECENT))}`;

/** Enrollments per UTC week (Monday first) from `start` (a Monday, 00:00 UTC) on. */
export const weeksPart = (me: string, start: Date): SQL => sql`
  select to_char(week, 'YYYY-MM-DD') as "week", sum(enrollments)::int as "enrollments"
  from course_weekly_enrollments
  where course_id in ${ownCourses(me)} and week >= (${start.toISOString()}::timestamptz at time zone 'UTC')::date
  group by week`;

/**
 * Where students stop: per lecture, the started students whose first lecture not completed (in course
 * order: position, then creation, then id, as the player lists them) it is, from lecture_stops; most
 * students first (ties: course title, then the lecture's place). The lecture's number is computed for
 * the rows kept only.
 */
export const dropOffPart = (me: string): SQL => sql`
  select stop.course_id as "courseId", stop.course_title as "courseTitle", stop.id as "lectureId",
         stop.title as "lectureTitle", stop.students as "students",
         (select count(*)::int + 1 from lectures y
           where y.course_id = stop.course_id
             and (y.position, y.created_at, y.id) < (stop.position, stop.created_at, stop.id)) as "number"
  from (
    select l.course_id, c.title as course_title, l.id, l.title, l.position, l.created_at, s.students
    from courses c
    join lecture_stops s on s.course_id = c.id
    join lectures l on l.id = s.lecture_id
    where c.instructor_id = ${uuid(me)} and s.students > 0
    order by s.students desc, c.title, l.position, l.created_at, l.id
    limit ${sql.raw(String(INSTRUCTOR_HOME_DROP_OFF))}
  ) stop
  order by stop.students desc, stop.course_title, stop.position, stop.created_at, stop.id`;

/** Visible questions without a visible answer (course_questions_unanswered_idx per course). */
export const unansweredCountPart = (me: string): SQL => sql`
  select count(*)::int as "count"
  from course_questions
  where course_id in ${ownCourses(me)} and hidden_at is null and answer_count = 0`;

/** The oldest of them, with their course and lesson. */
export const unansweredOldestPart = (me: string): SQL => sql`
  select q.id as "questionId", q.title as "title", q.course_id as "courseId", c.title as "courseTitle",
         q.lecture_id as "lectureId", l.title as "lectureTitle", q.created_at as "createdAt"
  from course_questions q
  join courses c on c.id = q.course_id
  left join lectures l on l.id = q.lecture_id
  where c.instructor_id = ${uuid(me)} and q.hidden_at is null and q.answer_count = 0
  order by q.created_at, q.id
  limit ${sql.raw(String(INSTRUCTOR_HOME_UNANSWERED))}`;
