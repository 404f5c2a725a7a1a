/**
 * Password reset and e-mail verification (docs/decisions/0035-mail-and-account-tokens.md): the token
 * rules (single use, expiry, tampering, purpose, one account), what a reset ends (every session, the other
 * links), no account enumeration through the answer or its timing, and the rate limits.
 */
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, VALIDATION } from '@lectio/contracts/messages';
import { accountTokens, authSessions, mailMessages, users } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkTo, mailTo, outbox, tokenIn } from './helpers/outbox';
import { bearer, createTestApp, login, refreshCookieOf, type TestApp } from './helpers/test-app';

const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Lifted here (every injected request comes from one address); the limits have their own app below.
    RATE_LIMIT_PASSWORD_RESET_MAX: '0',
    RATE_LIMIT_ACCOUNT_TOKEN_MAX: '0',
    RATE_LIMIT_VERIFICATION_EMAIL_MAX: '0',
  });
});
afterAll(async () => {
  await t?.close();
});

const requestReset = (app: TestApp, email: unknown, remoteAddress?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/account/password-reset',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const resetPassword = (app: TestApp, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/account/password-reset/confirm',
    payload: { token, password, confirmPassword },
  });

const verifyEmail = (app: TestApp, token: string) =>
  app.app.inject({ method: 'POST', url: '/api/v1/account/verify-email', payload: { token } });

const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });

/** A reset link for the account, as its owner would get it. */
async function resetLinkFor(email: string): Promise<string> {
  const response = await requestReset(t, email);
  expect(response.statusCode, response.body).toBe(202);
  return (await lastLinkTo(t, email)).token;
}

function expectInvalidLink(response: { statusCode: number; json(): unknown; body: string }, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'BAD_REQUEST',
    message,
    issues: [{ path: 'token', message }],
  });
}

describe('asking for a password reset', () => {
  it('answers the same status and body whether or not the account exists', async () => {
    const user = await createUser(t.db, { email: 'known@example.com' });
    const known = await requestReset(t, user.email);
    const unknown = await requestReset(t, 'nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    // Nothing was looked up or written on the request's path: the job does it afterwards.
    const [tokens] = await t.db
      .select({ n: count() })
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(tokens?.n).toBe(0);

    expect(await mailTo(t, user.email)).toHaveLength(1);
    expect(await mailTo(t, 'nobody-here@example.com')).toHaveLength(0);
  });

  it('takes about as long for an unknown address as for a known one (the path does not branch)', async () => {
    const user = await createUser(t.db, { email: 'timed@example.com' });
    const timings = { known: [] as number[], unknown: [] as number[] };
    // Warm-up, then interleaved so that a slow moment of the machine hits both alike.
    await requestReset(t, user.email);
    await requestReset(t, 'warm-up@example.com');
    for (let i = 0; i < 15; i++) {
      for (const [kind, email] of [
        ['known', user.email],
        ['unknown', `absent-${i}@example.com`],
      ] as const) {
        const started = performance.now();
        const response = await requestReset(t, email);
        timings[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(202);
      }
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known = median(timings.known);
    const unknown = median(timings.unknown);
    // The account's lookup, token and e-mail (and argon2 nowhere) happen in the job, so the two medians
    // differ only by noise; a branch doing that work on the request's path would cost tens of ms more.
    expect(Math.abs(known - unknown)).toBeLessThan(Math.max(known, unknown) * 0.5 + 5);
    await t.app.jobs.drain();
  });

  it('sends a suspended or deleted account nothing (and an unknown one neither)', async () => {
    const suspended = await createUser(t.db, { email: 'suspended@example.com', isActive: false });
    const deleted = await createUser(t.db, { email: 'deleted@example.com', deletedAt: new Date() });
    for (const email of [suspended.email, deleted.email]) {
      const response = await requestReset(t, email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
      expect(await mailTo(t, email)).toEqual([]);
    }
  });

  it('matches the address whatever its case, and mails the link to the account’s own address', async () => {
    await createUser(t.db, { email: 'Mixed.Case@Example.com', name: 'Mixed <Case>' });
    await requestReset(t, '  MIXED.case@example.COM ');
    const [message] = await mailTo(t, 'Mixed.Case@Example.com');
    expect(message?.to).toBe('Mixed.Case@Example.com');
    expect(message?.subject).toBe('Reset your Lectio password');
    expect(message?.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(message?.text).toContain('Hello Mixed <Case>,');
    // The name is escaped in the HTML; the link is there too.
    expect(message?.html).toContain('Hello Mixed &lt;Case&gt;,');
    expect(message?.html).not.toContain('<Case>');
    expect(message?.html).toContain(`href="${t.config.publicUrl}/reset-password?token=`);
  });

  it('refuses a malformed address with a 400 and queues nothing', async () => {
    const before = outbox(t).length;
    const response = await requestReset(t, 'not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'email', message: VALIDATION.emailInvalid }]);
    expect(await mailTo(t, 'not-an-address')).toEqual([]);
    expect(outbox(t)).toHaveLength(before);
  });
});

describe('the reset link', () => {
  it('stores only a hash of the token, valid 30 minutes', async () => {
    const user = await createUser(t.db, { email: 'hashed@example.com' });
    const token = await resetLinkFor(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(row?.purpose).toBe('password_reset');
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(30 * 60_000);
    // Once sent, the message's row keeps no body (the link).
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.userId, user.id));
    expect(mail).toMatchObject({ status: 'sent', text: null, html: null, template: 'password_reset' });
  });

  it('sets the new password, works once, and a second use is a 400', async () => {
    const user = await createUser(t.db, { email: 'once@example.com' });
    const token = await resetLinkFor(user.email);
    const done = await resetPassword(t, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
    await expect(login(t.app, user.email, user.password)).rejects.toThrow(/401/);
    const signedIn = await login(t.app, user.email, NEW_PASSWORD);
    expect(signedIn.user._id).toBe(user.id);

    expectInvalidLink(await resetPassword(t, token, 'another passphrase'), ACCOUNT_MESSAGES.resetLinkInvalid);
    await login(t.app, user.email, NEW_PASSWORD);
  });

  it('gives exactly one success to concurrent uses of one token', async () => {
    const user = await createUser(t.db, { email: 'race@example.com' });
    const token = await resetLinkFor(user.email);
    const answers = await Promise.all(
      ['first passphrase', 'second passphrase', 'third passphrase'].map((password) =>
        resetPassword(t, token, password),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('is refused once expired', async () => {
    const user = await createUser(t.db, { email: 'expired@example.com' });
    const token = await resetLinkFor(user.email);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    expectInvalidLink(await resetPassword(t, token), ACCOUNT_MESSAGES.resetLinkInvalid);
    await login(t.app, user.email, user.password);
  });

  it('expires by the app clock, 30 minutes after it was asked for', async () => {
    const clocked = await createTestApp({
      RATE_LIMIT_PASSWORD_RESET_MAX: '0',
      RATE_LIMIT_ACCOUNT_TOKEN_MAX: '0',
    });
    try {
      const user = await createUser(clocked.db, { email: 'clock@example.com' });
      await requestReset(clocked, user.email);
      const { token } = await lastLinkTo(clocked, user.email);
      clocked.advanceClock(30 * 60_000 + 1000);
      expectInvalidLink(await resetPassword(clocked, token), ACCOUNT_MESSAGES.resetLinkInvalid);
    } finally {
      await clocked.close();
    }
  });

  it('refuses a tampered token: one character changed, cut short, lengthened or made up', async () => {
    const user = await createUser(t.db, { email: 'tamper@example.com' });
    const token = await resetLinkFor(user.email);
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const wrong of [flipped, token.slice(0, -1), `${token}A`, 'A'.repeat(43), token.toUpperCase()]) {
      if (wrong === token) continue;
      expectInvalidLink(await resetPassword(t, wrong), ACCOUNT_MESSAGES.resetLinkInvalid);
    }
    // The real one still works: the failures spent nothing.
    expect((await resetPassword(t, token)).statusCode).toBe(200);
  });

  it('resets only the account it was sent for, whoever uses it', async () => {
    const owner = await createUser(t.db, { email: 'owner@example.com' });
    const other = await createUser(t.db, { email: 'other@example.com' });
    const otherSession = await login(t.app, other.email, other.password);
    const token = await resetLinkFor(owner.email);
    // Used from the other user's signed-in browser: the token decides the account, not the caller.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password-reset/confirm',
      headers: { ...bearer(otherSession.accessToken), cookie: otherSession.cookie },
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    await login(t.app, owner.email, NEW_PASSWORD);
    await login(t.app, other.email, other.password);
    await expect(login(t.app, other.email, NEW_PASSWORD)).rejects.toThrow(/401/);
    expect((await me(otherSession.accessToken)).statusCode).toBe(200);
  });

  it('is not a verification link, nor the other way round', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Purpose',
        email: 'purpose@example.com',
        password: 'secret12',
        confirmPassword: 'secret12',
      },
    });
    expect(signup.statusCode).toBe(201);
    const { token: verification } = await lastLinkTo(t, 'purpose@example.com');
    expectInvalidLink(await resetPassword(t, verification), ACCOUNT_MESSAGES.resetLinkInvalid);
    const reset = await resetLinkFor('purpose@example.com');
    expectInvalidLink(await verifyEmail(t, reset), ACCOUNT_MESSAGES.verificationLinkInvalid);
  });

  it('ends every session of the account: old access tokens and refresh cookies stop working', async () => {
    const user = await createUser(t.db, { email: 'sessions@example.com' });
    const first = await login(t.app, user.email, user.password);
    const second = await login(t.app, user.email, user.password, true);
    expect((await me(first.accessToken)).statusCode).toBe(200);

    expect((await resetPassword(t, await resetLinkFor(user.email))).statusCode).toBe(200);

    for (const session of [first, second]) {
      expect((await me(session.accessToken)).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        url: '/api/v1/auth/refresh',
        headers: { cookie: session.cookie, origin: t.config.publicUrl },
      });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    }
    const live = await t.db
      .select({ n: count() })
      .from(authSessions)
      .where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)));
    expect(live[0]?.n).toBe(0);
    const revoked = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(revoked.map((session) => session.revokedReason)).toEqual(['password_reset', 'password_reset']);
    // A new sign-in with the new password works.
    const fresh = await login(t.app, user.email, NEW_PASSWORD);
    expect(refreshCookieOf(fresh.response)).toBeTruthy();
  });

  it('voids the account’s other reset links', async () => {
    const user = await createUser(t.db, { email: 'two-links@example.com' });
    const older = await resetLinkFor(user.email);
    const newer = await resetLinkFor(user.email);
    expect(older).not.toBe(newer);
    expect((await resetPassword(t, newer)).statusCode).toBe(200);
    expectInvalidLink(await resetPassword(t, older, 'yet another one'), ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('does nothing for an account suspended after the link was sent', async () => {
    const user = await createUser(t.db, { email: 'later-suspended@example.com' });
    const token = await resetLinkFor(user.email);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectInvalidLink(await resetPassword(t, token), ACCOUNT_MESSAGES.resetLinkInvalid);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });

  it('checks the new password with the sign-up rules, and a refused one spends nothing', async () => {
    const user = await createUser(t.db, { email: 'rules@example.com' });
    const token = await resetLinkFor(user.email);
    const short = await resetPassword(t, token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([{ path: 'password', message: VALIDATION.passwordTooShort }]);
    const mismatch = await resetPassword(t, token, 'secret12', 'secret13');
    expect(mismatch.json().issues).toEqual([
      { path: 'confirmPassword', message: VALIDATION.passwordsDoNotMatch },
    ]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password-reset/confirm',
      payload: { password: 'secret12', confirmPassword: 'secret12' },
    });
    expect(missing.json().issues).toEqual([{ path: 'token', message: ACCOUNT_MESSAGES.tokenRequired }]);
    expect((await resetPassword(t, token)).statusCode).toBe(200);
  });

  it('marks the address verified (the link reached its owner)', async () => {
    const user = await createUser(t.db, { email: 'verified-by-reset@example.com' });
    expect((await resetPassword(t, await resetLinkFor(user.email))).statusCode).toBe(200);
    const session = await login(t.app, user.email, NEW_PASSWORD);
    expect((await me(session.accessToken)).json().user.emailVerified).toBe(true);
  });

  it('works over tRPC as over REST', async () => {
    const user = await createUser(t.db, { email: 'trpc-reset@example.com' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.requestPasswordReset',
      payload: { email: user.email },
    });
    expect(asked.json().result.data).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    const { token } = await lastLinkTo(t, user.email);
    const done = await t.app.inject({
      method: 'POST',
      url: '/trpc/account.resetPassword',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.json().result.data).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
  });
});

describe('e-mail verification', () => {
  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'New Student', email, password: 'secret12', confirmPassword: 'secret12' },
    });

  it('sign-up sends a 24-hour link; opening it verifies the address, once', async () => {
    const response = await signUp('newcomer@example.com');
    expect(response.statusCode).toBe(201);
    expect(response.json().user.emailVerified).toBe(false);
    const { message, token } = await lastLinkTo(t, 'newcomer@example.com');
    expect(message.subject).toBe('Verify your e-mail address for Lectio');
    expect(message.text).toContain(`${t.config.publicUrl}/verify-email?token=${token}`);
    const [row] = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'email_verification'));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(24 * 3_600_000);

    const session = await login(t.app, 'newcomer@example.com', 'secret12');
    expect(session.user).toMatchObject({ emailVerified: false });
    const verified = await verifyEmail(t, token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified });
    expect((await me(session.accessToken)).json().user.emailVerified).toBe(true);

    expectInvalidLink(await verifyEmail(t, token), ACCOUNT_MESSAGES.verificationLinkInvalid);
  });

  it('refuses an expired or made-up verification link', async () => {
    await signUp('late@example.com');
    const { token } = await lastLinkTo(t, 'late@example.com');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'late@example.com'));
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user?.id ?? ''));
    expectInvalidLink(await verifyEmail(t, token), ACCOUNT_MESSAGES.verificationLinkInvalid);
    expectInvalidLink(await verifyEmail(t, 'B'.repeat(43)), ACCOUNT_MESSAGES.verificationLinkInvalid);
  });

  it('a signed-in owner can ask for a new link; a verified one gets a 409', async () => {
    await signUp('resend@example.com');
    const session = await login(t.app, 'resend@example.com', 'secret12');
    await mailTo(t, 'resend@example.com');
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/account/verify-email/resend',
        headers: bearer(session.accessToken),
        payload: {},
      });
    const again = await resend();
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationSent });
    const messages = await mailTo(t, 'resend@example.com');
    expect(messages).toHaveLength(2);
    const { token } = await lastLinkTo(t, 'resend@example.com');
    expect((await verifyEmail(t, token)).statusCode).toBe(200);

    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(ACCOUNT_MESSAGES.alreadyVerified);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/verify-email/resend',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('verifies the account the link was sent for, whoever opens it', async () => {
    await signUp('first-owner@example.com');
    const { token } = await lastLinkTo(t, 'first-owner@example.com');
    await signUp('second-owner@example.com');
    const second = await login(t.app, 'second-owner@example.com', 'secret12');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/verify-email',
      headers: bearer(second.accessToken),
      payload: { token },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(second.accessToken)).json().user.emailVerified).toBe(false);
    const first = await login(t.app, 'first-owner@example.com', 'secret12');
    expect(first.user).toMatchObject({ emailVerified: true });
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      RATE_LIMIT_PASSWORD_RESET_MAX: '2',
      RATE_LIMIT_ACCOUNT_TOKEN_MAX: '2',
      RATE_LIMIT_VERIFICATION_EMAIL_MAX: '1',
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  function expect429(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
    expect(response.statusCode, response.body).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('answers a request over the per-address cap exactly like any other, and sends nothing', async () => {
    const first = await requestReset(limited, 'target@example.com', '10.0.0.1');
    const second = await requestReset(limited, 'TARGET@example.com', '10.0.0.2');
    const third = await requestReset(limited, ' target@example.com', '10.0.0.3');
    for (const response of [first, second, third]) {
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual(first.json());
      expect(response.headers['retry-after']).toBeUndefined();
    }
  });

  it('counts reset requests per client address, whatever the e-mail', async () => {
    expect((await requestReset(limited, 'a1@example.com', '10.0.1.1')).statusCode).toBe(202);
    expect((await requestReset(limited, 'a2@example.com', '10.0.1.1')).statusCode).toBe(202);
    expect429(await requestReset(limited, 'a3@example.com', '10.0.1.1'));
    // Over tRPC as well: the same counters.
    const trpc = await limited.app.inject({
      method: 'POST',
      url: '/trpc/account.requestPasswordReset',
      payload: { email: 'a4@example.com' },
      remoteAddress: '10.0.1.1',
    });
    expect429(trpc);
    expect(trpc.json().error.data.code).toBe('TOO_MANY_REQUESTS');
  });

  it('counts uses of reset and verification links per client address', async () => {
    const use = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/account/verify-email',
        payload: { token: 'C'.repeat(43) },
        remoteAddress: '10.0.2.1',
      });
    expect((await use()).statusCode).toBe(400);
    expect((await use()).statusCode).toBe(400);
    expect429(await use());
    const reset = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/account/password-reset/confirm',
      payload: { token: 'C'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      remoteAddress: '10.0.2.1',
    });
    expect429(reset);
  });

  it('counts new verification links per signed-in user', async () => {
    const user = await createUser(limited.db, { email: 'resender@example.com' });
    const session = await login(limited.app, user.email, user.password);
    const resend = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/account/verify-email/resend',
        headers: bearer(session.accessToken),
        payload: {},
      });
    expect((await resend()).statusCode).toBe(202);
    expect429(await resend());
  });
});

describe("a stranger's reset burst can't block the owner (issue 23, item 4; decision 0047)", () => {
  let app: TestApp;
  beforeAll(async () => {
    // Per client address: 20 an hour (a stranger's one address stays under it); per e-mail address: the
    // default cap of mails sent.
    app = await createTestApp({
      RATE_LIMIT_PASSWORD_RESET_MAX: '20',
      RATE_LIMIT_PASSWORD_RESET_WINDOW_SECONDS: '3600',
      RATE_LIMIT_ACCOUNT_TOKEN_MAX: '0',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the owner, from another address within the hour, gets the same answer, and the links already sent still work', async () => {
    const owner = await createUser(app.db, { email: 'owner-burst@example.com' });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await requestReset(app, owner.email, '203.0.113.9'));
    const ownRequest = await requestReset(app, owner.email, '198.51.100.7');
    for (const response of [...answers, ownRequest]) {
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    }
    // Five mails in the hour, whoever asked: the cap on mails sent, not on answers.
    const mails = await mailTo(app, owner.email);
    expect(mails).toHaveLength(5);
    // The owner's inbox holds working links: the first one sent still resets the password.
    const reset = await resetPassword(app, tokenIn(mails[0]));
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(app.app, owner.email, NEW_PASSWORD)).accessToken).toEqual(expect.any(String));
    // An hour later the cap has room again.
    app.advanceClock(61 * 60_000);
    expect((await requestReset(app, owner.email, '198.51.100.7')).statusCode).toBe(202);
    expect(await mailTo(app, owner.email)).toHaveLength(6);
  });
});
