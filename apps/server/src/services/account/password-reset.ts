/**
 * Password reset by e-mail (docs/decisions/0035-mail-and-account-tokens.md).
 *
 * - `requestPasswordReset` answers the same whatever the address: it only queues a job with the
 *   (lower-cased) address, the same single insert for every request, so neither the answer nor its timing
 *   depends on whether an account exists. The job (`sendPasswordResetMail`) looks the account up and, for
 *   an active, not deleted one, creates a token valid PASSWORD_RESET_TTL_MINUTES and queues the e-mail,
 *   unless the account already got PASSWORD_RESET_MAILS_PER_HOUR links in the last hour: then it sends
 *   nothing. The request's answer is the same either way, so a stranger's burst for someone's address
 *   neither tells them anything nor blocks the owner, who holds the links already sent (decision 0047).
 *   Requests are limited per client address only (RATE_LIMITS.passwordReset).
 * - `resetPassword` spends the token and, in the same transaction, sets the new password (argon2id), marks
 *   the address verified (the link proved it reaches its owner), ends every session of the account (their
 *   refresh tokens stop rotating, their access tokens are refused on the next request: resolveActor reads
 *   the session each time) and voids the account's other reset links.
 */
import {
  PASSWORD_RESET_TTL_MINUTES,
  type RequestPasswordReset,
  type ResetPasswordRequest,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
} from '@lectio/contracts/account';
import { ACCOUNT_MESSAGES } from '@lectio/contracts/messages';
import { accountTokens, users } from '@lectio/db';
import { hashPassword } from '@lectio/db/password';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { JobDefinition } from '../../jobs/job-queue';
import { badRequest } from '../../lib/errors';
import { passwordResetMail } from '../../mail/templates';
import { revokeAllSessions } from '../auth/auth-service';
import type { ServiceContext } from '../context';
import { isUsableToken, mailTokenLink, spendToken, voidTokens } from './account-tokens';

export const PASSWORD_RESET_QUEUE = 'account.password-reset';

const HOUR_MS = 60 * 60 * 1000;

export interface PasswordResetJob {
  /** Trimmed and lower-cased, as accounts are matched. */
  email: string;
}

const invalidResetLink = () =>
  badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, [
    { path: 'token', message: ACCOUNT_MESSAGES.resetLinkInvalid },
  ]);

export async function requestPasswordReset(ctx: ServiceContext, input: RequestPasswordReset): Promise<void> {
  const { email } = requestPasswordResetSchema.parse(input);
  const job: PasswordResetJob = { email: email.toLowerCase() };
  await ctx.jobs.send(PASSWORD_RESET_QUEUE, job);
}

export function passwordResetJob(ctx: ServiceContext): JobDefinition<PasswordResetJob> {
  return {
    name: PASSWORD_RESET_QUEUE,
    options: {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 60,
      expireInSeconds: 60,
      // The job holds an e-mail address: it goes soon after it ran.
      deleteAfterSeconds: 3600,
    },
    handler: (job) => sendPasswordResetMail(ctx, job.email),
  };
}

/** The job: a reset link for the active account with that address, if there is one; nothing otherwise. */
export async function sendPasswordResetMail(ctx: ServiceContext, email: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.isActive, true), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Under the account's lock, so concurrent jobs for one address count each other's links.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [sent] = await tx
      .select({ links: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.purpose, 'password_reset'),
          gt(accountTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((sent?.links ?? 0) >= ctx.config.mail.passwordResetMailsPerHour) return;
    await mailTokenLink(ctx, tx, {
      user,
      purpose: 'password_reset',
      now,
      ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
      compose: passwordResetMail,
    });
  });
}

export async function resetPassword(ctx: ServiceContext, input: ResetPasswordRequest): Promise<void> {
  const body = resetPasswordRequestSchema.parse(input);
  // A bad link is refused before the password is hashed (argon2 is the costly part of this call).
  if (!(await isUsableToken(ctx.db, body.token, 'password_reset', ctx.now()))) throw invalidResetLink();
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const userId = await spendToken(tx, body.token, 'password_reset', now);
    if (!userId) throw invalidResetLink();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)))
      .returning({ id: users.id });
    // Suspended or deleted since the link was sent: the link is void (and stays unspent: rolled back).
    if (!user) throw invalidResetLink();
    await revokeAllSessions(tx, now, userId, 'password_reset');
    await voidTokens(tx, userId, 'password_reset');
  });
}
