/**
 * E-mail verification (docs/decisions/0035-mail-and-account-tokens.md): sign-up queues a link valid
 * EMAIL_VERIFICATION_TTL_HOURS (in the sign-up's transaction), a signed-in user can ask for another, and
 * opening one sets users.email_verified_at. Unverified accounts can do everything else; the web app shows
 * a banner until the address is verified.
 */
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  type VerifyEmailRequest,
  verifyEmailRequestSchema,
} from '@lectio/contracts/account';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@lectio/contracts/messages';
import { type Database, users } from '@lectio/db';
import { and, eq, isNull } from 'drizzle-orm';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { emailVerificationMail } from '../../mail/templates';
import type { Actor, ServiceContext } from '../context';
import { mailTokenLink, spendToken, voidTokens } from './account-tokens';

/** Creates a verification token for the account and queues its e-mail, in `tx` when given. */
export async function sendVerificationEmail(
  ctx: ServiceContext,
  user: { id: string; name: string; email: string },
  tx?: Database,
): Promise<void> {
  const now = ctx.now();
  const queue = (db: Database) =>
    mailTokenLink(ctx, db, {
      user,
      purpose: 'email_verification',
      now,
      ttlMs: EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
      compose: emailVerificationMail,
    });
  await (tx ? queue(tx) : ctx.db.transaction(queue));
}

export async function verifyEmail(ctx: ServiceContext, input: VerifyEmailRequest): Promise<void> {
  const { token } = verifyEmailRequestSchema.parse(input);
  const now = ctx.now();
  const invalid = () =>
    badRequest(ACCOUNT_MESSAGES.verificationLinkInvalid, [
      { path: 'token', message: ACCOUNT_MESSAGES.verificationLinkInvalid },
    ]);
  await ctx.db.transaction(async (tx) => {
    const userId = await spendToken(tx, token, 'email_verification', now);
    if (!userId) throw invalid();
    const [user] = await tx
      .select({ emailVerifiedAt: users.emailVerifiedAt, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.deletedAt) throw invalid();
    await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    await voidTokens(tx, userId, 'email_verification');
  });
}

export async function resendVerification(ctx: ServiceContext, actor: Actor): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  if (user.emailVerifiedAt) throw conflict(ACCOUNT_MESSAGES.alreadyVerified);
  await sendVerificationEmail(ctx, user);
}
