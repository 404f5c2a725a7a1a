/**
 * Updates a course (its instructor or an admin). Every field is optional; the price arrives in major
 * units and is stored in minor units. `isPublished` and `status` move together when only one of them is
 * sent and it is one of the two known states (publishing sets status 'published', 'draft' unpublishes);
 * any other status is stored as sent. A new thumbnail is a storage key under the course's thumbnail
 * folder that exists; the previous thumbnail file is then removed.
 */
import type { Course, UpdateCourseRequest } from '@lectio/contracts/course';
import { updateCourseRequestSchema } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { courses, type NewCourse } from '@lectio/db';
import { eq } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from './catalogue-cache';
import { assertCanManageCourse } from './course-access';
import { assertStoredCourseMedia, deleteCourseFileQuietly } from './course-media';
import { presentCourseById } from './get-course';
import { toMinorUnits } from './present-course';

function publicationChanges(body: UpdateCourseRequest): Pick<NewCourse, 'isPublished' | 'status'> {
  const changes: Pick<NewCourse, 'isPublished' | 'status'> = {};
  if (body.isPublished !== undefined) changes.isPublished = body.isPublished;
  if (body.status !== undefined) changes.status = body.status;
  if (body.isPublished !== undefined && body.status === undefined) {
    changes.status = body.isPublished ? 'published' : 'draft';
  }
  if (body.status !== undefined && body.isPublished === undefined) {
    if (body.status === 'published') changes.isPublished = true;
    if (body.status === 'draft') changes.isPublished = false;
  }
  return changes;
}

export async function updateCourse(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
  input: UpdateCourseRequest,
): Promise<Course> {
  const body = updateCourseRequestSchema.parse(input);
  const course = await assertCanManageCourse(ctx, actor, courseId, COURSE_MESSAGES.noUpdatePermission);

  const changes: Partial<NewCourse> = {
    title: body.title,
    shortDescription: body.shortDescription,
    description: body.description,
    category: body.category,
    level: body.level,
    requirements: body.requirements,
    whatYouWillLearn: body.whatYouWillLearn,
    tags: body.tags,
    priceMinor: body.price === undefined ? undefined : toMinorUnits(body.price),
    ...publicationChanges(body),
  };
  const newThumbnail = body.public_id !== undefined && body.public_id !== course.thumbnailKey;
  if (newThumbnail && body.public_id !== undefined) {
    await assertStoredCourseMedia(ctx, course.id, 'thumbnail', body.public_id);
    changes.thumbnailKey = body.public_id;
    changes.thumbnailUrl = null;
  }
  await ctx.db
    .update(courses)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(courses.id, course.id));
  invalidateCatalogue(ctx);
  if (newThumbnail) await deleteCourseFileQuietly(ctx, course.id, course.thumbnailKey);

  const updated = await presentCourseById(ctx, actor, course.id);
  if (!updated) throw new Error('the updated course vanished');
  return updated;
}
