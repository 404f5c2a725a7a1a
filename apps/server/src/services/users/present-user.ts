/** Shapes a user row as the API shows it: spec field names, never the password hash. */

import { permissionsFor, roleSchema } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import type { Database } from '@lectio/db';
import { enrollments, type User } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { isPublicKey } from '../../storage/media-keys';
import type { ServiceContext } from '../context';

/** What presenting a user needs: the database (their courses) and the storage (their avatar's URL). */
export type PresentUserContext = Pick<ServiceContext, 'db' | 'storage' | 'config'>;

export async function purchasedCourseIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, userId))
    .orderBy(enrollments.createdAt);
  return rows.map((row) => row.courseId);
}

/**
 * The URL of a stored avatar (`users.avatar` holds its storage key, services/profile/update-profile.ts),
 * or null. Avatars are public images: a stable URL anyone holding it may load, as thumbnails are.
 */
export async function avatarUrl(
  ctx: Pick<ServiceContext, 'storage' | 'config'>,
  key: string | null,
): Promise<string | null> {
  if (!key || !isPublicKey(key)) return null;
  return ctx.storage.downloadUrl(key, {
    kind: 'avatar',
    expiresInSeconds: ctx.config.storage.downloadUrlTtlSeconds,
  });
}

/** `avatar` is the URL to show (see `avatarUrl`), not the stored key. */
export function presentUser(user: User, purchasedCourses: string[], avatar: string | null): PublicUser {
  const role = roleSchema.parse(user.role);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role,
    avatar,
    isActive: user.isActive,
    emailVerified: user.emailVerifiedAt !== null,
    purchasedCourses,
    permissions: permissionsFor(role),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function loadPublicUser(ctx: PresentUserContext, user: User): Promise<PublicUser> {
  const [courses, avatar] = await Promise.all([
    purchasedCourseIds(ctx.db, user.id),
    avatarUrl(ctx, user.avatar),
  ]);
  return presentUser(user, courses, avatar);
}
