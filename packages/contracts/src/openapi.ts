/** Builds the OpenAPI 3.1 document from the REST view of the operations (rest.ts). */
import { z } from 'zod';
import { apiErrorSchema } from './errors.js';
import { httpRoutes } from './http-routes.js';
import { inputInQuery, pathParameters } from './operation.js';
import type { Access } from './permissions.js';
import { API_PREFIX, type RestRoute, restRoutes } from './rest.js';

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  delete json.$schema;
  return json;
}

/** The input's JSON schema without the path parameters (which travel in the path). */
function withoutPathFields(schema: JsonObject, names: readonly string[]): JsonObject {
  const copy: JsonObject = { ...schema };
  if (copy.properties && typeof copy.properties === 'object') {
    const properties = { ...(copy.properties as Record<string, unknown>) };
    for (const name of names) delete properties[name];
    copy.properties = properties;
  }
  if (Array.isArray(copy.required)) copy.required = copy.required.filter((name) => !names.includes(name));
  if (Array.isArray(copy.allOf)) copy.allOf = copy.allOf.map((part) => withoutPathFields(part, names));
  return copy;
}

function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'Public.';
  if (access.kind === 'authenticated') return 'Any signed-in user.';
  return `Requires one of the permissions: ${access.anyOf.join(', ')} (admin's \`all\` grants every permission).`;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function requestParts(route: RestRoute): {
  parameters: JsonObject[];
  requestBody?: JsonObject;
  response: JsonObject;
} {
  const names = pathParameters(route.path);
  const parameters: JsonObject[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.operation) {
    const input = route.operation.input
      ? withoutPathFields(schemaOf(route.operation.input, 'input'), names)
      : null;
    const response = schemaOf(route.operation.output, 'output');
    if (!input) return { parameters, response };
    if (inputInQuery(route.method)) {
      const properties = (input.properties ?? {}) as Record<string, JsonObject>;
      const required = (input.required ?? []) as string[];
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: required.includes(name), schema });
      }
      return { parameters, response };
    }
    return {
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema: input } } },
      response,
    };
  }
  const route_ = httpRoutes[route.name as keyof typeof httpRoutes];
  if ('query' in route_) {
    const query = schemaOf(route_.query, 'input') as {
      properties?: Record<string, JsonObject>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  const requestBody =
    'body' in route_
      ? { required: true, content: { 'multipart/form-data': { schema: schemaOf(route_.body, 'input') } } }
      : route_.bodyKind === 'raw'
        ? { required: true, content: { 'application/json': { schema: {} } } }
        : undefined;
  return {
    parameters,
    ...(requestBody ? { requestBody } : {}),
    response: schemaOf(route_.response, 'output'),
  };
}

export function buildOpenApiDocument(options: { version: string; serverUrl?: string }): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of restRoutes) {
    const { parameters, requestBody, response } = requestParts(route);
    const responses: JsonObject = {
      [String(route.status)]: {
        description: 'Success',
        content:
          route.responseKind === 'binary'
            ? {
                'application/octet-stream': {
                  schema: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              }
            : { 'application/json': { schema: response } },
      },
      '400': errorResponse('Invalid request: `issues` lists the fields'),
    };
    if (route.access.kind !== 'public') responses['401'] = errorResponse('No valid session');
    if (route.access.kind === 'permission') responses['403'] = errorResponse('Missing permission');
    const operation: JsonObject = {
      operationId: route.name,
      tags: [route.name.split('.')[0]],
      summary: route.summary,
      description: route.description
        ? `${describeAccess(route.access)}\n\n${route.description}`
        : describeAccess(route.access),
      parameters,
      responses,
      'x-access': route.access,
    };
    if (route.access.kind !== 'public') operation.security = [{ bearerAuth: [] }];
    if (requestBody) operation.requestBody = requestBody;
    const path = `${API_PREFIX}${route.path}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lectio API',
      version: options.version,
      description:
        'REST facade of the Lectio course marketplace. Errors share one shape: `{ message, code, issues? }`.',
    },
    servers: options.serverUrl ? [{ url: options.serverUrl }] : [],
    paths,
    components: {
      schemas: { Error: schemaOf(apiErrorSchema, 'output') },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
