/**
 * The REST `/api/v1` view of the API: every operation's REST binding plus the HTTP-only routes, as one
 * table. The OpenAPI document and the authorization test walk it; the server registers the operations'
 * routes from `operations` and the HTTP routes from `httpRoutes`.
 */
import { listOperations, type OperationPath } from './api.js';
import type { ErrorCode } from './enumerations.js';
import { type HttpRouteName, httpRoutes } from './http-routes.js';
import type { HttpCachePolicy, HttpMethod, Operation } from './operation.js';
import type { Access } from './permissions.js';
import type { RateLimitName } from './rate-limits.js';
import { API_PREFIX } from './rest-paths.js';

export { healthResponseSchema } from './meta.js';
export { fillPath, type HttpMethod, pathParameters, toRouterPath } from './operation.js';
export { API_PREFIX };

export type RestRouteName = OperationPath | HttpRouteName;

export interface RestRoute {
  name: RestRouteName;
  method: HttpMethod;
  /** Relative to /api/v1, with OpenAPI-style parameters: /courses/{id}. */
  path: string;
  access: Access;
  summary: string;
  description?: string;
  status: number;
  errors: readonly ErrorCode[];
  cache?: HttpCachePolicy;
  /** The operation's named rate limit, if it declares one. */
  rateLimit?: RateLimitName;
  /** Set for routes that serve an operation (the others are HTTP routes with their own handler). */
  operation?: Operation;
  bodyKind: 'json' | 'multipart' | 'raw' | 'none';
  responseKind: 'json' | 'binary';
}

function operationRoute(name: OperationPath, operation: Operation): RestRoute {
  const { method, path, status = 200 } = operation.rest;
  return {
    name,
    method,
    path,
    access: operation.access,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    status,
    errors: operation.errors ?? [],
    ...(operation.cache ? { cache: operation.cache } : {}),
    ...(operation.rateLimit ? { rateLimit: operation.rateLimit } : {}),
    operation,
    bodyKind: method === 'GET' || method === 'DELETE' ? 'none' : 'json',
    responseKind: 'json',
  };
}

export const restRoutes: readonly RestRoute[] = [
  ...listOperations().map(({ path, operation }) => operationRoute(path, operation)),
  ...Object.entries(httpRoutes).map(
    ([name, route]): RestRoute => ({
      name: name as HttpRouteName,
      method: route.method,
      path: route.path,
      access: route.access,
      summary: route.summary,
      ...('description' in route ? { description: route.description } : {}),
      status: 'status' in route ? route.status : 200,
      errors: 'errors' in route ? route.errors : [],
      bodyKind: route.bodyKind,
      responseKind: route.responseKind,
    }),
  ),
];
