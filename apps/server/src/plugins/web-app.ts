/**
 * Serves the built web app (production): hashed assets with long caching, and index.html for any
 * other GET that accepts HTML (history fallback for client routes). Unknown /api and /trpc paths get
 * a 404 JSON instead.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_MESSAGES } from '@lectio/contracts/messages';
import type { FastifyInstance } from 'fastify';

export interface WebApp {
  indexHtml: string | null;
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
  return { indexHtml, inlineScriptHashes };
}

export async function registerWebApp(app: FastifyInstance, distDir: string, web: WebApp): Promise<void> {
  if (web.indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc');
    if (!isApi && web.indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .status(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(web.indexHtml);
    }
    return reply
      .status(404)
      .send({ message: API_MESSAGES.routeNotFound(request.method, url), code: 'NOT_FOUND' as const });
  });
}
