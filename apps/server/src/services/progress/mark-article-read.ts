/**
 * Completing an article lesson (decision 0077): the learner marks it read. It is written to the same
 * `lecture_progress` rows as a watched video, complete at once (no watch time to credit: the article is
 * on the learner's screen), so the course's percentage, the rollups and the certificate count it exactly
 * like a completed video. Only an article, and only by a viewer who may open it (the rule of its body);
 * marking it again keeps its first completion time.
 */
import { ARTICLE_MESSAGES } from '@lectio/contracts/curriculum';
import { lectureProgress } from '@lectio/db';
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
  const now = ctx.now();
  await ctx.db
    .insert(lectureProgress)
    .values({
      userId: actor.id,
      lectureId: lecture.id,
      courseId: lecture.courseId,
      completed: true,
      completedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lectureProgress.userId, lectureProgress.lectureId],
      set: {
        completed: true,
        completedAt: sql`COALESCE(${lectureProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    });
  return {
    progress: { lectureId: lecture.id, watchedDuration: 0, completed: true },
    certificateId: await certificateAfterCompletion(ctx, actor, access, lecture.courseId),
  };
}
