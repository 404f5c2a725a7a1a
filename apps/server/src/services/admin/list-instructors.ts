/**
 * GET /admin/instructors: every user whose role is instructor, by name (then e-mail), for the admin's
 * "Instructor" choice when creating a course (services/courses/create-course.ts accepts exactly these).
 * Suspended instructors are listed with isActive false: a course may still be assigned to them. Deleted
 * accounts are not listed.
 */
import type { InstructorList } from '@lectio/contracts/admin';
import { users } from '@lectio/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context';

export async function listInstructors(ctx: Pick<ServiceContext, 'db'>): Promise<InstructorList> {
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.role, 'instructor'), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.email));
  return {
    instructors: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      isActive: row.isActive,
    })),
  };
}
