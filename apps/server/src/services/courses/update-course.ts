/**
 * Updates a course (its instructor or an admin). Every field is optional; the price arrives in major
 * units and is stored in minor units. `isPublished` and `status` move together when only one of them is
 * sent and it is one of the two known states (publishing sets status 'published', 'draft' unpublishes);
 * any other status is stored as sent. A new thumbnail is a storage key under the course's thumbnail
 * folder that exists; the previous thumbnail file is then removed. A course is published only when every
 * lecture has its video (400 naming the first that hasn't). When an admin publishes or unpublishes
 * someone else's course, its instructor is notified in the same transaction.
 */
import type { Course, UpdateCourseRequest } from '@lectio/contracts/course';
import { updateCourseRequestSchema } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { courses, lectures, type NewCourse, quizQuestions } from '@lectio/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors';
import { toMinorUnits } from '../../lib/money';
import type { Actor, ServiceContext } from '../context';
import { notifyPublication } from '../notifications/events';
import { invalidateCatalogue } from './catalogue-cache';
import { assertCanManageCourse } from './course-access';
import { assertStoredCourseMedia, deleteCourseFileQuietly } from './course-media';
import { presentCourseById } from './get-course';

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
  // A published course must play: every video lesson needs its video first (issue 15; an article has none).
  if (changes.isPublished === true && !course.isPublished) {
    const [empty] = await ctx.db
      .select({ title: lectures.title })
      .from(lectures)
      .where(and(eq(lectures.courseId, course.id), eq(lectures.kind, 'video'), isNull(lectures.videoKey)))
      .orderBy(asc(lectures.position), asc(lectures.createdAt))
      .limit(1);
    if (empty) throw badRequest(COURSE_MESSAGES.lectureWithoutVideo(empty.title));
    // Every quiz needs a question to be taken (decision 0081).
    const [emptyQuiz] = await ctx.db
      .select({ title: lectures.title })
      .from(lectures)
      .where(
        and(
          eq(lectures.courseId, course.id),
          eq(lectures.kind, 'quiz'),
          sql`not exists (select 1 from ${quizQuestions} where ${quizQuestions.lectureId} = ${lectures.id})`,
        ),
      )
      .orderBy(asc(lectures.position), asc(lectures.createdAt))
      .limit(1);
    if (emptyQuiz) throw badRequest(QUIZ_MESSAGES.publishNeedsQuestions(emptyQuiz.title));
  }
  const newThumbnail = body.public_id !== undefined && body.public_id !== course.thumbnailKey;
  if (newThumbnail && body.public_id !== undefined) {
    await assertStoredCourseMedia(ctx, course.id, 'thumbnail', body.public_id);
    changes.thumbnailKey = body.public_id;
    changes.thumbnailUrl = null;
  }
  await ctx.db.transaction(async (tx) => {
    // Locked, so a concurrent publish and unpublish each see the state the other left.
    const [before] = await tx
      .select({ isPublished: courses.isPublished })
      .from(courses)
      .where(eq(courses.id, course.id))
      .for('update');
    await tx
      .update(courses)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(courses.id, course.id));
    const published = changes.isPublished;
    if (before && published !== undefined && published !== before.isPublished)
      await notifyPublication(tx, ctx.now(), { courseId: course.id, published, actorId: actor.id });
  });
  invalidateCatalogue(ctx);
  if (newThumbnail) await deleteCourseFileQuietly(ctx, course.id, course.thumbnailKey);

  const updated = await presentCourseById(ctx, actor, course.id);
  if (!updated) throw new Error('the updated course vanished');
  return updated;
}
