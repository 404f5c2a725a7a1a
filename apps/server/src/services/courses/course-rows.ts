/** The one select every course read starts from: the course, its instructor's name and its exact position. */
import { type Course as CourseRow, courses, type Database, users } from '@lectio/db';
import { eq, sql } from 'drizzle-orm';

export interface CourseListRow {
  course: CourseRow;
  instructorName: string;
  /** created_at with microseconds in UTC, for the pagination cursor. */
  createdAtExact: string;
}

const courseRowSelection = {
  course: courses,
  instructorName: users.name,
  createdAtExact: sql<string>`to_char(${courses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

export function selectCourseRows(db: Database) {
  return db
    .select(courseRowSelection)
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .$dynamic();
}
