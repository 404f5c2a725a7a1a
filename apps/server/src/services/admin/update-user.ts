/**
 * PATCH /admin/users/{id}: suspend, activate or change the role of a user.
 *
 * - An admin can't suspend themselves or change their own role (400), so at least one active admin
 *   always remains. Sending one's current role or isActive=true is a harmless no-op.
 * - Suspending revokes every live session of the user in the same transaction: their access token is
 *   refused on the very next request (the per-request session check) and their refresh cookie no
 *   longer rotates. Activating does not revive old sessions; the user signs in again.
 * - A role change does not revoke sessions: every request re-reads the role with the session, so the
 *   new permissions apply at once, and the next refresh hands the client a token and payload with the
 *   new role.
 * - A changed role and a lifted suspension notify the user, in the same transaction.
 */

import { updateUserRequestSchema, type updateUserResponseSchema } from '@lectio/contracts/admin';
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import { roleSchema } from '@lectio/contracts/permissions';
import { type NewUser, users } from '@lectio/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { revokeAllSessions } from '../auth/auth-service';
import type { Actor, ServiceContext } from '../context';
import { notifyAccountChange } from '../notifications/events';

export type UpdateUserInput = z.input<typeof updateUserRequestSchema>;
/** The user as changed (the resolver wraps it in the answer with its message). */
export type UpdatedUser = z.output<typeof updateUserResponseSchema>['user'];

export async function updateUser(
  ctx: ServiceContext,
  actor: Actor,
  userId: string,
  input: UpdateUserInput,
): Promise<UpdatedUser> {
  const body = updateUserRequestSchema.parse(input);
  if (!isUuid(userId)) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (userId.toLowerCase() === actor.id.toLowerCase()) {
    if (body.isActive === false) throw badRequest(ADMIN_MESSAGES.cannotSuspendSelf);
    if (body.role !== undefined && body.role !== actor.role)
      throw badRequest(ADMIN_MESSAGES.cannotDemoteSelf);
  }

  const changes: Partial<NewUser> = { updatedAt: ctx.now() };
  if (body.isActive !== undefined) changes.isActive = body.isActive;
  if (body.role !== undefined) changes.role = body.role;

  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    const [user] = await tx
      .update(users)
      .set(changes)
      // A deleted account is gone as far as the admin screens go: 404, like an unknown id.
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id, role: users.role, isActive: users.isActive });
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (body.isActive === false) await revokeAllSessions(tx, ctx.now(), user.id, 'suspended');
    if (before)
      await notifyAccountChange(tx, ctx.now(), {
        userId: user.id,
        newRole: user.role !== before.role ? user.role : null,
        reactivated: user.isActive && !before.isActive,
      });
    return { _id: user.id, role: roleSchema.parse(user.role), isActive: user.isActive };
  });
}
