/**
 * Lesson resources (issue 26 item 2, decision 0079): files a lesson carries for download. The course's
 * instructor or an admin uploads a file straight to storage (an upload target of kind `resource`) and
 * attaches it; the download URL is signed and short-lived, and only viewers who may open the lesson get
 * one: the same rule as the lesson's video (enrolled with its section open, a free preview, or managing
 * the course).
 */
import { type LessonResource, RESOURCE_LIMITS, RESOURCE_MESSAGES } from '@lectio/contracts/resources';
import { lectures, lessonResources } from '@lectio/db';
import { asc, count, eq } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse } from '../courses/course-access';
import { assertCourseMediaKey, deleteCourseFileQuietly } from '../courses/course-media';
import { mayOpenLesson } from '../courses/present-course';
import { loadVisibleLecture } from '../lectures/read-lectures';
import { loadManagedLecture } from '../lectures/update-lecture';

type ResourceRow = typeof lessonResources.$inferSelect;

async function present(ctx: ServiceContext, row: ResourceRow, open: boolean): Promise<LessonResource> {
  const ttl = ctx.config.storage.downloadUrlTtlSeconds;
  const downloadUrl = open
    ? await ctx.storage.downloadUrl(row.storageKey, {
        kind: 'resource',
        expiresInSeconds: ttl,
        fileName: row.fileName,
      })
    : null;
  return {
    _id: row.id,
    lectureId: row.lectureId,
    title: row.title,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.sizeBytes,
    downloadUrl,
    downloadUrlExpiresAt: downloadUrl ? new Date(ctx.now().getTime() + ttl * 1000).toISOString() : null,
    isLocked: !open,
  };
}

export async function listResources(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<LessonResource[]> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  const rows = await ctx.db
    .select()
    .from(lessonResources)
    .where(eq(lessonResources.lectureId, lecture.id))
    .orderBy(asc(lessonResources.createdAt), asc(lessonResources.id));
  const open = mayOpenLesson(lecture, access, ctx.now());
  return Promise.all(rows.map((row) => present(ctx, row, open)));
}

export async function attachResource(
  ctx: ServiceContext,
  actor: Actor,
  input: { lectureId: string; key: string; title: string; fileName: string },
): Promise<LessonResource> {
  const lecture = await loadManagedLecture(ctx, actor, input.lectureId);
  assertCourseMediaKey(lecture.courseId, 'resource', input.key, 'key');
  const stored = await ctx.storage.head(input.key);
  if (!stored)
    throw badRequest(RESOURCE_MESSAGES.fileMissing, [
      { path: 'key', message: RESOURCE_MESSAGES.fileMissing },
    ]);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    // The lecture row's lock orders concurrent attaches, so the limit holds.
    await tx
      .select({ id: lectures.id })
      .from(lectures)
      .where(eq(lectures.id, lecture.id))
      .for('no key update');
    const [held] = await tx
      .select({ resources: count() })
      .from(lessonResources)
      .where(eq(lessonResources.lectureId, lecture.id));
    if ((held?.resources ?? 0) >= RESOURCE_LIMITS.perLesson) throw conflict(RESOURCE_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(lessonResources)
      .values({
        lectureId: lecture.id,
        title: input.title,
        fileName: input.fileName,
        storageKey: input.key,
        contentType: stored.contentType,
        sizeBytes: stored.size,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: lessonResources.storageKey })
      .returning();
    return inserted;
  });
  // The same file attached twice is the same resource: a second attach is refused, nothing changes.
  if (!row) throw conflict(RESOURCE_MESSAGES.alreadyAttached);
  return present(ctx, row, true);
}

export async function deleteResource(ctx: ServiceContext, actor: Actor, resourceId: string): Promise<void> {
  if (!isUuid(resourceId)) throw notFound(RESOURCE_MESSAGES.notFound);
  const [found] = await ctx.db
    .select({ lectureId: lessonResources.lectureId, courseId: lectures.courseId })
    .from(lessonResources)
    .innerJoin(lectures, eq(lectures.id, lessonResources.lectureId))
    .where(eq(lessonResources.id, resourceId));
  if (!found) throw notFound(RESOURCE_MESSAGES.notFound);
  await assertCanManageCourse(
    ctx,
    actor,
    found.courseId,
    RESOURCE_MESSAGES.noPermission,
    RESOURCE_MESSAGES.notFound,
  );
  const [deleted] = await ctx.db
    .delete(lessonResources)
    .where(eq(lessonResources.id, resourceId))
    .returning({ key: lessonResources.storageKey });
  if (!deleted) throw notFound(RESOURCE_MESSAGES.notFound);
  // The row is gone first: a file left behind by a failed delete is only storage, never a broken link.
  await deleteCourseFileQuietly(ctx, found.courseId, deleted.key);
}

/** The storage keys of a lecture's resources, for deleting their files with the lecture. */
export async function resourceKeysOf(db: ServiceContext['db'], lectureId: string): Promise<string[]> {
  const rows = await db
    .select({ key: lessonResources.storageKey })
    .from(lessonResources)
    .where(eq(lessonResources.lectureId, lectureId));
  return rows.map((row) => row.key);
}
