/** Helpers for the catalogue tests: signed-in actors, stored media, REST and tRPC calls. */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Role } from '@lectio/contracts/permissions';
import { type CreatedUser, createUser } from '@lectio/db/seed/factories';
import type { LightMyRequestResponse } from 'fastify';
import type { MediaKind } from '../../src/storage/storage-port';
import { sampleImage, sampleVideo } from './media';
import { bearer, login, type TestApp } from './test-app';

export interface SignedInUser {
  user: CreatedUser;
  token: string;
  headers: Record<string, string>;
}

export async function signIn(
  t: TestApp,
  role: Role,
  overrides: { name?: string } = {},
): Promise<SignedInUser> {
  const user = await createUser(t.db, { role, ...overrides });
  const { accessToken } = await login(t.app, user.email, user.password);
  return { user, token: accessToken, headers: bearer(accessToken) };
}

/** Puts a real file (mp4 or jpeg bytes) into storage under the course's folder and returns its key. */
export async function storeMedia(
  t: TestApp,
  courseId: string,
  kind: MediaKind,
  uploaderId = 'u1',
): Promise<string> {
  const key = `courses/${courseId}/${kind}/${uploaderId}-${randomBytes(6).toString('hex')}.${kind === 'lecture' ? 'mp4' : 'jpg'}`;
  const body = kind === 'lecture' ? sampleVideo() : sampleImage();
  await t.storage.putStream(key, Readable.from(body), {
    contentType: kind === 'lecture' ? 'video/mp4' : 'image/jpeg',
    maxBytes: 10 * 1024 * 1024,
  });
  return key;
}

type Actorish = SignedInUser | null | undefined;
const headersOf = (actor: Actorish) => actor?.headers ?? {};

export const api = {
  get: (t: TestApp, url: string, actor?: Actorish) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headersOf(actor) }),
  post: (t: TestApp, url: string, payload: unknown, actor?: Actorish) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: headersOf(actor),
      payload: payload as object,
    }),
  put: (t: TestApp, url: string, payload: unknown, actor?: Actorish) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1${url}`,
      headers: headersOf(actor),
      payload: payload as object,
    }),
  patch: (t: TestApp, url: string, payload: unknown, actor?: Actorish) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1${url}`,
      headers: headersOf(actor),
      payload: payload as object,
    }),
  delete: (t: TestApp, url: string, actor?: Actorish) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: headersOf(actor) }),
};

/** A tRPC query over HTTP: GET /trpc/{path}?input=... */
export function trpcQuery(t: TestApp, path: string, input: unknown, actor?: Actorish) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers: headersOf(actor) });
}

/** A tRPC mutation over HTTP: POST /trpc/{path} with the input as the JSON body. */
export function trpcMutation(t: TestApp, path: string, input: unknown, actor?: Actorish) {
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...headersOf(actor), 'content-type': 'application/json' },
    payload: JSON.stringify(input ?? {}),
  });
}

/** The `data` of a successful tRPC response (fails the test on an error response). */
export function trpcData<T = unknown>(response: LightMyRequestResponse): T {
  const body = response.json() as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`tRPC call failed: ${response.statusCode} ${response.body}`);
  return body.result.data;
}

/** The first issue message for a field of a 400 response. */
export function issueFor(response: LightMyRequestResponse, field: string): string | undefined {
  const issues = (response.json() as { issues?: { path: string; message: string }[] }).issues ?? [];
  return issues.find((issue) => issue.path === field)?.message;
}
