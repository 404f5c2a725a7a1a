/**
 * The REST /api/v1 facade, derived from the contracts. Each operation's route calls the same tRPC
 * procedure as /trpc (through tRPC's public `callTRPCProcedure`), so access, input and output checks and
 * the service call happen once, in the procedure; this file only moves the input out of the path, query
 * string or body and the answer (or error) back into HTTP. The few HTTP-only routes (http-routes.ts in the
 * contracts) have handlers of their own, with their declared access checked here.
 */
import { listOperations, type OperationPath } from '@lectio/contracts/api';
import { type HttpRouteName, httpRoutes } from '@lectio/contracts/http-routes';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { carriesEtag, type Operation, toRouterPath } from '@lectio/contracts/operation';
import { accessDecision } from '@lectio/contracts/permissions';
import { restInputOf } from '@lectio/contracts/rest-input';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import { callTRPCProcedure, TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { cacheControl, isAnonymousRequest, isNotModified, serialised } from '../lib/http-cache';
import { hasNoCredentials } from '../plugins/auth';
import type { Actor } from '../services/context';
import { createContextFactory } from '../trpc/init';
import { appRouter } from '../trpc/router';
import { certificateHandlers } from './handlers/certificates';
import { mediaHandlers } from './handlers/media';
import { metaHandlers } from './handlers/meta';
import { paymentHandlers } from './handlers/payments';
import { receiptHandlers } from './handlers/receipts';
import { videoHandlers } from './handlers/video';
import type { HttpHandler, HttpHandlers, RestDeps } from './types';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const httpHandlers: HttpHandlers = {
  ...metaHandlers,
  ...mediaHandlers,
  ...videoHandlers,
  ...paymentHandlers,
  ...certificateHandlers,
  ...receiptHandlers,
};

export function registerRestRoutes(app: FastifyInstance, deps: RestDeps): void {
  const createContext = createContextFactory(deps.services, deps.tokens);
  for (const { path, operation } of listOperations()) {
    app.route({
      method: operation.rest.method,
      url: `${API_PREFIX}${toRouterPath(operation.rest.path)}`,
      handler: (request, reply) =>
        callOperation(path, operation, createContext({ req: request, res: reply })),
    });
  }
  const names = Object.keys(httpRoutes) as HttpRouteName[];
  for (const name of names) if (httpRoutes[name].bodyKind !== 'raw') addHttpRoute(app, name, deps);
  // Raw-body routes (the Stripe webhook, whose signature covers the exact bytes) live in a child context
  // whose only body parser hands the bytes over as a Buffer in `request.body`, whatever the content type.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const name of names) if (httpRoutes[name].bodyKind === 'raw') addHttpRoute(raw, name, deps);
  });
}

async function callOperation(
  path: OperationPath,
  operation: Operation,
  ctx: ReturnType<ReturnType<typeof createContextFactory>>,
): Promise<unknown> {
  const { req: request, res: reply } = ctx;
  let data: unknown;
  try {
    data = await callTRPCProcedure({
      router: appRouter,
      path,
      type: operation.kind,
      ctx,
      getRawInput: async () =>
        restInputOf(operation, {
          params: request.params as Record<string, string>,
          query: request.query,
          body: request.body,
        }),
      signal: undefined,
      batchIndex: 0,
    });
  } catch (error) {
    throw restError(error);
  }
  reply.status(operation.rest.status ?? 200);
  if (!operation.cache) return data;
  const headers = cacheControl(operation.cache, isAnonymousRequest(request));
  reply.headers(headers);
  if (!carriesEtag(headers['cache-control']) || typeof data !== 'object' || data === null) return data;
  const { json, etag } = serialised(data);
  reply.header('etag', etag);
  if (isNotModified(request, etag)) return reply.status(304).send();
  return reply.type(JSON_CONTENT_TYPE).send(json);
}

/**
 * A procedure's failure as the error the REST error handler maps: the service's AppError (status,
 * message, issues, headers), the input's ZodError (400 with field issues), or the error itself (500).
 */
function restError(error: unknown): unknown {
  if (!(error instanceof TRPCError)) return error;
  if (error.cause instanceof AppError) return error.cause;
  if (error.code === 'BAD_REQUEST' && error.cause instanceof ZodError) return error.cause;
  return error.cause ?? error;
}

async function actorFor(request: FastifyRequest, isPublic: boolean): Promise<Actor | null> {
  if (hasNoCredentials(request)) return null;
  if (!isPublic) return request.getActor();
  // On public routes a bad or suspended session just means "anonymous".
  try {
    return await request.getActor();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function addHttpRoute(app: FastifyInstance, name: HttpRouteName, deps: RestDeps): void {
  const route = httpRoutes[name];
  const handler = httpHandlers[name] as HttpHandler<HttpRouteName>;
  app.route({
    method: route.method,
    url: `${API_PREFIX}${toRouterPath(route.path)}`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = await actorFor(request, route.access.kind === 'public');
      const decision = accessDecision(route.access, actor);
      if (decision === 401) throw unauthorized(AUTH_MESSAGES.notSignedIn);
      if (decision === 403) throw forbidden(AUTH_MESSAGES.forbidden);
      const params = 'params' in route ? route.params.parse(request.params) : undefined;
      const query = 'query' in route ? route.query.parse(request.query ?? {}) : undefined;
      const result = await handler({ ...deps, params, query, actor, request, reply } as never);
      if (route.responseKind === 'binary') return reply;
      return reply.status('status' in route ? route.status : 200).send(result);
    },
  });
}
