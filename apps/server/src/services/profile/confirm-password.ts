/**
 * Re-authentication for the account-wide actions of the profile (password change, sign out everywhere,
 * deleting the account): the caller types their password again. A guess is a sign-in attempt: it goes
 * through the login throttle (services/auth/login-throttle.ts) for the account and the address, so a
 * stolen session can't be used to guess the password faster than the sign-in form allows.
 */
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@lectio/contracts/messages';
import { type User, users } from '@lectio/db';
import { verifyPassword } from '@lectio/db/password';
import { and, eq, isNull } from 'drizzle-orm';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { secondsUntil } from '../limits/counter-store';

/** Where the request came from: the throttle counts per account and per address. */
export interface RequestOrigin {
  ip: string;
}

/**
 * The actor's user row when `password` is theirs. A wrong one is a 400 with an issue on `field` (a form
 * field, not a session failure: 401/403 would make clients refresh and retry); 429 once the throttle
 * refuses, before the password is checked.
 */
export async function confirmPassword(
  ctx: ServiceContext,
  actor: Actor,
  password: string,
  field: string,
  origin: RequestOrigin,
): Promise<User> {
  const reservation = await ctx.loginThrottle.reserve(actor.email.toLowerCase(), origin.ip);
  if (!reservation.granted)
    throw tooManyRequests(AUTH_MESSAGES.tooManyLoginAttempts, secondsUntil(reservation.retryAt, ctx.now()));
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, actor.id), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(PROFILE_MESSAGES.wrongPassword, [
      { path: field, message: PROFILE_MESSAGES.wrongPassword },
    ]);
  }
  await reservation.attempt.succeeded();
  return user;
}
