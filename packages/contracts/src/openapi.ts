/** Builds the OpenAPI 3.1 document from the REST route table. */
import { z } from 'zod';
import { apiErrorSchema } from './errors';
import type { Access } from './permissions';
import { API_PREFIX, type RestRoute, restRoutes } from './rest';

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  delete json.$schema;
  return json;
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

export function buildOpenApiDocument(options: { version: string; serverUrl?: string }): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const [operationId, route] of Object.entries(restRoutes) as [string, RestRoute][]) {
    const parameters: JsonObject[] = [];
    if (route.params) {
      for (const name of Object.keys(route.params.shape)) {
        parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    if (route.query) {
      const query = schemaOf(route.query, 'input') as {
        properties?: Record<string, JsonObject>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const responses: JsonObject = {
      [String(route.successStatus ?? 200)]: {
        description: 'Success',
        content:
          route.responseKind === 'binary'
            ? {
                'application/octet-stream': {
                  schema: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              }
            : { 'application/json': { schema: schemaOf(route.response, 'output') } },
      },
      '400': errorResponse('Invalid request: `issues` lists the fields'),
    };
    if (route.access.kind !== 'public') responses['401'] = errorResponse('No valid session');
    if (route.access.kind === 'permission') responses['403'] = errorResponse('Missing permission');
    const operation: JsonObject = {
      operationId,
      tags: [route.tag],
      summary: route.summary,
      description: route.description
        ? `${describeAccess(route.access)}\n\n${route.description}`
        : describeAccess(route.access),
      parameters,
      responses,
      'x-access': route.access,
    };
    if (route.access.kind !== 'public') operation.security = [{ bearerAuth: [] }];
    if (route.body) {
      const contentType = route.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json';
      operation.requestBody = {
        required: true,
        content: { [contentType]: { schema: schemaOf(route.body, 'input') } },
      };
    } else if (route.bodyKind === 'raw') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: {} } } };
    }
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
