/**
 * Media keys a course or lecture may point at. The browser uploads straight to storage and then sends
 * the key it got (`public_id`); the server accepts only a key under this course's folder for that kind
 * (`courses/{courseId}/{kind}/...`, the storage layout) that really exists, and derives every URL from
 * the key itself, ignoring the client's `secure_url`.
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import { courseMediaPrefix, type MediaKind } from '../../storage/storage-port';
import type { ServiceContext } from '../context';
import { assertFileStored, deleteFileQuietly, isFileInFolder } from '../media/stored-files';

export const courseKindFolder = (courseId: string, kind: MediaKind) =>
  `${courseMediaPrefix(courseId)}${kind}/`;

/** True when `key` is a file directly in the course's folder for `kind` (no sub-folders, no `..`). */
export function isCourseMediaKey(courseId: string, kind: MediaKind, key: string): boolean {
  return isFileInFolder(courseKindFolder(courseId, kind), key);
}

export function assertCourseMediaKey(courseId: string, kind: MediaKind, key: string, field = 'public_id') {
  if (!isCourseMediaKey(courseId, kind, key)) {
    throw badRequest(COURSE_MESSAGES.mediaKeyNotInCourse, [
      { path: field, message: COURSE_MESSAGES.mediaKeyNotInCourse },
    ]);
  }
}

/** 400 unless the key belongs to the course's folder for `kind` and the file is in storage. */
export async function assertStoredCourseMedia(
  ctx: ServiceContext,
  courseId: string,
  kind: MediaKind,
  key: string,
  field = 'public_id',
): Promise<void> {
  assertCourseMediaKey(courseId, kind, key, field);
  await assertFileStored(ctx, key, field);
}

/**
 * Deletes a file the course owned, after its row is gone or points elsewhere. Only keys under the
 * course's own folder: demo media is shared between courses. Never fails the caller: the row change has
 * happened, and a left-over file costs only space.
 */
export async function deleteCourseFileQuietly(
  ctx: ServiceContext,
  courseId: string,
  key: string | null | undefined,
): Promise<void> {
  if (key?.startsWith(courseMediaPrefix(courseId))) await deleteFileQuietly(ctx, key);
}

/** Removes every stored file of a deleted course; like deleteCourseFileQuietly, never fails the caller. */
export async function deleteCourseFilesQuietly(ctx: ServiceContext, courseId: string): Promise<void> {
  try {
    await ctx.storage.deletePrefix(courseMediaPrefix(courseId));
  } catch (error) {
    console.warn(`lectio: could not delete the stored files of course ${courseId}:`, error);
  }
}
