/**
 * Serves the built web app (production): hashed assets with long caching, and index.html for any
 * other GET (history fallback for client routes), with the page's true status (decision 0091): 200 for a
 * page the web app serves, 404 for an unknown path, course or site page, 410 for a deleted course; the
 * shell is the same, and the web app shows its own Not Found page. Unknown /api and /trpc paths get a 404
 * JSON instead.
 *
 * Compression is done once, at build time: the web build writes `.br` and `.gz` next to its JS, CSS,
 * HTML and SVG files (apps/web/vite-plugins/precompress.ts) and @fastify/static's `preCompressed` picks
 * the variant the client accepts (brotli, then gzip, then the plain file) with `Vary: Accept-Encoding`.
 * index.html, served from memory for every client route, is compressed once when the app starts.
 * Nothing is compressed per request: the machine's CPU goes to the API. API answers are not compressed
 * here; a reverse proxy or CDN in front compresses (and, for the public catalogue, caches) them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { API_MESSAGES } from '@lectio/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from '../lib/content-encoding';

export interface WebApp {
  indexHtml: string | null;
  /** index.html compressed once at start, for clients that accept brotli or gzip. */
  indexHtmlEncoded?: { br: Buffer; gzip: Buffer };
  inlineScriptHashes: string[];
}

export function loadWebApp(distDir: string): WebApp {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return { indexHtml: null, inlineScriptHashes: [] };
  const indexHtml = readFileSync(indexFile, 'utf8');
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `sha256-${createHash('sha256').update(body).digest('base64')}`);
  const indexHtmlEncoded = {
    br: brotliCompressSync(indexHtml, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(indexHtml, { level: 9 }),
  };
  return { indexHtml, indexHtmlEncoded, inlineScriptHashes };
}

/** A page's HTTP status for its path (services/seo/page-status.ts). */
export type PageStatusOf = (pathname: string) => Promise<number>;

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  web: WebApp,
  pageStatusOf: PageStatusOf,
): Promise<void> {
  if (web.indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      // A page load fetches dozens of files: their requests are logged only when something goes wrong
      // (Fastify's per-plugin level; issue 15 counted two info lines per file, 3,500 in a short session).
      logLevel: 'warn',
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc');
    if (!isApi && web.indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      let status: number;
      try {
        status = await pageStatusOf(url);
      } catch (error) {
        // The shell still loads (and shows the outage); a crawler is told to come back rather than drop the page.
        request.log.warn({ err: error, url }, 'page status lookup failed; answering 503');
        status = 503;
      }
      reply.status(status).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      reply.type('text/html; charset=utf-8');
      const encoding = web.indexHtmlEncoded ? pickEncoding(request.headers['accept-encoding']) : null;
      if (encoding && web.indexHtmlEncoded) {
        return reply.header('content-encoding', encoding).send(web.indexHtmlEncoded[encoding]);
      }
      return reply.send(web.indexHtml);
    }
    return reply
      .status(404)
      .send({ message: API_MESSAGES.routeNotFound(request.method, url), code: 'NOT_FOUND' as const });
  });
}
