/**
 * First-run setup (setup.status, setup.createAdmin) over REST and tRPC: open only while the database has
 * no admin, only with the setup token the server prints, closed for good once an admin exists, and of
 * concurrent calls exactly one creates an admin.
 */
import { AUTH_MESSAGES, SETUP_MESSAGES } from '@lectio/contracts/messages';
import { users } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupToken } from '../src/services/setup/setup-token';
import { bearer, createTestApp, login, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

const ADMIN = {
  name: 'Meera Iyer',
  email: 'meera@example.com',
  password: 'a long admin passphrase',
  confirmPassword: 'a long admin passphrase',
};
const TOKEN = setupToken(TEST_JWT_SECRET);

function createAdminOverRest(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/setup/admin', payload });
}

function createAdminOverTrpc(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/trpc/setup.createAdmin', payload });
}

async function statusOverRest(t: TestApp): Promise<unknown> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/setup/status' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function statusOverTrpc(t: TestApp): Promise<unknown> {
  const response = await t.app.inject({ method: 'GET', url: '/trpc/setup.status' });
  expect(response.statusCode).toBe(200);
  return response.json().result.data;
}

async function admins(t: TestApp) {
  return t.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
}

describe('a database without an admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Students may sign up before the operator finishes setup; they don't close it.
    await createUser(t.db, { role: 'student', email: 'early.student@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says setup is needed, on both transports', async () => {
    expect(await statusOverRest(t)).toEqual({ needsSetup: true });
    expect(await statusOverTrpc(t)).toEqual({ needsSetup: true });
  });

  it('refuses a call without the token (400 on the token field)', async () => {
    const response = await createAdminOverRest(t, ADMIN);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'token', message: SETUP_MESSAGES.tokenRequired }],
    });
    expect(await admins(t)).toEqual([]);
  });

  it.each([
    ['a guess', 'not-the-token'],
    ['the token with one character changed', `${TOKEN.slice(0, -1)}${TOKEN.endsWith('A') ? 'B' : 'A'}`],
    ["another server's token", setupToken('another-secret-that-is-long-enough-for-hs256-0123')],
  ])('refuses %s (400, no admin created)', async (_what, token) => {
    const rest = await createAdminOverRest(t, { ...ADMIN, token });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      message: SETUP_MESSAGES.invalidToken,
      code: 'BAD_REQUEST',
      issues: [{ path: 'token', message: SETUP_MESSAGES.invalidToken }],
    });
    const trpc = await createAdminOverTrpc(t, { ...ADMIN, token });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data).toMatchObject({ appCode: 'BAD_REQUEST' });
    expect(await admins(t)).toEqual([]);
    expect(await statusOverRest(t)).toEqual({ needsSetup: true });
  });

  it('applies the sign-up rules to the account', async () => {
    const response = await createAdminOverRest(t, {
      ...ADMIN,
      token: TOKEN,
      email: 'not-an-email',
      confirmPassword: 'something else',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['confirmPassword', 'email']);
    expect(await admins(t)).toEqual([]);
  });

  it('refuses an e-mail that is already registered (any case), and setup stays open', async () => {
    const response = await createAdminOverRest(t, {
      ...ADMIN,
      token: TOKEN,
      email: 'Early.Student@example.com',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: AUTH_MESSAGES.emailAlreadyRegistered,
    });
    expect(await statusOverRest(t)).toEqual({ needsSetup: true });
  });

  it('creates the first admin with the token, who can then sign in; setup is then closed', async () => {
    const response = await createAdminOverRest(t, { ...ADMIN, token: ` ${TOKEN} ` });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(SETUP_MESSAGES.adminCreated);
    expect(body.user).toMatchObject({ name: ADMIN.name, email: ADMIN.email, role: 'admin', isActive: true });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(await admins(t)).toEqual([{ email: ADMIN.email }]);

    const session = await login(t.app, ADMIN.email, ADMIN.password);
    expect(session.role).toBe('admin');
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/overview',
      headers: bearer(session.accessToken),
    });
    expect(overview.statusCode).toBe(200);

    expect(await statusOverRest(t)).toEqual({ needsSetup: false });
    expect(await statusOverTrpc(t)).toEqual({ needsSetup: false });
  });

  it('refuses every later call with the token: 409 on both transports', async () => {
    const second = { ...ADMIN, email: 'second.admin@example.com', token: TOKEN };
    const rest = await createAdminOverRest(t, second);
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toEqual({ message: SETUP_MESSAGES.alreadyComplete, code: 'CONFLICT' });
    const trpc = await createAdminOverTrpc(t, second);
    expect(trpc.statusCode).toBe(409);
    expect(trpc.json().error).toMatchObject({
      message: SETUP_MESSAGES.alreadyComplete,
      data: { appCode: 'CONFLICT', httpStatus: 409 },
    });
    expect(await admins(t)).toEqual([{ email: ADMIN.email }]);
  });
});

describe('concurrent setup calls', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('create exactly one admin; the others are told setup is complete', async () => {
    t = await createTestApp();
    const attempts = Array.from({ length: 6 }, (_, index) =>
      (index % 2 === 0 ? createAdminOverRest : createAdminOverTrpc)(t, {
        ...ADMIN,
        email: `racer${index}@example.com`,
        token: TOKEN,
      }),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await admins(t)).toHaveLength(1);
  });
});

describe('a database that already has an admin', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is closed even when its only admin is suspended', async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', isActive: false });
    expect(await statusOverRest(t)).toEqual({ needsSetup: false });
    const response = await createAdminOverRest(t, { ...ADMIN, token: TOKEN });
    expect(response.statusCode).toBe(409);
    expect(await admins(t)).toHaveLength(1);
  });
});
