/** auth.*: sign-up and the session. The refresh cookie is set and cleared here, the HTTP side of a session. */
import { operations } from '@lectio/contracts/api';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { assertSameOrigin, clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from '../../plugins/auth';
import { currentUser, logIn, logOut, refreshSession, signUp } from '../../services/auth/auth-service';
import { implement } from '../build-router';
import type { TrpcContext } from '../init';

/** Sets the session's refresh cookie on the response and returns what the client gets in the body. */
function startSession(ctx: TrpcContext, session: Awaited<ReturnType<typeof logIn>>) {
  setRefreshCookie(ctx.res, ctx.services.config, session.refreshToken, session.expiresAt, session.persistent);
  return session.payload;
}

export const authProcedures = implement(operations.auth, {
  async signup({ ctx, input }) {
    return { message: AUTH_MESSAGES.accountCreated, user: await signUp(ctx.services, input) };
  },
  async login({ ctx, input }) {
    assertSameOrigin(ctx.req, ctx.services.config);
    const session = await logIn(ctx.services, ctx.tokens, input, {
      ip: ctx.req.ip,
      userAgent: ctx.req.headers['user-agent'],
    });
    return startSession(ctx, session);
  },
  async refresh({ ctx }) {
    assertSameOrigin(ctx.req, ctx.services.config);
    try {
      const session = await refreshSession(ctx.services, ctx.tokens, ctx.req.cookies[REFRESH_COOKIE]);
      return startSession(ctx, session);
    } catch (error) {
      clearRefreshCookie(ctx.res, ctx.services.config);
      throw error;
    }
  },
  async logout({ ctx }) {
    assertSameOrigin(ctx.req, ctx.services.config);
    await logOut(ctx.services, ctx.tokens, ctx.req.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(ctx.res, ctx.services.config);
    return { message: AUTH_MESSAGES.loggedOut };
  },
  async me({ ctx }) {
    return { user: await currentUser(ctx.services, ctx.actor) };
  },
});
