import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, makeUser, mockFetch, sessionBody } from '../../test/fetch-mock';
import { ApiError, apiRequest, refreshSession } from './api';
import { queryClient } from './query-client';
import { getSession, setSession } from './session';

const student = makeUser();

function signInAs(token: string) {
  setSession({ role: student.role, accessToken: token, userData: student });
}

describe('apiRequest', () => {
  it('sends JSON with cookies and the Bearer token', async () => {
    signInAs('token-a');
    const { calls } = mockFetch({ 'POST /api/v1/courses': () => jsonResponse(201, { ok: true }) });

    await expect(apiRequest('/courses', { method: 'POST', body: { title: 'x' } })).resolves.toEqual({
      ok: true,
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-a');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.body).toEqual({ title: 'x' });
  });

  it('throws the server error shape as ApiError', async () => {
    mockFetch({
      'POST /api/v1/auth/signup': () =>
        jsonResponse(400, {
          message: 'Invalid request',
          code: 'VALIDATION_ERROR',
          issues: [{ path: 'email', message: 'Invalid email address' }],
        }),
    });
    const error = await apiRequest('/auth/signup', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'email', message: 'Invalid email address' }],
    });
  });

  it("reports a network failure as status 0 'No server response'", async () => {
    mockFetch({
      'GET /api/v1/courses': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(apiRequest('/courses')).rejects.toMatchObject({ status: 0, message: 'No server response' });
  });

  it.each([401, 403])('on %i refreshes once and retries once with the new token', async (status) => {
    signInAs('old-token');
    const admin = makeUser({ role: 'admin', name: 'Root' });
    const { callsTo } = mockFetch({
      'GET /api/v1/admin/overview': (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? jsonResponse(200, { totalCourses: 3 })
          : jsonResponse(status, { message: 'Token expired', code: 'UNAUTHORIZED' }),
      'GET /api/v1/auth/refresh': () => jsonResponse(200, sessionBody(admin, 'new-token')),
    });

    await expect(apiRequest('/admin/overview')).resolves.toEqual({ totalCourses: 3 });

    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(1);
    expect(callsTo('GET /api/v1/auth/refresh')[0]?.credentials).toBe('include');
    expect(callsTo('GET /api/v1/admin/overview').map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    // The session was replaced by the refresh payload.
    expect(getSession()).toMatchObject({ token: 'new-token', role: 'admin', user: { name: 'Root' } });
  });

  it('retries only once: a second 403 is thrown to the caller', async () => {
    signInAs('old-token');
    const { callsTo } = mockFetch({
      'GET /api/v1/admin/overview': () => jsonResponse(403, { message: 'Forbidden', code: 'FORBIDDEN' }),
      'GET /api/v1/auth/refresh': () => jsonResponse(200, sessionBody(student, 'new-token')),
    });

    await expect(apiRequest('/admin/overview')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(callsTo('GET /api/v1/admin/overview')).toHaveLength(2);
    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(1);
    // A refresh that worked keeps the user signed in even though the call itself is forbidden.
    expect(getSession().token).toBe('new-token');
  });

  it('does not refresh for the session endpoints themselves', async () => {
    const { callsTo } = mockFetch({
      'POST /api/v1/auth/login': () =>
        jsonResponse(401, { message: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.co', password: 'secret1' } }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(0);
  });

  it('shares one refresh between concurrent calls that fail with 401', async () => {
    signInAs('old-token');
    const refreshGate = deferred<void>();
    const { callsTo } = mockFetch({
      'GET /api/v1/courses/my-courses': (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? jsonResponse(200, { courses: [] })
          : jsonResponse(401, { message: 'Token expired', code: 'UNAUTHORIZED' }),
      'GET /api/v1/admin/overview': (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? jsonResponse(200, { totalCourses: 1 })
          : jsonResponse(401, { message: 'Token expired', code: 'UNAUTHORIZED' }),
      'GET /api/v1/auth/refresh': async () => {
        await refreshGate.promise;
        return jsonResponse(200, sessionBody(student, 'new-token'));
      },
    });

    const first = apiRequest('/courses/my-courses');
    const second = apiRequest('/admin/overview');
    const third = refreshSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    refreshGate.resolve();

    await expect(Promise.all([first, second, third])).resolves.toEqual([
      { courses: [] },
      { totalCourses: 1 },
      expect.objectContaining({ accessToken: 'new-token' }),
    ]);
    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('uses a token another call already refreshed instead of refreshing again', async () => {
    signInAs('old-token');
    const slowResponse = deferred<Response>();
    const { callsTo } = mockFetch({
      'GET /api/v1/courses/my-courses': (request, index) =>
        index === 0 ? slowResponse.promise : jsonResponse(200, { via: request.headers.get('Authorization') }),
      'GET /api/v1/auth/refresh': () => jsonResponse(200, sessionBody(student, 'new-token')),
    });

    const pending = apiRequest('/courses/my-courses');
    await refreshSession(); // someone else refreshed while the first call was in flight
    slowResponse.resolve(jsonResponse(401, { message: 'Token expired', code: 'UNAUTHORIZED' }));

    await expect(pending).resolves.toEqual({ via: 'Bearer new-token' });
    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('ends the session and resets the query cache when the refresh fails', async () => {
    signInAs('old-token');
    queryClient.setQueryData(['courses', 'mine'], ['cached course']);
    mockFetch({
      'GET /api/v1/courses/my-courses': () =>
        jsonResponse(401, { message: 'Token expired', code: 'UNAUTHORIZED' }),
      'GET /api/v1/auth/refresh': () =>
        jsonResponse(401, { message: 'Session expired', code: 'UNAUTHORIZED' }),
    });

    await expect(apiRequest('/courses/my-courses')).rejects.toMatchObject({ status: 401 });

    expect(getSession()).toMatchObject({ token: null, user: null, role: 'student', signedOutBy: 'expired' });
    expect(queryClient.getQueryData(['courses', 'mine'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('treats a malformed refresh answer as a failed refresh', async () => {
    signInAs('old-token');
    mockFetch({ 'GET /api/v1/auth/refresh': () => jsonResponse(200, { accessToken: 'x' }) });
    await expect(refreshSession()).resolves.toBeNull();
    expect(getSession().token).toBeNull();
  });
});
