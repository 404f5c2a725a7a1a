/** Shapes a user row as the API shows it: spec field names, never the password hash. */

import { permissionsFor, roleSchema } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import type { Database } from '@lectio/db';
import { enrollments, type User } from '@lectio/db';
import { eq } from 'drizzle-orm';

export async function purchasedCourseIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, userId))
    .orderBy(enrollments.createdAt);
  return rows.map((row) => row.courseId);
}

export function presentUser(user: User, purchasedCourses: string[]): PublicUser {
  const role = roleSchema.parse(user.role);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role,
    avatar: user.avatar,
    isActive: user.isActive,
    purchasedCourses,
    permissions: permissionsFor(role),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function loadPublicUser(db: Database, user: User): Promise<PublicUser> {
  return presentUser(user, await purchasedCourseIds(db, user.id));
}
