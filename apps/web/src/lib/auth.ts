/**
 * Session actions: the silent start-up check, sign-in, sign-up and sign-out (spec sections 4 and 7).
 * The session itself lives in session.ts; refreshing, retrying and the REST calls themselves in api.ts.
 * These four stay on REST /api/v1/auth (the refresh cookie's path); every other call goes over tRPC.
 *
 * This module is part of every page's first load (main.tsx starts the session check), so it names the
 * auth routes through the schema-free `rest-paths` and imports the response schemas when a form is sent:
 * the sign-in and sign-up screens have already loaded them for their own validation by then.
 */
import type { AuthSession, LoginRequest, SignupRequest } from '@lectio/contracts/auth';
import { REST_PATHS, SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
import { authRequest, beginSession, endSession, refreshSession } from './api';
import { currentSession, markSessionChecked } from './session';

/**
 * Whether this browser may hold a session: the server sets a readable hint cookie with the httpOnly
 * refresh cookie and clears it with it (contracts/rest-paths.ts). Without it there is nothing to refresh.
 */
export function mayHoldSession(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/**
 * The one silent GET /auth/refresh at start-up; later calls share the first one. A visitor without the
 * session hint is anonymous at once, without a request.
 */
export function checkSessionOnce(): Promise<void> {
  const session = currentSession();
  session.startupCheck ??= (mayHoldSession() ? refreshSession() : Promise.resolve(null)).then(
    () => markSessionChecked(),
    () => markSessionChecked(),
  );
  return session.startupCheck;
}

export async function signIn(credentials: LoginRequest): Promise<AuthSession> {
  const { authSessionSchema } = await import('@lectio/contracts/auth');
  const session = await authRequest(REST_PATHS.authLogin, {
    body: credentials,
    parse: (body) => authSessionSchema.parse(body),
  });
  beginSession(session);
  return session;
}

export async function signUp(values: SignupRequest) {
  const { signupResponseSchema } = await import('@lectio/contracts/auth');
  return authRequest(REST_PATHS.authSignup, {
    body: values,
    parse: (body) => signupResponseSchema.parse(body),
  });
}

/**
 * Signs out: tells the server (which revokes the refresh cookie) and clears the session whatever the
 * server said. A failed call is only logged (spec section 4).
 */
export async function signOut(): Promise<void> {
  try {
    await authRequest(REST_PATHS.authLogout);
  } catch (error) {
    console.error('Logout request failed; the session was cleared anyway.', error);
  } finally {
    endSession('logout');
  }
}
