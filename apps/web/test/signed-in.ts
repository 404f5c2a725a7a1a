import { SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
/**
 * Starts the app signed in (or not): the start-up GET /auth/refresh answers with a session for `role`,
 * logout succeeds, and `handlers` answer the rest. Call before renderApp().
 */
import type { PublicUser } from '@lectio/contracts/user';
import { checkSessionOnce } from '~/lib/auth';
import { type Handler, jsonResponse, makeUser, mockFetch, sessionBody } from './fetch-mock';

export function startSignedIn(
  role: PublicUser['role'] | null,
  handlers: Record<string, Handler> = {},
  userOverrides: Partial<PublicUser> = {},
) {
  const user = role ? makeUser({ role, name: `The ${role}`, ...userOverrides }) : null;
  const mocks = mockFetch({
    'GET /api/v1/auth/refresh': () =>
      user
        ? jsonResponse(200, sessionBody(user))
        : jsonResponse(401, { message: 'No session', code: 'UNAUTHORIZED' }),
    'GET /api/v1/auth/logout': () => jsonResponse(200, { message: 'Logged out' }),
    ...handlers,
  });
  void checkSessionOnce();
  return { ...mocks, user };
}

/** A first visit: the browser holds no session hint cookie, so the start-up check asks nothing. */
export function forgetSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this is the page's own view.
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
