/**
 * Shared HTTP caching for operations that declare a cache policy (the public catalogue), used by the
 * REST facade and by the tRPC adapter's responseMeta alike: anonymous answers are public for a short
 * time with an ETag, so a CDN or reverse proxy can serve them and a browser can revalidate with
 * If-None-Match (304); answers to a signed-in request are private, and not stored unless the policy
 * asks for private revalidation (the polled notifications summary: ETag and 304 too).
 */
import { createHash } from 'node:crypto';
import { cacheControlHeader, type HttpCachePolicy } from '@lectio/contracts/operation';
import type { FastifyRequest } from 'fastify';

/** Whether the request is anonymous for caching: the access token only ever travels in this header. */
export function isAnonymousRequest(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined;
}

/** A weak validator over the JSON body (weak: the same JSON may go out compressed or not). */
export function etagOf(json: string | Uint8Array): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** Cache-Control and Vary for an answer under `policy` (contracts' cacheControlHeader). */
export function cacheControl(policy: HttpCachePolicy, anonymous: boolean): Record<string, string> {
  return { 'cache-control': cacheControlHeader(policy, anonymous), vary: 'Authorization' };
}

interface Serialised {
  json: string;
  etag: string;
}

// An answer object served again (a page from the catalogue micro-cache, which is never mutated) is
// serialised and hashed once, not on every hit.
const serialisedAnswers = new WeakMap<object, Serialised>();

/** The JSON of an answer and its ETag, computed once per answer object. */
export function serialised(value: object): Serialised {
  const known = serialisedAnswers.get(value);
  if (known) return known;
  const json = JSON.stringify(value);
  const result = { json, etag: etagOf(json) };
  serialisedAnswers.set(value, result);
  return result;
}

/** RFC 9110 weak comparison of If-None-Match against the current ETag. */
export function isNotModified(request: FastifyRequest, etag: string | undefined): boolean {
  const header = request.headers['if-none-match'];
  if (!etag || !header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
