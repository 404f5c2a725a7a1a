/**
 * The session module (lib/api.ts): its REST auth calls and errors, and the one shared refresh every call
 * relies on. The per-call retry over tRPC is in trpc.test.ts.
 */
import { buildAdminOverview, MockApiError } from '@lectio/mocks';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, sentTo, server } from '../../test/api-mocks';
import { makeCourse } from '../../test/course-fixtures';
import { deferred, makeUser, sessionBody } from '../../test/fixtures';
import { ApiError, authRequest, refreshSession } from './api';
import { errorMessage } from './api-errors';
import { signUp } from './auth';
import { queryClient } from './query-client';
import { getSession, setSession } from './session';
import { trpcClient } from './trpc';

const student = makeUser();
const admin = makeUser({ role: 'admin', name: 'Root' });
const expired = () => new MockApiError('UNAUTHORIZED', 'Token expired');

function signInAs(token: string, user = student) {
  setSession({ role: user.role, accessToken: token, userData: user });
  api.signIn(token, user);
}

/** Answers only a caller holding `token`, 401 otherwise. */
function onlyWith<T>(token: string, value: T) {
  return ({ request }: { request: Request }) => {
    if (request.headers.get('Authorization') !== `Bearer ${token}`) throw expired();
    return value;
  };
}

describe('the auth calls (REST)', () => {
  it('send JSON with cookies and the Bearer token', async () => {
    signInAs('token-a');
    api.answer('auth.signup', { message: 'Account created', user: student });

    await signUp({ name: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' });

    const [call] = api.calls('auth.signup');
    expect(api.calls('auth.signup')).toHaveLength(1);
    expect(call?.request.headers.get('Authorization')).toBe('Bearer token-a');
    expect(call?.request.headers.get('Content-Type')).toBe('application/json');
    expect(sentTo('/api/v1/auth/signup').map((request) => request.credentials)).toEqual(['include']);
    expect(call?.input).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });

  it('throw the server error shape as ApiError', async () => {
    api.fail('auth.signup', 'VALIDATION_ERROR', 'Invalid request', [
      { path: 'email', message: 'Invalid email address' },
    ]);
    const error = await signUp({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'email', message: 'Invalid email address' }],
    });
  });

  it("report a network failure as status 0 'No server response'", async () => {
    server.use(http.get('*/api/v1/auth/logout', () => HttpResponse.error()));
    const error = await authRequest({ method: 'GET', path: '/auth/logout' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'No server response' });
    expect(errorMessage(error)).toBe('No server response');
  });

  it('are not refreshed and retried: their 401 is the real answer', async () => {
    api.fail('auth.login', 'UNAUTHORIZED', 'Invalid email or password');
    await expect(
      authRequest(
        { method: 'POST', path: '/auth/login' },
        { body: { email: 'a@b.co', password: 'secret1' } },
      ),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(api.calls('auth.login')).toHaveLength(1);
    expect(api.calls('auth.refresh')).toHaveLength(0);
  });
});

describe('the shared refresh', () => {
  it('is one request for concurrent calls that fail with 401', async () => {
    // An admin: admin.overview is theirs (the mocks, as the server, refuse a student with 403).
    signInAs('old-token', admin);
    const refreshGate = deferred<void>();
    const overview = buildAdminOverview({ totalCourses: 1 });
    api.answer('courses.mine', onlyWith('new-token', { data: { courses: [], nextCursor: null } }));
    api.answer('admin.overview', onlyWith('new-token', overview));
    api.answer('auth.refresh', async () => {
      await refreshGate.promise;
      return sessionBody(admin, 'new-token');
    });

    const first = trpcClient.courses.mine.query();
    const second = trpcClient.admin.overview.query();
    const third = refreshSession();
    await new Promise((resolve) => setTimeout(resolve, 50));
    refreshGate.resolve();

    await expect(Promise.all([first, second, third])).resolves.toEqual([
      { data: { courses: [], nextCursor: null } },
      overview,
      expect.objectContaining({ accessToken: 'new-token' }),
    ]);
    expect(api.calls('auth.refresh')).toHaveLength(1);
  });

  it('is not asked again when another call already refreshed the token', async () => {
    signInAs('old-token');
    const slowAnswer = deferred<void>();
    const page = { data: { courses: [makeCourse()], nextCursor: null } };
    let calls = 0;
    api.answer('courses.mine', async ({ request }) => {
      calls += 1;
      if (calls === 1) {
        await slowAnswer.promise;
        throw expired();
      }
      expect(request.headers.get('Authorization')).toBe('Bearer new-token');
      return page;
    });
    api.answer('auth.refresh', sessionBody(student, 'new-token'));

    const pending = trpcClient.courses.mine.query();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await refreshSession(); // someone else refreshed while the first call was in flight
    slowAnswer.resolve();

    await expect(pending).resolves.toEqual(page);
    expect(api.calls('courses.mine').map((call) => call.request.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(api.calls('auth.refresh')).toHaveLength(1);
  });

  it('ends the session and resets the query cache when it fails', async () => {
    signInAs('old-token');
    queryClient.setQueryData(['courses', 'mine'], ['cached course']);
    api.fail('courses.mine', 'UNAUTHORIZED', 'Token expired');
    api.fail('auth.refresh', 'UNAUTHORIZED', 'Session expired');

    await expect(trpcClient.courses.mine.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });

    expect(getSession()).toMatchObject({ token: null, user: null, role: 'student', signedOutBy: 'expired' });
    expect(queryClient.getQueryData(['courses', 'mine'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('counts a malformed answer as a failed refresh', async () => {
    signInAs('old-token');
    server.use(http.get('*/api/v1/auth/refresh', () => HttpResponse.json({ accessToken: 'x' })));
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSession().token).toBeNull();
  });

  it('keeps the cache for the same user and drops it when someone else signs in', async () => {
    signInAs('old-token');
    queryClient.setQueryData(['courses', 'mine'], ['cached course']);
    api.answer('auth.refresh', sessionBody(student, 'new-token'));
    await refreshSession();
    expect(queryClient.getQueryData(['courses', 'mine'])).toEqual(['cached course']);

    api.answer('auth.refresh', sessionBody(makeUser({ _id: 'user-2', name: 'Grace' }), 'other-token'));
    await refreshSession();
    expect(getSession()).toMatchObject({ token: 'other-token', user: { name: 'Grace' } });
    expect(queryClient.getQueryData(['courses', 'mine'])).toBeUndefined();
  });
});
