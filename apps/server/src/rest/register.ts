/**
 * Registers /api/v1 from the contracts route table. Every route is checked, in this order: access
 * (401/403 from the declared permission, before anything about the request is revealed), then
 * params/query/body against the route's schemas (400 with field issues), then the handler. Outside
 * production each response is also checked against its schema, so contract drift fails tests.
 */

import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { accessDecision } from '@lectio/contracts/permissions';
import {
  API_PREFIX,
  type RestRoute,
  type RestRouteName,
  restRoutes,
  toRouterPath,
} from '@lectio/contracts/rest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { preparedJson, sendPreparedJson } from '../lib/prepared-json';
import { hasNoCredentials } from '../plugins/auth';
import type { Actor } from '../services/context';
import { adminHandlers } from './handlers/admin';
import { authHandlers } from './handlers/auth';
import { courseHandlers } from './handlers/courses';
import { lectureHandlers } from './handlers/lectures';
import { mediaHandlers } from './handlers/media';
import { metaHandlers } from './handlers/meta';
import { paymentHandlers } from './handlers/payments';
import { progressHandlers } from './handlers/progress';
import type { RestDeps, RestHandler, RestHandlers } from './types';

/** What Fastify sends for a serialised object, so prepared bytes go out under the same header. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const restHandlers: RestHandlers = {
  ...metaHandlers,
  ...authHandlers,
  ...adminHandlers,
  ...courseHandlers,
  ...lectureHandlers,
  ...mediaHandlers,
  ...progressHandlers,
  ...paymentHandlers,
};

async function actorFor(request: FastifyRequest, route: RestRoute): Promise<Actor | null> {
  if (route.access.kind !== 'public') return request.getActor();
  // On public routes a bad or suspended session just means "anonymous".
  try {
    return await request.getActor();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export function registerRestRoutes(app: FastifyInstance, deps: RestDeps): void {
  const routes = Object.entries(restRoutes) as [RestRouteName, RestRoute][];
  for (const [name, route] of routes) if (route.bodyKind !== 'raw') addRoute(app, name, route, deps);
  // Raw-body routes (the Stripe webhook, whose signature covers the exact bytes) live in a child context
  // whose only body parser hands the bytes over as a Buffer in `request.body`, whatever the content type.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const [name, route] of routes) if (route.bodyKind === 'raw') addRoute(raw, name, route, deps);
  });
}

function addRoute(app: FastifyInstance, name: RestRouteName, route: RestRoute, deps: RestDeps): void {
  const handler = restHandlers[name] as RestHandler<RestRouteName>;
  app.route({
    method: route.method,
    url: `${API_PREFIX}${toRouterPath(route.path)}`,
    handler: async (request, reply) => {
      const actor = hasNoCredentials(request) ? null : await actorFor(request, route);
      const decision = accessDecision(route.access, actor);
      if (decision === 401) throw unauthorized(AUTH_MESSAGES.notSignedIn);
      if (decision === 403) throw forbidden(AUTH_MESSAGES.forbidden);

      const params = route.params ? route.params.parse(request.params) : undefined;
      const query = route.query ? route.query.parse(request.query ?? {}) : undefined;
      // Multipart handlers stream `request.parts()` themselves and validate the fields they read.
      const body =
        route.body && route.bodyKind !== 'multipart' ? route.body.parse(request.body ?? {}) : undefined;

      const result = await handler({ ...deps, params, query, body, actor, request, reply } as never);
      // Binary routes (media downloads) have already sent their stream on `reply`.
      if (route.responseKind === 'binary') return reply;
      if (!deps.services.config.isProduction) {
        const checked = route.response.safeParse(result);
        if (!checked.success) {
          throw new Error(`Response of ${name} does not match its contract: ${checked.error.message}`);
        }
      }
      const status = route.successStatus ?? 200;
      // A cached catalogue page was serialised once when cached: send those bytes (lib/prepared-json.ts).
      const prepared = preparedJson(result);
      if (prepared) return sendPreparedJson(request, reply.status(status).type(JSON_CONTENT_TYPE), prepared);
      return reply.status(status).send(result);
    },
  });
}
