/**
 * Changing the password and signing out everywhere. Both confirm the current password first
 * (confirm-password.ts).
 *
 * - A new password ends every OTHER session of the account in the same transaction (their access tokens
 *   are refused on the next request, resolveActor checks the session each time; their refresh tokens no
 *   longer rotate), keeps the caller's, and voids unused password-reset links: whoever changed the
 *   password is the one who knows it now.
 * - Signing out everywhere ends every session, the caller's included.
 */
import { type ChangePasswordRequest, changePasswordRequestSchema } from '@lectio/contracts/profile';
import { accountTokens, users } from '@lectio/db';
import { hashPassword } from '@lectio/db/password';
import { and, eq, isNull } from 'drizzle-orm';
import { revokeAllSessions } from '../auth/auth-service';
import type { Actor, ServiceContext } from '../context';
import { confirmPassword, type RequestOrigin } from './confirm-password';

export async function changePassword(
  ctx: ServiceContext,
  actor: Actor,
  input: ChangePasswordRequest,
  origin: RequestOrigin,
): Promise<void> {
  const body = changePasswordRequestSchema.parse(input);
  await confirmPassword(ctx, actor, body.currentPassword, 'currentPassword', origin);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, actor.id));
    await revokeAllSessions(tx, now, actor.id, 'password_changed', actor.sessionId);
    await tx
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, actor.id),
          eq(accountTokens.purpose, 'password_reset'),
          isNull(accountTokens.usedAt),
        ),
      );
  });
}

export async function signOutEverywhere(
  ctx: ServiceContext,
  actor: Actor,
  password: string,
  origin: RequestOrigin,
): Promise<void> {
  await confirmPassword(ctx, actor, password, 'password', origin);
  await revokeAllSessions(ctx.db, ctx.now(), actor.id, 'signed_out_everywhere');
}
