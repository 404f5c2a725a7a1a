/**
 * The single-use tokens of the account e-mails (password reset, e-mail verification). A token is 32
 * random bytes, base64url (43 characters); only its SHA-256 is stored, so a copy of the database gives
 * no working link. It is spent by one UPDATE that checks, in the same statement, that it is unused and
 * unexpired: of two concurrent uses exactly one succeeds.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type AccountTokenPurpose, accountTokens, type Database } from '@lectio/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RenderedMail } from '../../mail/templates';
import type { ServiceContext } from '../context';
import { enqueueMail } from '../mail/enqueue-mail';

const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token for `userId` valid until `expiresAt`; returns the token itself (for the link only). */
export async function issueToken(
  db: Database,
  input: { userId: string; purpose: AccountTokenPurpose; now: Date; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
  return token;
}

/**
 * Issues a `purpose` token for `user`, valid for `ttlMs` from `now`, and queues in `db` (the caller's
 * transaction) the e-mail `compose` writes around its link.
 */
export async function mailTokenLink(
  ctx: ServiceContext,
  db: Database,
  link: {
    user: { id: string; name: string; email: string };
    purpose: AccountTokenPurpose;
    now: Date;
    ttlMs: number;
    compose: (input: { name: string; token: string; publicUrl: string }) => RenderedMail;
  },
): Promise<void> {
  const { user, now } = link;
  const token = await issueToken(db, {
    userId: user.id,
    purpose: link.purpose,
    now,
    expiresAt: new Date(now.getTime() + link.ttlMs),
  });
  const mail = link.compose({ name: user.name, token, publicUrl: ctx.config.publicUrl });
  await enqueueMail(ctx, { userId: user.id, to: user.email, ...mail }, db);
}

const usable = (token: string, purpose: AccountTokenPurpose, now: Date) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** Whether the token could be spent now (a read, to refuse a bad link before any costly work). */
export async function isUsableToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(usable(token, purpose, now))
    .limit(1);
  return row !== undefined;
}

/** Spends the token: the user it belongs to, or null when it is unknown, expired or already used. */
export async function spendToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** Voids the user's unused tokens of `purpose` (after one was spent, or the password changed). */
export async function voidTokens(db: Database, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .delete(accountTokens)
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}
