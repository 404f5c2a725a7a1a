/**
 * The checks every key a client sends back after a direct upload goes through (course media, avatars):
 * the key names a file directly in the folder the caller may use, and the file is really in storage.
 * And the quiet delete of a file a row no longer points at.
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import type { ServiceContext } from '../context';

/** True when `key` is a file directly in `folder` (no sub-folders, no `..`). */
export function isFileInFolder(folder: string, key: string): boolean {
  const name = key.slice(folder.length);
  return key.startsWith(folder) && /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(name) && !name.includes('..');
}

/** 400 on `field` unless the file is in storage. */
export async function assertFileStored(ctx: ServiceContext, key: string, field: string): Promise<void> {
  if (!(await ctx.storage.head(key))) {
    throw badRequest(COURSE_MESSAGES.mediaFileMissing, [
      { path: field, message: COURSE_MESSAGES.mediaFileMissing },
    ]);
  }
}

/** Deletes a stored file, never failing the caller: the row change has happened, a left-over file costs only space. */
export async function deleteFileQuietly(ctx: ServiceContext, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    console.warn(`lectio: could not delete stored file ${key}:`, error);
  }
}
