import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import { type RestRoute, restRoutes } from '../src/rest';

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: { bearerAuth: string[] }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  'x-access': unknown;
}

interface Doc {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, unknown>;
  };
}

const doc = buildOpenApiDocument({ version: '9.9.9' }) as unknown as Doc;
const routes = Object.entries(restRoutes) as [string, RestRoute][];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

function op(method: string, path: string): Operation {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`no operation ${method} ${path}`);
  return operation;
}

const ERROR_REF = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

describe('buildOpenApiDocument', () => {
  it('is OpenAPI 3.1.0 with the given version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Lectio API');
    expect(doc.info.version).toBe('9.9.9');
  });

  it('lists the server only when a server URL is given', () => {
    expect(doc.servers).toEqual([]);
    const withServer = buildOpenApiDocument({
      version: '1',
      serverUrl: 'https://api.example',
    }) as unknown as Doc;
    expect(withServer.servers).toEqual([{ url: 'https://api.example' }]);
  });

  it('has exactly one operation per route, with operationId = the route name', () => {
    expect(operations).toHaveLength(routes.length);
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(
      routes.map(([name]) => name).sort(),
    );
  });

  it.each(routes)('%s sits at /api/v1 + its path under its method', (name, route) => {
    const operation = op(route.method.toLowerCase(), `/api/v1${route.path}`);
    expect(operation.operationId).toBe(name);
    expect(operation.tags).toEqual([route.tag]);
    expect(operation.summary).toBe(route.summary);
    expect(operation['x-access']).toEqual(route.access);
  });

  it('puts several methods of one path under one path item', () => {
    expect(Object.keys(doc.paths['/api/v1/courses/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(doc.paths['/api/v1/courses'] ?? {}).sort()).toEqual(['get', 'post']);
  });

  it('only uses lower-case HTTP methods', () => {
    for (const { method } of operations) expect(['get', 'post', 'patch', 'put', 'delete']).toContain(method);
  });

  // OpenAPI 3.1 (Paths Object): "Templated paths with the same hierarchy but different templated names
  // MUST NOT exist as they are identical." /videos/{courseId} and /videos/{lectureId} are such a pair.
  it('has no two templated paths that differ only in parameter names', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{\w+\}/g, '{}'));
    const duplicates = shapes.filter((shape, index) => shapes.indexOf(shape) !== index);
    expect(duplicates).toEqual([]);
  });

  it('declares every path parameter as a required string', () => {
    for (const { path, operation } of operations) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort()).toEqual(templated.sort());
      for (const parameter of declared) {
        expect(parameter).toEqual({
          name: parameter.name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        });
      }
    }
  });

  it.each([
    ['get', '/api/v1/courses/{id}', ['id']],
    ['patch', '/api/v1/admin/users/{id}', ['id']],
    ['get', '/api/v1/videos/video/{lectureId}', ['lectureId']],
    ['patch', '/api/v1/videos/{lectureId}/video_thumbnail', ['lectureId']],
    ['post', '/api/v1/progress/{videoId}', ['videoId']],
    ['get', '/api/v1/progress/course/{courseId}', ['courseId']],
    ['get', '/api/v1/courses', []],
  ])('%s %s declares the path params %j', (method, path, names) => {
    expect(
      op(method, path)
        .parameters.filter((p) => p.in === 'path')
        .map((p) => p.name),
    ).toEqual(names);
  });

  it('declares the course list query parameters, none required', () => {
    const query = op('get', '/api/v1/courses').parameters.filter((p) => p.in === 'query');
    expect(query.map((p) => p.name).sort()).toEqual(['category', 'cursor', 'level', 'limit', 'search']);
    for (const parameter of query) expect(parameter.required).toBe(false);
    const limit = query.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 12 });
  });

  it('marks courseId as a required query parameter of the upload signature', () => {
    const query = op('get', '/api/v1/videos/signature').parameters.filter((p) => p.in === 'query');
    expect(query.find((p) => p.name === 'courseId')?.required).toBe(true);
    expect(query.find((p) => p.name === 'kind')?.required).toBe(false);
  });

  it.each(routes.filter(([, r]) => r.access.kind === 'public'))(
    '%s (public) has no security and no 401/403',
    (_n, r) => {
      const operation = op(r.method.toLowerCase(), `/api/v1${r.path}`);
      expect(operation.security).toBeUndefined();
      expect(operation.responses['401']).toBeUndefined();
      expect(operation.responses['403']).toBeUndefined();
      expect(operation.description).toBe(r.description ? `Public.\n\n${r.description}` : 'Public.');
    },
  );

  it.each(routes.filter(([, r]) => r.access.kind === 'authenticated'))(
    '%s (signed in) has bearer security and 401 but no 403',
    (_n, r) => {
      const operation = op(r.method.toLowerCase(), `/api/v1${r.path}`);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses['401']).toEqual({ description: 'No valid session', content: ERROR_REF });
      expect(operation.responses['403']).toBeUndefined();
      // The access sentence comes first; a route's own description follows after a blank line.
      expect(operation.description.split('\n\n')[0]).toBe('Any signed-in user.');
    },
  );

  it.each(routes.filter(([, r]) => r.access.kind === 'permission'))(
    '%s (permission) has bearer security, 401 and 403',
    (_n, r) => {
      const operation = op(r.method.toLowerCase(), `/api/v1${r.path}`);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses['401']).toEqual({ description: 'No valid session', content: ERROR_REF });
      expect(operation.responses['403']).toEqual({ description: 'Missing permission', content: ERROR_REF });
      expect(operation.description).toMatch(/^Requires one of the permissions: /);
    },
  );

  it('spells out the permissions of a guarded operation', () => {
    expect(op('get', '/api/v1/admin/overview').description).toBe(
      "Requires one of the permissions: all (admin's `all` grants every permission).",
    );
    expect(op('delete', '/api/v1/courses/{id}').description).toBe(
      "Requires one of the permissions: create_courses, manage_own_courses (admin's `all` grants every permission).",
    );
  });

  it('classifies the spec routes as public or bearer-protected', () => {
    for (const [method, path] of [
      ['post', '/api/v1/auth/login'],
      ['post', '/api/v1/auth/signup'],
      ['get', '/api/v1/auth/refresh'],
      ['get', '/api/v1/courses'],
      ['get', '/api/v1/courses/{id}'],
    ] as const) {
      expect(op(method, path).security).toBeUndefined();
    }
    for (const [method, path] of [
      ['post', '/api/v1/courses'],
      ['get', '/api/v1/courses/my-courses'],
      ['post', '/api/v1/payment/create-payment-intent'],
      ['get', '/api/v1/admin/overview'],
    ] as const) {
      expect(op(method, path).security).toEqual([{ bearerAuth: [] }]);
    }
  });

  it.each(routes)('%s: success status and a 400 Error response', (_n, r) => {
    const operation = op(r.method.toLowerCase(), `/api/v1${r.path}`);
    const success = operation.responses[String(r.successStatus ?? 200)];
    expect(success?.description).toBe('Success');
    const mediaType =
      'responseKind' in r && r.responseKind === 'binary' ? 'application/octet-stream' : 'application/json';
    expect(success?.content?.[mediaType]?.schema).toBeTypeOf('object');
    expect(operation.responses['400']?.content).toEqual(ERROR_REF);
  });

  it('documents the upload target shape of the upload signature', () => {
    const operation = op('get', '/api/v1/videos/signature');
    expect(operation.description).toMatch(/uploadUrl/);
    const schema = operation.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, { description?: string }>;
    };
    for (const field of ['uploadUrl', 'fields', 'key', 'maxBytes', 'expiresAt', 'apiKey', 'cloudName'])
      expect(schema.properties[field]?.description, field).toBeTruthy();
  });

  it('uses 201 for the creating routes', () => {
    expect(Object.keys(op('post', '/api/v1/auth/signup').responses)).toContain('201');
    expect(Object.keys(op('post', '/api/v1/courses').responses)).toContain('201');
    expect(Object.keys(op('post', '/api/v1/videos/lecture').responses)).toContain('201');
    expect(Object.keys(op('post', '/api/v1/courses').responses)).not.toContain('200');
  });

  it.each(routes)('%s: a request body exactly when the route has a body', (_n, r) => {
    const operation = op(r.method.toLowerCase(), `/api/v1${r.path}`);
    if (r.body || r.bodyKind === 'raw') {
      expect(operation.requestBody?.required).toBe(true);
    } else {
      expect(operation.requestBody).toBeUndefined();
    }
  });

  it('describes JSON bodies with their input schema', () => {
    const login = op('post', '/api/v1/auth/login').requestBody?.content['application/json']?.schema;
    expect(login?.type).toBe('object');
    expect(Object.keys((login?.properties as object) ?? {}).sort()).toEqual([
      'email',
      'password',
      'remember',
    ]);
    expect([...((login?.required as string[]) ?? [])].sort()).toEqual(['email', 'password']);
    expect(login).not.toHaveProperty('$schema');

    const signup = op('post', '/api/v1/auth/signup').requestBody?.content['application/json']?.schema;
    expect([...((signup?.required as string[]) ?? [])].sort()).toEqual([
      'confirmPassword',
      'email',
      'name',
      'password',
    ]);
  });

  it('describes the lecture upload as multipart/form-data', () => {
    const body = op('post', '/api/v1/videos/upload').requestBody;
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    const schema = body?.content['multipart/form-data']?.schema;
    expect(Object.keys((schema?.properties as object) ?? {}).sort()).toEqual([
      'courseId',
      'description',
      'isPreview',
      'title',
    ]);
  });

  it('keeps every other body as application/json', () => {
    for (const { path, method, operation } of operations) {
      if (!operation.requestBody || path === '/api/v1/videos/upload') continue;
      expect(Object.keys(operation.requestBody.content), `${method} ${path}`).toEqual(['application/json']);
    }
  });

  it('has the Error component and the bearer scheme', () => {
    const error = doc.components.schemas.Error;
    expect(error?.type).toBe('object');
    expect(Object.keys((error?.properties as object) ?? {}).sort()).toEqual(['code', 'issues', 'message']);
    expect([...((error?.required as string[]) ?? [])].sort()).toEqual(['code', 'message']);
    const code = (error?.properties as Record<string, { enum?: string[] }> | undefined)?.code;
    expect(code?.enum).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN']));
    expect(error).not.toHaveProperty('$schema');
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it('only references components that exist', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas).toHaveProperty(ref as string);
  });

  it('is serialisable JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});
