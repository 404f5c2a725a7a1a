/**
 * The one select every course read starts from: the course, its instructor's name, its exact position,
 * and what presenting it needs (its lectures, its student count and the viewer's enrollment and
 * completed lectures) as correlated subqueries, so that any course read is a single query. PostgreSQL
 * evaluates them only for the rows a page returns (after the LIMIT, also when it sorts).
 */
import {
  type Course as CourseRow,
  courses,
  type Database,
  enrollments,
  lectureProgress,
  lectures,
  users,
} from '@lectio/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../context';
import { lectureColumns, lectureOrder } from '../lectures/lecture-fields';

export interface CourseListRow {
  /** The list's sort key as text, for its next cursor (null when the order has none of its own). */
  sortKey: string | null;
  course: CourseRow;
  instructorName: string;
  /** created_at with microseconds in UTC, for the pagination cursor. */
  createdAtExact: string;
  /** The rating as PostgreSQL prints the `real` (reads back as the same value), for the rating cursor. */
  ratingExact: string;
  /** The course's lectures in play order, as JSON text (an array of `LectureFields`, see `rowLectures`). */
  lecturesJson: string;
  studentsCount: number;
  /** When the viewer enrolled in the course, in epoch milliseconds (null when not, or without a viewer). */
  viewerEnrolledAtMs: number | null;
  /** The viewer's completed lectures in the course (0 without a viewer). */
  viewerCompleted: number;
}

/** `json_build_object('id', "lectures"."id", …)` with exactly the keys of `LectureFields`. */
const lectureObject = sql`json_build_object(${sql.join(
  Object.entries(lectureColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

const lecturesJson = sql<string>`(select coalesce(json_agg(${lectureObject} order by ${sql.join(lectureOrder, sql`, `)}), '[]')::text from ${lectures} where ${lectures.courseId} = ${courses.id})`;

const studentsCount = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.courseId} = ${courses.id})`;

function viewerColumns(viewer: Pick<Actor, 'id'> | null): {
  viewerEnrolledAtMs: SQL<number | null>;
  viewerCompleted: SQL<number>;
} {
  if (!viewer) return { viewerEnrolledAtMs: sql<null>`null::float8`, viewerCompleted: sql<number>`0` };
  return {
    viewerEnrolledAtMs: sql<
      number | null
    >`(select (extract(epoch from ${enrollments.createdAt}) * 1000)::float8 from ${enrollments} where ${enrollments.courseId} = ${courses.id} and ${enrollments.userId} = ${viewer.id}::uuid)`,
    viewerCompleted: sql<number>`(select count(*)::int from ${lectureProgress} where ${lectureProgress.userId} = ${viewer.id}::uuid and ${lectureProgress.courseId} = ${courses.id} and ${lectureProgress.completed})`,
  };
}

/**
 * Course rows with everything `presentCourses` needs for the viewer (null for a visitor). `sortKey` is
 * the text of a list's sort key on each row, for its next cursor (course-search.ts).
 */
export function selectCourseRows(
  db: Database,
  viewer: Pick<Actor, 'id'> | null,
  sortKey: SQL<string | null> = sql<null>`null`,
) {
  return db
    .select({
      sortKey,
      course: courses,
      instructorName: users.name,
      createdAtExact: sql<string>`to_char(${courses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      ratingExact: sql<string>`${courses.rating}::text`,
      lecturesJson,
      studentsCount,
      ...viewerColumns(viewer),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .$dynamic();
}
