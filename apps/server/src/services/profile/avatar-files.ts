/**
 * Which stored files may become a user's avatar, and removing the old one. The browser uploads straight
 * to storage and sends back the key it got; the server accepts only a key in the caller's own avatar
 * folder (so a key another user's upload produced, a course file or a URL is refused) whose file exists.
 */
import { COURSE_MESSAGES, PROFILE_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import { avatarFolder } from '../../storage/storage-port';
import type { ServiceContext } from '../context';

/** True when `key` is a file directly in the user's avatar folder (no sub-folders, no `..`). */
export function isOwnAvatarKey(userId: string, key: string): boolean {
  const folder = avatarFolder(userId);
  const name = key.slice(folder.length);
  return key.startsWith(folder) && /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(name) && !name.includes('..');
}

/** 400 unless the key is the user's own avatar upload and the file is in storage. */
export async function assertStoredOwnAvatar(
  ctx: ServiceContext,
  userId: string,
  key: string,
  field = 'avatarKey',
): Promise<void> {
  if (!isOwnAvatarKey(userId, key)) {
    throw badRequest(PROFILE_MESSAGES.avatarKeyNotYours, [
      { path: field, message: PROFILE_MESSAGES.avatarKeyNotYours },
    ]);
  }
  if (!(await ctx.storage.head(key))) {
    throw badRequest(COURSE_MESSAGES.mediaFileMissing, [
      { path: field, message: COURSE_MESSAGES.mediaFileMissing },
    ]);
  }
}

/**
 * Deletes an avatar file the user no longer uses, after the row change is committed. Only keys in the
 * user's own folder. Never fails the caller: the change has happened, and a left-over file costs only space.
 */
export async function deleteAvatarFileQuietly(
  ctx: ServiceContext,
  userId: string,
  key: string | null | undefined,
): Promise<void> {
  if (!key || !isOwnAvatarKey(userId, key)) return;
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    console.warn(`lectio: could not delete stored file ${key}:`, error);
  }
}
