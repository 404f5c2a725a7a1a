/**
 * Slow clients (docs/decisions/0031). Three bounds:
 *
 * - CONNECTION_TIMEOUT_SECONDS (Fastify `connectionTimeout`): a connection silent that long in the middle
 *   of a request or response is closed. Idle keep-alive connections have Fastify's keepAliveTimeout.
 * - UPLOAD_TIMEOUT_SECONDS (Fastify `requestTimeout`, enforced by Node on every connection): the longest
 *   any request may take to arrive in full. It is the upload routes' allowance: a video of up to
 *   MAX_VIDEO_BYTES must get through on a slow line.
 * - REQUEST_TIMEOUT_SECONDS (here): every other request's body must arrive within this. Node's timeout is
 *   one per server, so this bound is applied per request: a `preParsing` hook hands the body parser a
 *   stream that fails with a 408 (REQUEST_TIMEOUT, the usual error shape) when the deadline passes, and
 *   the answer closes the connection, so a body trickled a byte at a time can't hold it open.
 *
 * The upload routes are the multipart HTTP routes of the contracts (lectures.upload, media.upload): their
 * handlers stream the body themselves, so it never goes through a body parser.
 */
import { PassThrough } from 'node:stream';
import { httpRoutes } from '@lectio/contracts/http-routes';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { toRouterPath } from '@lectio/contracts/rest';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/** Fastify's server options for the three bounds. */
export function serverTimeouts(config: Config): { connectionTimeout: number; requestTimeout: number } {
  return {
    connectionTimeout: config.timeouts.connectionSeconds * 1000,
    requestTimeout: config.timeouts.uploadSeconds * 1000,
  };
}

const UPLOAD_ROUTES = new Set(
  Object.values(httpRoutes)
    .filter((route) => route.bodyKind === 'multipart')
    .map((route) => `${API_PREFIX}${toRouterPath(route.path)}`),
);

const hasBody = (request: FastifyRequest) =>
  request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;

export function registerRequestTimeouts(app: FastifyInstance, config: Config): void {
  const allowanceMs = config.timeouts.requestSeconds * 1000;
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request) || UPLOAD_ROUTES.has(request.routeOptions.url ?? '')) return payload;
    const body = new PassThrough();
    const deadline = setTimeout(() => {
      if (reply.sent) return;
      payload.unpipe(body);
      reply.header('connection', 'close');
      body.destroy(new AppError('REQUEST_TIMEOUT', API_MESSAGES.requestTimeout));
    }, allowanceMs);
    const settle = () => clearTimeout(deadline);
    body.once('end', settle);
    body.once('close', settle);
    // A body nobody reads (refused with 415 or 413, or sent with a GET) must not leave the deadline armed:
    // failing a stream without a listener would be an uncaught error, fatal to the process.
    reply.raw.once('close', settle);
    // pipe() doesn't forward errors: a client that aborts must still end the parse at once.
    payload.once('error', (error) => body.destroy(error));
    payload.pipe(body);
    return body;
  });
}
