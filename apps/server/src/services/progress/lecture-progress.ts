/**
 * Watch progress (spec sections 3, 4 and 7). Rules:
 * - progress is recorded only by someone who may play the lecture (a buyer, the course's instructor, an
 *   admin, or anyone on a free preview lecture); anyone else gets 404 (the lecture can't be seen) or 403;
 * - watchedDuration is clamped to [0, the lecture's duration] and stored in whole seconds; when the
 *   duration is unknown (0) only the upper bound of a lecture's maximum length applies;
 * - completed stays completed: a later update with completed=false keeps it (and its completion time);
 * - completionPercentage = completed lectures of the course / its lectures x 100 (0 without lectures),
 *   the same figure the course cards show;
 * - once every lecture of a course is complete, its enrolled student gets their certificate
 *   (services/certificates/issue-certificate.ts, right after the progress write).
 */

import { PROGRESS_MESSAGES } from '@lectio/contracts/messages';
import type { LectureProgress } from '@lectio/contracts/progress';
import { lectureProgress, lectures } from '@lectio/db';
import { and, eq, sql } from 'drizzle-orm';
import { forbidden } from '../../lib/errors';
import { issueCertificateIfComplete } from '../certificates/issue-certificate';
import type { Actor, ServiceContext } from '../context';
import { loadVisibleCourse, mayPlayLecture } from '../courses/course-access';
import { completionPercentage } from '../courses/present-course';
import { MAX_LECTURE_SECONDS } from '../lectures/lecture-duration';
import { lectureOrder } from '../lectures/lecture-fields';
import { loadVisibleLecture } from '../lectures/read-lectures';

export interface RecordProgressInput {
  watchedDuration: number;
  completed: boolean;
}

/** Whole seconds within [0, duration] (or [0, MAX_LECTURE_SECONDS] when the duration is unknown). */
export function clampWatched(watched: number, durationSeconds: number): number {
  const upper = durationSeconds > 0 ? durationSeconds : MAX_LECTURE_SECONDS;
  if (!Number.isFinite(watched) || watched <= 0) return 0;
  return Math.min(Math.round(watched), upper);
}

export interface RecordedProgress {
  progress: LectureProgress;
  /** The student's certificate for the course once it is complete (see issue-certificate.ts), else null. */
  certificateId: string | null;
}

export async function recordProgress(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
  input: RecordProgressInput,
): Promise<RecordedProgress> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  if (!mayPlayLecture(access, lecture.isPreview)) throw forbidden(PROGRESS_MESSAGES.noAccess);

  const watched = clampWatched(input.watchedDuration, lecture.durationSeconds);
  const now = ctx.now();
  const [saved] = await ctx.db
    .insert(lectureProgress)
    .values({
      userId: actor.id,
      lectureId,
      courseId: lecture.courseId,
      watchedSeconds: watched,
      completed: input.completed,
      completedAt: input.completed ? now : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lectureProgress.userId, lectureProgress.lectureId],
      set: {
        watchedSeconds: watched,
        completed: sql`${lectureProgress.completed} OR excluded.completed`,
        completedAt: sql`COALESCE(${lectureProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning({ watchedSeconds: lectureProgress.watchedSeconds, completed: lectureProgress.completed });
  if (!saved) throw new Error('progress upsert returned no row');
  // Only enrolled students earn certificates (not the course's instructor, admins, or preview viewers).
  const certificateId =
    saved.completed && access.isEnrolled
      ? await issueCertificateIfComplete(ctx, actor.id, lecture.courseId)
      : null;
  return {
    progress: { lectureId, watchedDuration: saved.watchedSeconds, completed: saved.completed },
    certificateId,
  };
}

export interface CourseProgress {
  courseId: string;
  completionPercentage: number;
  lectures: LectureProgress[];
}

/** The caller's progress on a course they may see: per lecture (in course order) and the percentage. */
export async function getCourseProgress(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
): Promise<CourseProgress> {
  const { course } = await loadVisibleCourse(ctx, actor, courseId);
  const rows = await ctx.db
    .select({
      lectureId: lectures.id,
      watchedSeconds: lectureProgress.watchedSeconds,
      completed: lectureProgress.completed,
    })
    .from(lectures)
    .leftJoin(
      lectureProgress,
      and(eq(lectureProgress.lectureId, lectures.id), eq(lectureProgress.userId, actor.id)),
    )
    .where(eq(lectures.courseId, course.id))
    .orderBy(...lectureOrder);
  const completed = rows.filter((r) => r.completed === true).length;
  return {
    courseId: course.id,
    completionPercentage: completionPercentage(completed, rows.length),
    lectures: rows
      .filter((r) => r.watchedSeconds !== null)
      .map((r) => ({
        lectureId: r.lectureId,
        watchedDuration: r.watchedSeconds ?? 0,
        completed: r.completed ?? false,
      })),
  };
}
