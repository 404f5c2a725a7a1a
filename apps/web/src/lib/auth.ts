/**
 * Session actions: the silent start-up check, sign-in, sign-up and sign-out (spec sections 4 and 7).
 * The session itself lives in session.ts; refreshing and retrying live in api.ts.
 */
import {
  type AuthSession,
  authSessionSchema,
  type LoginRequest,
  type SignupRequest,
  signupResponseSchema,
} from '@lectio/contracts/auth';
import { restRoutes } from '@lectio/contracts/rest';
import { apiRequest, endSession, refreshSession } from './api';
import { markSessionChecked, setSession } from './session';

let sessionCheck: Promise<void> | null = null;

/** The one silent GET /auth/refresh at start-up; later calls share the first one. */
export function checkSessionOnce(): Promise<void> {
  sessionCheck ??= refreshSession().then(
    () => markSessionChecked(),
    () => markSessionChecked(),
  );
  return sessionCheck;
}

export async function signIn(credentials: LoginRequest): Promise<AuthSession> {
  const session = await apiRequest(restRoutes.authLogin.path, {
    method: restRoutes.authLogin.method,
    body: credentials,
    schema: authSessionSchema,
  });
  setSession({ role: session.role, accessToken: session.accessToken, userData: session.user });
  return session;
}

export function signUp(values: SignupRequest) {
  return apiRequest(restRoutes.authSignup.path, {
    method: restRoutes.authSignup.method,
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
    await apiRequest(restRoutes.authLogout.path);
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
