import { AUTH_MESSAGES, VALIDATION } from '@lectio/contracts/messages';
import { SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
import { authSessions, users } from '@lectio/db';
import { passwordNeedsRehash } from '@lectio/db/password';
import { createCourse, createEnrollment, createUser } from '@lectio/db/seed/factories';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from './helpers/outbox';
import {
  bearer,
  createTestApp,
  login,
  refreshCookieOf,
  setCookieHeader,
  type TestApp,
} from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload });

const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  password: 'secret12',
  confirmPassword: 'secret12',
};

describe('POST /api/v1/auth/signup', () => {
  it('creates a student and never returns the password hash', async () => {
    const response = await signup(valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(AUTH_MESSAGES.accountCreated);
    expect(body.user).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      role: 'student',
      isActive: true,
    });
    expect(body.user.permissions).toEqual({
      permissions: ['access_purchased_courses', 'track_progress'],
      level: 2,
    });
    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'asha@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(passwordNeedsRehash(row?.passwordHash ?? '')).toBe(false);
  });

  it('accepts role "student" explicitly and refuses any other role', async () => {
    const ok = await signup({ ...valid, email: 'explicit@example.com', role: 'student' });
    expect(ok.statusCode).toBe(201);
    for (const role of ['admin', 'instructor', 'moderator', 'superuser']) {
      const response = await signup({ ...valid, email: `${role}@example.com`, role });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({
        path: 'role',
        message: VALIDATION.signupRoleNotAllowed,
      });
    }
    expect(await t.db.$count(users, ne(users.role, 'student'))).toBe(0);
  });

  it('answers an address already registered (any case) exactly as a new one, creates nothing and e-mails the owner', async () => {
    const fresh = await signup({ ...valid, email: 'someone-new@example.com' });
    const taken = await signup({
      ...valid,
      name: 'Mallory',
      email: 'ASHA@Example.com',
      password: 'other123',
      confirmPassword: 'other123',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    // The same shape and the same kinds of values: only what the caller sent, a new id, and now.
    const shape = (body: { message: string; user: Record<string, unknown> }) => ({
      message: body.message,
      keys: Object.keys(body.user).sort(),
      user: { ...body.user, _id: expect.stringMatching(/^[0-9a-f-]{36}$/), createdAt: expect.any(String) },
    });
    expect(shape(taken.json())).toEqual({
      ...shape(fresh.json()),
      user: { ...shape(fresh.json()).user, name: 'Mallory', email: 'ASHA@Example.com' },
    });
    // Nothing created, the owner's password unchanged, and the owner told.
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = 'asha@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Asha Rao');
    expect((await login(t.app, 'asha@example.com', 'secret12')).accessToken).toEqual(expect.any(String));
    const told = (await mailTo(t, 'asha@example.com')).filter(
      (message) => message.subject === 'Someone tried to sign up for Lectio with your address',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`${t.config.publicUrl}/reset-password`);
  });

  it('answers 409 "Email already registered" with SIGNUP_EXISTING_EMAIL=conflict', async () => {
    const strict = await createTestApp({ SIGNUP_EXISTING_EMAIL: 'conflict' });
    try {
      const first = await strict.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: valid });
      expect(first.statusCode).toBe(201);
      const again = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { ...valid, email: 'ASHA@Example.com' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Email already registered', code: 'CONFLICT' });
    } finally {
      await strict.close();
    }
  });

  it.each([
    [{ ...valid, name: '' }, 'name', VALIDATION.nameRequired],
    [{ ...valid, name: '   ' }, 'name', VALIDATION.nameRequired],
    [{ ...valid, email: '' }, 'email', VALIDATION.emailRequired],
    [{ ...valid, email: 'not-an-email' }, 'email', VALIDATION.emailInvalid],
    [{ ...valid, password: '', confirmPassword: '' }, 'password', VALIDATION.passwordRequired],
    [{ ...valid, password: 'abc', confirmPassword: 'abc' }, 'password', VALIDATION.passwordTooShort],
    [{ ...valid, confirmPassword: '' }, 'confirmPassword', VALIDATION.confirmPasswordRequired],
    [{ ...valid, confirmPassword: 'different1' }, 'confirmPassword', VALIDATION.passwordsDoNotMatch],
    [
      { ...valid, password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'password',
      VALIDATION.passwordTooLong,
    ],
  ])('rejects invalid input %#: %s', async (payload, path, message) => {
    const before = await t.db.$count(users);
    const response = await signup({
      ...payload,
      email: payload.email === valid.email ? 'new@example.com' : payload.email,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(response.json().issues).toContainEqual({ path, message });
    expect(await t.db.$count(users)).toBe(before);
  });

  it('rejects a body that is not JSON with a clear 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON', code: 'BAD_REQUEST' });
  });
});

describe('POST /api/v1/auth/login', () => {
  it('returns { accessToken, role, user } with purchasedCourses and sets a session refresh cookie', async () => {
    const student = await createUser(t.db, { email: 'buyer@example.com', name: 'Buyer' });
    const course = await createCourse(t.db);
    await createEnrollment(t.db, { userId: student.id, courseId: course.id, source: 'seed' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'Buyer@Example.com', password: student.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'role', 'user']);
    expect(body.role).toBe('student');
    expect(body.user).toMatchObject({ _id: student.id, name: 'Buyer', purchasedCourses: [course.id] });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
    const cookie = setCookieHeader(response);
    expect(cookie).toMatch(/^lectio_refresh=[^;]+/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/v1/auth');
    // No "Keep me logged in": a session cookie, gone when the browser closes.
    expect(cookie).not.toMatch(/Expires=|Max-Age=/);
    expect(cookie).not.toContain('Secure'); // http in tests; production over https sets it (see config test)
  });

  it('sets the session hint beside it: readable by the page, site-wide, no secret, same lifetime', async () => {
    const user = await createUser(t.db);
    const { response } = await login(t.app, user.email, user.password);
    const hint = setCookieHeader(response, SESSION_HINT_COOKIE);
    expect(hint).toMatch(/^lectio_session=1;/);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).toContain('Path=/;');
    expect(hint).toContain('SameSite=Lax');
    expect(hint).not.toMatch(/Expires=|Max-Age=/);

    const kept = await login(t.app, user.email, user.password, true);
    const refreshExpires = /Expires=([^;]+)/.exec(setCookieHeader(kept.response))?.[1];
    expect(refreshExpires).toBeDefined();
    expect(/Expires=([^;]+)/.exec(setCookieHeader(kept.response, SESSION_HINT_COOKIE))?.[1]).toBe(
      refreshExpires,
    );
  });

  it('makes the cookie persistent (about 30 days) with "Keep me logged in"', async () => {
    const user = await createUser(t.db);
    const { response } = await login(t.app, user.email, user.password, true);
    const expires = /Expires=([^;]+)/.exec(setCookieHeader(response))?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30.01);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const user = await createUser(t.db);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(setCookieHeader(wrong)).toBe('');
  });

  it('refuses a suspended account with 403 and a clear message', async () => {
    const user = await createUser(t.db, { isActive: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.accountSuspended);
    expect(setCookieHeader(response)).toBe('');
  });

  it('validates the body with the sign-in messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'x', password: '1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'email', message: VALIDATION.emailInvalid },
      { path: 'password', message: VALIDATION.passwordTooShort },
    ]);
  });
});

describe('refresh, me and logout', () => {
  it('rotates the refresh cookie on every use and returns the login shape', async () => {
    const user = await createUser(t.db, { role: 'instructor' });
    const session = await login(t.app, user.email, user.password);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: session.cookie },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ role: 'instructor', user: { _id: user.id } });
    const rotated = refreshCookieOf(first)!;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(session.cookie);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: rotated },
    });
    expect(second.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(second.json().accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ _id: user.id, role: 'instructor' });
  });

  it('refresh without a cookie is 401 and clears the session hint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
    expect(setCookieHeader(response, SESSION_HINT_COOKIE)).toMatch(
      /^lectio_session=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/,
    );
  });

  it('logout revokes the session: its refresh cookie and its access token stop working', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email, user.password);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(setCookieHeader(logout)).toMatch(/lectio_refresh=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/);
    expect(setCookieHeader(logout, SESSION_HINT_COOKIE)).toMatch(
      /^lectio_session=;.*Path=\/;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/,
    );
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: session.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(401);
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(row?.revokedReason).toBe('logout');
  });

  it('logout without a session still succeeds and clears the cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('the refresh token stops working at its absolute lifetime even when used', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email, user.password, true);
    t.advanceClock(29 * 86_400_000);
    const stillOk = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: session.cookie },
    });
    expect(stillOk.statusCode).toBe(200);
    t.advanceClock(2 * 86_400_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: refreshCookieOf(stillOk)! },
    });
    expect(expired.statusCode).toBe(401);
    t.advanceClock(-31 * 86_400_000);
  });
});
