/**
 * Updates a lesson (its course's instructor or an admin): title, description, preview flag, position,
 * and the video of a video lesson or the body of an article (decision 0077; each refuses the other's with
 * 400). A new video is a storage key under the course's lecture folder that exists (the client's
 * secure_url is ignored); its duration is clamped and formatted here, and the replaced file is removed.
 * Without a duration a new video's length is unknown (0, no formatted value) until one is sent.
 */

import { ARTICLE_MESSAGES } from '@lectio/contracts/curriculum';
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { Lecture, updateLectureRequestSchema } from '@lectio/contracts/lecture';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { type Lecture as LectureRow, lectures, type NewLecture } from '@lectio/db';
import { lockCourse } from '@lectio/db/curriculum';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { assertCanManageCourse, MANAGER_ACCESS } from '../courses/course-access';
import { assertStoredCourseMedia, deleteCourseFileQuietly } from '../courses/course-media';
import { presentLecture } from '../courses/present-course';
import { queueVideoProcessing } from '../video/video-processing';
import { clampDuration } from './lecture-duration';
import { lectureOrder, lessonColumns } from './lecture-fields';
import { moveTo, writeLectureOrder } from './lecture-order';

export type UpdateLectureInput = z.output<typeof updateLectureRequestSchema>;

/** The lecture and its course, when the actor may manage it; 404 when they may not even see it. */
export async function loadManagedLecture(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
): Promise<LectureRow> {
  if (!isUuid(lectureId)) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  const [lecture] = await ctx.db.select().from(lectures).where(eq(lectures.id, lectureId)).limit(1);
  if (!lecture) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  await assertCanManageCourse(ctx, actor, lecture.courseId, undefined, LECTURE_MESSAGES.lectureNotFound);
  return lecture;
}

/**
 * A video lesson takes no body; an article takes no video file or duration; a quiz neither (400, nothing
 * changed).
 */
function assertFieldsOfKind(lecture: LectureRow, input: UpdateLectureInput): void {
  if (lecture.kind === 'video' && input.body !== undefined) {
    throw badRequest(ARTICLE_MESSAGES.bodyOnlyOnArticles, [
      { path: 'body', message: ARTICLE_MESSAGES.bodyOnlyOnArticles },
    ]);
  }
  if (lecture.kind === 'quiz') {
    const field =
      input.body !== undefined
        ? 'body'
        : input.public_id !== undefined
          ? 'public_id'
          : input.duration !== undefined
            ? 'duration'
            : null;
    if (field)
      throw badRequest(QUIZ_MESSAGES.noVideoOnQuiz, [{ path: field, message: QUIZ_MESSAGES.noVideoOnQuiz }]);
  }
  if (lecture.kind === 'article') {
    const field =
      input.public_id !== undefined ? 'public_id' : input.duration !== undefined ? 'duration' : null;
    if (field)
      throw badRequest(ARTICLE_MESSAGES.noVideoOnArticle, [
        { path: field, message: ARTICLE_MESSAGES.noVideoOnArticle },
      ]);
  }
}

export async function updateLecture(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
  input: UpdateLectureInput,
): Promise<Lecture> {
  const lecture = await loadManagedLecture(ctx, actor, lectureId);
  assertFieldsOfKind(lecture, input);
  const changes: Partial<NewLecture> = {
    title: input.title,
    description: input.description,
    isPreview: input.isPreview,
    body: input.body,
  };
  const newVideo = input.public_id !== undefined && input.public_id !== lecture.videoKey;
  if (newVideo && input.public_id !== undefined) {
    await assertStoredCourseMedia(ctx, lecture.courseId, 'lecture', input.public_id);
    changes.videoKey = input.public_id;
    changes.durationSeconds = 0;
    changes.formattedDuration = null;
  }
  if (input.duration !== undefined) {
    changes.durationSeconds = clampDuration(input.duration);
    changes.formattedDuration = formatLectureDuration(changes.durationSeconds);
  }

  const row = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, lecture.courseId);
    await tx
      .update(lectures)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(lectures.id, lecture.id));
    if (newVideo && changes.videoKey) {
      await queueVideoProcessing(ctx, tx, { id: lecture.id, videoKey: changes.videoKey });
    }
    if (input.order !== undefined) {
      const siblings = await tx
        .select({ id: lectures.id })
        .from(lectures)
        .where(eq(lectures.courseId, lecture.courseId))
        .orderBy(...lectureOrder);
      const ids = moveTo(
        siblings.map((sibling) => sibling.id),
        lecture.id,
        input.order,
      );
      await writeLectureOrder(tx, lecture.courseId, ids);
    }
    const [updated] = await tx.select(lessonColumns).from(lectures).where(eq(lectures.id, lecture.id));
    return updated;
  });
  if (!row) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  invalidateCatalogue(ctx);
  if (newVideo) await deleteCourseFileQuietly(ctx, lecture.courseId, lecture.videoKey);
  return presentLecture(ctx, row, MANAGER_ACCESS);
}
