/**
 * The session's HTTP layer (spec sections 4 and 8): the session-aware fetch every API call goes through
 * (the tRPC client in lib/trpc.ts uses it), the shared "refresh once, retry once" rule, and the four auth
 * calls that stay on REST /api/v1/auth (sign-in, sign-up, refresh, logout): the httpOnly refresh cookie is
 * scoped to that path, and the start-up check must stay small (no tRPC client in the entry bundle).
 *
 * Every call goes out with cookies and, when signed in, `Authorization: Bearer <token>`. A 401 or 403 from
 * any call except the session endpoints themselves triggers one token refresh and one retry (for tRPC
 * calls per call, in lib/trpc.ts: a batch can hold a refused call beside answered ones). Refreshes are
 * deduplicated into a single in-flight request: the server rotates the refresh cookie on every use and
 * treats a second use of the same cookie as token theft, so two parallel refreshes would end the session.
 * A failed refresh ends the session and drops every cached query.
 */

import type { AuthSession } from '@lectio/contracts/auth';
import { type ErrorIssue, isApiErrorBody } from '@lectio/contracts/errors';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { API_PREFIX, REST_PATHS } from '@lectio/contracts/rest-paths';
import { queryClient } from './query-client';
import { clearSession, currentSession, getSession, type SignOutReason, setSession } from './session';

/** Code used when no HTTP response arrived at all (the server is down or the network is gone). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** A failed session call: the server's `{ message, code, issues }`, or status 0 when nothing came back. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ErrorIssue[];

  constructor(status: number, message: string, code: string, issues: ErrorIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The 'No server response' failure (status 0), for any call that got no HTTP answer. */
export function noResponseError(): ApiError {
  return new ApiError(0, AUTH_MESSAGES.noServerResponse, NETWORK_ERROR_CODE);
}

type AuthRoute = (typeof REST_PATHS)[Exclude<keyof typeof REST_PATHS, 'listCourses' | 'setupStatus'>];

/** Ends the session client-side: clears user and token and resets all cached API data. */
export function endSession(reason: SignOutReason): void {
  clearSession(reason);
  queryClient.clear();
}

/**
 * Starts (or renews) the session from a login or refresh payload. Cached answers depend on who asked
 * (access, progress, which lectures play), so when the session now belongs to someone else than before
 * (a visitor who signed in) every cached query is dropped; a renewed token for the same user keeps them.
 */
export function beginSession(session: AuthSession): void {
  const previousUserId = getSession().user?._id ?? null;
  setSession({ role: session.role, accessToken: session.accessToken, userData: session.user });
  if (previousUserId !== session.user._id) queryClient.clear();
}

async function requestNewSession(): Promise<AuthSession | null> {
  try {
    const response = await fetch(`${API_PREFIX}${REST_PATHS.authRefresh.path}`, {
      method: REST_PATHS.authRefresh.method,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Refresh failed with status ${response.status}`);
    // The schema (and zod) load only for a session: an anonymous visitor's first load (the landing page,
    // with its JavaScript budget) never needs them, and a signed-in one is sent on to screens that do.
    const [{ authSessionSchema }, body] = await Promise.all([
      import('@lectio/contracts/auth'),
      response.json() as Promise<unknown>,
    ]);
    const session = authSessionSchema.parse(body);
    beginSession(session);
    return session;
  } catch {
    endSession('expired');
    return null;
  }
}

/**
 * Asks for a new access token with the refresh cookie. Concurrent callers share one request. Resolves to
 * the new session, or null when refreshing failed (and the session has then been ended).
 */
export function refreshSession(): Promise<AuthSession | null> {
  const session = currentSession();
  session.refreshInFlight ??= requestNewSession().finally(() => {
    session.refreshInFlight = null;
  });
  return session.refreshInFlight;
}

/** A 401 or 403: the token may have expired, so the call is worth one refresh and one retry. */
export function isAuthFailureStatus(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

/**
 * The token to retry a call with after it failed with 401/403 having been sent with `tokenSent`: the
 * token another call already refreshed meanwhile, else a new one (one shared refresh), else null (the
 * refresh failed and the session is over: don't retry).
 */
export async function tokenForRetry(tokenSent: string | null): Promise<string | null> {
  const current = getSession().token;
  if (current && current !== tokenSent) return current;
  return (await refreshSession())?.accessToken ?? null;
}

/** fetch with cookies and the current Bearer token (none when signed out). */
export function fetchWithSession(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getSession().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return fetch(input, { ...init, headers, credentials: 'include' });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromResponse(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) return new ApiError(status, body.message, body.code, body.issues ?? []);
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : `Request failed with status ${status}`;
  return new ApiError(status, message, `HTTP_${status}`);
}

/**
 * One of the auth calls (REST /api/v1/auth/...): JSON in, the parsed body out. Their 401 and 403 are the
 * real answer (wrong password, suspended account), so they are never refreshed and retried. Failures
 * throw `ApiError`: the server's error for an HTTP error, status 0 and 'No server response' when nothing
 * came back.
 */
export async function authRequest<T = unknown>(
  route: AuthRoute,
  options: { body?: unknown; parse?: (body: unknown) => T } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: route.method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetchWithSession(`${API_PREFIX}${route.path}`, init);
  } catch {
    throw noResponseError();
  }

  const payload = await readBody(response);
  if (!response.ok) throw errorFromResponse(response.status, payload);
  return options.parse ? options.parse(payload) : (payload as T);
}
