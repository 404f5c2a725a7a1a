/**
 * The SQL of the student dashboard's parts (learner-dashboard.ts runs them as one statement with
 * readParts). Each is about one user; `me` is their id as a bound parameter.
 */
import { DASHBOARD_RECOMMENDATIONS } from '@lectio/contracts/learner';
import { type SQL, sql } from 'drizzle-orm';

const uuid = (id: string) => sql`${id}::uuid`;

/** The name to greet with. */
export const namePart = (me: string): SQL => sql`select name as "name" from users where id = ${uuid(me)}`;

/**
 * Every enrolled course with its lecture count, the user's completed lectures and their latest watch
 * time (the same counts as a course card's progress, present-course.ts).
 */
export const enrolledCoursesPart = (me: string): SQL => sql`
  select e.course_id as "courseId", c.title as "title", u.name as "instructorName",
         c.thumbnail_key as "thumbnailKey", c.thumbnail_url as "thumbnailUrl", e.created_at as "enrolledAt",
         (select count(*)::int from lectures l where l.course_id = e.course_id) as "totalLectures",
         (select count(*)::int from lecture_progress lp
           where lp.user_id = ${uuid(me)} and lp.course_id = e.course_id and lp.completed) as "completedLectures",
         (select max(lp.updated_at) from lecture_progress lp
           where lp.user_id = ${uuid(me)} and lp.course_id = e.course_id) as "lastWatchedAt"
  from enrollments e
  join courses c on c.id = e.course_id
  join users u on u.id = c.instructor_id
  where e.user_id = ${uuid(me)}`;

/** Certificates held and not revoked. */
export const certificatesPart = (me: string): SQL => sql`
  select count(*)::int as "count" from certificates where user_id = ${uuid(me)} and revoked_at is null`;

/** A lecture of the course the user has not completed. */
const unfinished = (me: string, lecture: SQL) =>
  sql`not exists (select 1 from lecture_progress y where y.user_id = ${uuid(me)} and y.lecture_id = ${lecture} and y.completed)`;

/**
 * The lecture most recently watched in an enrolled course that still has an unfinished lecture, as every
 * lecture of that course in play order with the user's position and completion, the watched one flagged
 * `isLast` (the service picks the one to continue). No rows when no such lecture exists.
 */
export const resumePart = (me: string): SQL => sql`
  select l.id as "lectureId", l.title as "lectureTitle", l.course_id as "courseId", c.title as "courseTitle",
         l.kind as "kind", l.body_words as "bodyWords",
         l.duration_seconds as "duration", coalesce(p.watched_seconds, 0) as "position",
         coalesce(p.completed, false) as "completed", (l.id = last.lecture_id) as "isLast"
  from (
    select lp.course_id, lp.lecture_id
    from lecture_progress lp
    join enrollments e on e.user_id = lp.user_id and e.course_id = lp.course_id
    where lp.user_id = ${uuid(me)}
      and exists (select 1 from lectures x where x.course_id = lp.course_id and ${unfinished(me, sql`x.id`)})
    order by lp.updated_at desc, lp.lecture_id desc
    limit 1
  ) last
  join courses c on c.id = last.course_id
  join lectures l on l.course_id = last.course_id
  left join lecture_progress p on p.user_id = ${uuid(me)} and p.lecture_id = l.id
  order by l.position, l.created_at, l.id`;

/**
 * Where to start when nothing unfinished has been watched: the first unfinished lecture of the most
 * recently enrolled course that has one.
 */
export const startPart = (me: string): SQL => sql`
  select l.id as "lectureId", l.title as "lectureTitle", l.course_id as "courseId", c.title as "courseTitle",
         l.kind as "kind", l.body_words as "bodyWords", l.duration_seconds as "duration"
  from enrollments e
  join courses c on c.id = e.course_id
  join lectures l on l.course_id = e.course_id
  where e.user_id = ${uuid(me)} and ${unfinished(me, sql`l.id`)}
  order by e.created_at desc, e.id desc, l.position, l.created_at, l.id
  limit 1`;

/**
 * Published courses the user neither owns nor teaches: those in a category of an enrolled course first,
 * then the rest (so a new student gets the most popular courses); within each, most enrolled first, then
 * best rated, most rated, newest. Enrollments come from the trigger-maintained course_stats.
 */
export const recommendationsPart = (me: string): SQL => sql`
  select c.id as "_id", c.title as "title", c.short_description as "shortDescription",
         c.category as "category", c.level as "level", c.price_minor as "priceMinor",
         c.thumbnail_key as "thumbnailKey", c.thumbnail_url as "thumbnailUrl", u.name as "instructorName",
         c.rating as "rating", c.rating_count as "ratingCount", coalesce(s.enrollments, 0) as "studentsCount"
  from courses c
  join users u on u.id = c.instructor_id
  left join course_stats s on s.course_id = c.id
  where c.is_published
    and c.instructor_id <> ${uuid(me)}
    and not exists (select 1 from enrollments e where e.user_id = ${uuid(me)} and e.course_id = c.id)
  order by (c.category in (
             select c2.category from enrollments e2 join courses c2 on c2.id = e2.course_id
             where e2.user_id = ${uuid(me)})) desc,
           coalesce(s.enrollments, 0) desc, c.rating desc, c.rating_count desc, c.created_at desc, c.id
  limit ${sql.raw(String(DASHBOARD_RECOMMENDATIONS))}`;
