/**
 * Deletes a lecture (its course's instructor or an admin) with its resources, closes the gap in the
 * positions, then removes its video and resource files. A file that is already gone never fails the delete.
 */
import { lectures } from '@lectio/db';
import { lockCourse } from '@lectio/db/curriculum';
import { eq } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { deleteCourseFileQuietly } from '../courses/course-media';
import { resourceKeysOf } from '../resources/resources';
import { lectureOrder } from './lecture-fields';
import { writeLectureOrder } from './lecture-order';
import { loadManagedLecture } from './update-lecture';

export async function deleteLecture(ctx: ServiceContext, actor: Actor, lectureId: string): Promise<void> {
  const lecture = await loadManagedLecture(ctx, actor, lectureId);
  const resourceKeys = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, lecture.courseId);
    const keys = await resourceKeysOf(tx, lecture.id);
    await tx.delete(lectures).where(eq(lectures.id, lecture.id));
    const rest = await tx
      .select({ id: lectures.id })
      .from(lectures)
      .where(eq(lectures.courseId, lecture.courseId))
      .orderBy(...lectureOrder);
    await writeLectureOrder(
      tx,
      lecture.courseId,
      rest.map((row) => row.id),
    );
    return keys;
  });
  invalidateCatalogue(ctx);
  for (const key of [lecture.videoKey, ...resourceKeys]) {
    await deleteCourseFileQuietly(ctx, lecture.courseId, key);
  }
}
