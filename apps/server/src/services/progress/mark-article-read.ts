/**
 * Completing an article lesson (decision 0077): the learner marks it read. It is written to the same
 * `lecture_progress` rows as a watched video, complete at once (no watch time to credit: the article is
 * on the learner's screen), so the course's percentage, the rollups and the certificate count it exactly
 * like a completed video. Only an article, and only by a viewer who may open it (the rule of its body);
 * marking it again keeps its first completion time.
 */
import { ARTICLE_MESSAGES } from '@lectio/contracts/curriculum';
import { type Database, lectureProgress } from '@lectio/db';
import { sql } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { certificateAfterCompletion, loadLessonForProgress, type RecordedProgress } from './lecture-progress';

export async function markArticleRead(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
): Promise<RecordedProgress> {
  const { lecture, access } = await loadLessonForProgress(
    ctx,
    actor,
    lectureId,
    'article',
    ARTICLE_MESSAGES.onlyArticleRead,
  );
  await completeLesson(
    ctx.db,
    { userId: actor.id, lectureId: lecture.id, courseId: lecture.courseId },
    ctx.now(),
  );
  return {
    progress: { lectureId: lecture.id, watchedDuration: 0, completed: true },
    certificateId: await certificateAfterCompletion(ctx, actor, access, lecture.courseId),
  };
}

/**
 * Completes a lesson for a learner the way every kind without watch time does (an article marked read, a
 * quiz passed): a completed progress row, keeping the first completion time when it is done again.
 */
export async function completeLesson(
  db: Database,
  row: { userId: string; lectureId: string; courseId: string },
  now: Date,
): Promise<void> {
  await db
    .insert(lectureProgress)
    .values({ ...row, completed: true, completedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lectureProgress.userId, lectureProgress.lectureId],
      set: {
        completed: true,
        completedAt: sql`COALESCE(${lectureProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    });
}
