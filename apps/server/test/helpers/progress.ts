/**
 * Watch time for tests of what completion leads to (certificates, refunds, percentages): arranges on the
 * server what the player's reports over a whole lecture would have left there (decision 0045), so the
 * completing report under test is accepted. progress.test.ts › "server-verified completion" sends the
 * reports themselves, with the app's clock moving.
 */
import { lectureProgress, lectures } from '@lectio/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from './test-app';

export async function arrangeWatched(t: TestApp, userId: string, lectureId: string): Promise<void> {
  const [lecture] = await t.db
    .select({ courseId: lectures.courseId, durationSeconds: lectures.durationSeconds })
    .from(lectures)
    .where(eq(lectures.id, lectureId));
  if (!lecture) throw new Error(`no lecture ${lectureId}`);
  const watched = {
    watchedSeconds: lecture.durationSeconds,
    creditedSeconds: lecture.durationSeconds,
    lastReportAt: new Date(),
  };
  await t.db
    .insert(lectureProgress)
    .values({ userId, lectureId, courseId: lecture.courseId, ...watched })
    .onConflictDoUpdate({ target: [lectureProgress.userId, lectureProgress.lectureId], set: watched });
}
