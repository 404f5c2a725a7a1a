/**
 * Starts the app signed in (or not): the start-up GET /auth/refresh answers with a session for `role`
 * (401 for null; once `answerRefreshAfter` has settled, if given), and logout succeeds. Register the other answers on `api` (test/api-mocks.ts); call
 * before renderApp().
 */
import { SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
import type { PublicUser } from '@lectio/contracts/user';
import { MockApiError } from '@lectio/mocks';
import { checkSessionOnce } from '~/lib/auth';
import { api } from './api-mocks';
import { makeUser, sessionBody } from './fixtures';

export function startSignedIn(
  role: PublicUser['role'] | null,
  userOverrides: Partial<PublicUser> = {},
  options: { answerRefreshAfter?: Promise<unknown> } = {},
) {
  const user = role ? makeUser({ role, name: `The ${role}`, ...userOverrides }) : null;
  api.answer('auth.refresh', async () => {
    // Held while the test looks at what happens during the start-up check.
    await options.answerRefreshAfter;
    if (!user) throw new MockApiError('UNAUTHORIZED', 'No session');
    return sessionBody(user);
  });
  api.answer('auth.logout', { message: 'Logged out' });
  void checkSessionOnce();
  return { user };
}

/** A first visit: the browser holds no session hint cookie, so the start-up check asks nothing. */
export function forgetSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this is the page's own view.
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
