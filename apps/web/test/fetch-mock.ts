/**
 * A fetch stub for tests: handlers keyed by "METHOD /path" (query string ignored). Unhandled requests fail
 * the test loudly. Every call is recorded with its method, path, headers and parsed JSON body.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Handler = (request: RecordedRequest, callIndex: number) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockFetch(handlers: Record<string, Handler>) {
  const calls: RecordedRequest[] = [];
  const perRoute = new Map<string, number>();
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      body,
      credentials: init.credentials,
    };
    calls.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected request in test: ${key}`);
    const index = perRoute.get(key) ?? 0;
    perRoute.set(key, index + 1);
    return handler(request, index);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const role = overrides.role ?? 'student';
  const permissions =
    role === 'admin'
      ? { permissions: ['all' as const], level: 5 }
      : role === 'instructor'
        ? { permissions: ['create_courses' as const, 'manage_own_courses' as const], level: 7 }
        : { permissions: ['access_purchased_courses' as const, 'track_progress' as const], level: 2 };
  return {
    _id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role,
    avatar: null,
    isActive: true,
    purchasedCourses: [],
    permissions,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function sessionBody(user: PublicUser, accessToken = 'access-1') {
  return { accessToken, role: user.role, user };
}

/** A promise plus its resolver, for holding a response until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
