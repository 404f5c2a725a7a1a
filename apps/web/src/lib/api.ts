/**
 * The REST client for /api/v1 and the shared "refresh once, retry once" rule (spec sections 4 and 8).
 *
 * Every call goes out with cookies and, when signed in, `Authorization: Bearer <token>`. A 401 or 403 from
 * any call except the session endpoints themselves triggers one token refresh and one retry. Refreshes are
 * deduplicated into a single in-flight request: the server rotates the refresh cookie on every use and
 * treats a second use of the same cookie as token theft, so two parallel refreshes would end the session.
 * A failed refresh ends the session and drops every cached query.
 */

import type { AuthSession } from '@lectio/contracts/auth';
import { type ErrorIssue, isApiErrorBody } from '@lectio/contracts/errors';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { API_PREFIX, REST_PATHS } from '@lectio/contracts/rest-paths';
import { queryClient } from './query-client';
import { clearSession, getSession, type SignOutReason, setSession } from './session';

/** Code used when no HTTP response arrived at all (the server is down or the network is gone). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

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

/** Session endpoints answer 401/403 as their real result; retrying them after a refresh makes no sense. */
const PATHS_WITHOUT_AUTH_RETRY: ReadonlySet<string> = new Set([
  REST_PATHS.authLogin.path,
  REST_PATHS.authSignup.path,
  REST_PATHS.authRefresh.path,
  REST_PATHS.authLogout.path,
]);

export function apiUrl(path: string): string {
  return `${API_PREFIX}${path}`;
}

let refreshInFlight: Promise<AuthSession | null> | null = null;

/** Ends the session client-side: clears user and token and resets all cached API data. */
export function endSession(reason: SignOutReason): void {
  clearSession(reason);
  queryClient.clear();
}

async function requestNewSession(): Promise<AuthSession | null> {
  try {
    const response = await fetch(apiUrl(REST_PATHS.authRefresh.path), {
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
    setSession({ role: session.role, accessToken: session.accessToken, userData: session.user });
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
  if (!refreshInFlight) {
    refreshInFlight = requestNewSession().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function isAuthFailure(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * fetch with cookies and the current Bearer token; on 401/403, one refresh and one retry. If another call
 * already refreshed while this one was in flight, the retry uses that token instead of refreshing again.
 * Used by the REST wrapper and as the tRPC link's fetch.
 */
export async function fetchWithSession(
  input: string | URL,
  init: RequestInit = {},
  options: { retryOnAuthFailure?: boolean } = {},
): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
    return fetch(input, { ...init, headers, credentials: 'include' });
  };

  const tokenSent = getSession().token;
  const response = await send(tokenSent);
  if (!isAuthFailure(response.status) || options.retryOnAuthFailure === false) return response;

  const current = getSession().token;
  const token = current && current !== tokenSent ? current : ((await refreshSession())?.accessToken ?? null);
  if (!token) return response;
  return send(token);
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

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the success body; without it the body is returned as is. */
  schema?: { parse(input: unknown): T };
}

/**
 * Calls `${API_PREFIX}${path}` and returns the parsed JSON body. Failures throw `ApiError`: the server's
 * `{ message, code, issues }` for an HTTP error, status 0 and 'No server response' when nothing came back.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const pathname = path.split('?')[0] ?? path;

  let response: Response;
  try {
    response = await fetchWithSession(apiUrl(path), init, {
      retryOnAuthFailure: !PATHS_WITHOUT_AUTH_RETRY.has(pathname),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, AUTH_MESSAGES.noServerResponse, NETWORK_ERROR_CODE);
  }

  const payload = await readBody(response);
  if (!response.ok) throw errorFromResponse(response.status, payload);
  return schema ? schema.parse(payload) : (payload as T);
}

/** Message for a form: the server's text (with "Can't find..." mapped by the caller) or 'No server response'. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : AUTH_MESSAGES.noServerResponse;
}

/** Test hook: forget a refresh that a test left in flight. */
export function resetRefreshStateForTests(): void {
  refreshInFlight = null;
}
