/**
 * robots.txt, the sitemap index and its sitemaps (decision 0091): thin routes over services/seo/sitemap.ts.
 * They are served whether or not a web build is present (the web build ships no robots.txt of its own).
 * Crawlers fetch them rarely, so an hour of caching is ample; a course sitemap streams as it is read.
 */
import { Readable } from 'node:stream';
import { API_MESSAGES } from '@lectio/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../services/context';
import {
  courseSitemapXml,
  pagesSitemapXml,
  robotsTxt,
  sitemapIndexXml,
  sitemapPaths,
} from '../services/seo/sitemap';

const CACHE_CONTROL = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

export function registerSitemapRoutes(app: FastifyInstance, services: ServiceContext): void {
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robotsTxt(services)),
  );
  app.get(sitemapPaths.index, async (_request, reply) =>
    reply
      .type(XML_TYPE)
      .header('cache-control', CACHE_CONTROL)
      .send(await sitemapIndexXml(services)),
  );
  app.get(sitemapPaths.pages, async (_request, reply) =>
    reply
      .type(XML_TYPE)
      .header('cache-control', CACHE_CONTROL)
      .send(await pagesSitemapXml(services)),
  );
  app.get<{ Params: { file: string } }>('/sitemaps/courses/:file', async (request, reply) => {
    const firstId = request.params.file.endsWith('.xml') ? request.params.file.slice(0, -4) : '';
    const chunks = await courseSitemapXml(services, firstId);
    if (!chunks) {
      const message = API_MESSAGES.routeNotFound(request.method, request.url);
      return reply.status(404).send({ message, code: 'NOT_FOUND' as const });
    }
    return reply
      .type(XML_TYPE)
      .header('cache-control', CACHE_CONTROL)
      .send(Readable.from(chunks, { objectMode: false }));
  });
}
