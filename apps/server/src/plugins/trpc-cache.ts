/**
 * HTTP caching on /trpc: a single GET query of an operation that declares a cache policy gets the same
 * Cache-Control and Vary as its REST route (lib/http-cache.ts), set through the adapter's public
 * `responseMeta`. A public (or privately revalidated) answer's ETag is computed in onSend from the bytes the adapter produced (so the
 * page is serialised once), and a conditional request whose ETag still matches is answered 304 there,
 * since a fetch Response can't be built with status 304 and a body.
 */
import { listOperations } from '@lectio/contracts/api';
import { carriesEtag, type HttpCachePolicy } from '@lectio/contracts/operation';
import type { ResponseMeta } from '@trpc/server/http';
import type { FastifyInstance } from 'fastify';
import { cacheControl, etagOf, isAnonymousRequest, isNotModified } from '../lib/http-cache';
import type { TrpcContext } from '../trpc/init';

const policies = new Map<string, HttpCachePolicy>(
  listOperations().flatMap(({ path, operation }) =>
    operation.cache ? [[path, operation.cache] as const] : [],
  ),
);

interface CacheMetaOptions {
  /** The router's declared context type is `object` (contracts/api.ts); ours always has `req`. */
  ctx?: object;
  info: { calls: readonly { path: string }[] } | undefined;
  type: string;
  errors: readonly unknown[];
}

function isContext(ctx: object | undefined): ctx is TrpcContext {
  return ctx !== undefined && 'req' in ctx;
}

export function trpcCacheMeta({ ctx, info, type, errors }: CacheMetaOptions): ResponseMeta {
  const path = info?.calls.length === 1 ? info.calls[0]?.path : undefined;
  const policy = path === undefined ? undefined : policies.get(path);
  if (!isContext(ctx) || !policy || type !== 'query' || errors.length > 0) return {};
  return { headers: cacheControl(policy, isAnonymousRequest(ctx.req)) };
}

export function registerTrpcCaching(trpc: FastifyInstance): void {
  trpc.addHook('onSend', async (request, reply, payload) => {
    if (!(payload instanceof Response) || payload.status !== 200) return payload;
    if (!carriesEtag(payload.headers.get('cache-control'))) return payload;
    // The bytes as the adapter encoded them: hashed and sent as they are, never decoded again.
    const body = Buffer.from(await payload.arrayBuffer());
    const etag = etagOf(body);
    for (const [name, value] of payload.headers) reply.header(name, value);
    reply.header('etag', etag);
    if (!isNotModified(request, etag)) return body;
    reply.status(304);
    reply.removeHeader('content-type');
    return null;
  });
}
