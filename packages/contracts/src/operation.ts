/**
 * How an operation of the API is declared: once, beside its schemas, in `src/<domain>.ts`. The server's
 * tRPC router is built from these declarations; the REST `/api/v1` facade, the OpenAPI document, the
 * router type that clients import, the MSW mocks and the authorization test all derive from them.
 */
import type { z } from 'zod';
import type { ErrorCode } from './enumerations.js';
import type { Access } from './permissions.js';
import type { RateLimitName } from './rate-limits.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Where the operation answers under `/api/v1`. `{name}` segments of `path` are fields of the input; the
 * other fields come from the query string (GET, DELETE) or the JSON body (POST, PATCH, PUT).
 */
export interface RestBinding {
  method: HttpMethod;
  path: string;
  /** Success status; 200 when absent. */
  status?: number;
}

/**
 * Shared caching for anonymous reads (requests without `Authorization`): `Cache-Control: public,
 * max-age=0, s-maxage, stale-while-revalidate` with an ETag, on REST and on tRPC GET alike. Signed-in
 * viewers get `private, no-store`: their answers carry their own access and progress.
 */
export interface PublicCachePolicy {
  sMaxAge: number;
  staleWhileRevalidate: number;
}

/**
 * For a signed-in user's own answer that a client polls (the notifications bell): `Cache-Control:
 * private, no-cache` with an ETag, so the browser keeps it and revalidates with If-None-Match, and an
 * unchanged answer costs a 304 without a body.
 */
export interface PrivateRevalidatePolicy {
  revalidate: 'private';
}

export type HttpCachePolicy = PublicCachePolicy | PrivateRevalidatePolicy;

/** The Cache-Control an answer under `policy` carries (the server sends it, the OpenAPI document says it). */
export function cacheControlHeader(policy: HttpCachePolicy, anonymous: boolean): string {
  if ('revalidate' in policy) return 'private, no-cache';
  if (!anonymous) return 'private, no-store';
  return `public, max-age=0, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

/** Whether an answer with this Cache-Control carries an ETag (public answers and private revalidated ones). */
export function carriesEtag(cacheControl: string | null | undefined): boolean {
  return cacheControl !== null && cacheControl !== undefined && /^public|no-cache/.test(cacheControl);
}

export interface Operation {
  /** tRPC procedure type: queries are GET on /trpc (cacheable), mutations POST. */
  kind: 'query' | 'mutation';
  access: Access;
  summary: string;
  /** Longer OpenAPI description, after the access line. */
  description?: string;
  /** Absent for operations without input. */
  input?: z.ZodType;
  /** What the procedure returns, which is also the REST response body (the spec's envelope). */
  output: z.ZodType;
  rest: RestBinding;
  /**
   * Failures the service itself can answer, beyond those every operation derives (400 for input, 401
   * and 403 from its access, 408 for a body, 429 and 500). Each becomes a declared OpenAPI response.
   */
  errors?: readonly ErrorCode[];
  cache?: HttpCachePolicy;
  /** A named rate limit (rate-limits.ts) on top of the per-IP ceiling every route has. */
  rateLimit?: RateLimitName;
}

/** A domain's operations, keyed by procedure name (`list` in `courses.list`). */
export type OperationTable = Record<string, Operation>;

/** Checks a table against `Operation` while keeping each entry's literal types (schemas, kind, access). */
export function defineOperations<const T extends OperationTable>(operations: T): T {
  return operations;
}

/** What the procedure takes (before parsing) and returns (after), for clients and implementations. */
export type OperationInput<O extends Operation> = O['input'] extends z.ZodType
  ? z.input<O['input']>
  : undefined;
export type OperationParsedInput<O extends Operation> = O['input'] extends z.ZodType
  ? z.output<O['input']>
  : undefined;
export type OperationOutput<O extends Operation> = z.output<O['output']>;

/** `/courses/{id}` -> `/courses/:id` (Fastify's and MSW's syntax). */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The `{name}` parameters of a REST path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** Fill `{param}`s of a route path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Whether the method carries its input in the query string rather than a body. */
export function inputInQuery(method: HttpMethod): boolean {
  return method === 'GET' || method === 'DELETE';
}
