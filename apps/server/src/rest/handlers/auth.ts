/** /api/v1/auth/*: thin handlers over the auth service; cookies are set here. */
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { unauthorized } from '../../lib/errors';
import { assertSameOrigin, clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../../plugins/auth';
import { currentUser, logIn, logOut, refreshSession, signUp } from '../../services/auth/auth-service';
import type { RestHandlers } from '../types';

export const authHandlers: Pick<
  RestHandlers,
  'authSignup' | 'authLogin' | 'authRefresh' | 'authLogout' | 'authMe'
> = {
  async authSignup({ services, body }) {
    const user = await signUp(services, body);
    return { message: AUTH_MESSAGES.accountCreated, user };
  },

  async authLogin({ services, tokens, body, request, reply }) {
    assertSameOrigin(request, services.config);
    const session = await logIn(services, tokens, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setRefreshCookie(reply, services.config, session.refreshToken, session.expiresAt, session.persistent);
    return session.payload;
  },

  async authRefresh({ services, tokens, request, reply }) {
    assertSameOrigin(request, services.config);
    try {
      const session = await refreshSession(services, tokens, request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, services.config, session.refreshToken, session.expiresAt, session.persistent);
      return session.payload;
    } catch (error) {
      clearRefreshCookie(reply, services.config);
      throw error;
    }
  },

  async authLogout({ services, tokens, request, reply }) {
    assertSameOrigin(request, services.config);
    await logOut(services, tokens, request.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, services.config);
    return { message: 'Logged out' };
  },

  async authMe({ services, actor }) {
    if (!actor) throw unauthorized(AUTH_MESSAGES.notSignedIn);
    return { user: await currentUser(services, actor) };
  },
};
