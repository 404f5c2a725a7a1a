/**
 * Session actions: the silent start-up check, sign-in, sign-up and sign-out (spec sections 4 and 7).
 * The session itself lives in session.ts; refreshing and retrying live in api.ts.
 *
 * This module is part of every page's first load (main.tsx starts the session check), so it names the
 * auth routes through the schema-free `rest-paths` and imports the response schemas when a form is sent:
 * the sign-in and sign-up screens have already loaded them for their own validation by then.
 */
import type { AuthSession, LoginRequest, SignupRequest } from '@lectio/contracts/auth';
import { REST_PATHS, SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
import { apiRequest, endSession, refreshSession } from './api';
import { markSessionChecked, setSession } from './session';

let sessionCheck: Promise<void> | null = null;

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
  sessionCheck ??= (mayHoldSession() ? refreshSession() : Promise.resolve(null)).then(
    () => markSessionChecked(),
    () => markSessionChecked(),
  );
  return sessionCheck;
}

export async function signIn(credentials: LoginRequest): Promise<AuthSession> {
  const { authSessionSchema } = await import('@lectio/contracts/auth');
  const session = await apiRequest(REST_PATHS.authLogin.path, {
    method: REST_PATHS.authLogin.method,
    body: credentials,
    schema: authSessionSchema,
  });
  setSession({ role: session.role, accessToken: session.accessToken, userData: session.user });
  return session;
}

export async function signUp(values: SignupRequest) {
  const { signupResponseSchema } = await import('@lectio/contracts/auth');
  return apiRequest(REST_PATHS.authSignup.path, {
    method: REST_PATHS.authSignup.method,
    body: values,
    schema: signupResponseSchema,
  });
}

/**
 * Signs out: tells the server (which revokes the refresh cookie) and clears the session whatever the
 * server said. A failed call is only logged (spec section 4).
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest(REST_PATHS.authLogout.path);
  } catch (error) {
    console.error('Logout request failed; the session was cleared anyway.', error);
  } finally {
    endSession('logout');
  }
}

/** Test hook. */
export function resetSessionCheckForTests(): void {
  sessionCheck = null;
}
