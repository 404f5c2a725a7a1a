/**
 * Puts a course's video lessons in a new order (its instructor or an admin): the spec's `/videos` reorder,
 * over the list `/videos` shows (decision 0077). The list must name every video lesson of the course
 * exactly once; each takes the place of the video at that rank, so articles keep their places. Positions
 * become 1..n in one transaction, under a lock on the course row.
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { lectures } from '@lectio/db';
import { lockCourse } from '@lectio/db/curriculum';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { assertCanManageCourse, MANAGER_ACCESS } from '../courses/course-access';
import { presentLecture } from '../courses/present-course';
import { lectureColumns, lectureOrder } from './lecture-fields';
import { writeLectureOrder } from './lecture-order';

export async function reorderLectures(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
  lectureIds: string[],
): Promise<Lecture[]> {
  const course = await assertCanManageCourse(ctx, actor, courseId);
  const ids = lectureIds.map((id) => id.toLowerCase());
  const rows = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const current = await tx
      .select({ id: lectures.id, kind: lectures.kind })
      .from(lectures)
      .where(eq(lectures.courseId, course.id))
      .orderBy(...lectureOrder);
    const known = new Set(current.filter((row) => row.kind === 'video').map((row) => row.id));
    const sameSet =
      ids.length === known.size && new Set(ids).size === ids.length && ids.every((id) => known.has(id));
    if (!sameSet) {
      throw badRequest(LECTURE_MESSAGES.reorderMismatch, [
        { path: 'lectureIds', message: LECTURE_MESSAGES.reorderMismatch },
      ]);
    }
    const videos = ids.values();
    const order = current.map((row) => (row.kind === 'video' ? (videos.next().value ?? row.id) : row.id));
    await writeLectureOrder(tx, course.id, order);
    return tx
      .select(lectureColumns)
      .from(lectures)
      .where(and(eq(lectures.courseId, course.id), eq(lectures.kind, 'video')))
      .orderBy(...lectureOrder);
  });
  invalidateCatalogue(ctx);
  return Promise.all(rows.map((row) => presentLecture(ctx, row, MANAGER_ACCESS)));
}
