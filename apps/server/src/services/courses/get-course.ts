/** One course with its viewer-dependent fields; a course the viewer may not see is 404 (drafts don't leak). */
import type { Course } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { courses } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { selectCourseRows } from './course-rows';
import { presentCourses } from './present-course';

/** The course as `actor` sees it, without checking whether they may see it (after a write, for its author). */
export async function presentCourseById(
  ctx: ServiceContext,
  actor: Actor | null,
  courseId: string,
): Promise<Course | undefined> {
  if (!isUuid(courseId)) return undefined;
  const rows = await selectCourseRows(ctx.db, actor).where(eq(courses.id, courseId)).limit(1);
  const [course] = await presentCourses(ctx, actor, rows);
  return course;
}

export async function getCourse(ctx: ServiceContext, actor: Actor | null, courseId: string): Promise<Course> {
  const course = await presentCourseById(ctx, actor, courseId);
  // canAccessAll means "manages or bought it": with published, that is exactly who may see the course.
  if (!course || !(course.isPublished || course.canAccessAll)) throw notFound(COURSE_MESSAGES.courseNotFound);
  return course;
}
