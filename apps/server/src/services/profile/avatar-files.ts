/**
 * Which stored files may become a user's avatar, and removing the old one. The browser uploads straight
 * to storage and sends back the key it got; the server accepts only a key in the caller's own avatar
 * folder (so a key another user's upload produced, a course file or a URL is refused) whose file exists.
 */
import { PROFILE_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import { avatarFolder } from '../../storage/storage-port';
import type { ServiceContext } from '../context';
import { assertFileStored, deleteFileQuietly, isFileInFolder } from '../media/stored-files';

/** True when `key` is a file directly in the user's avatar folder (no sub-folders, no `..`). */
export function isOwnAvatarKey(userId: string, key: string): boolean {
  return isFileInFolder(avatarFolder(userId), key);
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
  await assertFileStored(ctx, key, field);
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
  if (key && isOwnAvatarKey(userId, key)) await deleteFileQuietly(ctx, key);
}
