import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, server } from '../../test/api-mocks';
import { makeUser, sessionBody } from '../../test/fixtures';
import { forgetSessionHint } from '../../test/signed-in';
import { checkSessionOnce, mayHoldSession, signIn, signOut } from './auth';
import { queryClient } from './query-client';
import { getSession, setSession, whenSessionChecked } from './session';

const instructor = makeUser({ role: 'instructor', name: 'Grace' });

describe('signOut', () => {
  it('calls GET /auth/logout with the token and clears user and token but keeps the role', async () => {
    setSession({ role: 'instructor', accessToken: 'token-1', userData: instructor });
    queryClient.setQueryData(['anything'], 1);
    api.answer('auth.logout', { message: 'Logged out' });

    await signOut();

    const [call] = api.calls('auth.logout');
    expect(call?.transport).toBe('rest');
    expect(call?.request.method).toBe('GET');
    expect(call?.request.headers.get('Authorization')).toBe('Bearer token-1');
    expect(getSession()).toMatchObject({
      user: null,
      token: null,
      role: 'instructor',
      signedOutBy: 'logout',
    });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it.each([
    [
      'the server answers 500',
      () => HttpResponse.json({ message: 'boom', code: 'INTERNAL_SERVER_ERROR' }, { status: 500 }),
    ],
    ['the network fails', () => HttpResponse.error()],
  ])('clears the session anyway and only logs when %s', async (_case, resolver) => {
    setSession({ role: 'instructor', accessToken: 'token-1', userData: instructor });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/v1/auth/logout', resolver));

    await expect(signOut()).resolves.toBeUndefined();

    expect(getSession()).toMatchObject({ user: null, token: null, role: 'instructor' });
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('checkSessionOnce', () => {
  it('refreshes silently once and marks the check done', async () => {
    api.answer('auth.refresh', sessionBody(instructor, 'token-9'));
    expect(getSession().status).toBe('checking');

    await Promise.all([checkSessionOnce(), checkSessionOnce()]);
    await whenSessionChecked();

    expect(api.calls('auth.refresh')).toHaveLength(1);
    expect(getSession()).toMatchObject({ status: 'ready', token: 'token-9', role: 'instructor' });
  });

  it('asks nothing when the browser holds no session hint, and ends anonymous and checked', async () => {
    forgetSessionHint();
    expect(mayHoldSession()).toBe(false);
    api.answer('auth.refresh', sessionBody(instructor, 'token-9'));
    await checkSessionOnce();
    expect(api.calls('auth.refresh')).toHaveLength(0);
    expect(getSession()).toMatchObject({ status: 'ready', token: null, user: null });
  });

  it('ends anonymous but checked when there is no session', async () => {
    api.fail('auth.refresh', 'UNAUTHORIZED', 'No session');
    await checkSessionOnce();
    expect(getSession()).toMatchObject({ status: 'ready', token: null, user: null });
  });
});

describe('signIn', () => {
  it('posts the credentials and sets role, token and user together', async () => {
    api.answer('auth.login', sessionBody(instructor, 'token-2'));
    await signIn({ email: 'grace@example.com', password: 'secret1', remember: true });
    const [call] = api.calls('auth.login');
    expect(call?.transport).toBe('rest');
    expect(call?.input).toEqual({
      email: 'grace@example.com',
      password: 'secret1',
      remember: true,
    });
    expect(getSession()).toMatchObject({ role: 'instructor', token: 'token-2', user: { name: 'Grace' } });
  });
});
