/**
 * PATCH /profile: the caller's name and avatar. The avatar is a storage key the caller's own upload
 * produced (avatar-files.ts), never a URL the client sends; the API shows it as a URL derived from the key.
 * The previous avatar file is removed once the new row is committed.
 */

import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { type UpdateProfileRequest, updateProfileRequestSchema } from '@lectio/contracts/profile';
import type { PublicUser } from '@lectio/contracts/user';
import { type NewUser, users } from '@lectio/db';
import { and, eq, isNull } from 'drizzle-orm';
import { unauthorized } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { loadPublicUser } from '../users/present-user';
import { assertStoredOwnAvatar, deleteAvatarFileQuietly } from './avatar-files';

export async function updateProfile(
  ctx: ServiceContext,
  actor: Actor,
  input: UpdateProfileRequest,
): Promise<PublicUser> {
  const body = updateProfileRequestSchema.parse(input);
  if (typeof body.avatarKey === 'string') await assertStoredOwnAvatar(ctx, actor.id, body.avatarKey);

  const changes: Partial<NewUser> = { updatedAt: ctx.now() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.avatarKey !== undefined) changes.avatar = body.avatarKey;

  const live = and(eq(users.id, actor.id), isNull(users.deletedAt));
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ avatar: users.avatar }).from(users).where(live).for('update');
    if (!current) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    const [updated] = await tx.update(users).set(changes).where(live).returning();
    if (!updated) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    return { before: current.avatar, after: updated };
  });
  if (before !== after.avatar) await deleteAvatarFileQuietly(ctx, actor.id, before);
  return loadPublicUser(ctx, after);
}
