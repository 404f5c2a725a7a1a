/**
 * The OpenAPI document, built once per app from the contracts. Its `servers` names the origin the client
 * reached: PUBLIC_URL when it is configured, else the request's protocol and host (Fastify's
 * `request.protocol` and `request.host`, which honour X-Forwarded-Proto/Host only with TRUST_PROXY). The
 * host is used for nothing else, must look like a host name (else PUBLIC_URL's default stands in), and
 * only the latest few origins are kept, so odd Host headers can't grow the cache.
 */

import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { servedOpenApiDocument } from '../openapi-document';
import type { HttpHandlers } from '../types';

type Document = Record<string, unknown>;

const MAX_CACHED_ORIGINS = 16;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$`);

interface DocumentCache {
  /** The document without `servers`. */
  base: Document;
  /** By origin, oldest first. */
  byOrigin: Map<string, Document>;
}

// Per config, so apps built in one process with different settings (the tests) don't share documents.
const caches = new WeakMap<Config, DocumentCache>();

/** PUBLIC_URL was set: loadConfig's default is http://localhost:<PORT>. */
function publicUrlConfigured(config: Config): boolean {
  return config.publicUrl !== `http://localhost:${config.port}`;
}

/** The origin to name in `servers`. */
function documentOrigin(config: Config, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (publicUrlConfigured(config)) return config.publicUrl;
  const host = request.host;
  if (typeof host !== 'string' || !HOST.test(host)) return config.publicUrl;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

function documentFor(config: Config, origin: string): Document {
  let cache = caches.get(config);
  if (!cache) {
    const { servers: _servers, ...base } = servedOpenApiDocument({ version: config.version });
    cache = { base, byOrigin: new Map() };
    caches.set(config, cache);
  }
  let document = cache.byOrigin.get(origin);
  if (!document) {
    // `servers` after `info`, where OpenAPI documents usually have it.
    const { openapi, info, ...rest } = cache.base;
    document = { openapi, info, servers: [{ url: origin }], ...rest };
    if (cache.byOrigin.size >= MAX_CACHED_ORIGINS) {
      const oldest = cache.byOrigin.keys().next().value;
      if (oldest !== undefined) cache.byOrigin.delete(oldest);
    }
    cache.byOrigin.set(origin, document);
  }
  return document;
}

export const metaHandlers: Pick<HttpHandlers, 'meta.openapi'> = {
  async 'meta.openapi'({ services, request, reply }) {
    const { config } = services;
    const origin = documentOrigin(config, request);
    // Built from the request's Host: a shared cache must not hand one client's `servers` to another.
    if (!publicUrlConfigured(config)) reply.header('cache-control', 'private, no-cache');
    return documentFor(config, origin);
  },
};
