/**
 * The log never holds query parameters, passwords or their hashes, tokens, cookies or card data (issue
 * 12: a failing insert logged an e-mail and a full `$argon2id$` hash). The app logs at `trace` into memory
 * while the security probes run, and the captured log is searched for every secret they carried.
 */
import { users } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, refreshCookieOf, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

const lines: string[] = [];
let t: TestApp;

const EMAIL = 'log-probe-owner@example.com';
const PASSWORD = 'log-probe-password-1';
const NUL_EMAIL = 'nul-probe@example.com';
const NUL_PASSWORD = 'nul-probe-password';
const WRONG_PASSWORD = 'wrong-probe-password';
const SEARCH = 'secret-search-term';
const CARD = '4242424242424242';
const CVC = '987';

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'trace' },
    (app) => {
      // The original leak, on purpose: an insert that fails with the new user's e-mail and password hash
      // among its parameters, once as a server error (unique violation) and once refused (NUL in text).
      app.post<{ Body: { name: string } }>('/test/failing-insert', async (request) => {
        const [owner] = await t.db.select().from(users).where(eq(users.email, EMAIL));
        await t.db.insert(users).values({
          name: request.body.name,
          email: EMAIL,
          passwordHash: owner?.passwordHash ?? '',
        });
        return { ok: true };
      });
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});

// The three-digit CVC is checked apart (below): as a bare substring it also turns up inside timings.
const secrets: string[] = [EMAIL, PASSWORD, NUL_EMAIL, NUL_PASSWORD, WRONG_PASSWORD, SEARCH, CARD];

describe('the log during the security probes', () => {
  it('holds what happened, and none of the secrets the probes carried', async () => {
    const inject = t.app.inject.bind(t.app);
    // Sign-up, login (REST and tRPC) and a refresh with the cookie.
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { name: 'Log Probe', email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD },
        })
      ).statusCode,
    ).toBe(201);
    const login = await inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const accessToken = login.json().accessToken as string;
    const cookie = refreshCookieOf(login) ?? '';
    secrets.push(accessToken, cookie.split('=')[1] ?? '');
    const trpcLogin = await inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(trpcLogin.statusCode).toBe(200);
    secrets.push(trpcLogin.json().result.data.accessToken);
    const refreshed = await inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(refreshed.json().accessToken, refreshCookieOf(refreshed)?.split('=')[1] ?? '');
    await inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: EMAIL, password: WRONG_PASSWORD },
    });

    // The review's probes: NUL in sign-up, a year-0000 cursor with a search, a forged token.
    await inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'N\u0000', email: NUL_EMAIL, password: NUL_PASSWORD, confirmPassword: NUL_PASSWORD },
    });
    await inject({
      method: 'POST',
      url: '/trpc/auth.signup',
      payload: { name: 'N\u0000', email: NUL_EMAIL, password: NUL_PASSWORD, confirmPassword: NUL_PASSWORD },
    });
    const cursor = Buffer.from('0000-01-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString(
      'base64url',
    );
    await inject({ method: 'GET', url: `/api/v1/courses?search=${SEARCH}&cursor=${cursor}` });
    await inject({
      method: 'GET',
      url: `/trpc/courses.list?input=${encodeURIComponent(JSON.stringify({ search: SEARCH }))}`,
    });
    const forged = await new SignJWT({ role: 'admin', sid: 'not-a-uuid' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer('lectio')
      .setAudience('lectio-api')
      .setSubject('not-a-uuid')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    secrets.push(forged);
    await inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(forged) });

    // A card payment in test mode.
    const course = await createCourse(t.db, { isPublished: true, priceMinor: 49_900 });
    await createLecture(t.db, { courseId: course.id });
    const intent = await inject({
      method: 'POST',
      url: '/api/v1/payment/create-payment-intent',
      payload: { courseId: course.id },
      headers: bearer(accessToken),
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { paymentIntentId, clientSecret } = intent.json() as {
      paymentIntentId: string;
      clientSecret: string;
    };
    secrets.push(clientSecret);
    const paid = await inject({
      method: 'POST',
      url: '/api/v1/payment/test/confirm-card',
      payload: { paymentIntentId, clientSecret, cardNumber: CARD, expMonth: 12, expYear: 2099, cvc: CVC },
      headers: bearer(accessToken),
    });
    expect(paid.statusCode).toBe(200);

    // Failed queries carrying the e-mail and the password hash as parameters.
    expect(
      (await inject({ method: 'POST', url: '/test/failing-insert', payload: { name: 'Dup' } })).statusCode,
    ).toBe(500);
    expect(
      (await inject({ method: 'POST', url: '/test/failing-insert', payload: { name: 'N\u0000' } }))
        .statusCode,
    ).toBe(400);

    const log = lines.join('');
    // None of the secrets.
    const [owner] = await t.db.select().from(users).where(eq(users.email, EMAIL));
    const leaked = [...secrets, owner?.passwordHash ?? '', '$argon2id$', 'Bearer', 'params:']
      .filter((secret) => secret.length > 0 && log.includes(secret))
      .map((secret) => secret.slice(0, 24));
    expect(leaked).toEqual([]);
    expect(log).not.toContain(`"${CVC}"`);
    expect(log).not.toMatch(/"cvc"/i);
    // No card-like number anywhere (the log's own timestamps aside).
    expect(log.replace(/"time":\d+/g, '')).not.toMatch(/(?<![\d.])\d{13,19}(?![\d.])/);
    // And it did log what happened: requests (by path), the server error and the refused value, with their SQL.
    expect(log).toContain('"url":"/api/v1/courses"');
    expect(log).toContain('request failed');
    expect(log).toContain('the database refused an input value');
    expect(log).toContain('Failed query: insert into \\"users\\"');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"code":"22021"');
  });
});
