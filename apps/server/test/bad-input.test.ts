/**
 * Bad input is a 400, never a 500: the probes of the security review (issue 12) that used to crash the
 * server, over REST and tRPC. A NUL character in any text, a cursor in year 0000, a signed token whose ids
 * are not uuids, and, as a safety net behind the schemas, PostgreSQL's own refusals of bad values.
 */
import { users } from '@lectio/db';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../src/plugins/error-handler';
import { bearer, createTestApp, login, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

let t: TestApp;
let instructorToken: string;
// PostgreSQL refusals raised on purpose by a route of this test (not an operation: the conformance check
// skips it), one per SQLSTATE the error handler turns into a 400.
const DATABASE_REFUSALS = {
  '22021': sql`select ${'a\u0000b'}::text`,
  '22P05': sql`select ${'"\\u0000"'}::jsonb`,
  '22008': sql`select ${'0000-01-01T00:00:00Z'}::timestamptz`,
  '22P02': sql`select ${'not-a-uuid'}::uuid`,
} as const;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get<{ Params: { code: keyof typeof DATABASE_REFUSALS } }>(
      '/test/database-refusal/:code',
      async (request) => {
        await t.db.execute(DATABASE_REFUSALS[request.params.code]);
        return { ok: true };
      },
    );
  });
  const instructor = await createUser(t.db, { role: 'instructor' });
  instructorToken = (await login(t.app, instructor.email, instructor.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const trpcGet = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers,
  });
const trpcPost = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers });

/** A REST 400 in the API's error shape whose issue for `field` says what is wrong with it. */
function expectNulRefused(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as {
    message: string;
    code: string;
    issues: { path: string; message: string }[];
  };
  expect(body).toMatchObject({ message: expect.any(String), code: 'VALIDATION_ERROR' });
  const issue = body.issues.find((candidate) => candidate.path === field);
  expect(issue?.message).toContain(field);
  expect(issue?.message).toContain('NUL');
}

/** The same over tRPC: its error envelope, with the field's issue. */
function expectTrpcNulRefused(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const { error } = response.json() as {
    error: { message: string; data: { httpStatus: number; issues: { path: string; message: string }[] } };
  };
  expect(error.data.httpStatus).toBe(400);
  const issue = error.data.issues.find((candidate) => candidate.path === field);
  expect(issue?.message).toContain(field);
  expect(issue?.message).toContain('NUL');
}

const signup = (overrides: Record<string, string>) => ({
  name: 'Nul Probe',
  email: `nul-probe-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'password123',
  confirmPassword: 'password123',
  ...overrides,
});

describe('a NUL character (U+0000) in text is a 400 naming the field', () => {
  it('anonymous course search, over REST and tRPC', async () => {
    expectNulRefused(await t.app.inject({ method: 'GET', url: '/api/v1/courses?search=a%00b' }), 'search');
    expectTrpcNulRefused(await trpcGet('courses.list', { search: 'a\u0000b' }), 'search');
  });

  it.each(['name', 'email', 'password'])(
    'sign-up with a NUL in the %s, over REST and tRPC',
    async (field) => {
      const usersBefore = await t.db.$count(users);
      const poisoned = 'x\u0000y@example.com';
      const body = () =>
        signup({ [field]: poisoned, ...(field === 'password' ? { confirmPassword: poisoned } : {}) });
      expectNulRefused(
        await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body() }),
        field,
      );
      expectTrpcNulRefused(await trpcPost('auth.signup', body()), field);
      // Nothing was created.
      expect(await t.db.$count(users)).toBe(usersBefore);
    },
  );

  it('login with a NUL in the password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'someone@example.com', password: 'pass\u0000word' },
    });
    expectNulRefused(response, 'password');
  });

  it('course fields and list items, for a signed-in instructor', async () => {
    const course = {
      title: 'A course',
      shortDescription: 'Short',
      category: 'Web Development',
      level: 'Beginner',
    };
    const headers = bearer(instructorToken);
    for (const [field, body] of [
      ['title', { ...course, title: 'A\u0000course' }],
      ['tags', { ...course, tags: 'one,\u0000two' }],
      ['requirements.1', { ...course, requirements: ['fine', 'not\u0000fine'] }],
    ] as const) {
      expectNulRefused(
        await t.app.inject({ method: 'POST', url: '/api/v1/courses', payload: body, headers }),
        field,
      );
    }
    expectTrpcNulRefused(
      await trpcPost('courses.create', { ...course, description: '\u0000' }, headers),
      'description',
    );
  });

  it('an id in the path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/courses/a%00b' });
    expectNulRefused(response, 'id');
  });
});

describe('URLs the router cannot decode (found by the fuzz tier)', () => {
  it('bad percent-encoding or an over-long path parameter is a 400 in the error shape', async () => {
    for (const url of [
      '/api/v1/courses/%E0%A4%A',
      '/api/v1/videos/%/order',
      `/api/v1/courses/${'x'.repeat(6000)}`,
    ]) {
      const response = await t.app.inject({ method: url.endsWith('/order') ? 'PATCH' : 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: expect.stringContaining('Invalid URL'),
        code: 'BAD_REQUEST',
      });
    }
  });
});

describe('pagination cursors', () => {
  const cursorAt = (createdAt: string) =>
    Buffer.from(`${createdAt}|00000000-0000-4000-8000-000000000000`, 'utf8').toString('base64url');

  it('a cursor in year 0000 is a 400 naming the cursor, over REST and tRPC', async () => {
    const cursor = cursorAt('0000-01-01T00:00:00.000000Z');
    const rest = await t.app.inject({ method: 'GET', url: `/api/v1/courses?cursor=${cursor}` });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'cursor' }] });
    const trpc = await trpcGet('courses.list', { cursor });
    expect(trpc.statusCode).toBe(400);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/api/v1/instructor/courses?cursor=${cursor}`,
      headers: bearer(instructorToken),
    });
    expect(signedIn.statusCode).toBe(400);
  });

  it('years 0001 to 9999 are accepted', async () => {
    await createCourse(t.db, { isPublished: true });
    for (const createdAt of ['0001-01-01T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/courses?cursor=${cursorAt(createdAt)}`,
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('signed tokens whose ids are not uuids', () => {
  async function accessToken(claims: { sub: string; sid: string }) {
    return new SignJWT({ role: 'student', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer('lectio')
      .setAudience('lectio-api')
      .setSubject(claims.sub)
      .setExpirationTime('5m')
      .sign(key);
  }
  const uuid = '00000000-0000-4000-8000-000000000000';

  it.each([
    ['sid', { sub: uuid, sid: 'not-a-uuid' }],
    ['sub', { sub: 'not-a-uuid', sid: uuid }],
  ])('an access token whose %s is not a uuid is a 401 (and anonymous on public reads)', async (_, claims) => {
    const token = await accessToken(claims);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'You must be signed in to do that', code: 'UNAUTHORIZED' });
    const trpcMe = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: bearer(token) });
    expect(trpcMe.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/courses', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
  });

  it('a refresh token whose sid is not a uuid is a 401', async () => {
    const token = await new SignJWT({ sid: 'not-a-uuid' })
      .setProtectedHeader({ alg: 'HS256', typ: 'refresh+jwt' })
      .setIssuer('lectio')
      .setAudience('lectio-refresh')
      .setSubject(uuid)
      .setJti('also-not-a-uuid')
      .setExpirationTime('5m')
      .sign(key);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `lectio_refresh=${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('PostgreSQL refusing a value is a 400, not a 500 (safety net behind the schemas)', () => {
  it.each(Object.keys(DATABASE_REFUSALS))('SQLSTATE %s', async (code) => {
    const response = await t.app.inject({ method: 'GET', url: `/test/database-refusal/${code}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
    // The answer names neither the query nor its parameters.
    expect(response.body).not.toMatch(/select|\\u0000|not-a-uuid|0000-01-01/);
  });

  it('other database failures stay 500', async () => {
    const error = await t.db.execute(sql`select 1 / 0`).catch((caught: unknown) => caught);
    expect(errorBody(error, true).status).toBe(500);
  });
});
