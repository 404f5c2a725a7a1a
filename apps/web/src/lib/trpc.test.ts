import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, sessionBody } from '../../test/fetch-mock';
import { getSession, setSession } from './session';
import { trpcClient } from './trpc';

const unauthorizedBatch = [
  { error: { message: 'Token expired', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } },
];

describe('tRPC client', () => {
  it('sends the Bearer token and, on 401, refreshes once and retries once', async () => {
    const student = makeUser();
    setSession({ role: 'student', accessToken: 'old-token', userData: student });
    const { callsTo } = mockFetch({
      'GET /trpc/auth.me': (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? jsonResponse(200, [{ result: { data: { user: student } } }])
          : jsonResponse(401, unauthorizedBatch),
      'GET /api/v1/auth/refresh': () => jsonResponse(200, sessionBody(student, 'new-token')),
    });

    await expect(trpcClient.auth.me.query()).resolves.toMatchObject({ user: { email: 'ada@example.com' } });

    expect(callsTo('GET /trpc/auth.me').map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);
    expect(callsTo('GET /trpc/auth.me')[0]?.credentials).toBe('include');
    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh fails and surfaces the original error', async () => {
    setSession({ role: 'student', accessToken: 'old-token', userData: makeUser() });
    mockFetch({
      'GET /trpc/auth.me': () => jsonResponse(401, unauthorizedBatch),
      'GET /api/v1/auth/refresh': () => jsonResponse(401, { message: 'No session', code: 'UNAUTHORIZED' }),
    });

    await expect(trpcClient.auth.me.query()).rejects.toMatchObject({ message: 'Token expired' });
    expect(getSession()).toMatchObject({ user: null, token: null });
  });
});
