/**
 * Deletes a course (its instructor or an admin). Its lectures, enrollments and progress go with it in the
 * database (ON DELETE CASCADE; payments keep their rows with course_id null, so revenue stays true), then
 * its stored files (everything under courses/{id}/) are removed. A tombstone of its id is written in the same
 * transaction, so that its old address answers 410 Gone (decision 0091).
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { courses, deletedCourses } from '@lectio/db';
import { eq } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from './catalogue-cache';
import { assertCanManageCourse } from './course-access';
import { deleteCourseFilesQuietly } from './course-media';

export async function deleteCourse(ctx: ServiceContext, actor: Actor, courseId: string): Promise<void> {
  const course = await assertCanManageCourse(ctx, actor, courseId, COURSE_MESSAGES.noDeletePermission);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(courses).where(eq(courses.id, course.id));
    await tx
      .insert(deletedCourses)
      .values({ courseId: course.id, deletedAt: ctx.now() })
      .onConflictDoNothing();
  });
  invalidateCatalogue(ctx);
  await deleteCourseFilesQuietly(ctx, course.id);
}
