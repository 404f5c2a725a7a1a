/**
 * Access is enforced by default, as the server does it (the contracts' access declarations and permission
 * table): anonymous -> 401, a role without the permission -> 403; `access: 'off'` answers anyone.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminOverview, buildAuthSession, buildCoursePage, createApiMocks } from '../src/index';

const BASE = 'http://lectio.test';
const enforcing = createApiMocks({ baseUrl: BASE });
const open = createApiMocks({ baseUrl: 'http://open.test', access: 'off' });
const server = setupServer(...enforcing.handlers, ...open.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  enforcing.reset();
  open.reset();
});
afterAll(() => server.close());

/** Signs in through the mocks' own answer, as an app does: the token it hands out identifies the user. */
async function signIn(role: 'student' | 'admin', accessToken: string): Promise<string> {
  enforcing.answerOnce('auth.login', buildAuthSession({ accessToken, user: { role } }));
  const answer = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'someone@example.com', password: 'a-long-password' }),
  });
  expect(answer.status).toBe(200);
  return accessToken;
}

describe('access enforced by default', () => {
  it('anonymous calls to an authenticated operation get 401 over REST and tRPC; public ones are answered', async () => {
    enforcing.answer('admin.overview', buildAdminOverview());
    enforcing.answer('courses.list', buildCoursePage());
    const rest = await fetch(`${BASE}/api/v1/admin/overview`);
    expect(rest.status).toBe(401);
    expect(await rest.json()).toEqual({ message: AUTH_MESSAGES.notSignedIn, code: 'UNAUTHORIZED' });
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${BASE}/trpc` })] });
    await expect(trpc.admin.overview.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
    expect((await fetch(`${BASE}/api/v1/courses`)).status).toBe(200);
    expect(enforcing.calls('admin.overview')).toEqual([]);
  });

  it('a token the mocks never handed out is anonymous (401)', async () => {
    enforcing.answer('admin.overview', buildAdminOverview());
    const answer = await fetch(`${BASE}/api/v1/admin/overview`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(answer.status).toBe(401);
  });

  it('a signed-in role without the permission gets 403; the admin gets the answer', async () => {
    enforcing.answer('admin.overview', buildAdminOverview());
    const learner = await signIn('student', 'student-token');
    const refused = await fetch(`${BASE}/api/v1/admin/overview`, {
      headers: { authorization: `Bearer ${learner}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.forbidden, code: 'FORBIDDEN' });
    const admin = await signIn('admin', 'admin-token');
    const answered = await fetch(`${BASE}/api/v1/admin/overview`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answered.status).toBe(200);
  });
});

describe('api.signIn(token, user)', () => {
  it('a token signed in directly is that user until reset()', async () => {
    enforcing.answer('admin.overview', buildAdminOverview());
    enforcing.signIn('set-by-the-test', { role: 'admin' });
    const headers = { authorization: 'Bearer set-by-the-test' };
    expect((await fetch(`${BASE}/api/v1/admin/overview`, { headers })).status).toBe(200);
    enforcing.reset();
    enforcing.answer('admin.overview', buildAdminOverview());
    expect((await fetch(`${BASE}/api/v1/admin/overview`, { headers })).status).toBe(401);
  });
});

describe("access: 'off'", () => {
  it('answers anonymous calls to any operation', async () => {
    open.answer('admin.overview', buildAdminOverview());
    expect((await fetch('http://open.test/api/v1/admin/overview')).status).toBe(200);
  });
});
