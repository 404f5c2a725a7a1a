/**
 * Watch progress (spec sections 3, 4 and 7). Rules:
 * - only a video lesson has watch progress: an article is marked read instead (mark-article-read.ts,
 *   decision 0077), and a report on one is a 400;
 * - progress is recorded only by someone who may play the lecture (a buyer, the course's instructor, an
 *   admin, or anyone on a free preview lecture); anyone else gets 404 (the lecture can't be seen) or 403;
 * - watchedDuration is clamped to [0, the lecture's duration] and stored in whole seconds; when the
 *   duration is unknown (0) only the upper bound of a lecture's maximum length applies;
 * - watch time is credited by the server, not taken on the client's word (decision 0045): each report
 *   credits how far the position moved on since the previous report, but no more than twice the
 *   wall-clock time between the two (plus a second), and nothing across a gap longer than
 *   MAX_REPORT_GAP_SECONDS (a new sitting: that report only sets the clock). The player reports every
 *   second or two while it plays, and once when playback starts;
 * - `completed: true` counts only once the credited time covers COMPLETION_MIN_WATCHED_PERCENT (90) of
 *   the lecture's duration: before that it is a 400 and nothing is written. A lecture whose duration is
 *   unknown (0) has nothing to measure against and completes on the report;
 * - completed stays completed: a later update with completed=false keeps it (and its completion time);
 * - completionPercentage = completed lessons of the course (of every kind) / its lessons x 100 (0 without
 *   lessons), the same figure the course cards show;
 * - once every lecture of a course is complete, its enrolled student gets their certificate
 *   (services/certificates/issue-certificate.ts, right after the progress write).
 */

import { ARTICLE_MESSAGES, CURRICULUM_MESSAGES, type LessonKind } from '@lectio/contracts/curriculum';
import { PROGRESS_MESSAGES } from '@lectio/contracts/messages';
import type { LectureProgress } from '@lectio/contracts/progress';
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import type { Database } from '@lectio/db';
import { lectureProgress, lectures } from '@lectio/db';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, forbidden } from '../../lib/errors';
import { issueCertificateIfComplete } from '../certificates/issue-certificate';
import type { Actor, ServiceContext } from '../context';
import { type CourseAccess, loadVisibleCourse, mayPlayLecture } from '../courses/course-access';
import { completionPercentage } from '../courses/present-course';
import { closedUntil } from '../curriculum/drip';
import { MAX_LECTURE_SECONDS } from '../lectures/lecture-duration';
import { type LessonFields, lectureOrder } from '../lectures/lecture-fields';
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

/** Longer than this between two reports is a new sitting: the report credits nothing, it sets the clock. */
export const MAX_REPORT_GAP_SECONDS = 60;
/** Playback faster than this (2x) is not credited in full. */
export const MAX_PLAYBACK_SPEED = 2;

/** What the server had of this learner and lecture before a report. */
export interface PriorReport {
  watchedSeconds: number;
  creditedSeconds: number;
  lastReportAt: Date | null;
}

/**
 * The seconds a report at `position` credits: how far the position moved on since the prior report, at
 * most MAX_PLAYBACK_SPEED times the wall-clock seconds between them plus one (positions are whole
 * seconds), and nothing for a first report or one after a gap (see the module's header).
 */
export function creditedBy(prior: PriorReport | undefined, position: number, now: Date): number {
  if (!prior?.lastReportAt) return 0;
  const elapsed = (now.getTime() - prior.lastReportAt.getTime()) / 1000;
  if (!(elapsed >= 0) || elapsed > MAX_REPORT_GAP_SECONDS) return 0;
  const advance = position - prior.watchedSeconds;
  if (advance <= 0) return 0;
  return Math.min(advance, Math.floor(elapsed * MAX_PLAYBACK_SPEED + 1));
}

/** The credited seconds a lecture of `durationSeconds` needs to count complete (0 when unknown). */
export function secondsToComplete(durationSeconds: number, percent: number): number {
  return durationSeconds > 0 ? Math.ceil((durationSeconds * percent) / 100) : 0;
}

async function priorReport(
  db: Database,
  userId: string,
  lectureId: string,
): Promise<(PriorReport & { completed: boolean }) | undefined> {
  const [row] = await db
    .select({
      watchedSeconds: lectureProgress.watchedSeconds,
      creditedSeconds: lectureProgress.creditedSeconds,
      lastReportAt: lectureProgress.lastReportAt,
      completed: lectureProgress.completed,
    })
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.lectureId, lectureId)));
  return row;
}

export interface RecordedProgress {
  progress: LectureProgress;
  /** The student's certificate for the course once it is complete (see issue-certificate.ts), else null. */
  certificateId: string | null;
}

/**
 * The lesson whose progress the actor records, once they may: 404 when they can't see it, 400 when it is
 * not of `kind` (with `wrongKind`), 403 when they may not open it or its section is not yet open to them.
 */
export async function loadLessonForProgress(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
  kind: LessonKind,
  wrongKind: string,
): Promise<{ lecture: LessonFields; access: CourseAccess }> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  if (lecture.kind === 'quiz' && kind !== 'quiz') throw badRequest(QUIZ_MESSAGES.completedByPassing);
  if (lecture.kind !== kind) throw badRequest(wrongKind);
  if (!mayPlayLecture(access, lecture.isPreview)) throw forbidden(PROGRESS_MESSAGES.noAccess);
  // A lesson of a section not yet open to this learner (drip) earns nothing before it opens.
  const closed = closedUntil(lecture, access, ctx.now());
  if (closed) throw forbidden(CURRICULUM_MESSAGES.sectionLocked(closed.toISOString()));
  return { lecture, access };
}

/**
 * After a write that left a lesson complete: the student's certificate once the whole course is, else
 * null. Only enrolled students earn certificates (not the course's instructor, admins, or preview viewers).
 */
export async function certificateAfterCompletion(
  ctx: ServiceContext,
  actor: Actor,
  access: CourseAccess,
  courseId: string,
): Promise<string | null> {
  return access.isEnrolled ? issueCertificateIfComplete(ctx, actor.id, courseId) : null;
}

export async function recordProgress(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
  input: RecordProgressInput,
): Promise<RecordedProgress> {
  const { lecture, access } = await loadLessonForProgress(
    ctx,
    actor,
    lectureId,
    'video',
    ARTICLE_MESSAGES.noWatchProgress,
  );

  const watched = clampWatched(input.watchedDuration, lecture.durationSeconds);
  const now = ctx.now();
  const prior = await priorReport(ctx.db, actor.id, lectureId);
  const upper = lecture.durationSeconds > 0 ? lecture.durationSeconds : MAX_LECTURE_SECONDS;
  // Concurrent reports of one lecture each add to the same prior, and the last write wins: credit can be
  // lost that way, never added twice.
  const credited = Math.min((prior?.creditedSeconds ?? 0) + creditedBy(prior, watched, now), upper);
  const percent = ctx.config.marketplace.completionMinWatchedPercent;
  if (input.completed && !prior?.completed && credited < secondsToComplete(lecture.durationSeconds, percent))
    throw badRequest(PROGRESS_MESSAGES.notWatchedEnough(percent));
  const [saved] = await ctx.db
    .insert(lectureProgress)
    .values({
      userId: actor.id,
      lectureId,
      courseId: lecture.courseId,
      watchedSeconds: watched,
      creditedSeconds: credited,
      lastReportAt: now,
      completed: input.completed,
      completedAt: input.completed ? now : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lectureProgress.userId, lectureProgress.lectureId],
      set: {
        watchedSeconds: watched,
        creditedSeconds: credited,
        lastReportAt: now,
        completed: sql`${lectureProgress.completed} OR excluded.completed`,
        completedAt: sql`COALESCE(${lectureProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning({ watchedSeconds: lectureProgress.watchedSeconds, completed: lectureProgress.completed });
  if (!saved) throw new Error('progress upsert returned no row');
  const certificateId = saved.completed
    ? await certificateAfterCompletion(ctx, actor, access, lecture.courseId)
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
