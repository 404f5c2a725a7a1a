/**
 * The method and path of the few REST routes the web app's first load calls (the session check, the
 * auth calls, the public course list and the first-run setup check), without their schemas. Those
 * operations' declarations take their REST binding from these entries, so they stay one definition; the
 * session module imports this module instead of the declarations, which would pull every schema and zod
 * into the first load's JavaScript budget (e2e/tests/budget.spec.ts).
 */

export const API_PREFIX = '/api/v1';

export const REST_PATHS = {
  authSignup: { method: 'POST', path: '/auth/signup' },
  authLogin: { method: 'POST', path: '/auth/login' },
  authRefresh: { method: 'GET', path: '/auth/refresh' },
  authLogout: { method: 'GET', path: '/auth/logout' },
  listCourses: { method: 'GET', path: '/courses' },
  /** First-run setup: whether the server still needs its first admin (every page load asks). */
  setupStatus: { method: 'GET', path: '/setup/status' },
} as const;

/**
 * A cookie the server sets and clears together with the httpOnly refresh cookie (same lifetime), readable
 * by the page and holding no secret: "this browser may hold a session". The web app makes its start-up
 * `GET /auth/refresh` only when it is present, so a visitor who never signed in gets no request (and no
 * 401 in the console) before the first screen. Forging it only costs that one refresh call.
 */
export const SESSION_HINT_COOKIE = 'lectio_session';
