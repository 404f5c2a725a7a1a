/**
 * The tRPC client (lib/trpc.ts) against the mocked /trpc: the session's token and cookies on every call,
 * one shared refresh and one retry for a call refused with 401/403 (also inside a batch whose other calls
 * answered), and the errors a screen reads when the server gave no tRPC answer.
 */
import { buildAdminOverview, MockApiError } from '@lectio/mocks';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, sentTo, server } from '../../test/api-mocks';
import { coursePage, makeCourse } from '../../test/course-fixtures';
import { makeUser, sessionBody } from '../../test/fixtures';
import { errorMessage, serverFailure } from './api-errors';
import { getSession, setSession } from './session';
import { trpcClient } from './trpc';

const student = makeUser();
const admin = makeUser({ role: 'admin', name: 'Root' });

function signInAs(token: string, user = student) {
  setSession({ role: user.role, accessToken: token, userData: user });
  api.signIn(token, user);
}

describe('tRPC client', () => {
  it('sends JSON with cookies and the Bearer token', async () => {
    signInAs('token-a', admin);
    const created = makeCourse({ _id: 'new-1', title: 'x' });
    api.answer('courses.create', { message: 'Course created', data: { course: created } });

    await expect(
      trpcClient.courses.create.mutate({
        title: 'x',
        shortDescription: 'y',
        category: 'Design',
        level: 'Beginner',
      }),
    ).resolves.toMatchObject({ data: { course: { _id: 'new-1' } } });

    const calls = api.calls('courses.create');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.transport).toBe('trpc');
    expect(calls[0]?.request.headers.get('Authorization')).toBe('Bearer token-a');
    expect(calls[0]?.request.headers.get('Content-Type')).toBe('application/json');
    expect(sentTo('courses.create').map((request) => request.credentials)).toEqual(['include']);
    expect(calls[0]?.input).toEqual({
      title: 'x',
      shortDescription: 'y',
      category: 'Design',
      level: 'Beginner',
    });
  });

  it('sends the Bearer token and, on 401, refreshes once and retries once', async () => {
    signInAs('old-token');
    api.answer('auth.me', ({ request }) => {
      if (request.headers.get('Authorization') !== 'Bearer new-token') {
        throw new MockApiError('UNAUTHORIZED', 'Token expired');
      }
      return { user: student };
    });
    api.answer('auth.refresh', sessionBody(student, 'new-token'));

    await expect(trpcClient.auth.me.query()).resolves.toMatchObject({ user: { email: 'ada@example.com' } });

    expect(api.calls('auth.me').map((call) => call.request.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(sentTo('auth.me').map((request) => request.credentials)).toEqual(['include', 'include']);
    expect(api.calls('auth.refresh')).toHaveLength(1);
    expect(sentTo('auth/refresh').map((request) => request.credentials)).toEqual(['include']);
  });

  it.each([401, 403] as const)('on %i refreshes once and retries once with the new token', async (status) => {
    signInAs('old-token', admin);
    const overview = buildAdminOverview({ totalCourses: 3 });
    api.answer('admin.overview', ({ request }) => {
      if (request.headers.get('Authorization') === 'Bearer new-token') return overview;
      throw new MockApiError(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', 'Token expired');
    });
    api.answer('auth.refresh', sessionBody(admin, 'new-token'));

    await expect(trpcClient.admin.overview.query()).resolves.toEqual(overview);

    expect(api.calls('auth.refresh')).toHaveLength(1);
    expect(api.calls('admin.overview').map((call) => call.request.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    // The session was replaced by the refresh payload.
    expect(getSession()).toMatchObject({ token: 'new-token', role: 'admin', user: { name: 'Root' } });
  });

  it('retries only once: a second 403 is thrown to the caller', async () => {
    // An admin whose call the answer refuses (a student would be refused by the mocks' access check).
    signInAs('old-token', admin);
    api.fail('admin.overview', 'FORBIDDEN', 'Forbidden');
    api.answer('auth.refresh', sessionBody(admin, 'new-token'));

    const error = await trpcClient.admin.overview.query().catch((e: unknown) => e);
    expect(serverFailure(error)).toMatchObject({ status: 403, message: 'Forbidden', code: 'FORBIDDEN' });
    expect(api.calls('admin.overview')).toHaveLength(2);
    expect(api.calls('auth.refresh')).toHaveLength(1);
    // A refresh that worked keeps the user signed in even though the call itself is forbidden.
    expect(getSession().token).toBe('new-token');
  });

  it('retries a call refused inside a batch whose other calls answered (207)', async () => {
    signInAs('old-token');
    const page = coursePage([makeCourse()]);
    api.answer('courses.list', page);
    api.answer('courses.mine', ({ request }) => {
      if (request.headers.get('Authorization') !== 'Bearer new-token') {
        throw new MockApiError('UNAUTHORIZED', 'Token expired');
      }
      return coursePage([]);
    });
    api.answer('auth.refresh', sessionBody(student, 'new-token'));

    const [list, mine] = await Promise.all([
      trpcClient.courses.list.query({ limit: 8 }),
      trpcClient.courses.mine.query(),
    ]);

    expect(list).toEqual(page);
    expect(mine).toEqual(coursePage([]));
    // One batch with both, then the refused one alone with the new token.
    expect(api.calls('courses.list')).toHaveLength(1);
    expect(api.calls('courses.mine').map((call) => call.request.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(new URL(api.calls('courses.list')[0]?.request.url ?? '').pathname).toBe(
      '/trpc/courses.list,courses.mine',
    );
    expect(api.calls('auth.refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh fails and surfaces the original error', async () => {
    signInAs('old-token');
    api.fail('auth.me', 'UNAUTHORIZED', 'Token expired');
    api.fail('auth.refresh', 'UNAUTHORIZED', 'No session');

    await expect(trpcClient.auth.me.query()).rejects.toMatchObject({ message: 'Token expired' });
    expect(getSession()).toMatchObject({ user: null, token: null });
  });

  it("reads the server's error: status, REST code and field issues", async () => {
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    const error = await trpcClient.courses.get.query({ id: 'missing' }).catch((e: unknown) => e);
    expect(serverFailure(error)).toEqual({
      status: 404,
      message: 'Course not found',
      code: 'NOT_FOUND',
      issues: [],
    });
    expect(errorMessage(error)).toBe('Course not found');
  });

  it("says 'No server response' when nothing came back", async () => {
    server.use(http.get('*/trpc/:paths', () => HttpResponse.error()));
    const error = await trpcClient.courses.get.query({ id: 'c1' }).catch((e: unknown) => e);
    expect(serverFailure(error)).toBeNull();
    expect(errorMessage(error)).toBe('No server response');
  });

  it('gives an error answer without a tRPC body its status', async () => {
    server.use(http.get('*/trpc/:paths', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    const error = await trpcClient.courses.get.query({ id: 'c1' }).catch((e: unknown) => e);
    expect(serverFailure(error)).toMatchObject({ status: 502, message: 'Request failed with status 502' });
  });
});
