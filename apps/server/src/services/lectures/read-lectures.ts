/**
 * Reading lectures: a course's video lessons in order (the spec's `/videos` list, decision 0077), and one
 * lesson of any kind. A lesson is visible when its course is (a draft course's lessons only to its
 * instructor, admins and buyers); its video URL or article body is there only when the viewer may open
 * it (see present-course.ts).
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { courses, lectures } from '@lectio/db';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import {
  type CourseAccess,
  canManageCourse,
  courseAccess,
  enrollmentDate,
  loadVisibleCourse,
} from '../courses/course-access';
import { presentLecture } from '../courses/present-course';
import { type LessonFields, lectureColumns, lectureOrder, lessonColumns } from './lecture-fields';

export async function listLectures(
  ctx: ServiceContext,
  actor: Actor | null,
  courseId: string,
): Promise<Lecture[]> {
  const { course, access } = await loadVisibleCourse(ctx, actor, courseId);
  const rows = await ctx.db
    .select(lectureColumns)
    .from(lectures)
    .where(and(eq(lectures.courseId, course.id), eq(lectures.kind, 'video')))
    .orderBy(...lectureOrder);
  return Promise.all(rows.map((row) => presentLecture(ctx, row, access)));
}

/**
 * A lesson (with an article's body) and the viewer's access to its course; 404 when it doesn't exist or the
 * viewer may not see it.
 */
export async function loadVisibleLecture(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<{ lecture: LessonFields; access: CourseAccess }> {
  if (!isUuid(lectureId)) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  const [row] = await ctx.db
    .select({
      lecture: lessonColumns,
      course: { instructorId: courses.instructorId, isPublished: courses.isPublished },
    })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(eq(lectures.id, lectureId))
    .limit(1);
  if (!row) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  const enrolledAt = canManageCourse(actor, row.course)
    ? null
    : await enrollmentDate(ctx, actor, row.lecture.courseId);
  const access = courseAccess(actor, row.course, enrolledAt);
  if (!access.canSee) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  return { lecture: row.lecture, access };
}

export async function getLecture(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<Lecture> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  return presentLecture(ctx, lecture, access);
}
