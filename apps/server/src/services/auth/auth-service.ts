/**
 * Sign-up, sign-in, refresh-token rotation, sign-out and the per-request actor check.
 * HTTP-free: the REST and tRPC layers set cookies and map errors.
 */
import { randomUUID } from 'node:crypto';
import type { AuthSession as AuthSessionPayload, LoginRequest, SignupRequest } from '@lectio/contracts/auth';
import { loginRequestSchema, signupRequestSchema } from '@lectio/contracts/auth';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { roleSchema } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import { authSessions, type Database, isUniqueViolation, users } from '@lectio/db';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '@lectio/db/password';
import { and, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { AppError, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { signupAttemptMail } from '../../mail/templates';
import { sendVerificationEmail } from '../account/email-verification';
import type { Actor, ServiceContext } from '../context';
import { secondsUntil } from '../limits/counter-store';
import { enqueueMail } from '../mail/enqueue-mail';
import { loadPublicUser, presentUser } from '../users/present-user';
import { hashTokenId, type TokenService } from './tokens';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface IssuedSession {
  payload: AuthSessionPayload;
  refreshToken: string;
  expiresAt: Date;
  persistent: boolean;
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
};

/**
 * Creates a student account with its verification e-mail. An address that has an account already
 * (decision 0048): by default the answer is the one a new account gets, for a student that exists only in
 * the answer, and the owner is e-mailed instead; SIGNUP_EXISTING_EMAIL=conflict answers 409. Either way
 * the password is hashed first, so the time taken doesn't tell the two apart.
 */
export async function signUp(ctx: ServiceContext, input: SignupRequest): Promise<PublicUser> {
  const body = signupRequestSchema.parse(input);
  const passwordHash = await hashPassword(body.password);
  try {
    // The account and its verification e-mail (services/account) commit together.
    const user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ name: body.name, email: body.email, passwordHash, role: 'student' })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await sendVerificationEmail(ctx, created, tx);
      return created;
    });
    return await loadPublicUser(ctx, user);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (ctx.config.signupExistingEmail === 'conflict') throw conflict(AUTH_MESSAGES.emailAlreadyRegistered);
    await notifyOwnerOfSignupAttempt(ctx, body.email);
    return answerAsCreated(ctx, body);
  }
}

/** Tells the owner of `email` that someone tried to sign up with it (their queue, their inbox only). */
async function notifyOwnerOfSignupAttempt(ctx: ServiceContext, email: string): Promise<void> {
  const [owner] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!owner) return;
  await enqueueMail(ctx, {
    userId: owner.id,
    to: owner.email,
    ...signupAttemptMail({ name: owner.name, publicUrl: ctx.config.publicUrl }),
  });
}

/** The answer a new account would have got, for a student that was not created (no row, a new id). */
function answerAsCreated(ctx: ServiceContext, body: { name: string; email: string }): PublicUser {
  const now = ctx.now();
  return presentUser(
    {
      id: randomUUID(),
      name: body.name,
      email: body.email,
      passwordHash: '',
      role: 'student',
      avatar: null,
      isActive: true,
      emailVerifiedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    [],
    null,
  );
}

export async function logIn(
  ctx: ServiceContext,
  tokens: TokenService,
  input: LoginRequest,
  client: ClientInfo,
): Promise<IssuedSession> {
  const body = loginRequestSchema.parse(input);
  const account = body.email.toLowerCase();
  // Reserved before the password is checked, so concurrent guesses can't outrun the limits.
  const reservation = await ctx.loginThrottle.reserve(account, client.ip);
  if (!reservation.granted)
    throw tooManyRequests(AUTH_MESSAGES.tooManyLoginAttempts, secondsUntil(reservation.retryAt, ctx.now()));

  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${account}`).limit(1);
  let valid = false;
  if (user) valid = await verifyPassword(user.passwordHash, body.password);
  else await verifyPassword(await getDummyHash(), body.password);
  if (!user || !valid) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  await reservation.attempt.succeeded();
  if (!user.isActive) throw new AppError('FORBIDDEN', AUTH_MESSAGES.accountSuspended);

  if (passwordNeedsRehash(user.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: ctx.now() })
      .where(eq(users.id, user.id));
  }

  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.refreshTokenTtlDays * 86_400_000);
  const tokenId = randomUUID();
  const [session] = await ctx.db
    .insert(authSessions)
    .values({
      userId: user.id,
      refreshTokenHash: hashTokenId(tokenId),
      persistent: body.remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip,
    })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session insert returned no row');

  const role = roleSchema.parse(user.role);
  const [accessToken, refreshToken, publicUser] = await Promise.all([
    tokens.signAccess({ userId: user.id, sessionId: session.id, role }),
    tokens.signRefresh({ userId: user.id, sessionId: session.id, tokenId }, expiresAt),
    loadPublicUser(ctx, user),
  ]);
  return {
    payload: { accessToken, role, user: publicUser },
    refreshToken,
    expiresAt,
    persistent: body.remember,
  };
}

/** Ends the live sessions `which` selects; sessions already ended keep when and why they ended. */
async function endLiveSessions(
  db: Database,
  now: Date,
  which: SQL | undefined,
  reason: string,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(which, isNull(authSessions.revokedAt)));
}

async function revokeSession(ctx: ServiceContext, sessionId: string, reason: string): Promise<void> {
  await endLiveSessions(ctx.db, ctx.now(), eq(authSessions.id, sessionId), reason);
}

/**
 * Rotates the refresh token. Presenting a token that is no longer the session's current one means it
 * was copied: the whole session (token family) is revoked, so the thief and the victim both lose it.
 */
export async function refreshSession(
  ctx: ServiceContext,
  tokens: TokenService,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const claims = await tokens.verifyRefresh(refreshToken);
  if (!claims) throw unauthorized(AUTH_MESSAGES.sessionExpired);

  const now = ctx.now();
  const [row] = await ctx.db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, claims.sessionId))
    .limit(1);
  if (!row || row.session.revokedAt || row.session.expiresAt <= now || row.session.userId !== claims.userId) {
    throw unauthorized(AUTH_MESSAGES.sessionExpired);
  }
  const presentedHash = hashTokenId(claims.tokenId);
  if (presentedHash !== row.session.refreshTokenHash) {
    await revokeSession(ctx, row.session.id, 'refresh_token_reuse');
    throw unauthorized(AUTH_MESSAGES.sessionExpired);
  }
  if (!row.user.isActive) {
    await revokeSession(ctx, row.session.id, 'suspended');
    throw forbidden(AUTH_MESSAGES.accountSuspended);
  }

  const nextTokenId = randomUUID();
  // Compare-and-swap: of two concurrent refreshes with the same token only one can win; the loser is
  // indistinguishable from a replay and ends the family.
  const rotated = await ctx.db
    .update(authSessions)
    .set({ refreshTokenHash: hashTokenId(nextTokenId), lastSeenAt: now })
    .where(
      and(
        eq(authSessions.id, row.session.id),
        eq(authSessions.refreshTokenHash, presentedHash),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    )
    .returning({ id: authSessions.id });
  if (rotated.length === 0) {
    await revokeSession(ctx, row.session.id, 'refresh_token_reuse');
    throw unauthorized(AUTH_MESSAGES.sessionExpired);
  }

  const role = roleSchema.parse(row.user.role);
  const [accessToken, newRefreshToken, publicUser] = await Promise.all([
    tokens.signAccess({ userId: row.user.id, sessionId: row.session.id, role }),
    tokens.signRefresh(
      { userId: row.user.id, sessionId: row.session.id, tokenId: nextTokenId },
      row.session.expiresAt,
    ),
    loadPublicUser(ctx, row.user),
  ]);
  return {
    payload: { accessToken, role, user: publicUser },
    refreshToken: newRefreshToken,
    expiresAt: row.session.expiresAt,
    persistent: row.session.persistent,
  };
}

/** Ends the session the refresh cookie belongs to. Succeeds quietly when there is nothing to end. */
export async function logOut(
  ctx: ServiceContext,
  tokens: TokenService,
  refreshToken: string | undefined,
): Promise<void> {
  if (!refreshToken) return;
  const claims = await tokens.verifyRefresh(refreshToken);
  if (claims) await revokeSession(ctx, claims.sessionId, 'logout');
}

/**
 * Revokes every live session of a user, or every one but `exceptSessionId` (the caller's own): suspension,
 * a password changed or reset, signing out everywhere, a deleted account. `db` may be the transaction of
 * the change that calls for it.
 */
export async function revokeAllSessions(
  db: Database,
  now: Date,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  const others = exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined;
  await endLiveSessions(db, now, and(eq(authSessions.userId, userId), others), reason);
}

/**
 * The actor behind an access token: the token must verify, its session must be live and its user
 * active. Checked against the database on every request, so sign-out, suspension and role changes
 * take effect at once rather than when the token expires. Returns null for "no valid session";
 * throws 403 for a suspended account.
 */
export async function resolveActor(
  ctx: ServiceContext,
  tokens: TokenService,
  accessToken: string,
): Promise<Actor | null> {
  const claims = await tokens.verifyAccess(accessToken);
  if (!claims) return null;
  const [row] = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, claims.sessionId), eq(authSessions.userId, claims.userId)))
    .limit(1)
    // Every signed-in request runs it: prepared, it is planned once per connection (decision 0090).
    .prepare('resolve_actor')
    .execute();
  if (!row || row.revokedAt || row.expiresAt <= ctx.now()) return null;
  if (!row.isActive) throw forbidden(AUTH_MESSAGES.accountSuspended);
  return { id: row.id, sessionId: claims.sessionId, role: row.role, name: row.name, email: row.email };
}

export async function currentUser(ctx: ServiceContext, actor: Actor): Promise<PublicUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return loadPublicUser(ctx, user);
}
