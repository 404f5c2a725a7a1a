/**
 * The SQL of the instructor home's parts (instructor-home.ts runs them as one statement with readParts,
 * as the admin and student dashboards do). Each is about the courses of one instructor, `me`, found through
 * courses_instructor_idx; per course, the reads are index ranges (enrollments_course_id_idx,
 * lecture_progress_course_completed_idx, lecture_progress_user_course_idx, reviews_course_visible_idx,
 * lectures_course_position_idx), so their cost follows the instructor's own data, not the platform's.
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

/** Distinct students enrolled in any of the courses. */
export const studentsPart = (me: string): SQL => sql`
  select count(distinct user_id)::int as "students"
  from enrollments where course_id in ${ownCourses(me)}`;

/**
 * Per course with enrolled students: enrollments, lectures and students who completed every lecture (the
 * trigger-kept course_stats the admin's drop-off reads), and the lectures completed by enrolled students.
 */
export const completionPart = (me: string): SQL => sql`
  select cs.enrollments as "enrollments", cs.lectures as "lectures",
         cs.completed_students as "completedStudents",
         (select count(*)::int from lecture_progress lp
           join enrollments e on e.user_id = lp.user_id and e.course_id = lp.course_id
           where lp.course_id = cs.course_id and lp.completed) as "completedLectures"
  from course_stats cs
  where cs.course_id in ${ownCourses(me)} and cs.enrollments > 0`;

/** Enrollments without any watch progress in their course. */
export const notStartedPart = (me: string): SQL => sql`
  select count(*)::int as "count"
  from enrollments e
  where e.course_id in ${ownCourses(me)}
    and not exists (select 1 from lecture_progress lp where lp.user_id = e.user_id and lp.course_id = e.course_id)`;

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

/** Enrollments per UTC week (Monday first) from `start` on. */
export const weeksPart = (me: string, start: Date): SQL => sql`
  select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as "week",
         count(*)::int as "enrollments"
  from enrollments
  where course_id in ${ownCourses(me)} and created_at >= ${start.toISOString()}::timestamptz
  group by 1`;

/**
 * Where students stop: for each enrollment with some watch progress whose course isn't complete for the
 * student, the first lecture in course order (position, then creation, then id, as the player lists them)
 * the student hasn't completed; counted per lecture, most students first (ties: course title, then the
 * lecture's place). The course is joined before grouping (its title is a grouping key) so the planner
 * never loops over the groups; the lecture's number is computed for the rows kept only. Its cost follows
 * the instructor's enrollments times the lectures each completed before stopping.
 */
export const dropOffPart = (me: string): SQL => sql`
  select stop.course_id as "courseId", stop.course_title as "courseTitle", stop.id as "lectureId",
         stop.title as "lectureTitle", stop.students as "students",
         (select count(*)::int + 1 from lectures y
           where y.course_id = stop.course_id
             and (y.position, y.created_at, y.id) < (stop.position, stop.created_at, stop.id)) as "number"
  from (
    select l.course_id, c.title as course_title, l.id, l.title, l.position, l.created_at,
           count(*)::int as students
    from courses c
    join enrollments e on e.course_id = c.id
    cross join lateral (
      select x.id, x.title, x.position, x.created_at, x.course_id
      from lectures x
      where x.course_id = e.course_id
        and not exists (select 1 from lecture_progress p
                        where p.user_id = e.user_id and p.lecture_id = x.id and p.completed)
      order by x.position, x.created_at, x.id
      limit 1
    ) l
    where c.instructor_id = ${uuid(me)}
      and exists (select 1 from lecture_progress s where s.user_id = e.user_id and s.course_id = e.course_id)
    group by l.course_id, c.title, l.id, l.title, l.position, l.created_at
    order by students desc, c.title, l.position, l.created_at, l.id
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
