import { describe, expect, it } from 'vitest';
import { listOperations } from '../src/api';
import { ERROR_STATUS } from '../src/errors';
import { httpRoutes } from '../src/http-routes';
import { buildOpenApiDocument, errorCodesFor, errorStatusesOf, successStatusesOf } from '../src/openapi';
import { type RestRoute, restRoutes } from '../src/rest';

type Schema = Record<string, unknown>;

interface Response {
  description: string;
  content?: Record<string, { schema: Schema; example?: unknown }>;
  headers?: Record<string, unknown>;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; schema: Schema; example?: unknown }[];
  responses: Record<string, Response | { $ref: string }>;
  security: { bearerAuth: string[] }[];
  requestBody?: {
    required: boolean;
    content: Record<string, { schema: Schema; example?: unknown; encoding?: Record<string, unknown> }>;
  };
  'x-access': unknown;
  'x-rate-limit'?: { name: string; per: string };
}

interface Doc {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, unknown>;
  };
}

const doc = buildOpenApiDocument({ version: '9.9.9' }) as unknown as Doc;
const routes = restRoutes.map((r) => [r.name, r] as [string, RestRoute]);
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

function op(method: string, path: string): Operation {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`no operation ${method} ${path}`);
  return operation;
}

const opOf = (r: RestRoute) => op(r.method.toLowerCase(), `/api/v1${r.path}`);

/** A response with its `$ref` (to components.responses) followed. */
function response(operation: Operation, status: number | string): Response | undefined {
  const entry = operation.responses[String(status)];
  if (!entry || !('$ref' in entry)) return entry;
  return doc.components.responses[entry.$ref.replace('#/components/responses/', '')];
}

/** A schema with its `$ref` (to components.schemas) followed. */
function deref(schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? doc.components.schemas[ref.replace('#/components/schemas/', '')] : schema;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Whether the route validates anything it reads from the client (path, query or body). */
function hasInput(r: RestRoute): boolean {
  if (r.operation) return r.operation.input !== undefined;
  const http = httpRoutes[r.name as keyof typeof httpRoutes];
  return r.bodyKind !== 'none' || 'params' in http || 'query' in http;
}

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
    expect(routes.length).toBe(listOperations().length + Object.keys(httpRoutes).length);
  });

  it.each(routes)('%s sits at /api/v1 + its path under its method', (name, route) => {
    const operation = opOf(route);
    expect(operation.operationId).toBe(name);
    expect(operation.tags).toEqual([name.split('.')[0]]);
    expect(operation.summary).toBe(route.summary);
    expect(operation['x-access']).toEqual(route.access);
  });

  it('describes every tag it uses', () => {
    const used = new Set(operations.flatMap(({ operation }) => operation.tags));
    expect(doc.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description).toBeTruthy();
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
        expect(parameter).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
      }
    }
  });

  it('documents the id path parameters as uuids', () => {
    expect(op('get', '/api/v1/courses/{id}').parameters[0]?.schema).toMatchObject({ format: 'uuid' });
    expect(op('post', '/api/v1/progress/{videoId}').parameters[0]?.schema).toMatchObject({ format: 'uuid' });
    // Storage keys are not ids.
    expect(op('get', '/api/v1/media/{key}').parameters[0]?.schema).not.toHaveProperty('format');
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
    expect(query.map((p) => p.name).sort()).toEqual([
      'category',
      'cursor',
      'level',
      'limit',
      'price',
      'search',
      'sort',
    ]);
    for (const parameter of query) expect(parameter.required).toBe(false);
    expect(deref(query.find((p) => p.name === 'sort')?.schema)?.enum).toEqual([
      'relevance',
      'newest',
      'rating',
      'price_low',
      'price_high',
      'students',
    ]);
    expect(deref(query.find((p) => p.name === 'price')?.schema)?.enum).toEqual(['free', 'paid']);
    const limit = query.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 12 });
    expect(deref(query.find((p) => p.name === 'category')?.schema)?.enum).toContain('Web Development');
  });

  it('marks courseId as a required query parameter of the upload signature', () => {
    const query = op('get', '/api/v1/videos/signature').parameters.filter((p) => p.in === 'query');
    expect(query.find((p) => p.name === 'courseId')?.required).toBe(true);
    expect(query.find((p) => p.name === 'kind')?.required).toBe(false);
  });

  it.each(routes.filter(([, r]) => r.access.kind === 'public'))(
    '%s (public) has `security: []`, and 401/403 only when its service declares them',
    (_n, r) => {
      const operation = opOf(r);
      expect(operation.security).toEqual([]);
      expect(operation.responses['401'] !== undefined).toBe(r.errors.includes('UNAUTHORIZED'));
      expect(operation.responses['403'] !== undefined).toBe(r.errors.includes('FORBIDDEN'));
      expect(operation.description.split('\n\n').slice(0, r.description ? 2 : 1)).toEqual(
        r.description ? ['Public.', r.description] : ['Public.'],
      );
    },
  );

  it.each(routes.filter(([, r]) => r.access.kind === 'authenticated'))(
    '%s (signed in) has bearer security, 401 and 403',
    (_n, r) => {
      const operation = opOf(r);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
      // A suspended account's token is refused with 403.
      expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
      // The access sentence comes first; a route's own description follows after a blank line.
      expect(operation.description.split('\n\n')[0]).toBe('Any signed-in user.');
    },
  );

  it.each(routes.filter(([, r]) => r.access.kind === 'permission'))(
    '%s (permission) has bearer security, 401 and 403',
    (_n, r) => {
      const operation = opOf(r);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
      expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
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
      expect(op(method, path).security).toEqual([]);
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

  it.each(routes)('%s: its success status, with a body schema', (_n, r) => {
    const success = response(opOf(r), r.status);
    expect(success?.description).toBe(
      r.status === 201 ? 'Created' : r.responseKind === 'binary' ? 'The whole file' : 'Success',
    );
    // A binary route names its type (the PDFs, the HLS playlists); the media download's first is video/mp4.
    const declared = (httpRoutes as Record<string, { mediaTypes?: readonly string[] }>)[r.name]
      ?.mediaTypes?.[0];
    const mediaType = declared ?? (r.responseKind === 'binary' ? 'video/mp4' : 'application/json');
    expect(success?.content?.[mediaType]?.schema).toBeTypeOf('object');
  });

  it.each(routes)(
    '%s: declares exactly its statuses, each error with the Error schema and its codes',
    (_n, r) => {
      const operation = opOf(r);
      // Every route is under the per-IP ceiling: 429 everywhere.
      const expected = new Set([r.status, 429, 500]);
      if (hasInput(r)) expected.add(400);
      if (r.access.kind !== 'public') {
        expected.add(401);
        expected.add(403);
      }
      if (r.cache) expected.add(304);
      if (r.bodyKind === 'json' || r.bodyKind === 'raw') expected.add(413);
      if (r.bodyKind === 'json') expected.add(415);
      if (r.bodyKind !== 'none') expected.add(408);
      if (r.name === 'media.download') {
        expected.add(206);
        expected.add(416);
      }
      // An unreachable database: every operation, every route needing a session, the webhook and the playlists.
      const publicButStored = ['payment.webhook', 'video.masterPlaylist', 'video.variantPlaylist'];
      if (r.operation || r.access.kind !== 'public' || publicButStored.includes(r.name)) expected.add(503);
      for (const code of r.errors) expected.add(ERROR_STATUS[code]);
      expect(Object.keys(operation.responses).map(Number)).toEqual([...expected].sort((a, b) => a - b));
      expect([...successStatusesOf(r), ...errorStatusesOf(r)].sort((a, b) => a - b)).toEqual(
        [...expected].sort((a, b) => a - b),
      );
      for (const status of errorStatusesOf(r)) {
        const error = response(operation, status);
        const schema = error?.content?.['application/json']?.schema;
        expect(schema, String(status)).toEqual({
          allOf: [ERROR_REF, { properties: { code: { enum: errorCodesFor(status) } } }],
        });
        expect(errorCodesFor(status).length, String(status)).toBeGreaterThan(0);
      }
    },
  );

  it('answers 304 to conditional reads of cached operations, with the ETag to send back', () => {
    const cached = routes.filter(([, r]) => r.cache);
    expect(cached.map(([name]) => name)).toContain('courses.list');
    for (const [, r] of cached) {
      const operation = opOf(r);
      expect(response(operation, 304)?.content).toBeUndefined();
      expect(response(operation, 200)?.headers).toHaveProperty('ETag');
      expect(operation.parameters.find((p) => p.name === 'If-None-Match')).toMatchObject({ in: 'header' });
    }
  });

  it('describes the media download: binary types, Range, 206 and 416', () => {
    const download = op('get', '/api/v1/media/{key}');
    expect(Object.keys(response(download, 200)?.content ?? {})).toEqual(
      expect.arrayContaining(['video/mp4', 'image/jpeg', 'application/octet-stream']),
    );
    expect(response(download, 206)?.headers).toHaveProperty('Content-Range');
    expect(response(download, 416)?.headers).toHaveProperty('Content-Range');
    expect(download.parameters.find((p) => p.name === 'Range')).toMatchObject({
      in: 'header',
      required: false,
    });
  });

  it('gives every route its 429 with Retry-After (the per-IP ceiling)', () => {
    for (const [, r] of routes) expect(response(opOf(r), 429)?.headers, r.name).toHaveProperty('Retry-After');
  });

  it('names the rate limit of the operations that declare one, and only those', () => {
    const limited = Object.fromEntries(
      routes.filter(([, r]) => opOf(r)['x-rate-limit']).map(([name, r]) => [name, opOf(r)['x-rate-limit']]),
    );
    expect(limited).toEqual({
      'auth.signup': { name: 'signup', per: 'ip' },
      'auth.refresh': { name: 'refresh', per: 'ip' },
      'media.uploadSignature': { name: 'uploadSignature', per: 'user' },
      'payment.createIntent': { name: 'paymentIntent', per: 'user' },
      'profile.avatarUploadSignature': { name: 'uploadSignature', per: 'user' },
      'setup.createAdmin': { name: 'signup', per: 'ip' },
      'account.requestPasswordReset': { name: 'passwordReset', per: 'ip' },
      'account.resetPassword': { name: 'accountToken', per: 'ip' },
      'account.verifyEmail': { name: 'accountToken', per: 'ip' },
      'announcements.post': { name: 'announcement', per: 'user' },
      'account.resendVerification': { name: 'verificationEmail', per: 'user' },
    });
    expect(op('post', '/api/v1/auth/signup').description).toMatch(/Rate limited \(`signup`/);
  });

  it('documents the upload target shape of the upload signature', () => {
    const operation = op('get', '/api/v1/videos/signature');
    expect(operation.description).toMatch(/uploadUrl/);
    const schema = deref(response(operation, 200)?.content?.['application/json']?.schema) as {
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
    const operation = opOf(r);
    if (r.bodyKind !== 'none') {
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

  it('leaves path parameters out of the JSON body', () => {
    const update = op('patch', '/api/v1/courses/{id}').requestBody?.content['application/json']?.schema;
    expect(update?.properties).not.toHaveProperty('id');
    expect(update?.required ?? []).not.toContain('id');
  });

  it('describes the lecture upload as multipart/form-data: the fields, then the file as binary', () => {
    const body = op('post', '/api/v1/videos/upload').requestBody;
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    const media = body?.content['multipart/form-data'];
    const properties = (media?.schema.properties ?? {}) as Record<string, Schema>;
    expect(Object.keys(properties).sort()).toEqual([
      'courseId',
      'description',
      'isPreview',
      'lecture',
      'title',
    ]);
    expect(properties.lecture).toMatchObject({ type: 'string', format: 'binary' });
    expect(media?.schema.required).toEqual(expect.arrayContaining(['title', 'courseId', 'lecture']));
    expect(media?.encoding).toHaveProperty('lecture');
  });

  it('describes the direct upload as multipart/form-data: the signed fields, then the file as binary', () => {
    const media = op('post', '/api/v1/media/upload').requestBody?.content['multipart/form-data'];
    const properties = (media?.schema.properties ?? {}) as Record<string, Schema>;
    expect(Object.keys(properties).sort()).toEqual([
      'contentType',
      'expires',
      'file',
      'key',
      'maxBytes',
      'signature',
    ]);
    expect(properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('keeps every other body as application/json', () => {
    for (const { path, method, operation } of operations) {
      if (!operation.requestBody || path.endsWith('/upload')) continue;
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
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it('names the main entities as components and refers to them', () => {
    for (const name of [
      'Course',
      'CoursePage',
      'Lecture',
      'PublicUser',
      'AuthSession',
      'Error',
      'LectureProgress',
      'UploadSignature',
    ])
      expect(doc.components.schemas, name).toHaveProperty(name);
    const okOf = (method: string, path: string) =>
      response(op(method, path), 200)?.content?.['application/json']?.schema;
    expect(okOf('post', '/api/v1/auth/login')).toEqual({ $ref: '#/components/schemas/AuthSession' });
    expect(okOf('get', '/api/v1/videos/signature')).toEqual({ $ref: '#/components/schemas/UploadSignature' });
    expect(okOf('get', '/api/v1/courses')).toMatchObject({
      properties: { data: { $ref: '#/components/schemas/CoursePage' } },
    });
    expect(doc.components.schemas.CoursePage).toMatchObject({
      properties: { courses: { items: { $ref: '#/components/schemas/Course' } } },
    });
  });

  it('states the formats of ids, times, e-mails and URLs', () => {
    const { Course, Lecture, PublicUser, UploadSignature } = doc.components.schemas as Record<
      string,
      { properties: Record<string, Schema> }
    >;
    expect(Course?.properties._id).toMatchObject({ format: 'uuid' });
    expect(Course?.properties.createdAt).toMatchObject({ format: 'date-time' });
    expect(Course?.properties.updatedAt).toMatchObject({ format: 'date-time' });
    expect(PublicUser?.properties.email).toMatchObject({ format: 'email' });
    expect(PublicUser?.properties.purchasedCourses).toMatchObject({ items: { format: 'uuid' } });
    expect(Lecture?.properties.videoUrl).toMatchObject({
      anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }],
    });
    expect(UploadSignature?.properties.uploadUrl).toMatchObject({ format: 'uri' });
    expect(UploadSignature?.properties.expiresAt).toMatchObject({ format: 'date-time' });
    // Payment intent ids are the provider's (`pi_...`), not uuids.
    expect(doc.components.schemas.PaymentIntent).toMatchObject({
      properties: { paymentIntentId: { type: 'string' } },
    });
    expect(
      (doc.components.schemas.PaymentIntent?.properties as Record<string, Schema> | undefined)
        ?.paymentIntentId,
    ).not.toHaveProperty('format');
  });

  it('bounds every integer realistically (no ±2^53 from a bare .int())', () => {
    const json = JSON.stringify(doc);
    expect(json).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(json).not.toContain(String(Number.MIN_SAFE_INTEGER));
    const { Course } = doc.components.schemas as Record<string, { properties: Record<string, Schema> }>;
    expect(Course?.properties.studentsCount).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 2_147_483_647,
    });
    expect(Course?.properties.progress).toMatchObject({
      anyOf: [{ minimum: 0, maximum: 100 }, { type: 'null' }],
    });
  });

  it('only references components that exist, and uses every component', () => {
    const json = JSON.stringify(doc);
    const refs = [...json.matchAll(/"\$ref":"#\/components\/(schemas|responses)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, kind, name] of refs)
      expect(doc.components[kind as 'schemas' | 'responses']).toHaveProperty(name as string);
    const referenced = new Set(refs.map(([, kind, name]) => `${kind}/${name}`));
    for (const name of Object.keys(doc.components.schemas))
      expect(referenced, name).toContain(`schemas/${name}`);
    for (const name of Object.keys(doc.components.responses))
      expect(referenced, name).toContain(`responses/${name}`);
  });

  it('is serialisable JSON', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('examples', () => {
  // The routes' examples come from @lectio/mocks (decision 0060); its test/openapi-examples.test.ts parses
  // each with its schemas and checks that the document carries them.
  it('without examples, no route carries one', () => {
    for (const [, r] of routes) {
      const operation = opOf(r);
      expect(response(operation, r.status)?.content?.['application/json']?.example).toBeUndefined();
      for (const content of Object.values(operation.requestBody?.content ?? {}))
        expect(content.example).toBeUndefined();
    }
  });

  it('with examples, a route without one refuses to build, naming the route', () => {
    expect(() =>
      buildOpenApiDocument({ version: '1', examples: { operations: {}, httpRoutes: {} } }),
    ).toThrow(/No example for meta\.health/);
  });

  it('gives every error response an example', () => {
    for (const [name, error] of Object.entries(doc.components.responses))
      expect(error.content?.['application/json']?.example, name).toBeDefined();
  });
});
