/**
 * Reading lectures: a course's lectures in order, and one lecture. A lecture is visible when its course
 * is (a draft course's lectures only to its instructor, admins and buyers); its video URL is there only
 * when the viewer may play it (see present-course.ts).
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { courses, lectures } from '@lectio/db';
import { eq } from 'drizzle-orm';
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
import { type LectureFields, lectureColumns, lectureOrder } from './lecture-fields';

export async function listLectures(
  ctx: ServiceContext,
  actor: Actor | null,
  courseId: string,
): Promise<Lecture[]> {
  const { course, access } = await loadVisibleCourse(ctx, actor, courseId);
  const rows = await ctx.db
    .select(lectureColumns)
    .from(lectures)
    .where(eq(lectures.courseId, course.id))
    .orderBy(...lectureOrder);
  return Promise.all(rows.map((row) => presentLecture(ctx, row, access)));
}

/** A lecture and the viewer's access to its course; 404 when it doesn't exist or the viewer may not see it. */
export async function loadVisibleLecture(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<{ lecture: LectureFields; access: CourseAccess }> {
  if (!isUuid(lectureId)) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  const [row] = await ctx.db
    .select({
      lecture: lectureColumns,
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
