/**
 * Adds a lesson at the end of a section, the course's last one unless the input names another (its
 * instructor or an admin); 409 once the course holds CURRICULUM_LIMITS.lessons lessons. A video lesson
 * without a file is an empty slot for a later upload; the multipart upload route passes the stored file's
 * key and duration. An article holds its Markdown body and never a video (decision 0077); a quiz
 * gets its settings row with QUIZ_DEFAULTS and no questions yet (decision 0081).
 */
import { ARTICLE_MESSAGES, CURRICULUM_LIMITS, CURRICULUM_MESSAGES } from '@lectio/contracts/curriculum';
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { createLessonRequestSchema, Lecture } from '@lectio/contracts/lecture';
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { lectures } from '@lectio/db';
import { lastSectionOf, lockCourse, renumberCurriculum } from '@lectio/db/curriculum';
import { count, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { assertCanManageCourse, MANAGER_ACCESS } from '../courses/course-access';
import { assertCourseMediaKey } from '../courses/course-media';
import { presentLecture } from '../courses/present-course';
import { sectionOfCourse } from '../curriculum/sections';
import { createQuizSettings } from '../quizzes/edit-quiz';
import { queueVideoProcessing } from '../video/video-processing';
import { clampDuration } from './lecture-duration';
import { lessonColumns } from './lecture-fields';

export type CreateLectureInput = z.output<typeof createLessonRequestSchema>;

/** A file already in storage (the upload route streamed it there) to attach to the new lecture. */
export interface LectureMedia {
  videoKey: string;
  /** Seconds, as the client or the file's metadata reported it; clamped to [0, 24 h]. */
  durationSeconds?: number | null;
}

export async function createLecture(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateLectureInput,
  media?: LectureMedia,
): Promise<Lecture> {
  const kind = input.kind ?? 'video';
  if (media && kind === 'article') throw badRequest(ARTICLE_MESSAGES.noVideoOnArticle);
  if (media && kind === 'quiz') throw badRequest(QUIZ_MESSAGES.noVideoOnQuiz);
  const course = await assertCanManageCourse(ctx, actor, input.courseId);
  if (media) assertCourseMediaKey(course.id, 'lecture', media.videoKey, 'lecture');
  const hasDuration = media?.durationSeconds !== undefined && media.durationSeconds !== null;
  const duration = hasDuration ? clampDuration(media?.durationSeconds ?? 0) : 0;
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const sectionId = input.sectionId
      ? await sectionOfCourse(tx, course.id, input.sectionId)
      : await lastSectionOf(tx, course.id, now);
    // Last in its section: after every lecture of the course, then renumbered in curriculum order.
    const [last] = await tx
      .select({ lessons: count(), position: max(lectures.position) })
      .from(lectures)
      .where(eq(lectures.courseId, course.id));
    if ((last?.lessons ?? 0) >= CURRICULUM_LIMITS.lessons) throw conflict(CURRICULUM_MESSAGES.tooManyLessons);
    const [inserted] = await tx
      .insert(lectures)
      .values({
        courseId: course.id,
        sectionId,
        title: input.title,
        kind,
        // The input's schema refused a body on a video; an empty one is no body.
        body: kind === 'article' ? (input.body ?? '') : '',
        description: input.description ?? '',
        isPreview: input.isPreview ?? false,
        position: (last?.position ?? 0) + 1,
        videoKey: media?.videoKey ?? null,
        durationSeconds: duration,
        formattedDuration: hasDuration ? formatLectureDuration(duration) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: lectures.id });
    if (!inserted) throw new Error('lecture insert returned no row');
    if (kind === 'quiz') await createQuizSettings(tx, inserted.id, now);
    if (media) await queueVideoProcessing(ctx, tx, { id: inserted.id, videoKey: media.videoKey });
    await renumberCurriculum(tx, course.id);
    const [placed] = await tx.select(lessonColumns).from(lectures).where(eq(lectures.id, inserted.id));
    return placed;
  });
  if (!row) throw new Error('lecture insert returned no row');
  invalidateCatalogue(ctx);
  return presentLecture(ctx, row, MANAGER_ACCESS);
}
