import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, sessionBody } from '../../test/fetch-mock';
import { forgetSessionHint } from '../../test/signed-in';
import { checkSessionOnce, mayHoldSession, signIn, signOut } from './auth';
import { queryClient } from './query-client';
import { getSession, setSession, whenSessionChecked } from './session';

const instructor = makeUser({ role: 'instructor', name: 'Grace' });

describe('signOut', () => {
  it('calls GET /auth/logout with the token and clears user and token but keeps the role', async () => {
    setSession({ role: 'instructor', accessToken: 'token-1', userData: instructor });
    queryClient.setQueryData(['anything'], 1);
    const { callsTo } = mockFetch({
      'GET /api/v1/auth/logout': () => jsonResponse(200, { message: 'Logged out' }),
    });

    await signOut();

    expect(callsTo('GET /api/v1/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(getSession()).toMatchObject({
      user: null,
      token: null,
      role: 'instructor',
      signedOutBy: 'logout',
    });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it.each([
    ['the server answers 500', () => jsonResponse(500, { message: 'boom', code: 'INTERNAL_SERVER_ERROR' })],
    [
      'the network fails',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('clears the session anyway and only logs when %s', async (_case, handler) => {
    setSession({ role: 'instructor', accessToken: 'token-1', userData: instructor });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/v1/auth/logout': handler });

    await expect(signOut()).resolves.toBeUndefined();

    expect(getSession()).toMatchObject({ user: null, token: null, role: 'instructor' });
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('checkSessionOnce', () => {
  it('refreshes silently once and marks the check done', async () => {
    const { callsTo } = mockFetch({
      'GET /api/v1/auth/refresh': () => jsonResponse(200, sessionBody(instructor, 'token-9')),
    });
    expect(getSession().status).toBe('checking');

    await Promise.all([checkSessionOnce(), checkSessionOnce()]);
    await whenSessionChecked();

    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(1);
    expect(getSession()).toMatchObject({ status: 'ready', token: 'token-9', role: 'instructor' });
  });

  it('asks nothing when the browser holds no session hint, and ends anonymous and checked', async () => {
    forgetSessionHint();
    expect(mayHoldSession()).toBe(false);
    const { callsTo } = mockFetch({
      'GET /api/v1/auth/refresh': () => jsonResponse(200, sessionBody(instructor, 'token-9')),
    });
    await checkSessionOnce();
    expect(callsTo('GET /api/v1/auth/refresh')).toHaveLength(0);
    expect(getSession()).toMatchObject({ status: 'ready', token: null, user: null });
  });

  it('ends anonymous but checked when there is no session', async () => {
    mockFetch({
      'GET /api/v1/auth/refresh': () => jsonResponse(401, { message: 'No session', code: 'UNAUTHORIZED' }),
    });
    await checkSessionOnce();
    expect(getSession()).toMatchObject({ status: 'ready', token: null, user: null });
  });
});

describe('signIn', () => {
  it('posts the credentials and sets role, token and user together', async () => {
    const { callsTo } = mockFetch({
      'POST /api/v1/auth/login': () => jsonResponse(200, sessionBody(instructor, 'token-2')),
    });
    await signIn({ email: 'grace@example.com', password: 'secret1', remember: true });
    expect(callsTo('POST /api/v1/auth/login')[0]?.body).toEqual({
      email: 'grace@example.com',
      password: 'secret1',
      remember: true,
    });
    expect(getSession()).toMatchObject({ role: 'instructor', token: 'token-2', user: { name: 'Grace' } });
  });
});
